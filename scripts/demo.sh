#!/usr/bin/env bash
# Sets everything up and runs the main job on the built-in example: generates a skinned, animated
# model, inspects, validates and poses it with the aem tool, then renders it (headless) to a PNG.
# Output goes to out/. With a display (DISPLAY or WAYLAND_DISPLAY set) it then opens the viewer on it.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DAEM_BUILD_TESTS=OFF -DAEM_BUILD_BENCH=OFF >/dev/null
cmake --build build -j"$(nproc)" --target aem_cli

aem=build/apps/aem/aem
mkdir -p out
echo "== aem example out/tube.aem"
$aem example out/tube.aem
echo "== aem info out/tube.aem"
$aem info out/tube.aem
echo "== aem validate out/tube.aem"
$aem validate out/tube.aem
echo "== aem pose out/tube.aem --anim bend --time 0.5"
$aem pose out/tube.aem --anim bend --time 0.5
echo "== aem render out/tube.aem -o out/example.png --anim bend --time 0.5 --skeleton"
$aem render out/tube.aem -o out/example.png --anim bend --time 0.5 --skeleton
echo "The rendered example is in $(pwd)/out/example.png"
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  cmake --build build -j"$(nproc)" --target aem_viewer
  echo "== aem-viewer out/tube.aem (close the window to finish)"
  build/apps/viewer/aem-viewer out/tube.aem
fi
