#ifndef TABSTAGE_CRSVG_SHIM_H
#define TABSTAGE_CRSVG_SHIM_H
#include <librsvg/rsvg.h>
#include <cairo.h>
#include <spng.h>
#include <fontconfig/fontconfig.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#endif
