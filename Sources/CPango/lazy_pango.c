/* Pango and PangoCairo, loaded on first use with the other drawing libraries: see
 * CLibraryLoader's lazy_loader.c. */
#include "tabstage_pango.h"
#include "tabstage_lazy.h"

TABSTAGE_TRAMPOLINE(TABSTAGE_PANGOCAIRO, PangoFontMap *, pango_cairo_font_map_new, (void), ())
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_PANGOCAIRO, pango_cairo_font_map_set_default, (PangoCairoFontMap *fontmap), (fontmap))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_PANGOCAIRO, pango_cairo_context_set_font_options,
                         (PangoContext *context, const cairo_font_options_t *options), (context, options))
TABSTAGE_TRAMPOLINE(TABSTAGE_PANGO, PangoContext *, pango_font_map_create_context, (PangoFontMap *fontmap), (fontmap))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_PANGO, pango_context_set_round_glyph_positions,
                         (PangoContext *context, gboolean round_positions), (context, round_positions))
TABSTAGE_TRAMPOLINE(TABSTAGE_PANGO, PangoFontDescription *, pango_font_description_new, (void), ())
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_PANGO, pango_font_description_free, (PangoFontDescription *desc), (desc))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_PANGO, pango_font_description_set_family,
                         (PangoFontDescription *desc, const char *family), (desc, family))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_PANGO, pango_font_description_set_absolute_size,
                         (PangoFontDescription *desc, double size), (desc, size))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_PANGO, pango_font_description_set_weight,
                         (PangoFontDescription *desc, PangoWeight weight), (desc, weight))
TABSTAGE_TRAMPOLINE(TABSTAGE_PANGO, PangoAttrList *, pango_attr_list_new, (void), ())
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_PANGO, pango_attr_list_unref, (PangoAttrList *list), (list))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_PANGO, pango_attr_list_insert, (PangoAttrList *list, PangoAttribute *attr),
                         (list, attr))
TABSTAGE_TRAMPOLINE(TABSTAGE_PANGO, PangoAttribute *, pango_attr_letter_spacing_new, (int letter_spacing),
                    (letter_spacing))
TABSTAGE_TRAMPOLINE(TABSTAGE_PANGO, PangoLayout *, pango_layout_new, (PangoContext *context), (context))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_PANGO, pango_layout_set_text, (PangoLayout *layout, const char *text, int length),
                         (layout, text, length))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_PANGO, pango_layout_set_font_description,
                         (PangoLayout *layout, const PangoFontDescription *desc), (layout, desc))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_PANGO, pango_layout_set_attributes, (PangoLayout *layout, PangoAttrList *attrs),
                         (layout, attrs))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_PANGO, pango_layout_get_extents,
                         (PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect),
                         (layout, ink_rect, logical_rect))
