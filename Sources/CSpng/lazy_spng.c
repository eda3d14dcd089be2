/* libspng, loaded on first use: see CLibraryLoader's lazy_loader.c. */
#include "tabstage_spng.h"
#include "tabstage_lazy.h"

TABSTAGE_TRAMPOLINE(TABSTAGE_SPNG, spng_ctx *, spng_ctx_new, (int flags), (flags))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_SPNG, spng_ctx_free, (spng_ctx *ctx), (ctx))
TABSTAGE_TRAMPOLINE(TABSTAGE_SPNG, int, spng_set_png_buffer, (spng_ctx *ctx, const void *buf, size_t size), (ctx, buf, size))
TABSTAGE_TRAMPOLINE(TABSTAGE_SPNG, void *, spng_get_png_buffer, (spng_ctx *ctx, size_t *len, int *error), (ctx, len, error))
TABSTAGE_TRAMPOLINE(TABSTAGE_SPNG, int, spng_set_image_limits, (spng_ctx *ctx, uint32_t width, uint32_t height),
                    (ctx, width, height))
TABSTAGE_TRAMPOLINE(TABSTAGE_SPNG, int, spng_set_chunk_limits, (spng_ctx *ctx, size_t chunk_size, size_t cache_size),
                    (ctx, chunk_size, cache_size))
TABSTAGE_TRAMPOLINE(TABSTAGE_SPNG, int, spng_set_option, (spng_ctx *ctx, enum spng_option option, int value),
                    (ctx, option, value))
TABSTAGE_TRAMPOLINE(TABSTAGE_SPNG, int, spng_decoded_image_size, (spng_ctx *ctx, int fmt, size_t *len), (ctx, fmt, len))
TABSTAGE_TRAMPOLINE(TABSTAGE_SPNG, int, spng_decode_image, (spng_ctx *ctx, void *out, size_t len, int fmt, int flags),
                    (ctx, out, len, fmt, flags))
TABSTAGE_TRAMPOLINE(TABSTAGE_SPNG, int, spng_decode_chunks, (spng_ctx *ctx), (ctx))
TABSTAGE_TRAMPOLINE(TABSTAGE_SPNG, int, spng_encode_image, (spng_ctx *ctx, const void *img, size_t len, int fmt, int flags),
                    (ctx, img, len, fmt, flags))
TABSTAGE_TRAMPOLINE(TABSTAGE_SPNG, int, spng_get_ihdr, (spng_ctx *ctx, struct spng_ihdr *ihdr), (ctx, ihdr))
TABSTAGE_TRAMPOLINE(TABSTAGE_SPNG, int, spng_set_ihdr, (spng_ctx *ctx, struct spng_ihdr *ihdr), (ctx, ihdr))
TABSTAGE_TRAMPOLINE(TABSTAGE_SPNG, const char *, spng_strerror, (int err), (err))
