#!/usr/bin/env bash
# Regenerates docs/previews/*.png (device frames, 2 px per point, as sharp as a Retina screen shows them) from the examples listed in
# docs/previews/previews.tsv, and docs/previews/motion.webp from Examples/motion.yaml. swift test
# fails while any preview differs from what this writes.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/setup.sh
swift build --product tabstage
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
while IFS=$'\t' read -r preview example snapshot; do
  case "$preview" in ''|'#'*) continue ;; esac
  out="$work/$preview"
  # A snapshot written VARIANT/NAME is that variant's (run --variant VARIANT), from OUT/<scenario>@VARIANT/.
  variant=()
  if [[ "$snapshot" == */* ]]; then
    variant=(--variant "${snapshot%%/*}")
    snapshot=${snapshot#*/}
  fi
  .build/debug/tabstage run "$example" "${variant[@]}" --out "$out" --format png --scale 2 --device-frame > /dev/null
  source=$(find "$out" -name "$snapshot.png" | head -n 1)
  [ -n "$source" ] || { echo "previews: $example has no snapshot named $snapshot" >&2; exit 2; }
  cp "$source" "docs/previews/$preview.png"
  echo "docs/previews/$preview.png  <- $example ($snapshot)"
done < docs/previews/previews.tsv
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
