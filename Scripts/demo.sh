#!/usr/bin/env bash
# The README's main command: installs what is missing, builds tabstage and runs the bundled
# profile scenario on today's iOS (Examples/profile-ios26.yaml: iOS 26, Liquid Glass), writing
# SVG, PNG and trace.json into out/profile-ios26/.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/setup.sh
swift build --product tabstage
.build/debug/tabstage run Examples/profile-ios26.yaml --out out
echo "Open out/profile-ios26/*.png to see the snapshots; out/profile-ios26/trace.json has every step's state."
