#!/usr/bin/env bash
# The library builds without the layers above it (CMakeLists.txt options):
#   1. AEM_BUILD_RUNTIME_ONLY with every package lookup disabled: builds, installs, and a C program
#      built against that install (find_package(aem COMPONENTS runtime)) loads a model;
#   2. the toolkit without the renderer, the apps and Assimp configures with CLI11, Assimp and every
#      pkg-config module but stb hidden.
# Usage: check_layers.sh SOURCE_DIR AEM_TOOL (the tool writes the model the C program loads).
set -euo pipefail
src=$(cd "$1" && pwd)
aem=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
options=(--no-warn-unused-cli -DCMAKE_BUILD_TYPE=Release)
command -v ninja >/dev/null && options+=(-G Ninja)
command -v ccache >/dev/null && options+=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
hidden=()
for package in fmt meshoptimizer assimp CLI11 GTest benchmark Threads PkgConfig LzmaSdk; do
  hidden+=(-DCMAKE_DISABLE_FIND_PACKAGE_$package=ON)
done

cmake -S "$src" -B "$work/runtime" "${options[@]}" -DAEM_BUILD_RUNTIME_ONLY=ON "${hidden[@]}" >/dev/null
cmake --build "$work/runtime" >/dev/null
cmake --install "$work/runtime" --prefix "$work/prefix" >/dev/null
test ! -e "$work/prefix/bin/aem"
cmake -S "$src/tests/install/c_consumer" -B "$work/c_build" "${options[@]}" -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/c_build" >/dev/null
"$aem" example "$work/tube.aem" --rings 3 --segments 4 --joints 2 >/dev/null
out=$("$work/c_build/c_consumer" "$work/tube.aem")
[ "$out" = "vertices 15 triangles 16 bones 2 animations 1" ] || { echo "runtime-only consumer printed '$out'" >&2; exit 1; }

# Only stb is visible to pkg-config here; CLI11 and Assimp are disabled outright.
mkdir "$work/pc"
cp "$(pkg-config --variable=pcfiledir stb)/stb.pc" "$work/pc/"
PKG_CONFIG_LIBDIR=$work/pc PKG_CONFIG_PATH="" \
  cmake -S "$src" -B "$work/library" "${options[@]}" -DAEM_BUILD_APPS=OFF -DAEM_BUILD_RENDERER=OFF -DAEM_WITH_ASSIMP=OFF \
  -DCMAKE_DISABLE_FIND_PACKAGE_CLI11=ON -DCMAKE_DISABLE_FIND_PACKAGE_assimp=ON -DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON >/dev/null
echo "layer check passed"
