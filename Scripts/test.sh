#!/usr/bin/env bash
# The README's test command (and CI's): installs what is missing (Debian packages and the
# Python test tools), runs each fuzzer for
# FUZZ_SECONDS (default 60; 0 skips them), checks formatting (Scripts/format.sh --lint) and the
# declarations of the libraries loaded on first use (Scripts/check-library-declarations.sh), runs the
# whole test suite, builds the documentation (warnings are errors) and builds the README's example
# in a new package that depends on this one.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/setup.sh --test
Scripts/test-tools.sh
# The tests that need a test tool fail, instead of skipping, when this script runs them.
export TABSTAGE_TEST_SCRIPT=1
Scripts/format.sh --lint
Scripts/check-library-declarations.sh
seconds=${FUZZ_SECONDS:-60}
if [ "$seconds" -gt 0 ]; then
  Scripts/fuzz.sh "$seconds"
fi
swift test "$@"

docs=$(mktemp -d)
trap 'rm -rf "$docs"' EXIT
swift package --allow-writing-to-directory "$docs" generate-documentation --target TabStage \
  --output-path "$docs/TabStage.doccarchive" --warnings-as-errors >&2
Scripts/check-downstream.sh
