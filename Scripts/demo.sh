#!/usr/bin/env bash
# The README's main command: installs what is missing, builds tabstage and runs the bundled
# example scenario, writing SVG, PNG and trace.json into out/profile/.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/setup.sh
swift build --product tabstage
.build/debug/tabstage run Examples/profile.yaml --out out
echo "Open out/profile/*.png to see the snapshots; out/profile/trace.json has every step's state."
