#ifndef TABSTAGE_CPANGO_SHIM_H
#define TABSTAGE_CPANGO_SHIM_H
#include <pango/pangocairo.h>
#endif
