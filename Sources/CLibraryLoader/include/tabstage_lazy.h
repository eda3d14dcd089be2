#ifndef TABSTAGE_LAZY_H
#define TABSTAGE_LAZY_H
/* Trampolines for the libraries tabstage loads on first use (not part of any Swift module:
 * only the C files of CRsvg, CPango, CSpng, CDeflate, CWebP, CTurboJPEG, CFontQuery, CXML and CCrypto use
 * them). Each trampoline has the prototype of the function it stands for; its first call looks
 * the function up in its library and keeps the address. */
#include "tabstage_libraries.h"

enum tabstage_library {
    TABSTAGE_GLIB,
    TABSTAGE_GOBJECT,
    TABSTAGE_CAIRO,
    TABSTAGE_RSVG,
    TABSTAGE_FONTCONFIG,
    TABSTAGE_PANGO,
    TABSTAGE_PANGOCAIRO,
    TABSTAGE_SPNG,
    TABSTAGE_DEFLATE,
    TABSTAGE_WEBP,
    TABSTAGE_WEBPMUX,
    TABSTAGE_WEBPDEMUX,
    TABSTAGE_TURBOJPEG,
    TABSTAGE_FREETYPE,
    TABSTAGE_XML2,
    TABSTAGE_CRYPTO,
    TABSTAGE_LIBRARY_COUNT
};

/* The address of `name` in `library`, loading every library of its group first (once per
 * process). A library that cannot be loaded, or lacks the function, ends the process: one line
 * on stderr naming the Debian package to install, exit status 2. Never returns NULL. */
void *tabstage_library_symbol(enum tabstage_library library, const char *name);

/* Hidden: the trampolines are this program's own functions, never exported to the libraries
 * it loads (their calls to each other bind inside themselves). */
#define TABSTAGE_TRAMPOLINE_SLOT(library, name)                                                   \
    static __typeof__(&name) slot = 0;                                                            \
    __typeof__(&name) function = __atomic_load_n(&slot, __ATOMIC_ACQUIRE);                        \
    if (!function) {                                                                              \
        function = (__typeof__(&name))tabstage_library_symbol(library, #name);                    \
        __atomic_store_n(&slot, function, __ATOMIC_RELEASE);                                      \
    }

/* A function returning a value: TABSTAGE_TRAMPOLINE(library, type, name, (parameters), (arguments)). */
#define TABSTAGE_TRAMPOLINE(library, type, name, parameters, arguments)                           \
    __attribute__((visibility("hidden"))) type name parameters {                                  \
        TABSTAGE_TRAMPOLINE_SLOT(library, name)                                                   \
        return function arguments;                                                                \
    }

/* A function returning nothing. */
#define TABSTAGE_TRAMPOLINE_VOID(library, name, parameters, arguments)                            \
    __attribute__((visibility("hidden"))) void name parameters {                                  \
        TABSTAGE_TRAMPOLINE_SLOT(library, name)                                                   \
        function arguments;                                                                       \
    }

#endif
