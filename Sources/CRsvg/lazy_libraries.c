/* The drawing libraries, loaded on first use: dlopen by Debian SONAME, dlsym per function.
 * `tabstage --version`, `diff`, `devices`, `schema` and `merge-reports` never draw, so they
 * never load GLib, cairo, librsvg, fontconfig or Pango (nor what those load: HarfBuzz, FreeType,
 * pixman, libxml2, ...). Implib.so's technique, written out for the few dozen functions
 * tabstage calls. */
#include "tabstage_rsvg.h"
#include "tabstage_lazy.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#if defined(__APPLE__)
/* Homebrew's libraries (install names as Homebrew builds them, assumed: untested here), found
 * where Homebrew puts them on Apple silicon, then on Intel, then on the loader's own path. */
static const struct {
    const char *soname;
    const char *package;
} libraries[TABSTAGE_DRAWING_LIBRARY_COUNT] = {
    [TABSTAGE_GLIB] = {"libglib-2.0.0.dylib", "glib"},
    [TABSTAGE_GOBJECT] = {"libgobject-2.0.0.dylib", "glib"},
    [TABSTAGE_CAIRO] = {"libcairo.2.dylib", "cairo"},
    [TABSTAGE_RSVG] = {"librsvg-2.2.dylib", "librsvg"},
    [TABSTAGE_FONTCONFIG] = {"libfontconfig.1.dylib", "fontconfig"},
    [TABSTAGE_PANGO] = {"libpango-1.0.0.dylib", "pango"},
    [TABSTAGE_PANGOCAIRO] = {"libpangocairo-1.0.0.dylib", "pango"},
};
static const char *const folders[] = {"/opt/homebrew/lib/", "/usr/local/lib/", ""};
#define TABSTAGE_INSTALL "install it with `brew install %s`"
#else
/* Debian's SONAMEs and the packages that install them. */
static const struct {
    const char *soname;
    const char *package;
} libraries[TABSTAGE_DRAWING_LIBRARY_COUNT] = {
    [TABSTAGE_GLIB] = {"libglib-2.0.so.0", "libglib2.0-0"},
    [TABSTAGE_GOBJECT] = {"libgobject-2.0.so.0", "libglib2.0-0"},
    [TABSTAGE_CAIRO] = {"libcairo.so.2", "libcairo2"},
    [TABSTAGE_RSVG] = {"librsvg-2.so.2", "librsvg2-2"},
    [TABSTAGE_FONTCONFIG] = {"libfontconfig.so.1", "libfontconfig1"},
    [TABSTAGE_PANGO] = {"libpango-1.0.so.0", "libpango-1.0-0"},
    [TABSTAGE_PANGOCAIRO] = {"libpangocairo-1.0.so.0", "libpangocairo-1.0-0"},
};
/* The loader's own search (LD_LIBRARY_PATH, the cache, /usr/lib/<triplet>). */
static const char *const folders[] = {""};
#define TABSTAGE_INSTALL "install the Debian package %s (Scripts/setup.sh does)"
#endif

static pthread_once_t loading = PTHREAD_ONCE_INIT;
static void *handles[TABSTAGE_DRAWING_LIBRARY_COUNT];
static char problem[1024];

static void load(void) {
    for (int library = 0; library < TABSTAGE_DRAWING_LIBRARY_COUNT; library++) {
        const char *reason = NULL;
        for (size_t folder = 0; folder < sizeof folders / sizeof folders[0] && !handles[library]; folder++) {
            char path[256];
            snprintf(path, sizeof path, "%s%s", folders[folder], libraries[library].soname);
            /* RTLD_NOW: every symbol the libraries need is bound here, so a broken or too old
             * one fails now, before a command writes anything, not in the middle of a drawing.
             * RTLD_LOCAL: their symbols stay out of the global scope; each function is found
             * through its own library's handle. */
            handles[library] = dlopen(path, RTLD_NOW | RTLD_LOCAL);
            if (!handles[library]) reason = dlerror();
        }
        if (handles[library]) continue;
        /* dlerror's text (one line) starts with the file's name, already named here. */
        const char *colon = reason ? strstr(reason, ": ") : NULL;
        snprintf(problem, sizeof problem, "drawing needs %s, which could not be loaded (%s): " TABSTAGE_INSTALL,
                 libraries[library].soname, colon ? colon + 2 : (reason ? reason : "not found"), libraries[library].package);
        return;
    }
}

const char *tabstage_drawing_libraries_problem(void) {
    pthread_once(&loading, load);
    return problem[0] ? problem : NULL;
}

static void fail(const char *message) {
    /* `tabstage: error: MESSAGE` unbuffered, then out: no Swift code runs after a drawing call
     * that cannot be made. (The command line checks tabstage_drawing_libraries_problem before a
     * drawing command starts, so it reports the problem without getting here.) */
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

void *tabstage_drawing_symbol(enum tabstage_drawing_library library, const char *name) {
    const char *reason = tabstage_drawing_libraries_problem();
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

/* GLib and GObject. */
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_GLIB, g_error_free, (GError *error), (error))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_GLIB, g_log_set_writer_func,
                         (GLogWriterFunc func, gpointer user_data, GDestroyNotify user_data_free),
                         (func, user_data, user_data_free))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_GOBJECT, g_object_unref, (gpointer object), (object))

