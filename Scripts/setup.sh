#!/usr/bin/env bash
# Installs the Debian packages tabstage builds and renders with, only when one is missing,
# so it is quick and safe to run again. Uses sudo when not root.
set -euo pipefail

packages=(pkg-config librsvg2-dev libpango1.0-dev libspng-dev libdeflate-dev libwebp-dev libturbojpeg0-dev libfreetype-dev fonts-dejavu-core fonts-symbola chromium)

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
