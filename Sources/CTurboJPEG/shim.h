#ifndef TABSTAGE_CTURBOJPEG_SHIM_H
#define TABSTAGE_CTURBOJPEG_SHIM_H
#include <stddef.h>
#include <turbojpeg.h>
#endif
