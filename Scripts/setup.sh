#!/usr/bin/env bash
# Installs the Debian packages tabstage builds and renders with (libraries and fonts), only
# when one is missing, so it is quick and safe to run again. `--test` adds what only the test
# suite uses: Chromium (the page tests), xmllint (the SVG check) and Python's venv (for the
# test tools Scripts/test-tools.sh installs). Uses sudo when not root.
set -euo pipefail

# What `tabstage` renders with: Scripts/demo.sh needs only these. `swift build` links none of
# these libraries (tabstage loads each on first use, by its SONAME); the -dev packages bring the
# libraries themselves (librsvg2-2, libcairo2, libglib2.0-0, libfontconfig1, libpango-1.0-0,
# libpangocairo-1.0-0, libspng0, libdeflate0, libwebp7, libwebpmux3, libwebpdemux2, libturbojpeg0,
# libfreetype6, libxml2, libssl3 for libcrypto) and the headers Scripts/check-library-declarations.sh checks tabstage's
# declarations against.
packages=(pkg-config librsvg2-dev libpango1.0-dev libspng-dev libdeflate-dev libwebp-dev libturbojpeg0-dev libfreetype-dev
  libxml2-dev libssl-dev fonts-inter fonts-dejavu-core fonts-symbola)
# What only the tests use: Scripts/test.sh passes --test.
test_packages=(chromium libxml2-utils python3-venv)

case "${1:-}" in
  --test) packages+=("${test_packages[@]}") ;;
  "") ;;
  *) echo "usage: Scripts/setup.sh [--test]" >&2; exit 2 ;;
esac

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
echo "tabstage setup: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
