#ifndef TABSTAGE_CRSVG_SHIM_H
#define TABSTAGE_CRSVG_SHIM_H
#include <librsvg/rsvg.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#endif
