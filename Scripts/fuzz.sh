#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ with AddressSanitizer and runs each for SECONDS
# (default 60) on a copy of its seed corpus (Fuzz/corpus/), so the repository is never changed;
# as many fuzzers run at once as there are cores.
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
# Each fuzzer is one process on one core: as many run at once as there are cores, each for its
# full SECONDS (libFuzzer's -max_total_time), and the results are printed in the list's order.
targets=(FuzzScenario:scenario FuzzPNG:png FuzzOutputNames:manifest FuzzTemplates:templates)
fuzz() {
  local name=$1 seeds=$2 extra=()
  mkdir -p "$work/$name"
  cp Fuzz/corpus/"$seeds"/* "$work/$name/"
  [ "$name" = FuzzTemplates ] && extra=(-dict=Fuzz/templates.dict)
  if ASAN_OPTIONS="detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}" "$bin/$name" "$work/$name" "${extra[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 \
       -artifact_prefix="$work/$name-" -print_final_stats=1 > "$work/$name.log" 2>&1; then
    echo 0 > "$work/$name.status"
  else
    echo 1 > "$work/$name.status"
  fi
}
cores=$(nproc)
running=0
for target in "${targets[@]}"; do
  fuzz "${target%%:*}" "${target##*:}" &
  running=$((running + 1))
  if [ "$running" -ge "$cores" ]; then
    wait -n
    running=$((running - 1))
  fi
done
wait
status=0
for target in "${targets[@]}"; do
  name=${target%%:*}
  log="$work/$name.log"
  if [ "$(cat "$work/$name.status")" = 0 ]; then
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
