#!/usr/bin/env bash
# The Python tools the test suite checks tabstage's output with, installed from PyPI into a
# virtual environment in .build/test-tools (only when one is missing, so it is quick to run
# again): check-jsonschema validates scenarios against `tabstage schema`, resvg renders the
# reference SVGs as another renderer would. Run by Scripts/test.sh;
# the tests find them there (a test that needs one skips only outside the test script).
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/test-tools
# opentype-feature-freezer (with fontTools) bakes Inter's tabular digits into a font resvg can
# read: resvg applies no OpenType features, so the portability test gives it "Inter Tabular" as a
# font of its own, as tabstage's fontconfig gives it to Pango.
tools=("check-jsonschema==0.39.0" "resvg-cli==0.44.0" "opentype-feature-freezer==1.32.2" "fonttools==4.68.0")
commands=(check-jsonschema resvg pyftfeatfreeze)

missing=0
for c in "${commands[@]}"; do [ -x "$venv/bin/$c" ] || missing=1; done
[ "$missing" -eq 0 ] && exit 0

echo "tabstage test tools: installing ${tools[*]} into $venv" >&2
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check "${tools[@]}" >&2
