#ifndef TABSTAGE_RSVG_H
#define TABSTAGE_RSVG_H
/* The part of GLib, cairo, librsvg and fontconfig that tabstage calls, declared as their
 * public headers declare it (same names, types, enum values and layouts), so that no command
 * links these libraries: lazy_libraries.c defines each function as a trampoline that loads the
 * library (by its Debian SONAME) on the first call of any of them. A command that never draws
 * never loads them. Scripts/check-library-declarations.sh compiles lazy_libraries.c against the
 * real headers (pkg-config), which checks every declaration here against them. */
#include <stddef.h>
#include <stdint.h>

#if defined(TABSTAGE_WITH_SYSTEM_HEADERS)
#include <librsvg/rsvg.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#else

/* GLib and GObject (glib/gtypes.h, glib/gerror.h, glib/gmessages.h, gobject/gobject.h). */
typedef char gchar;
typedef int gint;
typedef gint gboolean;
typedef unsigned char guint8;
typedef unsigned int guint32;
typedef double gdouble;
typedef unsigned long gsize;
typedef signed long gssize;
typedef void *gpointer;
typedef const void *gconstpointer;
typedef guint32 GQuark;
typedef void (*GDestroyNotify)(gpointer data);

typedef struct _GError GError;
struct _GError
{
  GQuark       domain;
  gint         code;
  gchar       *message;
};

typedef enum
{
  /* log flags */
  G_LOG_FLAG_RECURSION          = 1 << 0,
  G_LOG_FLAG_FATAL              = 1 << 1,

  /* GLib log levels */
  G_LOG_LEVEL_ERROR             = 1 << 2,       /* always fatal */
  G_LOG_LEVEL_CRITICAL          = 1 << 3,
  G_LOG_LEVEL_WARNING           = 1 << 4,
  G_LOG_LEVEL_MESSAGE           = 1 << 5,
  G_LOG_LEVEL_INFO              = 1 << 6,
  G_LOG_LEVEL_DEBUG             = 1 << 7,

  G_LOG_LEVEL_MASK              = ~(G_LOG_FLAG_RECURSION | G_LOG_FLAG_FATAL)
} GLogLevelFlags;

typedef enum
{
  G_LOG_WRITER_HANDLED = 1,
  G_LOG_WRITER_UNHANDLED = 0,
} GLogWriterOutput;

typedef struct _GLogField GLogField;
struct _GLogField
{
  const gchar *key;
  gconstpointer value;
  gssize length;
};

typedef GLogWriterOutput (*GLogWriterFunc)     (GLogLevelFlags   log_level,
                                                const GLogField *fields,
                                                gsize            n_fields,
                                                gpointer         user_data);

void g_error_free (GError *error);
void g_log_set_writer_func (GLogWriterFunc func, gpointer user_data, GDestroyNotify user_data_free);
void g_object_unref (gpointer object);

/* cairo (cairo.h). */
typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;
typedef struct _cairo_pattern cairo_pattern_t;
typedef struct _cairo_font_options cairo_font_options_t;

typedef enum _cairo_status {
    CAIRO_STATUS_SUCCESS = 0,

    CAIRO_STATUS_NO_MEMORY,
    CAIRO_STATUS_INVALID_RESTORE,
    CAIRO_STATUS_INVALID_POP_GROUP,
    CAIRO_STATUS_NO_CURRENT_POINT,
    CAIRO_STATUS_INVALID_MATRIX,
    CAIRO_STATUS_INVALID_STATUS,
    CAIRO_STATUS_NULL_POINTER,
    CAIRO_STATUS_INVALID_STRING,
    CAIRO_STATUS_INVALID_PATH_DATA,
    CAIRO_STATUS_READ_ERROR,
    CAIRO_STATUS_WRITE_ERROR,
    CAIRO_STATUS_SURFACE_FINISHED,
    CAIRO_STATUS_SURFACE_TYPE_MISMATCH,
    CAIRO_STATUS_PATTERN_TYPE_MISMATCH,
    CAIRO_STATUS_INVALID_CONTENT,
    CAIRO_STATUS_INVALID_FORMAT,
    CAIRO_STATUS_INVALID_VISUAL,
    CAIRO_STATUS_FILE_NOT_FOUND,
    CAIRO_STATUS_INVALID_DASH,
    CAIRO_STATUS_INVALID_DSC_COMMENT,
    CAIRO_STATUS_INVALID_INDEX,
    CAIRO_STATUS_CLIP_NOT_REPRESENTABLE,
    CAIRO_STATUS_TEMP_FILE_ERROR,
    CAIRO_STATUS_INVALID_STRIDE,
    CAIRO_STATUS_FONT_TYPE_MISMATCH,
    CAIRO_STATUS_USER_FONT_IMMUTABLE,
    CAIRO_STATUS_USER_FONT_ERROR,
    CAIRO_STATUS_NEGATIVE_COUNT,
    CAIRO_STATUS_INVALID_CLUSTERS,
    CAIRO_STATUS_INVALID_SLANT,
    CAIRO_STATUS_INVALID_WEIGHT,
    CAIRO_STATUS_INVALID_SIZE,
    CAIRO_STATUS_USER_FONT_NOT_IMPLEMENTED,
    CAIRO_STATUS_DEVICE_TYPE_MISMATCH,
    CAIRO_STATUS_DEVICE_ERROR,
    CAIRO_STATUS_INVALID_MESH_CONSTRUCTION,
    CAIRO_STATUS_DEVICE_FINISHED,
    CAIRO_STATUS_JBIG2_GLOBAL_MISSING,
    CAIRO_STATUS_PNG_ERROR,
    CAIRO_STATUS_FREETYPE_ERROR,
    CAIRO_STATUS_WIN32_GDI_ERROR,
    CAIRO_STATUS_TAG_ERROR,

    CAIRO_STATUS_LAST_STATUS
} cairo_status_t;

