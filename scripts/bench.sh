#!/usr/bin/env bash
# Builds the benchmarks (Release) and runs them all, or those named as arguments (e.g. bench_aem_load).
# Each prints Google Benchmark's table; docs/performance.md records the figures and ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DAEM_BUILD_BENCH=ON >/dev/null
cmake --build build -j"$(nproc)"
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for b in build/bench/bench_*; do [ -x "$b" ] && targets+=("$(basename "$b")"); done
fi
for t in "${targets[@]}"; do
  echo "== $t"
  "build/bench/$t" --benchmark_counters_tabular=true
done
