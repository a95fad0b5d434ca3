#!/usr/bin/env bash
# Sets everything up and runs every test: installs packages, checks the sources' formatting (.clang-format),
# builds (Release, with tests, the Python module and benchmarks), runs ctest, then threads_tests under
# ThreadSanitizer, and ctest again under ASan+UBSan in a clang build that also makes the libFuzzer targets,
# each of which then runs briefly.
# Corpus tests read AEM_CORPUS_DIR (e.g. ../shared/corpus); unset, they are reported as skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

bash scripts/install-deps.sh --tests
bash scripts/check_format.sh

# New build folders use Ninja: it compiles a target's sources while the libraries it links are still
# building, where Make waits (CMAKE_GENERATOR does not change a folder configured before).
export CMAKE_GENERATOR=${CMAKE_GENERATOR:-Ninja}
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DAEM_BUILD_TESTS=ON -DAEM_BUILD_BENCH=ON -DAEM_BUILD_PYTHON=ON >/dev/null
cmake --build build -j"$jobs"
(cd build && ctest --output-on-failure -j"$jobs" --timeout 600)

# sanitizer_build OPT sets sanitizer_flags, CMake's options for a sanitizer build at optimisation OPT:
# -g1 (line tables only) builds much quicker than -g, and every report still has its file and line.
sanitizer_build() {
  sanitizer_flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=$1 -g1 -DNDEBUG"
    "-DCMAKE_C_FLAGS_RELWITHDEBINFO=$1 -g1 -DNDEBUG" -DAEM_BUILD_BENCH=OFF)
}

# ThreadSanitizer: only the concurrency test and what it links (readers, C API, animators) under
# -fsanitize=thread; any data race fails it (TSAN_OPTIONS halt_on_error). At -O0: the library compiles
# in 13% less time than at -O1 and the test runs 1.5 s longer.
sanitizer_build -O0
cmake -S . -B build-tsan "${sanitizer_flags[@]}" -DAEM_TSAN=ON >/dev/null
cmake --build build-tsan -j"$jobs" --target threads_tests
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" build-tsan/tests/threads_tests

# AddressSanitizer and UBSan (-DAEM_SANITIZE=ON; undefined behaviour is not recovered from), built by clang
# with the libFuzzer targets (-DAEM_BUILD_FUZZ=ON), so that one instrumented build of the library serves
# both: the ctest suite, leaks included, except the labels whose tests run no instrumented code of ours
# or cannot run it:
#   web              the browser build is Emscripten's, not this one;
#   python           not built here (an instrumented module would need the ASan runtime preloaded into Python);
#   blender          the add-on runs inside Blender's own process, which this build does not instrument;
#   render, viewer   OpenGL through Mesa's llvmpipe under xvfb, a driver this build does not instrument
#                    (this build makes neither these nor the Blender test programs: tests/CMakeLists.txt);
#   install, pipeline  they build other projects against this tree with their own flags, which cannot link
#                    the sanitizer runtime.
# and, by name, ConvertMemory: it bounds the tool's peak memory, which ASan's shadow and quarantine raise;
# the tests that need Assimp (not instrumented) to crash on a file (ThirdPartyFormats.CrashInside*, the
# sweep's crash counts): under ASan's allocator its overrun lands in mapped memory and it does not crash;
# Gltf1.ConvertsInfoAndRenders, whose `aem render` runs the uninstrumented GL driver, as the render label;
# and ErrorCodes and DocCitations, which read the source tree and docs and run none of the library (their
# std::regex in the tests' unoptimised code took half a minute here).
# Exit code 99: a command the tests expect to fail exits 1, so a sanitizer's exit must not look like
# that. allocator_may_return_null: an allocation the machine cannot meet fails as it does
# without the sanitizer (std::bad_alloc, which the readers turn into an error), not as a report.
sanitizer_build -O1
CC=clang CXX=clang++ cmake -S . -B build-sanitize "${sanitizer_flags[@]}" -DAEM_SANITIZE=ON -DAEM_BUILD_FUZZ=ON >/dev/null
cmake --build build-sanitize -j"$jobs"
(cd build-sanitize && ASAN_OPTIONS="exitcode=99 allocator_may_return_null=1" UBSAN_OPTIONS="exitcode=99 print_stacktrace=1" \
  ctest --output-on-failure -j"$jobs" --timeout 600 -LE '^(web|python|blender|render|viewer|install|pipeline)$' \
  -E '^(ConvertMemory\.|ThirdPartyFormats\.CrashInside|sweep\.script$|Gltf1\.ConvertsInfoAndRenders$|ErrorCodes\.|DocCitations\.)')

if [ "${AEM_SKIP_FUZZ:-0}" != 1 ]; then
  AEM_FUZZ_BUILD_DIR=build-sanitize bash scripts/fuzz.sh "${AEM_FUZZ_SECONDS:-20}"
fi
