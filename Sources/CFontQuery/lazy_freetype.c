/* FreeType, loaded on first use: see CLibraryLoader's lazy_loader.c. */
#include "tabstage_freetype.h"
#include "tabstage_lazy.h"

TABSTAGE_TRAMPOLINE(TABSTAGE_FREETYPE, FT_Error, FT_Init_FreeType, (FT_Library * alibrary), (alibrary))
TABSTAGE_TRAMPOLINE(TABSTAGE_FREETYPE, FT_Error, FT_Done_FreeType, (FT_Library library), (library))
TABSTAGE_TRAMPOLINE(TABSTAGE_FREETYPE, FT_Error, FT_New_Memory_Face,
                    (FT_Library library, const FT_Byte *file_base, FT_Long file_size, FT_Long face_index, FT_Face *aface),
                    (library, file_base, file_size, face_index, aface))
TABSTAGE_TRAMPOLINE(TABSTAGE_FREETYPE, FT_Error, FT_Done_Face, (FT_Face face), (face))
TABSTAGE_TRAMPOLINE(TABSTAGE_FREETYPE, void *, FT_Get_Sfnt_Table, (FT_Face face, FT_Sfnt_Tag tag), (face, tag))
