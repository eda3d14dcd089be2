/* Only the header matters: it gives Swift the C prototype of libFuzzer's driver. */
#include "CFuzzer.h"
