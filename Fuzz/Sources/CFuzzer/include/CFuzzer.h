#ifndef TABSTAGE_CFUZZER_H
#define TABSTAGE_CFUZZER_H
#include <stddef.h>
#include <stdint.h>
/* libFuzzer's driver (compiler-rt, LLVM 13+), linked in by -sanitize=fuzzer. */
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
#endif
