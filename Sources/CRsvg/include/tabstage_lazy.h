#ifndef TABSTAGE_LAZY_H
#define TABSTAGE_LAZY_H
/* Trampolines for the drawing libraries (not part of the CRsvg module: only the C files of
 * CRsvg and CPango use them). Each trampoline has the prototype of the function it stands for;
 * its first call looks the function up in its library and keeps the address. */

enum tabstage_drawing_library {
    TABSTAGE_GLIB,
    TABSTAGE_GOBJECT,
    TABSTAGE_CAIRO,
    TABSTAGE_RSVG,
    TABSTAGE_FONTCONFIG,
    TABSTAGE_PANGO,
    TABSTAGE_PANGOCAIRO,
    TABSTAGE_DRAWING_LIBRARY_COUNT
};

/* The address of `name` in `library`, loading every drawing library first (once per process).
 * A library that cannot be loaded, or lacks the function, ends the process: one line on stderr
 * naming the Debian package to install, exit status 2. Never returns NULL. */
void *tabstage_drawing_symbol(enum tabstage_drawing_library library, const char *name);

/* Hidden: the trampolines are this program's own functions, never exported to the libraries
 * it loads (their calls to each other bind inside themselves). */
#define TABSTAGE_TRAMPOLINE_SLOT(library, name)                                                   \
    static __typeof__(&name) slot = 0;                                                            \
    __typeof__(&name) function = __atomic_load_n(&slot, __ATOMIC_ACQUIRE);                        \
    if (!function) {                                                                              \
        function = (__typeof__(&name))tabstage_drawing_symbol(library, #name);                    \
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
