#!/usr/bin/env bash
# Installs every Debian 12 package aem needs. The README, CI (.ci/run) and developers all use this one
# script. Without arguments: what building the library, the tool and the viewer needs (the demo).
# With --tests: also what the tests drive (Blender, Chromium, Emscripten, the Node tools in tests/node) and
# what the Python module builds and tests with (pybind11, pytest, Dask distributed: Debian's, no PyPI).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  cmake g++ make ninja-build pkg-config git
  libassimp-dev assimp-utils
  libglfw3-dev libepoxy-dev libegl1-mesa-dev libgl1-mesa-dev libgl1-mesa-dri
  libglm-dev libstb-dev libimgui-dev fonts-dejavu-core
  libcli11-dev libfmt-dev libmeshoptimizer-dev libfast-float-dev
  rapidjson-dev libdraco-dev
  liblzma-dev lzma-dev zlib1g-dev
  nlohmann-json3-dev
)
test_packages=(
  libgtest-dev libgmock-dev libbenchmark-dev
  clang libclang-rt-14-dev clang-format-14
  xvfb xauth
  nodejs
  emscripten chromium
  gltfpack
  blender python3-numpy
  python3-dev pybind11-dev python3-pybind11 python3-pytest python3-distributed python3-setuptools python3-wheel python3-pip
  groff-base man-db
  time
)

with_tests=0
[ "${1:-}" = "--tests" ] && with_tests=1
[ $with_tests = 1 ] && packages+=("${test_packages[@]}")

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
else
  echo "install-deps: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The machine's nodejs may bring its own npm (NodeSource); Debian's npm package only where it does not.
if [ $with_tests = 1 ] && ! command -v npm >/dev/null; then
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends npm >/dev/null
fi
if [ $with_tests = 1 ] && ! (cd tests/node && npm ls --silent >/dev/null 2>&1); then
  echo "install-deps: installing the Node test tools (tests/node)"
  (cd tests/node && npm ci --no-audit --no-fund --silent)
fi
echo "install-deps: done"
