#ifndef TABSTAGE_SPNG_H
#define TABSTAGE_SPNG_H
/* The part of libspng that tabstage calls, declared as spng.h declares it (same names, types,
 * enum values and layouts), so that no command links libspng: lazy_spng.c defines each function
 * as a trampoline that loads libspng.so.0 on the first call (see CLibraryLoader). A command
 * that never encodes a PNG, nor decodes one of the less common PNGs, never loads it.
 * Scripts/check-library-declarations.sh checks every declaration here against spng.h. */
#include <stddef.h>
#include <stdint.h>

#if defined(TABSTAGE_WITH_SYSTEM_HEADERS)
#include <spng.h>
#else

enum spng_color_type
{
    SPNG_COLOR_TYPE_GRAYSCALE = 0,
    SPNG_COLOR_TYPE_TRUECOLOR = 2,
    SPNG_COLOR_TYPE_INDEXED = 3,
    SPNG_COLOR_TYPE_GRAYSCALE_ALPHA = 4,
    SPNG_COLOR_TYPE_TRUECOLOR_ALPHA = 6
};

enum spng_filter_choice
{
    SPNG_DISABLE_FILTERING = 0,
    SPNG_FILTER_CHOICE_NONE = 8,
    SPNG_FILTER_CHOICE_SUB = 16,
    SPNG_FILTER_CHOICE_UP = 32,
    SPNG_FILTER_CHOICE_AVG = 64,
    SPNG_FILTER_CHOICE_PAETH = 128,
    SPNG_FILTER_CHOICE_ALL = (8|16|32|64|128)
};

/* Channels are always in byte-order */
enum spng_format
{
    SPNG_FMT_RGBA8 = 1,
    SPNG_FMT_RGBA16 = 2,
    SPNG_FMT_RGB8 = 4,

    /* Partially implemented, see documentation */
    SPNG_FMT_GA8 = 16,
    SPNG_FMT_GA16 = 32,
    SPNG_FMT_G8 = 64,

    /* No conversion or scaling */
    SPNG_FMT_PNG = 256,
    SPNG_FMT_RAW = 512  /* big-endian (everything else is host-endian) */
};

enum spng_ctx_flags
{
    SPNG_CTX_IGNORE_ADLER32 = 1, /* Ignore checksum in DEFLATE streams */
    SPNG_CTX_ENCODER = 2 /* Create an encoder context */
};

enum spng_decode_flags
{
    SPNG_DECODE_USE_TRNS = 1, /* Deprecated */
    SPNG_DECODE_USE_GAMA = 2, /* Deprecated */
    SPNG_DECODE_USE_SBIT = 8, /* Undocumented */

    SPNG_DECODE_TRNS = 1, /* Apply transparency */
    SPNG_DECODE_GAMMA = 2, /* Apply gamma correction */
    SPNG_DECODE_PROGRESSIVE = 256 /* Initialize for progressive reads */
};

enum spng_encode_flags
{
    SPNG_ENCODE_PROGRESSIVE = 1, /* Initialize for progressive writes */
    SPNG_ENCODE_FINALIZE = 2, /* Finalize PNG after encoding image */
};

struct spng_ihdr
{
    uint32_t width;
    uint32_t height;
    uint8_t bit_depth;
    uint8_t color_type;
    uint8_t compression_method;
    uint8_t filter_method;
    uint8_t interlace_method;
};

enum spng_option
{
    SPNG_KEEP_UNKNOWN_CHUNKS = 1,

    SPNG_IMG_COMPRESSION_LEVEL,
    SPNG_IMG_WINDOW_BITS,
    SPNG_IMG_MEM_LEVEL,
    SPNG_IMG_COMPRESSION_STRATEGY,

    SPNG_TEXT_COMPRESSION_LEVEL,
    SPNG_TEXT_WINDOW_BITS,
    SPNG_TEXT_MEM_LEVEL,
    SPNG_TEXT_COMPRESSION_STRATEGY,

    SPNG_FILTER_CHOICE,
    SPNG_CHUNK_COUNT_LIMIT,
    SPNG_ENCODE_TO_BUFFER,
};

typedef struct spng_ctx spng_ctx;

spng_ctx *spng_ctx_new(int flags);
void spng_ctx_free(spng_ctx *ctx);
int spng_set_png_buffer(spng_ctx *ctx, const void *buf, size_t size);
void *spng_get_png_buffer(spng_ctx *ctx, size_t *len, int *error);
int spng_set_image_limits(spng_ctx *ctx, uint32_t width, uint32_t height);
int spng_set_chunk_limits(spng_ctx *ctx, size_t chunk_size, size_t cache_size);
int spng_set_option(spng_ctx *ctx, enum spng_option option, int value);
int spng_decoded_image_size(spng_ctx *ctx, int fmt, size_t *len);
int spng_decode_image(spng_ctx *ctx, void *out, size_t len, int fmt, int flags);
int spng_decode_chunks(spng_ctx *ctx);
int spng_encode_image(spng_ctx *ctx, const void *img, size_t len, int fmt, int flags);
int spng_get_ihdr(spng_ctx *ctx, struct spng_ihdr *ihdr);
int spng_set_ihdr(spng_ctx *ctx, struct spng_ihdr *ihdr);
const char *spng_strerror(int err);

#endif /* TABSTAGE_WITH_SYSTEM_HEADERS */

/* glibc's allocator settings (mallopt), which ImageMemory sets for image-sized buffers. */
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#endif
