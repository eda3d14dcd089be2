#ifndef TABSTAGE_DEFLATE_H
#define TABSTAGE_DEFLATE_H
/* The part of libdeflate that tabstage calls, declared as libdeflate.h declares it, so that no
 * command links libdeflate: lazy_deflate.c defines each function as a trampoline that loads
 * libdeflate.so.0 on the first call (see CLibraryLoader). A command that never reads nor
 * writes a PNG never loads it. Scripts/check-library-declarations.sh checks the declarations. */
#include <stddef.h>
#include <stdint.h>

#if defined(TABSTAGE_WITH_SYSTEM_HEADERS)
#include <libdeflate.h>
#else

struct libdeflate_compressor;
struct libdeflate_decompressor;

enum libdeflate_result {
	/* Decompression was successful.  */
	LIBDEFLATE_SUCCESS = 0,

	/* Decompressed failed because the compressed data was invalid, corrupt,
	 * or otherwise unsupported.  */
	LIBDEFLATE_BAD_DATA = 1,

	/* A NULL 'actual_out_nbytes_ret' was provided, but the data would have
	 * decompressed to fewer than 'out_nbytes_avail' bytes.  */
	LIBDEFLATE_SHORT_OUTPUT = 2,

	/* The data would have decompressed to more than 'out_nbytes_avail'
	 * bytes.  */
	LIBDEFLATE_INSUFFICIENT_SPACE = 3,
};

struct libdeflate_compressor *libdeflate_alloc_compressor(int compression_level);
size_t libdeflate_zlib_compress(struct libdeflate_compressor *compressor, const void *in, size_t in_nbytes, void *out,
                                size_t out_nbytes_avail);
size_t libdeflate_zlib_compress_bound(struct libdeflate_compressor *compressor, size_t in_nbytes);
void libdeflate_free_compressor(struct libdeflate_compressor *compressor);
struct libdeflate_decompressor *libdeflate_alloc_decompressor(void);
enum libdeflate_result libdeflate_zlib_decompress(struct libdeflate_decompressor *decompressor, const void *in,
                                                  size_t in_nbytes, void *out, size_t out_nbytes_avail,
                                                  size_t *actual_out_nbytes_ret);
void libdeflate_free_decompressor(struct libdeflate_decompressor *decompressor);
uint32_t libdeflate_crc32(uint32_t crc, const void *buffer, size_t len);

#endif /* TABSTAGE_WITH_SYSTEM_HEADERS */
#endif
