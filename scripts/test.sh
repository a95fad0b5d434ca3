#!/usr/bin/env bash
# Sets everything up and runs every test: installs packages, builds (Release, with tests, the Python module and
# benchmarks), runs ctest, then runs each fuzz target briefly (clang, ASan+UBSan).
# Corpus tests read AEM_CORPUS_DIR (e.g. ../shared/corpus); unset, they are reported as skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

bash scripts/install-deps.sh --tests

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DAEM_BUILD_TESTS=ON -DAEM_BUILD_BENCH=ON -DAEM_BUILD_PYTHON=ON >/dev/null
cmake --build build -j"$jobs"
(cd build && ctest --output-on-failure -j"$jobs" --timeout 600)

# ThreadSanitizer: only the concurrency test and what it links (readers, C API, animators) under
# -fsanitize=thread; any data race fails it (TSAN_OPTIONS halt_on_error).
cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAEM_TSAN=ON -DAEM_BUILD_BENCH=OFF >/dev/null
cmake --build build-tsan -j"$jobs" --target threads_tests
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" build-tsan/tests/threads_tests

if [ "${AEM_SKIP_FUZZ:-0}" != 1 ]; then
  bash scripts/fuzz.sh "${AEM_FUZZ_SECONDS:-20}"
fi
