#!/usr/bin/env bash
# Installs the build tree into a temporary prefix, moves the prefix (installs must be relocatable),
# then builds and runs, from copies outside the source tree, what the README's "Using the library"
# section describes:
#   1. a CMake C++ program linking aem::aem: reads a glTF file, writes AEM;
#   2. a CMake C program linking aem::runtime (find_package(aem COMPONENTS runtime)), configured with
#      fmt, meshoptimizer and Assimp hidden: the runtime needs no other package;
#   3. the same C program built with gcc $(pkg-config --cflags --libs aem), and with aem-runtime;
#   4. the C++ program built with g++ $(pkg-config --static --cflags --libs aem);
#   5. a game project converting models with the installed aem_add_models ("In your build");
#   6. the same in an asset-only project that enables no language (project(assets NONE)), where the
#      toolkit, asked for by name, is refused with the reason;
#   7. the C++ and C programs of that README section, taken from the README's text.
# Also checks that the installed library exports no stb symbols and that the tool's extras are there
# (its read worker and its renderer module among them).
# Usage: check_install.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1
src=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/staging" >/dev/null
mv "$work/staging" "$work/prefix"
prefix=$work/prefix
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)

test -x "$prefix/bin/aem"
test -x "$prefix/bin/aem-viewer"
test -f "$prefix/share/bash-completion/completions/aem"
test -f "$prefix/share/man/man1/aem.1"
if command -v man >/dev/null; then man -l "$prefix/share/man/man1/aem.1" | grep "aem convert" >/dev/null; fi
"$prefix/bin/aem" --version
# The tool reads Assimp's formats in aem-read-worker, found in libexec/aem from bin/ (the prefix moved):
# a file that crashes Assimp is then an error of the tool.
test -x "$prefix/libexec/aem/aem-read-worker"
if crashed=$("$prefix/bin/aem" info "$src/tests/data/assimp/crashes_assimp.md5mesh" 2>&1) || ! grep -q READER_CRASHED <<<"$crashed"; then
  echo "the installed aem did not read through its worker: $crashed" >&2
  exit 1
fi

# stb is compiled into libaem.a with internal linkage: a game that compiles stb itself must not clash.
libaem=$(find "$prefix" -name libaem.a)
if nm -g --defined-only "$libaem" | grep -E ' stbi[a-z_]*'; then
  echo "libaem.a exports stb symbols" >&2
  exit 1
fi

# The example tube with 3 rings of 4+1 vertices (the seam is doubled): 15 vertices, 2*4*2 triangles.
"$prefix/bin/aem" example "$work/tube.aem" --rings 3 --segments 4 --joints 2 >/dev/null
# `aem render` opens its renderer, libexec/aem/aem-render.so, from bin/ (the prefix moved). A machine
# without OpenGL through EGL fails later, at the context, with another message.
test -f "$prefix/libexec/aem/aem-render.so"
if rendered=$("$prefix/bin/aem" render "$work/tube.aem" -o "$work/tube.png" --size 32x24 2>&1) ||
  grep -q "renderer module" <<<"$rendered"; then
  grep -q "wrote $work/tube.png (32x24)" <<<"$rendered" || { echo "the installed aem render: $rendered" >&2; exit 1; }
fi
expect_tube="vertices 15 triangles 16 bones 2 animations 1"
check() {  # check EXPECTED COMMAND...: runs the command, compares its output
  local out
  out=$("${@:2}")
  if [ "$out" != "$1" ]; then
    echo "$*: printed '$out', expected '$1'" >&2
    exit 1
  fi
}

cp -r "$src/tests/install/cpp_consumer" "$src/tests/install/c_consumer" "$work/"
cmake -S "$work/cpp_consumer" -B "$work/cpp_build" "${generator[@]}" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/cpp_build"
check "vertices 3 triangles 1" "$work/cpp_build/cpp_consumer" "$src/tests/data/gltf/triangle.gltf" "$work/triangle.aem"

