/* The libraries tabstage calls, loaded on first use: dlopen by Debian SONAME, dlsym per
 * function (Implib.so's technique, written out for the functions tabstage calls). A command
 * loads only the groups of libraries its work calls into: `tabstage --version`, `schema` and
 * `devices` load none of them, `diff` only libdeflate (libspng for the less common PNGs). */
#if defined(__linux__)
#define _GNU_SOURCE /* secure_getenv */
#endif
#include "tabstage_lazy.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct library {
    const char *soname;
    const char *package;
    enum tabstage_library_group group;
};

#if defined(__APPLE__)
/* Homebrew's libraries (install names as Homebrew builds them, assumed: untested here), found
 * where Homebrew puts them on Apple silicon, then on Intel, then on the loader's own path. */
static const struct library libraries[TABSTAGE_LIBRARY_COUNT] = {
    [TABSTAGE_GLIB] = {"libglib-2.0.0.dylib", "glib", TABSTAGE_GROUP_DRAWING},
    [TABSTAGE_GOBJECT] = {"libgobject-2.0.0.dylib", "glib", TABSTAGE_GROUP_DRAWING},
    [TABSTAGE_CAIRO] = {"libcairo.2.dylib", "cairo", TABSTAGE_GROUP_DRAWING},
    [TABSTAGE_RSVG] = {"librsvg-2.2.dylib", "librsvg", TABSTAGE_GROUP_DRAWING},
    [TABSTAGE_FONTCONFIG] = {"libfontconfig.1.dylib", "fontconfig", TABSTAGE_GROUP_DRAWING},
    [TABSTAGE_PANGO] = {"libpango-1.0.0.dylib", "pango", TABSTAGE_GROUP_DRAWING},
    [TABSTAGE_PANGOCAIRO] = {"libpangocairo-1.0.0.dylib", "pango", TABSTAGE_GROUP_DRAWING},
    [TABSTAGE_SPNG] = {"libspng.0.dylib", "libspng", TABSTAGE_GROUP_SPNG},
    [TABSTAGE_DEFLATE] = {"libdeflate.0.dylib", "libdeflate", TABSTAGE_GROUP_DEFLATE},
    [TABSTAGE_WEBP] = {"libwebp.7.dylib", "webp", TABSTAGE_GROUP_WEBP},
    [TABSTAGE_WEBPMUX] = {"libwebpmux.3.dylib", "webp", TABSTAGE_GROUP_WEBP},
    [TABSTAGE_WEBPDEMUX] = {"libwebpdemux.2.dylib", "webp", TABSTAGE_GROUP_WEBP},
    [TABSTAGE_TURBOJPEG] = {"libturbojpeg.0.dylib", "jpeg-turbo", TABSTAGE_GROUP_TURBOJPEG},
    [TABSTAGE_FREETYPE] = {"libfreetype.6.dylib", "freetype", TABSTAGE_GROUP_FREETYPE},
    [TABSTAGE_XML2] = {"libxml2.2.dylib", "libxml2", TABSTAGE_GROUP_XML},
    /* Unused here: SHA-256 is CommonCrypto's on Apple's systems (SHA256.swift). */
    [TABSTAGE_CRYPTO] = {"libcrypto.3.dylib", "openssl@3", TABSTAGE_GROUP_CRYPTO},
};
/* Full paths only: a bare name would also be looked for through the binary's @rpath
 * (@loader_path: its own folder) and the working directory, so a library beside a copied
 * binary or in a checkout would be loaded. MacPorts' folder last. */
