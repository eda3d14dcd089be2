/* The drawing libraries, loaded on first use (CLibraryLoader: dlopen by Debian SONAME, dlsym
 * per function). `tabstage --version`, `diff`, `devices`, `schema`, `merge-reports` and `plot`
 * to SVG never draw, so they never load GLib, cairo, librsvg, fontconfig or Pango (nor what
 * those load: HarfBuzz, FreeType, pixman, libxml2, ...). */
#include "tabstage_rsvg.h"
#include "tabstage_lazy.h"

/* Loads every drawing library now: CLibraryLoader's group of them. */
const char *tabstage_drawing_libraries_problem(void) { return tabstage_libraries_problem(TABSTAGE_GROUP_DRAWING); }

/* GLib and GObject. */
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_GLIB, g_error_free, (GError *error), (error))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_GLIB, g_log_set_writer_func,
                         (GLogWriterFunc func, gpointer user_data, GDestroyNotify user_data_free),
                         (func, user_data, user_data_free))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_GOBJECT, g_object_unref, (gpointer object), (object))

/* cairo. */
TABSTAGE_TRAMPOLINE(TABSTAGE_CAIRO, cairo_t *, cairo_create, (cairo_surface_t *target), (target))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_CAIRO, cairo_destroy, (cairo_t *cr), (cr))
TABSTAGE_TRAMPOLINE(TABSTAGE_CAIRO, cairo_status_t, cairo_status, (cairo_t *cr), (cr))
TABSTAGE_TRAMPOLINE(TABSTAGE_CAIRO, const char *, cairo_status_to_string, (cairo_status_t status), (status))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_CAIRO, cairo_set_operator, (cairo_t *cr, cairo_operator_t op), (cr, op))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_CAIRO, cairo_set_source_surface,
                         (cairo_t *cr, cairo_surface_t *surface, double x, double y), (cr, surface, x, y))
TABSTAGE_TRAMPOLINE(TABSTAGE_CAIRO, cairo_pattern_t *, cairo_get_source, (cairo_t *cr), (cr))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_CAIRO, cairo_scale, (cairo_t *cr, double sx, double sy), (cr, sx, sy))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_CAIRO, cairo_paint, (cairo_t *cr), (cr))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_CAIRO, cairo_pattern_set_extend, (cairo_pattern_t *pattern, cairo_extend_t extend),
                         (pattern, extend))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_CAIRO, cairo_pattern_set_filter, (cairo_pattern_t *pattern, cairo_filter_t filter),
                         (pattern, filter))
TABSTAGE_TRAMPOLINE(TABSTAGE_CAIRO, cairo_font_options_t *, cairo_font_options_create, (void), ())
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_CAIRO, cairo_font_options_destroy, (cairo_font_options_t *options), (options))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_CAIRO, cairo_font_options_set_hint_style,
                         (cairo_font_options_t *options, cairo_hint_style_t hint_style), (options, hint_style))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_CAIRO, cairo_font_options_set_hint_metrics,
                         (cairo_font_options_t *options, cairo_hint_metrics_t hint_metrics), (options, hint_metrics))
TABSTAGE_TRAMPOLINE(TABSTAGE_CAIRO, cairo_surface_t *, cairo_image_surface_create,
                    (cairo_format_t format, int width, int height), (format, width, height))
TABSTAGE_TRAMPOLINE(TABSTAGE_CAIRO, cairo_surface_t *, cairo_image_surface_create_for_data,
                    (unsigned char *data, cairo_format_t format, int width, int height, int stride),
                    (data, format, width, height, stride))
TABSTAGE_TRAMPOLINE(TABSTAGE_CAIRO, unsigned char *, cairo_image_surface_get_data, (cairo_surface_t *surface), (surface))
TABSTAGE_TRAMPOLINE(TABSTAGE_CAIRO, int, cairo_image_surface_get_stride, (cairo_surface_t *surface), (surface))
TABSTAGE_TRAMPOLINE(TABSTAGE_CAIRO, cairo_status_t, cairo_surface_status, (cairo_surface_t *surface), (surface))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_CAIRO, cairo_surface_flush, (cairo_surface_t *surface), (surface))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_CAIRO, cairo_surface_destroy, (cairo_surface_t *surface), (surface))

/* librsvg. */
TABSTAGE_TRAMPOLINE(TABSTAGE_RSVG, RsvgHandle *, rsvg_handle_new_from_data,
                    (const guint8 *data, gsize data_len, GError **error), (data, data_len, error))
TABSTAGE_TRAMPOLINE(TABSTAGE_RSVG, gboolean, rsvg_handle_get_intrinsic_size_in_pixels,
                    (RsvgHandle *handle, gdouble *out_width, gdouble *out_height), (handle, out_width, out_height))
TABSTAGE_TRAMPOLINE(TABSTAGE_RSVG, gboolean, rsvg_handle_render_document,
                    (RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error),
                    (handle, cr, viewport, error))

/* fontconfig. */
TABSTAGE_TRAMPOLINE(TABSTAGE_FONTCONFIG, FcConfig *, FcConfigCreate, (void), ())
TABSTAGE_TRAMPOLINE(TABSTAGE_FONTCONFIG, FcBool, FcConfigSetCurrent, (FcConfig *config), (config))
TABSTAGE_TRAMPOLINE(TABSTAGE_FONTCONFIG, FcConfig *, FcConfigGetCurrent, (void), ())
TABSTAGE_TRAMPOLINE(TABSTAGE_FONTCONFIG, FcFontSet *, FcConfigGetFonts, (FcConfig *config, FcSetName set), (config, set))
TABSTAGE_TRAMPOLINE(TABSTAGE_FONTCONFIG, FcBool, FcConfigAppFontAddFile, (FcConfig *config, const FcChar8 *file),
                    (config, file))
TABSTAGE_TRAMPOLINE(TABSTAGE_FONTCONFIG, FcBool, FcConfigParseAndLoadFromMemory,
                    (FcConfig *config, const FcChar8 *buffer, FcBool complain), (config, buffer, complain))
TABSTAGE_TRAMPOLINE(TABSTAGE_FONTCONFIG, FcPattern *, FcFreeTypeQuery,
                    (const FcChar8 *file, unsigned int id, FcBlanks *blanks, int *count), (file, id, blanks, count))
TABSTAGE_TRAMPOLINE(TABSTAGE_FONTCONFIG, FcBool, FcFontSetAdd, (FcFontSet *s, FcPattern *font), (s, font))
TABSTAGE_TRAMPOLINE(TABSTAGE_FONTCONFIG, FcBool, FcPatternDel, (FcPattern *p, const char *object), (p, object))
TABSTAGE_TRAMPOLINE(TABSTAGE_FONTCONFIG, FcBool, FcPatternAddString, (FcPattern *p, const char *object, const FcChar8 *s),
                    (p, object, s))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_FONTCONFIG, FcPatternDestroy, (FcPattern *p), (p))