cmake -S "$work/c_consumer" -B "$work/c_build" "${generator[@]}" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release --no-warn-unused-cli \
  -DCMAKE_DISABLE_FIND_PACKAGE_fmt=ON -DCMAKE_DISABLE_FIND_PACKAGE_meshoptimizer=ON -DCMAKE_DISABLE_FIND_PACKAGE_assimp=ON >/dev/null
cmake --build "$work/c_build"
check "$expect_tube" "$work/c_build/c_consumer" "$work/tube.aem"

export PKG_CONFIG_PATH
PKG_CONFIG_PATH=$(dirname "$(find "$prefix" -name aem.pc)")
case "$(pkg-config --variable=includedir aem)" in
  "$prefix"/*) ;;
  *) echo "aem.pc does not follow the moved prefix: $(pkg-config --variable=includedir aem)" >&2; exit 1 ;;
esac
cd "$work/c_consumer"
for package in aem aem-runtime; do
  # shellcheck disable=SC2046  # pkg-config's output is meant to be split into arguments
  gcc -std=c99 -o "$work/c_$package" main.c $(pkg-config --cflags --libs $package)
  check "$expect_tube" "$work/c_$package" "$work/tube.aem"
done
cd "$work/cpp_consumer"
# shellcheck disable=SC2046
g++ -std=c++20 -o "$work/cpp_pkg_config" main.cpp $(pkg-config --static --cflags --libs aem)
check "vertices 3 triangles 1" "$work/cpp_pkg_config" "$src/tests/data/gltf/triangle.gltf" "$work/triangle2.aem"
# The README's own programs ("Using the library"), compiled from the README's text.
readme_block() {  # readme_block LANG: the first ```LANG block of that section
  awk -v fence='```'"$1" '/^## Using the library/ {s = 1; next} /^## / {s = 0} s && $0 == fence {b = 1; next} b && /^```/ {exit} b' "$src/README.md"
}
readme_block cpp >"$work/readme_game.cpp"
readme_block c >"$work/readme_game.c"
# shellcheck disable=SC2046
g++ -std=c++20 -o "$work/readme_cpp" "$work/readme_game.cpp" $(pkg-config --static --cflags --libs aem)
# shellcheck disable=SC2046
gcc -std=c99 -o "$work/readme_c" "$work/readme_game.c" $(pkg-config --cflags --libs aem)
check "15 vertices, 2 bones posed" "$work/readme_cpp" "$work/tube.aem" "$work/readme_tube.aem"
check "15 vertices, 2 bones posed" "$work/readme_c" "$work/tube.aem"
mkdir "$work/models"
"$prefix/bin/aem" example "$work/models/tube.iqe" --rings 3 --segments 4 --joints 2 >/dev/null
cp "$src/tests/data/gltf/triangle.gltf" "$work/models/"
cp -r "$src/tests/install/models_consumer" "$work/"
cmake -S "$work/models_consumer" -B "$work/models_build" "${generator[@]}" -DCMAKE_PREFIX_PATH="$prefix" -DMODELS="$work/models" >/dev/null
cmake --build "$work/models_build" >/dev/null
cmake --install "$work/models_build" --prefix "$work/game" >/dev/null
check "$expect_tube" "$work/c_build/c_consumer" "$work/game/share/game/models/tube.aem"
test -f "$work/game/share/game/models/triangle.aem"
test -f "$work/models_build/models/tube.aem.d"

cp -r "$src/tests/install/assets_consumer" "$work/"
cmake -S "$work/assets_consumer" -B "$work/assets_build" "${generator[@]}" -DCMAKE_PREFIX_PATH="$prefix" -DMODELS="$work/models" >/dev/null
cmake --build "$work/assets_build" >/dev/null
check "$expect_tube" "$work/c_build/c_consumer" "$work/assets_build/models/tube.aem"
if refused=$(cmake -S "$work/assets_consumer" -B "$work/assets_toolkit" -DCMAKE_PREFIX_PATH="$prefix" -DMODELS="$work/models" \
               -DAEM_COMPONENTS=toolkit 2>&1); then
  echo "the toolkit was found in a project that enables no language" >&2
  exit 1
fi
grep -q "needs C or C++" <<<"$refused" || { echo "no reason given for refusing the toolkit: $refused" >&2; exit 1; }
echo "install check passed"
