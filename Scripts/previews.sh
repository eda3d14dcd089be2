#!/usr/bin/env bash
# Regenerates docs/previews/*.png (device frames, 2 px per point, as sharp as a Retina screen shows them) from the examples listed in
# docs/previews/previews.tsv, the DocC catalog's pictures (Sources/TabStage/TabStage.docc/Resources)
# from docs/previews/docc.tsv, and docs/previews/motion.webp from Examples/motion.yaml. swift test
# fails while any of them differs from what this writes.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/setup.sh
swift build --product tabstage
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The gallery: docs/previews/NAME.png for each line of the list (NAME, scenario, snapshot or
# VARIANT/SNAPSHOT), drawn by `tabstage previews` (the device around the window, 2 px a point).
.build/debug/tabstage previews docs/previews/previews.tsv --out docs/previews
# The DocC catalog's pictures: NAME@2x.png, and NAME~dark@2x.png for a variant's dark twin, so
# an article's ![...](NAME) follows the reader's appearance. DocCPreviewTests checks them.
.build/debug/tabstage previews docs/previews/docc.tsv --docc Sources/TabStage/TabStage.docc/Resources
# The animated preview: Examples/motion.yaml (collapse, fling, bounce) as a small lossy WebP.
# PreviewTests renders it with the same options and fails while the file differs.
.build/debug/tabstage run Examples/motion.yaml --out "$work/animation" --format svg --device-frame \
  --animate webp --animate-scale 0.8 --animate-quality 40 > /dev/null
cp "$work/animation/motion/motion.webp" docs/previews/motion.webp
echo "docs/previews/motion.webp  <- Examples/motion.yaml (--animate webp)"
# The accessibility gallery picture: Examples/x-profile.yaml's first snapshot with its
# accessibility elements boxed and listed (run --accessibility), at 2 px a point like the rest of the
# gallery. AccessibilityTests checks it.
.build/debug/tabstage run Examples/x-profile.yaml --out "$work/accessibility" --format png --scale 2 --accessibility > /dev/null 2>&1
cp "$work/accessibility/x-profile/posts.accessibility.png" docs/previews/accessibility.png
echo "docs/previews/accessibility.png  <- Examples/x-profile.yaml (posts, --accessibility)"
