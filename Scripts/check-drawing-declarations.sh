#!/usr/bin/env bash
# Checks the declarations tabstage keeps of GLib, cairo, librsvg, fontconfig and Pango
# (Sources/CRsvg/include/tabstage_rsvg.h, Sources/CPango/include/tabstage_pango.h: no command
# links these libraries, their functions are trampolines that load them on first use) against
# the libraries' own headers from Debian's -dev packages (Scripts/setup.sh installs them):
# - every trampoline's prototype: lazy_libraries.c and lazy_pango.c compiled with the real
#   headers instead of tabstage's, warnings as errors;
# - every constant, enum value, enum size and signedness and struct layout the declarations
#   give: printed by one small program built against each set of headers, the lists equal.
# Exit status 0 when all agree, 1 with the differences otherwise.
#   Scripts/check-drawing-declarations.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cc=${CC:-cc}
flags=$(pkg-config --cflags librsvg-2.0 pangocairo fontconfig)
includes=(-ISources/CRsvg/include -ISources/CPango/include)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# shellcheck disable=SC2086  # pkg-config's flags are words
for file in Sources/CRsvg/lazy_libraries.c Sources/CPango/lazy_pango.c; do
  "$cc" -fsyntax-only -Wall -Werror -DTABSTAGE_WITH_SYSTEM_HEADERS $flags "${includes[@]}" "$file"
done

# Every enum constant and macro constant tabstage's headers declare, found in them.
constants=$(grep -hoE '^\s*(CAIRO_[A-Z0-9_]+|G_LOG_[A-Z_]+|PANGO_WEIGHT_[A-Z]+|FcSet[A-Za-z]+)\b' \
  Sources/CRsvg/include/tabstage_rsvg.h Sources/CPango/include/tabstage_pango.h | tr -d ' ' | sort -u)
{
  echo '#include <stdio.h>'
  echo '#include <stddef.h>'
  echo '#include "tabstage_pango.h"'
  echo '#define V(x) printf("%s %lld\n", #x, (long long)(x));'
  echo '#define T(t) printf("%s size %zu signed %d\n", #t, sizeof(t), (t)-1 < (t)0);'
  echo '#define F(t, f) printf("%s.%s %zu %zu\n", #t, #f, offsetof(t, f), sizeof(((t *)0)->f));'
  echo 'int main(void) {'
  for constant in $constants; do echo "V($constant)"; done
  echo 'V(FcTrue) V(FcFalse) V(PANGO_SCALE)'
  echo 'printf("%s %s %s %s %s\n", FC_FAMILY, FC_FAMILYLANG, FC_FULLNAME, FC_FULLNAMELANG, FC_POSTSCRIPT_NAME);'
  for type in GLogLevelFlags GLogWriterOutput cairo_status_t cairo_operator_t cairo_hint_style_t cairo_hint_metrics_t \
    cairo_format_t cairo_extend_t cairo_filter_t FcSetName PangoWeight gsize gssize gboolean guint8 GQuark FcChar8 FcBool; do
    echo "T($type)"
  done
  echo 'T(GError) F(GError, domain) F(GError, code) F(GError, message)'
  echo 'T(GLogField) F(GLogField, key) F(GLogField, value) F(GLogField, length)'
  echo 'T(RsvgRectangle) F(RsvgRectangle, x) F(RsvgRectangle, y) F(RsvgRectangle, width) F(RsvgRectangle, height)'
  echo 'T(PangoRectangle) F(PangoRectangle, x) F(PangoRectangle, y) F(PangoRectangle, width) F(PangoRectangle, height)'
  echo 'T(FcFontSet) F(FcFontSet, nfont) F(FcFontSet, sfont) F(FcFontSet, fonts)'
  echo 'return 0; }'
} > "$work/values.c"
# T() on a struct type would not compile: print its size alone.
sed -i -E 's/T\((GError|GLogField|RsvgRectangle|PangoRectangle|FcFontSet)\)/printf("%s size %zu\\n", "\1", sizeof(\1));/g' "$work/values.c"

# shellcheck disable=SC2086
"$cc" -Wall -Werror -DTABSTAGE_WITH_SYSTEM_HEADERS $flags "${includes[@]}" -o "$work/system" "$work/values.c"
"$cc" -Wall -Werror "${includes[@]}" -o "$work/declared" "$work/values.c"
"$work/system" > "$work/system.txt"
"$work/declared" > "$work/declared.txt"
if ! diff -u --label "the libraries' headers" --label "tabstage's declarations" "$work/system.txt" "$work/declared.txt"; then
  echo "check-drawing-declarations: tabstage's declarations differ from the libraries' headers (above)" >&2
  exit 1
fi
echo "check-drawing-declarations: $(wc -l < "$work/declared.txt") constants, types and fields agree; both trampoline files compile against the libraries' headers"
