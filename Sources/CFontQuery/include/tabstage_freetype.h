#ifndef TABSTAGE_FREETYPE_H
#define TABSTAGE_FREETYPE_H
/* The part of FreeType that tabstage calls (reading a font file's family and weight from
 * memory), declared as FreeType's headers declare it (freetype.h, fttypes.h, ftimage.h,
 * tttables.h: same names, types, values and layouts), so that no command links FreeType:
 * lazy_freetype.c defines each function as a trampoline that loads libfreetype.so.6 on the
 * first call (see CLibraryLoader). A command whose scenario names no font file never loads it
 * (drawing loads it too, through cairo and Pango). Scripts/check-library-declarations.sh checks
 * the declarations against the headers. */
#include <stddef.h>

#if defined(TABSTAGE_WITH_SYSTEM_HEADERS)
/* The headers mark every function visibility("default"); the trampolines are hidden, and only
 * their prototypes are compared here. */
#include <ft2build.h>
#include <freetype/config/public-macros.h>
#undef FT_PUBLIC_FUNCTION_ATTRIBUTE
#define FT_PUBLIC_FUNCTION_ATTRIBUTE
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#else

typedef signed char FT_Char;
typedef unsigned char FT_Byte;
typedef char FT_String;
typedef signed short FT_Short;
typedef unsigned short FT_UShort;
typedef signed int FT_Int;
typedef signed long FT_Long;
typedef unsigned long FT_ULong;
typedef int FT_Error;
typedef signed long FT_Pos;

typedef struct FT_LibraryRec_ *FT_Library;
typedef struct FT_Bitmap_Size_ FT_Bitmap_Size;
typedef struct FT_CharMapRec_ *FT_CharMap;
typedef struct FT_GlyphSlotRec_ *FT_GlyphSlot;
typedef struct FT_SizeRec_ *FT_Size;
typedef struct FT_DriverRec_ *FT_Driver;
typedef struct FT_MemoryRec_ *FT_Memory;
typedef struct FT_StreamRec_ *FT_Stream;
typedef struct FT_Face_InternalRec_ *FT_Face_Internal;
typedef struct FT_ListNodeRec_ *FT_ListNode;
typedef void (*FT_Generic_Finalizer)(void *object);

  typedef struct  FT_Generic_
  {
    void*                 data;
    FT_Generic_Finalizer  finalizer;

  } FT_Generic;

  typedef struct  FT_ListRec_
  {
    FT_ListNode  head;
    FT_ListNode  tail;

  } FT_ListRec;

  typedef struct  FT_BBox_
  {
    FT_Pos  xMin, yMin;
    FT_Pos  xMax, yMax;

  } FT_BBox;

  typedef struct  FT_FaceRec_
  {
    FT_Long           num_faces;
    FT_Long           face_index;

    FT_Long           face_flags;
    FT_Long           style_flags;

    FT_Long           num_glyphs;

    FT_String*        family_name;
    FT_String*        style_name;

    FT_Int            num_fixed_sizes;
    FT_Bitmap_Size*   available_sizes;

    FT_Int            num_charmaps;
    FT_CharMap*       charmaps;

    FT_Generic        generic;

    FT_BBox           bbox;

    FT_UShort         units_per_EM;
    FT_Short          ascender;
    FT_Short          descender;
    FT_Short          height;

    FT_Short          max_advance_width;
    FT_Short          max_advance_height;

    FT_Short          underline_position;
    FT_Short          underline_thickness;

    FT_GlyphSlot      glyph;
    FT_Size           size;
    FT_CharMap        charmap;

    FT_Driver         driver;
    FT_Memory         memory;
    FT_Stream         stream;

    FT_ListRec        sizes_list;

    FT_Generic        autohint;
    void*             extensions;

    FT_Face_Internal  internal;

  } FT_FaceRec;

typedef struct FT_FaceRec_ *FT_Face;

#define FT_FACE_FLAG_SCALABLE          ( 1L <<  0 )
#define FT_STYLE_FLAG_BOLD    ( 1 << 1 )

  typedef struct  TT_OS2_
  {
    FT_UShort  version;                /* 0x0001 - more or 0xFFFF */
    FT_Short   xAvgCharWidth;
    FT_UShort  usWeightClass;
    FT_UShort  usWidthClass;
    FT_UShort  fsType;
    FT_Short   ySubscriptXSize;
    FT_Short   ySubscriptYSize;
    FT_Short   ySubscriptXOffset;
    FT_Short   ySubscriptYOffset;
    FT_Short   ySuperscriptXSize;
    FT_Short   ySuperscriptYSize;
    FT_Short   ySuperscriptXOffset;
    FT_Short   ySuperscriptYOffset;
    FT_Short   yStrikeoutSize;
    FT_Short   yStrikeoutPosition;
    FT_Short   sFamilyClass;

    FT_Byte    panose[10];

    FT_ULong   ulUnicodeRange1;        /* Bits 0-31   */
    FT_ULong   ulUnicodeRange2;        /* Bits 32-63  */
    FT_ULong   ulUnicodeRange3;        /* Bits 64-95  */
    FT_ULong   ulUnicodeRange4;        /* Bits 96-127 */

    FT_Char    achVendID[4];

    FT_UShort  fsSelection;
    FT_UShort  usFirstCharIndex;
    FT_UShort  usLastCharIndex;
    FT_Short   sTypoAscender;
    FT_Short   sTypoDescender;
    FT_Short   sTypoLineGap;
    FT_UShort  usWinAscent;
    FT_UShort  usWinDescent;

    /* only version 1 and higher: */

    FT_ULong   ulCodePageRange1;       /* Bits 0-31   */
    FT_ULong   ulCodePageRange2;       /* Bits 32-63  */

    /* only version 2 and higher: */

    FT_Short   sxHeight;
    FT_Short   sCapHeight;
    FT_UShort  usDefaultChar;
    FT_UShort  usBreakChar;
    FT_UShort  usMaxContext;

    /* only version 5 and higher: */

    FT_UShort  usLowerOpticalPointSize;       /* in twips (1/20th points) */
    FT_UShort  usUpperOpticalPointSize;       /* in twips (1/20th points) */

  } TT_OS2;

  typedef enum  FT_Sfnt_Tag_
  {
    FT_SFNT_HEAD,
    FT_SFNT_MAXP,
    FT_SFNT_OS2,
    FT_SFNT_HHEA,
    FT_SFNT_VHEA,
    FT_SFNT_POST,
    FT_SFNT_PCLT,

    FT_SFNT_MAX

  } FT_Sfnt_Tag;

FT_Error FT_Init_FreeType(FT_Library *alibrary);
FT_Error FT_Done_FreeType(FT_Library library);
FT_Error FT_New_Memory_Face(FT_Library library, const FT_Byte *file_base, FT_Long file_size, FT_Long face_index,
                            FT_Face *aface);
FT_Error FT_Done_Face(FT_Face face);
void *FT_Get_Sfnt_Table(FT_Face face, FT_Sfnt_Tag tag);

#endif /* TABSTAGE_WITH_SYSTEM_HEADERS */
#endif
