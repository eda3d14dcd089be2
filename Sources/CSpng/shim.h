#ifndef TABSTAGE_CSPNG_SHIM_H
#define TABSTAGE_CSPNG_SHIM_H
#include <spng.h>
#endif
