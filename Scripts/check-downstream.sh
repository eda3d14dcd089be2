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

# The command plugin, run from the same new package as a team runs it: `swift package tabstage`
# builds tabstage's binary for the package and runs it in the package's folder with the
# arguments unchanged. A small scenario is recorded, verified, refused when it changed (the
# binary's one line and "Plugin ended with exit code 1"), and a bad argument gives the binary's
# one-line error and exit code 2. Everything it writes stays in the temporary package.
consumer="$work/consumer"
plugin() {
  swift package --package-path "$consumer" --allow-writing-to-package-directory tabstage "$@"
}
mkdir -p "$consumer/Scenarios"
cat > "$consumer/Scenarios/plugin check.yaml" <<'YAML'
name: plugin-check
device: iphone-17
container:
  header: {height: 200, minHeight: 44, title: "Jane"}
  tabs:
    - {title: Posts, rows: 20, rowHeight: 60}
steps:
  - snapshot: top
YAML
echo "check-downstream: running the tabstage plugin in $consumer" >&2
# A path with a space, relative to the package: passed through as one argument.
plugin record "Scenarios/plugin check.yaml" >"$work/plugin.log" 2>&1 || { cat "$work/plugin.log" >&2; echo "check-downstream: the plugin's record failed" >&2; exit 1; }
[ -f "$consumer/Snapshots/plugin-check/top.png" ] || { cat "$work/plugin.log" >&2; echo "check-downstream: the plugin's record wrote no Snapshots/plugin-check/top.png in the package" >&2; exit 1; }
plugin verify "Scenarios/plugin check.yaml" --report "$work/report" >"$work/plugin.log" 2>&1 || { cat "$work/plugin.log" >&2; echo "check-downstream: the plugin's verify of what it recorded failed" >&2; exit 1; }
# A changed scenario: verify fails with the binary's own lines, and swift package exits 1.
sed -i.bak 's/height: 200/height: 240/' "$consumer/Scenarios/plugin check.yaml" && rm -f "$consumer/Scenarios/plugin check.yaml.bak"
status=0
plugin verify "Scenarios/plugin check.yaml" --report "$work/report" >"$work/plugin.log" 2>&1 || status=$?
if [ "$status" -ne 1 ] || ! grep -q "Plugin ended with exit code 1" "$work/plugin.log"; then
  cat "$work/plugin.log" >&2
  echo "check-downstream: the plugin's verify of a changed scenario did not fail with the binary's exit code 1 (swift package exited $status)" >&2
  exit 1
fi
# Bad input: the binary's one line (exit 2), no Swift stack.
status=0
plugin run "Scenarios/plugin check.yaml" --docc "Scenarios/plugin check.yaml" >"$work/plugin.log" 2>&1 || status=$?
if [ "$status" -ne 1 ] || ! grep -q "^tabstage: error: --docc 'Scenarios/plugin check.yaml' is a file, not a folder" "$work/plugin.log" \
  || ! grep -q "Plugin ended with exit code 2" "$work/plugin.log" || grep -q "Stack dump\|Fatal error" "$work/plugin.log"; then
  cat "$work/plugin.log" >&2
  echo "check-downstream: the plugin did not pass the binary's one-line error and exit code 2 through" >&2
  exit 1
fi
echo "check-downstream: the tabstage plugin records, verifies and fails as the binary does" >&2

# What an iOS test target links: a new package depending on the TabStageDriver product only,
# built with a pkg-config that always fails (a system library looked up would stop the build),
# and then checked to have compiled no tabstage module but TabStageDriver. Its "app" is a small
# container of its own (the selected tab and the window, as a UI test reads them) that plays a
# plan `tabstage plan` wrote and writes the trace; `tabstage conform` must accept it (exit 0).
driver="$work/driver-only"
mkdir -p "$driver/Sources/PlanApp" "$work/no-pkg-config"
printf '#!/bin/sh\necho "pkg-config: no system library is available to a package depending on TabStageDriver" >&2\nexit 1\n' >"$work/no-pkg-config/pkg-config"
chmod +x "$work/no-pkg-config/pkg-config"
cat > "$driver/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "driver-only",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "../tabstage")],
    targets: [.executableTarget(name: "PlanApp", dependencies: [.product(name: "TabStageDriver", package: "tabstage")])]
)
SWIFT
cat > "$driver/Sources/PlanApp/main.swift" <<'SWIFT'
import Foundation
import TabStageDriver

/// The app's container as a UI test reads it: the selected tab and the window it is in.
@MainActor final class AppContainer: RecordableContainer {
    var window: DrivenSize
    var selected = 0

    init(plan: DrivePlan) { window = plan.window }

    func perform(_ action: DrivenAction) async throws {
        switch action {
        case .select(let tab, _): selected = tab
        case .rotate(_, let size), .resize(let size, _): window = size
        default: throw CocoaError(.featureUnsupported)
        }
    }

    func observe() async -> ContainerObservation { ContainerObservation(window: window, selectedTab: selected) }
}

let arguments = CommandLine.arguments
do {
    let plan = try DrivePlan.read(from: URL(fileURLWithPath: arguments[1]))
    let trace = try await plan.play(driving: AppContainer(plan: plan))
    try trace.write(to: URL(fileURLWithPath: arguments[2]))
} catch {
    FileHandle.standardError.write(Data("PlanApp: \(error)\n".utf8))
    exit(2)
}
SWIFT
cat > "$driver/app.yaml" <<'YAML'
name: app
device: iphone-17
container:
  header: {height: 200, minHeight: 44, title: "Jane"}
  tabs:
    - {title: Posts, rows: 20, rowHeight: 60}
    - {title: Media, rows: 20, rowHeight: 60}
    - {title: Likes, rows: 20, rowHeight: 60}
steps:
  - select: Media
  - rotate: landscape
  - select: Likes
  - rotate: portrait
YAML
echo "check-downstream: building $driver (TabStageDriver only, pkg-config failing)" >&2
status=0
PATH="$work/no-pkg-config:$PATH" swift build --package-path "$driver" -Xswiftc -warnings-as-errors >"$work/driver.log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
  cat "$work/driver.log" >&2
  echo "check-downstream: a package depending on TabStageDriver alone does not build without pkg-config (exit $status)" >&2
  exit 1
fi
# SwiftPM makes a folder for every target of the graph; the ones holding object files were compiled.
built=$(cd "$driver/.build/debug" && for module in *.build; do
  if [ -n "$(find "$module" -name '*.o' | head -n 1)" ]; then echo "${module%.build}"; fi
done | sort | tr '\n' ' ')
if [ "$built" != "PlanApp TabStageDriver " ]; then
  echo "check-downstream: depending on TabStageDriver compiled more than it: $built" >&2
  exit 1
fi
bin=$(swift build --package-path "$root" --product tabstage --show-bin-path)
swift build --package-path "$root" --product tabstage >"$work/tabstage.log" 2>&1 || { cat "$work/tabstage.log" >&2; exit 1; }
"$bin/tabstage" plan "$driver/app.yaml" --out "$driver/app.plan.json" >&2
"$driver/.build/debug/PlanApp" "$driver/app.plan.json" "$driver/app.trace.json"
status=0
"$bin/tabstage" conform "$driver/app.yaml" "$driver/app.trace.json" >&2 || status=$?
if [ "$status" -ne 0 ]; then
  echo "check-downstream: tabstage conform refused the trace the driver-only app recorded (exit $status)" >&2
  exit 1
fi
echo "check-downstream: a package linking TabStageDriver alone builds without pkg-config, plays a plan and conforms" >&2
