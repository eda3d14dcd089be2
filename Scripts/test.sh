#!/usr/bin/env bash
# The README's test command (and CI's): installs what is missing, then runs the whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/setup.sh
swift test "$@"