static const char *const folders[] = {"/opt/homebrew/lib", "/usr/local/lib", "/opt/local/lib"};
#define TABSTAGE_INSTALL "install it with `brew install %s`"
#define TABSTAGE_NOT_FOUND "not in /opt/homebrew/lib, /usr/local/lib or /opt/local/lib"
#else
/* Debian's SONAMEs and the packages that install them. */
static const struct library libraries[TABSTAGE_LIBRARY_COUNT] = {
    [TABSTAGE_GLIB] = {"libglib-2.0.so.0", "libglib2.0-0", TABSTAGE_GROUP_DRAWING},
    [TABSTAGE_GOBJECT] = {"libgobject-2.0.so.0", "libglib2.0-0", TABSTAGE_GROUP_DRAWING},
    [TABSTAGE_CAIRO] = {"libcairo.so.2", "libcairo2", TABSTAGE_GROUP_DRAWING},
    [TABSTAGE_RSVG] = {"librsvg-2.so.2", "librsvg2-2", TABSTAGE_GROUP_DRAWING},
    [TABSTAGE_FONTCONFIG] = {"libfontconfig.so.1", "libfontconfig1", TABSTAGE_GROUP_DRAWING},
    [TABSTAGE_PANGO] = {"libpango-1.0.so.0", "libpango-1.0-0", TABSTAGE_GROUP_DRAWING},
    [TABSTAGE_PANGOCAIRO] = {"libpangocairo-1.0.so.0", "libpangocairo-1.0-0", TABSTAGE_GROUP_DRAWING},
    [TABSTAGE_SPNG] = {"libspng.so.0", "libspng0", TABSTAGE_GROUP_SPNG},
    [TABSTAGE_DEFLATE] = {"libdeflate.so.0", "libdeflate0", TABSTAGE_GROUP_DEFLATE},
    [TABSTAGE_WEBP] = {"libwebp.so.7", "libwebp7", TABSTAGE_GROUP_WEBP},
    [TABSTAGE_WEBPMUX] = {"libwebpmux.so.3", "libwebpmux3", TABSTAGE_GROUP_WEBP},
    [TABSTAGE_WEBPDEMUX] = {"libwebpdemux.so.2", "libwebpdemux2", TABSTAGE_GROUP_WEBP},
    [TABSTAGE_TURBOJPEG] = {"libturbojpeg.so.0", "libturbojpeg0", TABSTAGE_GROUP_TURBOJPEG},
    [TABSTAGE_FREETYPE] = {"libfreetype.so.6", "libfreetype6", TABSTAGE_GROUP_FREETYPE},
    [TABSTAGE_XML2] = {"libxml2.so.2", "libxml2", TABSTAGE_GROUP_XML},
    [TABSTAGE_CRYPTO] = {"libcrypto.so.3", "libssl3", TABSTAGE_GROUP_CRYPTO},
};
/* The folders of LD_LIBRARY_PATH (absolute ones: the user's own choice), then the system's
 * library folders, each as a full path. A bare SONAME would be looked for through the binary's
 * RUNPATH too, and Swift links executables with `$ORIGIN` in it, so a `libdeflate.so.0` put
 * beside a copied binary would be loaded. Debian's multiarch folders (`/usr/lib/<triplet>`,
 * where its packages install), then the folders other distributions use. */
#if defined(__x86_64__)
#define TABSTAGE_TRIPLET "x86_64-linux-gnu"
#elif defined(__aarch64__)
#define TABSTAGE_TRIPLET "aarch64-linux-gnu"
#endif
static const char *const folders[] = {
#if defined(TABSTAGE_TRIPLET)
    "/usr/lib/" TABSTAGE_TRIPLET, "/lib/" TABSTAGE_TRIPLET,
#endif
    "/usr/lib64", "/lib64", "/usr/lib", "/lib", "/usr/local/lib",
};
#define TABSTAGE_SEARCHES_LD_LIBRARY_PATH 1
#define TABSTAGE_INSTALL "install the Debian package %s (Scripts/setup.sh does)"
#define TABSTAGE_NOT_FOUND "not in LD_LIBRARY_PATH or the system's library folders"
#endif

/* What each group is for, first in its line: "drawing needs librsvg-2.so.2, ...". */
static const char *const purposes[TABSTAGE_LIBRARY_GROUP_COUNT] = {
    [TABSTAGE_GROUP_DRAWING] = "drawing",
    [TABSTAGE_GROUP_SPNG] = "reading and writing PNG",
    [TABSTAGE_GROUP_DEFLATE] = "reading and writing PNG",
    [TABSTAGE_GROUP_WEBP] = "animated WebP",
    [TABSTAGE_GROUP_TURBOJPEG] = "decoding JPEG pictures",
    [TABSTAGE_GROUP_FREETYPE] = "reading font files",
    [TABSTAGE_GROUP_XML] = "checking row templates",
    [TABSTAGE_GROUP_CRYPTO] = "computing file digests",
};

static pthread_once_t loading[TABSTAGE_LIBRARY_GROUP_COUNT] = {
    PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT,
    PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT,
};
_Static_assert(TABSTAGE_LIBRARY_GROUP_COUNT == 8, "one PTHREAD_ONCE_INIT a group");
static void *handles[TABSTAGE_LIBRARY_COUNT];
static char problems[TABSTAGE_LIBRARY_GROUP_COUNT][1024];

/* Opens `soname` in the folder of `length` bytes at `folder` when the file is there: 1 when it
 * is (loaded, or `*reason` says why not), 0 when the search goes on. A relative or empty
 * folder is skipped (an empty LD_LIBRARY_PATH entry would mean the working directory). */
