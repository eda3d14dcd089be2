#!/usr/bin/env bash
# Checks the declarations tabstage keeps of the C libraries it loads on first use (GLib, cairo,
# librsvg, fontconfig, Pango; libspng, libdeflate, libwebp, libjpeg-turbo, FreeType, libxml2, libcrypto:
# the headers in Sources/C*/include; no command links these libraries, their functions are
# trampolines that load them on the first call) against the libraries' own headers from
# Debian's -dev packages (Scripts/setup.sh installs them):
# - every trampoline's prototype: each lazy_*.c compiled with the real headers instead of
#   tabstage's, warnings as errors;
# - every constant, enum value, enum size and signedness and struct layout the declarations
#   give: printed by one small program built against each set of headers, the lists equal.
# Exit status 0 when all agree, 1 with the differences otherwise.
#   Scripts/check-library-declarations.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cc=${CC:-cc}
flags=$(pkg-config --cflags librsvg-2.0 pangocairo fontconfig spng libdeflate libturbojpeg freetype2 libwebpmux libwebpdemux libxml-2.0 libcrypto)
headers=(Sources/CRsvg/include/tabstage_rsvg.h Sources/CPango/include/tabstage_pango.h Sources/CSpng/include/tabstage_spng.h
  Sources/CDeflate/include/tabstage_deflate.h Sources/CTurboJPEG/include/tabstage_turbojpeg.h
  Sources/CFontQuery/include/tabstage_freetype.h Sources/CWebP/include/tabstage_webp.h Sources/CXML/include/tabstage_xml.h
  Sources/CCrypto/include/tabstage_crypto.h)
includes=(-ISources/CLibraryLoader/include)
for header in "${headers[@]}"; do includes+=("-I$(dirname "$header")"); done
trampolines=(Sources/CLibraryLoader/lazy_loader.c Sources/CRsvg/lazy_libraries.c Sources/CPango/lazy_pango.c Sources/CSpng/lazy_spng.c
  Sources/CDeflate/lazy_deflate.c Sources/CTurboJPEG/lazy_turbojpeg.c Sources/CFontQuery/lazy_freetype.c Sources/CWebP/lazy_webp.c
  Sources/CXML/lazy_xml.c Sources/CCrypto/lazy_crypto.c)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# shellcheck disable=SC2086  # pkg-config's flags are words
for file in "${trampolines[@]}"; do
  "$cc" -fsyntax-only -Wall -Werror -DTABSTAGE_WITH_SYSTEM_HEADERS $flags "${includes[@]}" "$file"
done

# The field names of a struct in a header: the lines from the one matching $2 to the closing
# brace, comments dropped, one name per declarator (`int width, height;` gives both).
fields_of() {
  sed -n "/$2/,/^ *}/p" "$1" | sed -e '1d' -e '$d' -e 's://.*$::' -e 's:/\*[^*]*\*/::g' | tr '\n' ' ' | tr ';' '\n' |
    sed -E 's/\[[^]]*\]//g' | awk -F',' '{
      gsub(/^[ \t]+|[ \t]+$/, "", $1)
      if ($1 == "") next
      n = split($1, w, /[ \t*]+/)
      print w[n]
      for (i = 2; i <= NF; i++) { gsub(/[ \t*]/, "", $i); print $i }
    }'
}

# Every enum constant and macro constant tabstage's headers declare, found in them.
constants=$(grep -hoE '^\s*(#define\s+)?(CAIRO_[A-Z0-9_]+|G_LOG_[A-Z_]+|PANGO_WEIGHT_[A-Z]+|FcSet[A-Za-z]+|SPNG_[A-Z0-9_]+|LIBDEFLATE_[A-Z_]+|TJ(SAMP|PF|CS|FLAG)_[A-Za-z0-9_]+|WEBP_[A-Z0-9_]+|MODE_[A-Za-z0-9_]+|VP8_ENC_[A-Z0-9_]+|FT_SFNT_[A-Z0-9]+|FT_(FACE|STYLE)_FLAG_[A-Z]+|XML_(PARSE|ERR|SAX2)_[A-Z0-9_]+|SHA256_DIGEST_LENGTH)\b' \
  "${headers[@]}" | sed -E 's/^\s*(#define\s+)?//' | grep -vxE 'WEBP_EXTERN|WEBP_CSP_MODE' | sort -u)
