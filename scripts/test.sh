#!/usr/bin/env bash
# Sets everything up and runs every test: installs packages, builds (Release, with tests and
# benchmarks), runs ctest, then runs each fuzz target briefly (clang, ASan+UBSan).
# Corpus tests read AEM_CORPUS_DIR (e.g. ../shared/corpus); unset, they are reported as skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

bash scripts/install-deps.sh --tests

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DAEM_BUILD_TESTS=ON -DAEM_BUILD_BENCH=ON >/dev/null
cmake --build build -j"$jobs"
(cd build && ctest --output-on-failure -j"$jobs" --timeout 600)

if [ "${AEM_SKIP_FUZZ:-0}" != 1 ]; then
  bash scripts/fuzz.sh "${AEM_FUZZ_SECONDS:-20}"
fi
