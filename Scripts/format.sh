#!/usr/bin/env bash
# Formats the Swift sources with swift-format and the repository's .swift-format (4-space
# indent, 140 columns), in place. With --lint, changes nothing and lists what it would change
# (exit status non-zero when there is any finding).
#   Scripts/format.sh [--lint]
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Tests Fuzz/Package.swift Fuzz/Sources)
case "${1:-}" in
  --lint) exec swift format lint --strict --parallel --recursive "${paths[@]}" ;;
  "") exec swift format format --in-place --parallel --recursive "${paths[@]}" ;;
  *) echo "usage: Scripts/format.sh [--lint]" >&2; exit 2 ;;
esac
