/* libdeflate, loaded on first use: see CLibraryLoader's lazy_loader.c. */
#include "tabstage_deflate.h"
#include "tabstage_lazy.h"

TABSTAGE_TRAMPOLINE(TABSTAGE_DEFLATE, struct libdeflate_compressor *, libdeflate_alloc_compressor,
                    (int compression_level), (compression_level))
TABSTAGE_TRAMPOLINE(TABSTAGE_DEFLATE, size_t, libdeflate_zlib_compress,
                    (struct libdeflate_compressor *compressor, const void *in, size_t in_nbytes, void *out,
                     size_t out_nbytes_avail),
                    (compressor, in, in_nbytes, out, out_nbytes_avail))
TABSTAGE_TRAMPOLINE(TABSTAGE_DEFLATE, size_t, libdeflate_zlib_compress_bound,
                    (struct libdeflate_compressor *compressor, size_t in_nbytes), (compressor, in_nbytes))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_DEFLATE, libdeflate_free_compressor, (struct libdeflate_compressor *compressor),
                         (compressor))
TABSTAGE_TRAMPOLINE(TABSTAGE_DEFLATE, struct libdeflate_decompressor *, libdeflate_alloc_decompressor, (void), ())
TABSTAGE_TRAMPOLINE(TABSTAGE_DEFLATE, enum libdeflate_result, libdeflate_zlib_decompress,
                    (struct libdeflate_decompressor *decompressor, const void *in, size_t in_nbytes, void *out,
                     size_t out_nbytes_avail, size_t *actual_out_nbytes_ret),
                    (decompressor, in, in_nbytes, out, out_nbytes_avail, actual_out_nbytes_ret))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_DEFLATE, libdeflate_free_decompressor, (struct libdeflate_decompressor *decompressor),
                         (decompressor))
TABSTAGE_TRAMPOLINE(TABSTAGE_DEFLATE, uint32_t, libdeflate_crc32, (uint32_t crc, const void *buffer, size_t len),
                    (crc, buffer, len))
