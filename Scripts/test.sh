#!/usr/bin/env bash
# The README's test command (and CI's): installs what is missing, runs each fuzzer for
# FUZZ_SECONDS (default 60; 0 skips them), then the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/setup.sh
seconds=${FUZZ_SECONDS:-60}
if [ "$seconds" -gt 0 ]; then
  Scripts/fuzz.sh "$seconds"
fi
swift test "$@"
