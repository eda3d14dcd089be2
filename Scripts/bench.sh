#!/usr/bin/env bash
# Side-by-side benchmarks: tabstage against rsvg-convert, ImageMagick compare and pixelmatch
# (PyPI) on the same inputs in the same run. Prints a Markdown table of medians and ratios with
# the machine, versions and commands (BENCHMARKS.md holds the latest). Takes a few minutes.
# `Scripts/bench.sh memory` runs only the verify-at-scale memory section (peak memory and time
# for 6, 60 and 600 failing snapshots). `Scripts/bench.sh diff` runs only the diff section: tabstage
# against blazediff and pixelmatch-fast (installed from PyPI here, never by the product) and
# ImageMagick, and the parity corpus re-derived live. `Scripts/bench.sh instructions` counts
# instructions instead of time (valgrind's cachegrind; the count does not move with the machine's
# load): tabstage against blazediff, rsvg-convert and resvg (resvg-cli from PyPI) in the same run.
# `Scripts/bench.sh scale` counts instructions and peak memory of record, verify, run --frames
# and folder diff at 1, 10 and 100 copies of Examples/profile.yaml: wall time, CPU time and peak
# memory at every size (BENCH_SCALE_COPIES), instructions where cachegrind is affordable
# (BENCH_SCALE_COUNTED, default "1 10"). Writes the table into BENCHMARKS.md.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/setup.sh

# The peers and /usr/bin/time, installed when missing.
case "${1:-}" in
  memory) peers=(time) ;;
  instructions) peers=(valgrind librsvg2-bin binutils file) ;;
  scale) peers=(valgrind binutils time) ;;
  *) peers=(librsvg2-bin imagemagick time) ;;
esac
missing=()
for p in "${peers[@]}"; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi
if [ "${1:-}" = "memory" ] || [ "${1:-}" = "scale" ]; then
  swift build -c release --product tabstage >&2
  exec python3 Scripts/bench/bench.py "$1"
fi
if [ "${1:-}" = "diff" ] || [ "${1:-}" = "instructions" ]; then
  # The PyPI peers, pinned, in a virtual environment of the benchmark's own (never the
  # product's): the parity counts were produced by this blazediff.
  venv=.build/bench-venv
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  "$venv/bin/python" -c "import blazediff, pixelmatch, numba" 2>/dev/null && [ -x "$venv/bin/resvg" ] \
    || "$venv/bin/python" -m pip install -q "blazediff==6.0.2" "pixelmatch-fast==1.3.4" "resvg-cli==0.44.0" >&2
  swift build -c release --product tabstage >&2
  exec "$venv/bin/python" Scripts/bench/bench.py "$1"
fi
# pixelmatch (Python) is optional: the table says so when it cannot be installed.
python3 -c "import pixelmatch, PIL" 2>/dev/null || python3 -m pip install -q pixelmatch pillow >&2 || true

swift build -c release --product tabstage >&2
swift build -c release --product tabstage-bench >&2
exec python3 Scripts/bench/bench.py "$@"