/* cairo. */
TABSTAGE_TRAMPOLINE(TABSTAGE_CAIRO, cairo_t *, cairo_create, (cairo_surface_t *target), (target))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_CAIRO, cairo_destroy, (cairo_t *cr), (cr))
TABSTAGE_TRAMPOLINE(TABSTAGE_CAIRO, cairo_status_t, cairo_status, (cairo_t *cr), (cr))
TABSTAGE_TRAMPOLINE(TABSTAGE_CAIRO, const char *, cairo_status_to_string, (cairo_status_t status), (status))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_CAIRO, cairo_set_operator, (cairo_t *cr, cairo_operator_t op), (cr, op))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_CAIRO, cairo_set_source_surface,
                         (cairo_t *cr, cairo_surface_t *surface, double x, double y), (cr, surface, x, y))
TABSTAGE_TRAMPOLINE(TABSTAGE_CAIRO, cairo_pattern_t *, cairo_get_source, (cairo_t *cr), (cr))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_CAIRO, cairo_scale, (cairo_t *cr, double sx, double sy), (cr, sx, sy))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_CAIRO, cairo_paint, (cairo_t *cr), (cr))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_CAIRO, cairo_pattern_set_extend, (cairo_pattern_t *pattern, cairo_extend_t extend),
                         (pattern, extend))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_CAIRO, cairo_pattern_set_filter, (cairo_pattern_t *pattern, cairo_filter_t filter),
                         (pattern, filter))
TABSTAGE_TRAMPOLINE(TABSTAGE_CAIRO, cairo_font_options_t *, cairo_font_options_create, (void), ())
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_CAIRO, cairo_font_options_destroy, (cairo_font_options_t *options), (options))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_CAIRO, cairo_font_options_set_hint_style,
                         (cairo_font_options_t *options, cairo_hint_style_t hint_style), (options, hint_style))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_CAIRO, cairo_font_options_set_hint_metrics,
                         (cairo_font_options_t *options, cairo_hint_metrics_t hint_metrics), (options, hint_metrics))
TABSTAGE_TRAMPOLINE(TABSTAGE_CAIRO, cairo_surface_t *, cairo_image_surface_create,
                    (cairo_format_t format, int width, int height), (format, width, height))
TABSTAGE_TRAMPOLINE(TABSTAGE_CAIRO, cairo_surface_t *, cairo_image_surface_create_for_data,
                    (unsigned char *data, cairo_format_t format, int width, int height, int stride),
                    (data, format, width, height, stride))
TABSTAGE_TRAMPOLINE(TABSTAGE_CAIRO, unsigned char *, cairo_image_surface_get_data, (cairo_surface_t *surface), (surface))
TABSTAGE_TRAMPOLINE(TABSTAGE_CAIRO, int, cairo_image_surface_get_stride, (cairo_surface_t *surface), (surface))
TABSTAGE_TRAMPOLINE(TABSTAGE_CAIRO, cairo_status_t, cairo_surface_status, (cairo_surface_t *surface), (surface))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_CAIRO, cairo_surface_flush, (cairo_surface_t *surface), (surface))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_CAIRO, cairo_surface_destroy, (cairo_surface_t *surface), (surface))

/* librsvg. */
TABSTAGE_TRAMPOLINE(TABSTAGE_RSVG, RsvgHandle *, rsvg_handle_new_from_data,
                    (const guint8 *data, gsize data_len, GError **error), (data, data_len, error))
TABSTAGE_TRAMPOLINE(TABSTAGE_RSVG, gboolean, rsvg_handle_get_intrinsic_size_in_pixels,
                    (RsvgHandle *handle, gdouble *out_width, gdouble *out_height), (handle, out_width, out_height))
TABSTAGE_TRAMPOLINE(TABSTAGE_RSVG, gboolean, rsvg_handle_render_document,
                    (RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error),
                    (handle, cr, viewport, error))

/* fontconfig. */
TABSTAGE_TRAMPOLINE(TABSTAGE_FONTCONFIG, FcConfig *, FcConfigCreate, (void), ())
TABSTAGE_TRAMPOLINE(TABSTAGE_FONTCONFIG, FcBool, FcConfigSetCurrent, (FcConfig *config), (config))
TABSTAGE_TRAMPOLINE(TABSTAGE_FONTCONFIG, FcConfig *, FcConfigGetCurrent, (void), ())
TABSTAGE_TRAMPOLINE(TABSTAGE_FONTCONFIG, FcFontSet *, FcConfigGetFonts, (FcConfig *config, FcSetName set), (config, set))
TABSTAGE_TRAMPOLINE(TABSTAGE_FONTCONFIG, FcBool, FcConfigAppFontAddFile, (FcConfig *config, const FcChar8 *file),
                    (config, file))
TABSTAGE_TRAMPOLINE(TABSTAGE_FONTCONFIG, FcBool, FcConfigParseAndLoadFromMemory,
                    (FcConfig *config, const FcChar8 *buffer, FcBool complain), (config, buffer, complain))
TABSTAGE_TRAMPOLINE(TABSTAGE_FONTCONFIG, FcPattern *, FcFreeTypeQuery,
                    (const FcChar8 *file, unsigned int id, FcBlanks *blanks, int *count), (file, id, blanks, count))
TABSTAGE_TRAMPOLINE(TABSTAGE_FONTCONFIG, FcBool, FcFontSetAdd, (FcFontSet *s, FcPattern *font), (s, font))
TABSTAGE_TRAMPOLINE(TABSTAGE_FONTCONFIG, FcBool, FcPatternDel, (FcPattern *p, const char *object), (p, object))
TABSTAGE_TRAMPOLINE(TABSTAGE_FONTCONFIG, FcBool, FcPatternAddString, (FcPattern *p, const char *object, const FcChar8 *s),
                    (p, object, s))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_FONTCONFIG, FcPatternDestroy, (FcPattern *p), (p))