typedef enum _cairo_operator {
    CAIRO_OPERATOR_CLEAR,

    CAIRO_OPERATOR_SOURCE,
    CAIRO_OPERATOR_OVER,
    CAIRO_OPERATOR_IN,
    CAIRO_OPERATOR_OUT,
    CAIRO_OPERATOR_ATOP,

    CAIRO_OPERATOR_DEST,
    CAIRO_OPERATOR_DEST_OVER,
    CAIRO_OPERATOR_DEST_IN,
    CAIRO_OPERATOR_DEST_OUT,
    CAIRO_OPERATOR_DEST_ATOP,

    CAIRO_OPERATOR_XOR,
    CAIRO_OPERATOR_ADD,
    CAIRO_OPERATOR_SATURATE,

    CAIRO_OPERATOR_MULTIPLY,
    CAIRO_OPERATOR_SCREEN,
    CAIRO_OPERATOR_OVERLAY,
    CAIRO_OPERATOR_DARKEN,
    CAIRO_OPERATOR_LIGHTEN,
    CAIRO_OPERATOR_COLOR_DODGE,
    CAIRO_OPERATOR_COLOR_BURN,
    CAIRO_OPERATOR_HARD_LIGHT,
    CAIRO_OPERATOR_SOFT_LIGHT,
    CAIRO_OPERATOR_DIFFERENCE,
    CAIRO_OPERATOR_EXCLUSION,
    CAIRO_OPERATOR_HSL_HUE,
    CAIRO_OPERATOR_HSL_SATURATION,
    CAIRO_OPERATOR_HSL_COLOR,
    CAIRO_OPERATOR_HSL_LUMINOSITY
} cairo_operator_t;

typedef enum _cairo_hint_style {
    CAIRO_HINT_STYLE_DEFAULT,
    CAIRO_HINT_STYLE_NONE,
    CAIRO_HINT_STYLE_SLIGHT,
    CAIRO_HINT_STYLE_MEDIUM,
    CAIRO_HINT_STYLE_FULL
} cairo_hint_style_t;

typedef enum _cairo_hint_metrics {
    CAIRO_HINT_METRICS_DEFAULT,
    CAIRO_HINT_METRICS_OFF,
    CAIRO_HINT_METRICS_ON
} cairo_hint_metrics_t;

typedef enum _cairo_format {
    CAIRO_FORMAT_INVALID   = -1,
    CAIRO_FORMAT_ARGB32    = 0,
    CAIRO_FORMAT_RGB24     = 1,
    CAIRO_FORMAT_A8        = 2,
    CAIRO_FORMAT_A1        = 3,
    CAIRO_FORMAT_RGB16_565 = 4,
    CAIRO_FORMAT_RGB30     = 5
} cairo_format_t;

typedef enum _cairo_extend {
    CAIRO_EXTEND_NONE,
    CAIRO_EXTEND_REPEAT,
    CAIRO_EXTEND_REFLECT,
    CAIRO_EXTEND_PAD
} cairo_extend_t;

typedef enum _cairo_filter {
    CAIRO_FILTER_FAST,
    CAIRO_FILTER_GOOD,
    CAIRO_FILTER_BEST,
    CAIRO_FILTER_NEAREST,
    CAIRO_FILTER_BILINEAR,
    CAIRO_FILTER_GAUSSIAN
} cairo_filter_t;

