#ifndef TABSTAGE_CDEFLATE_SHIM_H
#define TABSTAGE_CDEFLATE_SHIM_H
#include <libdeflate.h>
#endif
