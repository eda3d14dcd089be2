#ifndef TABSTAGE_CRSVG_SHIM_H
#define TABSTAGE_CRSVG_SHIM_H
#include <librsvg/rsvg.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif

/* An anonymous in-memory file (Linux memfd_create, close-on-exec), or -1 where there is none. */
static inline int tabstage_memory_file(const char *name) {
#if defined(__linux__) && defined(SYS_memfd_create)
    return (int)syscall(SYS_memfd_create, name, 1u);
#else
    (void)name;
    return -1;
#endif
}
#include <stdint.h>
#include <stddef.h>
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <cpuid.h>
#include <tmmintrin.h>
#define TABSTAGE_ARGB_SHUFFLE 1
#endif

/* 1 when this processor can run tabstage_argb_to_rgb (x86-64 with SSSE3), else 0. */
static inline int tabstage_argb_to_rgb_available(void) {
#if defined(TABSTAGE_ARGB_SHUFFLE)
    unsigned int a = 0, b = 0, c = 0, d = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    return (c & bit_SSSE3) != 0;
#else
    return 0;
#endif
}

/* One row of cairo's ARGB32 (B, G, R, A in memory) as R, G, B bytes, sixteen pixels at a time
 * with a byte shuffle: the same bytes as taking each word's bits 16-23, 8-15 and 0-7. Returns
 * the AND of every pixel's word, so (result >> 24) == 255 when every pixel is opaque. Each
 * store writes 16 bytes of which the last 4 are zero: `out` must hold 16 bytes past the row
 * (the next row, written after, or slack). Call only when tabstage_argb_to_rgb_available(). */
#if defined(TABSTAGE_ARGB_SHUFFLE)
__attribute__((target("ssse3")))
#endif
static inline uint32_t tabstage_argb_to_rgb(const uint32_t *row, size_t width, uint8_t *out) {
    uint32_t all = 0xFFFFFFFFu;
    size_t x = 0;
#if defined(TABSTAGE_ARGB_SHUFFLE)
    const __m128i order = _mm_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -128, -128, -128, -128);
    __m128i every = _mm_set1_epi32(-1);
    for (; x + 16 <= width; x += 16) {
        __m128i p0 = _mm_loadu_si128((const __m128i *)(row + x));
        __m128i p1 = _mm_loadu_si128((const __m128i *)(row + x + 4));
        __m128i p2 = _mm_loadu_si128((const __m128i *)(row + x + 8));
        __m128i p3 = _mm_loadu_si128((const __m128i *)(row + x + 12));
        every = _mm_and_si128(every, _mm_and_si128(_mm_and_si128(p0, p1), _mm_and_si128(p2, p3)));
        _mm_storeu_si128((__m128i *)(out + x * 3), _mm_shuffle_epi8(p0, order));
        _mm_storeu_si128((__m128i *)(out + x * 3 + 12), _mm_shuffle_epi8(p1, order));
        _mm_storeu_si128((__m128i *)(out + x * 3 + 24), _mm_shuffle_epi8(p2, order));
        _mm_storeu_si128((__m128i *)(out + x * 3 + 36), _mm_shuffle_epi8(p3, order));
    }
    for (; x + 4 <= width; x += 4) {
        __m128i p = _mm_loadu_si128((const __m128i *)(row + x));
        every = _mm_and_si128(every, p);
        _mm_storeu_si128((__m128i *)(out + x * 3), _mm_shuffle_epi8(p, order));
    }
    every = _mm_and_si128(every, _mm_shuffle_epi32(every, 0x4E));
    every = _mm_and_si128(every, _mm_shuffle_epi32(every, 0xB1));
    all = (uint32_t)_mm_cvtsi128_si32(every);
#endif
    for (; x < width; x++) {
        uint32_t argb = row[x];
        all &= argb;
        out[x * 3] = (uint8_t)(argb >> 16);
        out[x * 3 + 1] = (uint8_t)(argb >> 8);
        out[x * 3 + 2] = (uint8_t)argb;
    }
    return all;
}
#endif