cairo_t *cairo_create (cairo_surface_t *target);
void cairo_destroy (cairo_t *cr);
cairo_status_t cairo_status (cairo_t *cr);
const char *cairo_status_to_string (cairo_status_t status);
void cairo_set_operator (cairo_t *cr, cairo_operator_t op);
void cairo_set_source_surface (cairo_t *cr, cairo_surface_t *surface, double x, double y);
cairo_pattern_t *cairo_get_source (cairo_t *cr);
void cairo_scale (cairo_t *cr, double sx, double sy);
void cairo_paint (cairo_t *cr);
void cairo_pattern_set_extend (cairo_pattern_t *pattern, cairo_extend_t extend);
void cairo_pattern_set_filter (cairo_pattern_t *pattern, cairo_filter_t filter);
cairo_font_options_t *cairo_font_options_create (void);
void cairo_font_options_destroy (cairo_font_options_t *options);
void cairo_font_options_set_hint_style (cairo_font_options_t *options, cairo_hint_style_t hint_style);
void cairo_font_options_set_hint_metrics (cairo_font_options_t *options, cairo_hint_metrics_t hint_metrics);
cairo_surface_t *cairo_image_surface_create (cairo_format_t format, int width, int height);
cairo_surface_t *cairo_image_surface_create_for_data (unsigned char *data, cairo_format_t format, int width, int height,
                                                      int stride);
unsigned char *cairo_image_surface_get_data (cairo_surface_t *surface);
int cairo_image_surface_get_stride (cairo_surface_t *surface);
cairo_status_t cairo_surface_status (cairo_surface_t *surface);
void cairo_surface_flush (cairo_surface_t *surface);
void cairo_surface_destroy (cairo_surface_t *surface);

/* librsvg (librsvg/rsvg.h). A handle is passed along, never looked into. */
typedef struct _RsvgHandle RsvgHandle;
typedef struct _RsvgRectangle RsvgRectangle;
struct _RsvgRectangle {
    double x;
    double y;
    double width;
    double height;
};

RsvgHandle *rsvg_handle_new_from_data (const guint8 *data, gsize data_len, GError **error);
gboolean rsvg_handle_get_intrinsic_size_in_pixels (RsvgHandle *handle, gdouble *out_width, gdouble *out_height);
gboolean rsvg_handle_render_document (RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);

/* fontconfig (fontconfig/fontconfig.h). */
typedef unsigned char	FcChar8;
typedef int		FcBool;
#define FcFalse		0
#define FcTrue		1
#define FC_FAMILY	    "family"		/* String */
#define FC_FULLNAME	    "fullname"		/* String */
#define FC_FAMILYLANG	    "familylang"	/* String RFC 3066 langs */
#define FC_FULLNAMELANG	    "fullnamelang"	/* String RFC 3066 langs */
#define FC_POSTSCRIPT_NAME  "postscriptname"	/* String */
typedef struct _FcPattern   FcPattern;
typedef struct _FcConfig    FcConfig;
typedef struct _FcBlanks    FcBlanks;
typedef struct _FcFontSet {
    int		nfont;
    int		sfont;
    FcPattern	**fonts;
} FcFontSet;
typedef enum _FcSetName {
    FcSetSystem = 0,
    FcSetApplication = 1
} FcSetName;

FcConfig *FcConfigCreate (void);
FcBool FcConfigSetCurrent (FcConfig *config);
FcConfig *FcConfigGetCurrent (void);
FcFontSet *FcConfigGetFonts (FcConfig *config, FcSetName set);
FcBool FcConfigAppFontAddFile (FcConfig *config, const FcChar8 *file);
FcBool FcConfigParseAndLoadFromMemory (FcConfig *config, const FcChar8 *buffer, FcBool complain);
FcPattern *FcFreeTypeQuery (const FcChar8 *file, unsigned int id, FcBlanks *blanks, int *count);
FcBool FcFontSetAdd (FcFontSet *s, FcPattern *font);
FcBool FcPatternDel (FcPattern *p, const char *object);
FcBool FcPatternAddString (FcPattern *p, const char *object, const FcChar8 *s);
void FcPatternDestroy (FcPattern *p);

#endif /* TABSTAGE_WITH_SYSTEM_HEADERS */

/* Loads every drawing library now (GLib, GObject, cairo, librsvg, fontconfig, Pango,
 * PangoCairo), once per process: NULL when all loaded, else one line naming the library that
 * could not be loaded and the Debian package that installs it. Any trampoline loads them the
 * same way on its first call and, when one is missing, prints that line and exits with 2. */
const char *tabstage_drawing_libraries_problem(void);

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
