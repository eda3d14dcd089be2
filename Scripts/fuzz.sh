#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ with AddressSanitizer and runs each for SECONDS
# (default 60) on a copy of its seed corpus (Fuzz/corpus/), so the repository is never changed.
# Exits 1 when a fuzzer finds a crash, a leak or a timeout, and prints where the input was kept.
#   Scripts/fuzz.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
Scripts/setup.sh
# lld: gold crashes linking the sanitizer runtime with our debug info.
flags=(-Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld)
swift build --package-path Fuzz --scratch-path .build-fuzz -c release "${flags[@]}" >&2
bin=$(swift build --package-path Fuzz --scratch-path .build-fuzz -c release "${flags[@]}" --show-bin-path)
work=$(mktemp -d)
# fontconfig's process-lifetime cache is not a leak (see the file).
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan-suppressions.txt:print_suppressions=0"
status=0
for target in FuzzScenario:scenario FuzzPNG:png FuzzOutputNames:manifest FuzzTemplates:templates; do
  name=${target%%:*}; seeds=${target##*:}
  mkdir -p "$work/$name"
  cp Fuzz/corpus/"$seeds"/* "$work/$name/"
  log="$work/$name.log"
  extra=(); [ "$name" = FuzzTemplates ] && extra=(-dict=Fuzz/templates.dict)
  if ASAN_OPTIONS="detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}" "$bin/$name" "$work/$name" "${extra[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 \
       -artifact_prefix="$work/$name-" -print_final_stats=1 > "$log" 2>&1; then
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
    echo "fuzz: $name ran ${seconds}s, $runs inputs, no crash"
  else
    status=1
    echo "fuzz: $name FAILED; the input and log are in $work (see $log)" >&2
    grep -E "ERROR|SUMMARY|Test unit written" "$log" | head -5 >&2
  fi
done
[ "$status" -eq 0 ] && rm -rf "$work"
exit "$status"
