#!/usr/bin/env bash
# The README's test commands. Both install what is missing (Debian packages with
# Scripts/setup.sh --test, using sudo when not root, and the Python test tools with
# Scripts/test-tools.sh) and are safe to run again.
#
#   Scripts/test.sh [SWIFT-TEST-ARGUMENTS...]
#     the fast command: checks formatting (Scripts/format.sh --lint) and the declarations of the
#     libraries loaded on first use (Scripts/check-library-declarations.sh), then runs
#     `swift test` (with the arguments given).
#   Scripts/test.sh --ci [SWIFT-TEST-ARGUMENTS...]
#     CI's command (.ci/run): the fast command, then each fuzzer for FUZZ_SECONDS (default 60;
#     0 skips them), the documentation (warnings are errors) and the README's example built in
#     a new package that depends on this one (Scripts/check-downstream.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
ci=0
if [ "${1:-}" = "--ci" ]; then
  ci=1
  shift
fi
# Each part's wall time goes to stderr as it ends ("test.sh: swift test: 251 s"), so a slow run
# says where its time went.
timed() {
  local name=$1 start=$SECONDS
  shift
  "$@"
  echo "test.sh: $name: $((SECONDS - start)) s" >&2
}
timed setup Scripts/setup.sh --test
timed "test tools" Scripts/test-tools.sh
# The tests that need a test tool fail, instead of skipping, when this script runs them.
export TABSTAGE_TEST_SCRIPT=1
timed lint Scripts/format.sh --lint
timed "library declarations" Scripts/check-library-declarations.sh
timed "swift test" swift test "$@"
[ "$ci" -eq 1 ] || exit 0

seconds=${FUZZ_SECONDS:-60}
if [ "$seconds" -gt 0 ]; then
  timed fuzzing Scripts/fuzz.sh "$seconds"
fi
docs=$(mktemp -d)
trap 'rm -rf "$docs"' EXIT
documentation() {
  swift package --allow-writing-to-directory "$docs" generate-documentation --target TabStage \
    --output-path "$docs/TabStage.doccarchive" --warnings-as-errors >&2
}
timed documentation documentation
timed "downstream build" Scripts/check-downstream.sh
echo "test.sh: everything: $SECONDS s" >&2
