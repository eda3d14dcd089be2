#ifndef TABSTAGE_CSPNG_SHIM_H
#define TABSTAGE_CSPNG_SHIM_H
#include <spng.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#endif