static int open_in(int library, const char *folder, size_t length, const char **reason) {
    char path[4096];
    const char *soname = libraries[library].soname;
    if (length == 0 || folder[0] != '/' || length + strlen(soname) + 2 > sizeof path) return 0;
    snprintf(path, sizeof path, "%.*s/%s", (int)length, folder, soname);
    if (access(path, F_OK) != 0) return 0;
    /* RTLD_NOW: every symbol the libraries need is bound here, so a broken or too old one
     * fails now, before a command writes anything, not in the middle of its work.
     * RTLD_LOCAL: their symbols stay out of the global scope; each function is found through
     * its own library's handle. */
    handles[library] = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!handles[library]) *reason = dlerror();
    return 1;
}

static void load(enum tabstage_library_group group) {
    for (int library = 0; library < TABSTAGE_LIBRARY_COUNT; library++) {
        if (libraries[library].group != group) continue;
        const char *reason = NULL;
        int found = 0;
#if defined(TABSTAGE_SEARCHES_LD_LIBRARY_PATH)
        /* secure_getenv: a set-user-ID run ignores it, as the loader does. */
        const char *search = secure_getenv("LD_LIBRARY_PATH");
        while (search && *search && !found) {
            const char *end = strchr(search, ':');
            size_t length = end ? (size_t)(end - search) : strlen(search);
            found = open_in(library, search, length, &reason);
            search = end ? end + 1 : NULL;
        }
#endif
        for (size_t folder = 0; folder < sizeof folders / sizeof folders[0] && !found; folder++) {
            found = open_in(library, folders[folder], strlen(folders[folder]), &reason);
        }
        if (handles[library]) continue;
        /* dlerror's text (one line) starts with the file's name, already named here. */
        const char *colon = reason ? strstr(reason, ": ") : NULL;
        snprintf(problems[group], sizeof problems[group], "%s needs %s, which could not be loaded (%s): " TABSTAGE_INSTALL,
                 purposes[group], libraries[library].soname, colon ? colon + 2 : (reason ? reason : TABSTAGE_NOT_FOUND),
                 libraries[library].package);
        return;
    }
}

static void load_drawing(void) { load(TABSTAGE_GROUP_DRAWING); }
static void load_spng(void) { load(TABSTAGE_GROUP_SPNG); }
static void load_deflate(void) { load(TABSTAGE_GROUP_DEFLATE); }
static void load_webp(void) { load(TABSTAGE_GROUP_WEBP); }
static void load_turbojpeg(void) { load(TABSTAGE_GROUP_TURBOJPEG); }
static void load_freetype(void) { load(TABSTAGE_GROUP_FREETYPE); }
static void load_xml(void) { load(TABSTAGE_GROUP_XML); }
static void load_crypto(void) { load(TABSTAGE_GROUP_CRYPTO); }
static void (*const loaders[TABSTAGE_LIBRARY_GROUP_COUNT])(void) = {
    [TABSTAGE_GROUP_DRAWING] = load_drawing,     [TABSTAGE_GROUP_SPNG] = load_spng,
    [TABSTAGE_GROUP_DEFLATE] = load_deflate,     [TABSTAGE_GROUP_WEBP] = load_webp,
    [TABSTAGE_GROUP_TURBOJPEG] = load_turbojpeg, [TABSTAGE_GROUP_FREETYPE] = load_freetype,
    [TABSTAGE_GROUP_XML] = load_xml,            [TABSTAGE_GROUP_CRYPTO] = load_crypto,
};

const char *tabstage_libraries_problem(enum tabstage_library_group group) {
    if ((unsigned)group >= TABSTAGE_LIBRARY_GROUP_COUNT) return "no such group of libraries";
    pthread_once(&loading[group], loaders[group]);
    return problems[group][0] ? problems[group] : NULL;
}

static void fail(const char *message) {
    /* `tabstage: error: MESSAGE` unbuffered, then out: no Swift code runs after a call into a
     * library that cannot be made. (The command line checks the groups a command needs before
     * it starts, so it reports the problem without getting here.) */
    char line[1200];
    snprintf(line, sizeof line, "tabstage: error: %s", message);
    const char *rest = line;
    size_t length = strlen(rest);
    while (length > 0) {
        ssize_t written = write(STDERR_FILENO, rest, length);
        if (written <= 0) break;
        rest += written;
        length -= (size_t)written;
    }
    (void)!write(STDERR_FILENO, "\n", 1);
    _exit(2);
}

void *tabstage_library_symbol(enum tabstage_library library, const char *name) {
    const char *reason = tabstage_libraries_problem(libraries[library].group);
    if (reason) fail(reason);
    void *address = dlsym(handles[library], name);
    if (!address) {
        char line[512];
        snprintf(line, sizeof line,
                 "%s has no function %s (an older release?): " TABSTAGE_INSTALL " (the release in Debian 12 or later)",
                 libraries[library].soname, name, libraries[library].package);
        fail(line);
    }
    return address;
}