# Each struct whose layout tabstage declares: its type, its header, the line that opens it.
structs=(
  "GError|Sources/CRsvg/include/tabstage_rsvg.h|^struct _GError"
  "GLogField|Sources/CRsvg/include/tabstage_rsvg.h|^struct _GLogField"
  "RsvgRectangle|Sources/CRsvg/include/tabstage_rsvg.h|^struct _RsvgRectangle"
  "PangoRectangle|Sources/CPango/include/tabstage_pango.h|^struct _PangoRectangle"
  "FcFontSet|Sources/CRsvg/include/tabstage_rsvg.h|^typedef struct _FcFontSet"
  "struct spng_ihdr|Sources/CSpng/include/tabstage_spng.h|^struct spng_ihdr"
  "tjscalingfactor|Sources/CTurboJPEG/include/tabstage_turbojpeg.h|^typedef struct {$"
  "FT_Generic|Sources/CFontQuery/include/tabstage_freetype.h|typedef struct  FT_Generic_"
  "FT_ListRec|Sources/CFontQuery/include/tabstage_freetype.h|typedef struct  FT_ListRec_"
  "FT_BBox|Sources/CFontQuery/include/tabstage_freetype.h|typedef struct  FT_BBox_"
  "FT_FaceRec|Sources/CFontQuery/include/tabstage_freetype.h|typedef struct  FT_FaceRec_"
  "TT_OS2|Sources/CFontQuery/include/tabstage_freetype.h|typedef struct  TT_OS2_"
  "WebPConfig|Sources/CWebP/include/tabstage_webp.h|^struct WebPConfig {"
  "WebPPicture|Sources/CWebP/include/tabstage_webp.h|^struct WebPPicture {"
  "WebPData|Sources/CWebP/include/tabstage_webp.h|^struct WebPData {"
  "WebPMuxAnimParams|Sources/CWebP/include/tabstage_webp.h|^struct WebPMuxAnimParams {"
  "WebPAnimEncoderOptions|Sources/CWebP/include/tabstage_webp.h|^struct WebPAnimEncoderOptions {"
  "WebPIterator|Sources/CWebP/include/tabstage_webp.h|^struct WebPIterator {"
  "WebPAnimDecoderOptions|Sources/CWebP/include/tabstage_webp.h|^struct WebPAnimDecoderOptions {"
  "xmlError|Sources/CXML/include/tabstage_xml.h|^struct _xmlError {"
  "xmlSAXHandler|Sources/CXML/include/tabstage_xml.h|^struct _xmlSAXHandler {"
)
{
  echo '#include <stdio.h>'
  echo '#include <stddef.h>'
  for header in "${headers[@]}"; do echo "#include \"$(basename "$header")\""; done
  echo '#define V(x) printf("%s %lld\n", #x, (long long)(x));'
  echo '#define T(t) printf("%s size %zu signed %d\n", #t, sizeof(t), (t)-1 < (t)0);'
  echo '#define S(t) printf("%s size %zu\n", #t, sizeof(t));'
  echo '#define F(t, f) printf("%s.%s %zu %zu\n", #t, #f, offsetof(t, f), sizeof(((t *)0)->f));'
  echo 'int main(void) {'
  for constant in $constants; do echo "V($constant)"; done
  echo 'V(FcTrue) V(FcFalse) V(PANGO_SCALE)'
  echo 'printf("%s %s %s %s %s\n", FC_FAMILY, FC_FAMILYLANG, FC_FULLNAME, FC_FULLNAMELANG, FC_POSTSCRIPT_NAME);'
  for type in GLogLevelFlags GLogWriterOutput cairo_status_t cairo_operator_t cairo_hint_style_t cairo_hint_metrics_t \
    cairo_format_t cairo_extend_t cairo_filter_t FcSetName PangoWeight gsize gssize gboolean guint8 GQuark FcChar8 FcBool \
    'enum spng_color_type' 'enum spng_filter_choice' 'enum spng_format' 'enum spng_ctx_flags' 'enum spng_decode_flags' \
    'enum spng_encode_flags' 'enum spng_option' 'enum libdeflate_result' 'enum TJSAMP' 'enum TJPF' 'enum TJCS' \
    FT_Char FT_Byte FT_String FT_Short FT_UShort FT_Int FT_Long FT_ULong FT_Error FT_Pos FT_Sfnt_Tag \
    WebPImageHint WebPPreset WebPEncCSP WebPEncodingError WEBP_CSP_MODE WebPMuxAnimDispose WebPMuxAnimBlend WebPDemuxState \
    WebPFormatFeature xmlChar xmlErrorLevel xmlParserOption; do
    echo "T($type)"
  done
  for entry in "${structs[@]}"; do
    IFS='|' read -r type header start <<< "$entry"
    echo "S($type)"
    for field in $(fields_of "$header" "$start"); do echo "F($type, $field)"; done
  done
  echo 'return 0; }'
} > "$work/values.c"

# shellcheck disable=SC2086
"$cc" -Wall -Werror -DTABSTAGE_WITH_SYSTEM_HEADERS $flags "${includes[@]}" -o "$work/system" "$work/values.c"
"$cc" -Wall -Werror "${includes[@]}" -o "$work/declared" "$work/values.c"
"$work/system" > "$work/system.txt"
"$work/declared" > "$work/declared.txt"
if ! diff -u --label "the libraries' headers" --label "tabstage's declarations" "$work/system.txt" "$work/declared.txt"; then
  echo "check-library-declarations: tabstage's declarations differ from the libraries' headers (above)" >&2
  exit 1
fi
echo "check-library-declarations: $(wc -l < "$work/declared.txt") constants, types and fields agree; every trampoline file compiles against the libraries' headers"
