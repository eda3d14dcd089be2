#!/usr/bin/env bash
# Builds the README's example the way a new user would: a fresh package whose Package.swift is
# the README's manifest block and whose only test file is the Swift block right after it,
# depending on this checkout by path (as ../tabstage). Nothing in the README is changed on the
# way, so the README's dependency lines and example cannot rot. It resolves and builds the
# dependencies in its own scratch folder, so it takes a few minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The README's ```swift blocks: the one that starts with // swift-tools-version, and the next.
extract() {
  awk -v want="$1" '
    /^```swift$/ && !inside { inside = 1; block = ""; lines = 0; next }
    /^```$/ && inside {
      inside = 0; count++
      if (manifest == 0 && first ~ /^\/\/ swift-tools-version/) { manifest = count }
      if ((want == "manifest" && count == manifest) || (want == "example" && manifest && count == manifest + 1)) {
        printf "%s", block; exit
      }
      next
    }
    inside { if (lines == 0) first = $0; block = block $0 "\n"; lines++ }
  ' README.md
}
extract manifest > "$work/Package.swift.in"
extract example > "$work/Example.swift.in"
[ -s "$work/Package.swift.in" ] || { echo "check-downstream: README.md has no // swift-tools-version block" >&2; exit 2; }
[ -s "$work/Example.swift.in" ] || { echo "check-downstream: README.md has no Swift block after its Package.swift" >&2; exit 2; }

# The manifest's test target name decides the folder of the example.
target=$(sed -n 's/.*\.testTarget(name: "\([^"]*\)".*/\1/p' "$work/Package.swift.in" | head -n 1)
[ -n "$target" ] || { echo "check-downstream: the README's Package.swift declares no test target" >&2; exit 2; }

ln -s "$root" "$work/tabstage"
mkdir -p "$work/consumer/Tests/$target"
mv "$work/Package.swift.in" "$work/consumer/Package.swift"
mv "$work/Example.swift.in" "$work/consumer/Tests/$target/Example.swift"
echo "check-downstream: building the README's example in $work/consumer (depends on ../tabstage)" >&2
# The consumer's own code builds with warnings as errors; tabstage's warnings (which SwiftPM
# prints for a dependency but never turns into errors) are looked for in the log: a user must
# not see a warning from tabstage in their build.
log="$work/build.log"
status=0
swift build --build-tests --package-path "$work/consumer" -Xswiftc -warnings-as-errors >"$log" 2>&1 || status=$?
cat "$log" >&2
if [ "$status" -ne 0 ]; then
  echo "check-downstream: the README's example does not build with -warnings-as-errors (exit $status)" >&2
  exit 1
fi
if grep -E ": warning:" "$log" | grep -F -e "$root/Sources/" -e "$work/tabstage/Sources/" >&2; then
  echo "check-downstream: a build depending on tabstage prints tabstage's warnings (above); fix them in Sources/" >&2
  exit 1
fi
echo "check-downstream: the README's example builds with no warnings from tabstage" >&2
