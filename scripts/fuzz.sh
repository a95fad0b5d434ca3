#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan+UBSan) and runs each for N seconds (default 60),
# seeded from tests/data and, when AEM_CORPUS_DIR is set, the shared corpus (FBX: files the tests' FBX
# writer makes, fuzz/make_fbx_seeds.cpp).
# AEM_FUZZ_BUILD_DIR names a clang build folder configured already with -DAEM_BUILD_FUZZ=ON (scripts/test.sh's
# sanitizer build, which also builds the tests): the targets are built and run there. Unset: build-fuzz.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}

if [ -n "${AEM_FUZZ_BUILD_DIR:-}" ]; then
  build=$AEM_FUZZ_BUILD_DIR
else
  build=build-fuzz
  CC=clang CXX=clang++ cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAEM_BUILD_FUZZ=ON \
    -DAEM_BUILD_TESTS=OFF -DAEM_BUILD_BENCH=OFF >/dev/null
fi
cmake --build "$build" -j"$(nproc)" --target fuzz_targets

# Each target is one single-threaded process: as many run at once as there are cores, and each
# writes its exit status beside its log, read once all have ended.
running=0
names=()
for target in "$build"/fuzz/fuzz_*; do
  [ -x "$target" ] || continue
  name=$(basename "$target")
  seeds=$build/seeds/$name
  mkdir -p "$seeds"
  while read -r seed; do cp "$seed" "$seeds/" 2>/dev/null || true; done < <(bash fuzz/seeds.sh "$name")
  [ "$name" = fuzz_fbx ] && "$build/fuzz/make_fbx_seeds" "$seeds"
  if [ "$running" -ge "$(nproc)" ]; then
    wait -n || true
    running=$((running - 1))
  fi
  echo "fuzz: $name for ${seconds}s"
  rm -f "$build/$name.status"
  (
    status=0
    ASAN_OPTIONS=detect_leaks=1 "$target" -max_total_time="$seconds" -rss_limit_mb=2048 -max_len=1048576 \
      -artifact_prefix="$build/$name-" -print_final_stats=0 "$seeds" 2>"$build/$name.log" || status=$?
    echo "$status" >"$build/$name.status"
  ) &
  running=$((running + 1))
  names+=("$name")
done
wait
failed=0
for name in "${names[@]}"; do
  if [ "$(cat "$build/$name.status" 2>/dev/null)" != 0 ]; then
    echo "fuzz: $name failed:"
    tail -n 60 "$build/$name.log"
    failed=1
  else
    echo "fuzz: $name: $(grep -E "^#[0-9]+[[:space:]]+DONE" "$build/$name.log" | tail -n 1)"
  fi
done
[ "$failed" = 0 ] || exit 1
echo "fuzz: all targets ran clean"
