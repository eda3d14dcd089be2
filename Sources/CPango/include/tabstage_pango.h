#ifndef TABSTAGE_PANGO_H
#define TABSTAGE_PANGO_H
/* The part of Pango and PangoCairo that tabstage calls (text measuring with the fonts librsvg
 * renders with), declared as pango/pangocairo.h declares it; lazy_pango.c defines each function
 * as a trampoline into the library, loaded on first use (see tabstage_rsvg.h). */
#include "tabstage_rsvg.h"

#if defined(TABSTAGE_WITH_SYSTEM_HEADERS)
#include <pango/pangocairo.h>
#else

#define PANGO_SCALE 1024

typedef struct _PangoFontMap PangoFontMap;
typedef struct _PangoCairoFontMap PangoCairoFontMap;
typedef struct _PangoContext PangoContext;
typedef struct _PangoLayout PangoLayout;
typedef struct _PangoFontDescription PangoFontDescription;
typedef struct _PangoAttribute PangoAttribute;
typedef struct _PangoAttrList PangoAttrList;
typedef struct _PangoRectangle PangoRectangle;
struct _PangoRectangle
{
  int x;
  int y;
  int width;
  int height;
};

typedef enum {
  PANGO_WEIGHT_THIN = 100,
  PANGO_WEIGHT_ULTRALIGHT = 200,
  PANGO_WEIGHT_LIGHT = 300,
  PANGO_WEIGHT_SEMILIGHT = 350,
  PANGO_WEIGHT_BOOK = 380,
  PANGO_WEIGHT_NORMAL = 400,
  PANGO_WEIGHT_MEDIUM = 500,
  PANGO_WEIGHT_SEMIBOLD = 600,
  PANGO_WEIGHT_BOLD = 700,
  PANGO_WEIGHT_ULTRABOLD = 800,
  PANGO_WEIGHT_HEAVY = 900,
  PANGO_WEIGHT_ULTRAHEAVY = 1000
} PangoWeight;

PangoFontMap *pango_cairo_font_map_new (void);
void pango_cairo_font_map_set_default (PangoCairoFontMap *fontmap);
void pango_cairo_context_set_font_options (PangoContext *context, const cairo_font_options_t *options);
PangoContext *pango_font_map_create_context (PangoFontMap *fontmap);
void pango_context_set_round_glyph_positions (PangoContext *context, gboolean round_positions);
PangoFontDescription *pango_font_description_new (void);
void pango_font_description_free (PangoFontDescription *desc);
void pango_font_description_set_family (PangoFontDescription *desc, const char *family);
void pango_font_description_set_absolute_size (PangoFontDescription *desc, double size);
void pango_font_description_set_weight (PangoFontDescription *desc, PangoWeight weight);
PangoAttrList *pango_attr_list_new (void);
void pango_attr_list_unref (PangoAttrList *list);
void pango_attr_list_insert (PangoAttrList *list, PangoAttribute *attr);
PangoAttribute *pango_attr_letter_spacing_new (int letter_spacing);
PangoLayout *pango_layout_new (PangoContext *context);
void pango_layout_set_text (PangoLayout *layout, const char *text, int length);
void pango_layout_set_font_description (PangoLayout *layout, const PangoFontDescription *desc);
void pango_layout_set_attributes (PangoLayout *layout, PangoAttrList *attrs);
void pango_layout_get_extents (PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect);

#endif /* TABSTAGE_WITH_SYSTEM_HEADERS */
#endif
