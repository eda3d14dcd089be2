#ifndef TABSTAGE_CRSVG_SHIM_H
#define TABSTAGE_CRSVG_SHIM_H
#include <librsvg/rsvg.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif

/* An anonymous in-memory file (Linux memfd_create, close-on-exec), or -1 where there is none. */
static inline int tabstage_memory_file(const char *name) {
#if defined(__linux__) && defined(SYS_memfd_create)
    return (int)syscall(SYS_memfd_create, name, 1u);
#else
    (void)name;
    return -1;
#endif
}
#endif
