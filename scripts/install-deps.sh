#!/usr/bin/env bash
# Installs every Debian 12 package aem needs to build, test, fuzz and benchmark.
# The README, CI (.ci/run) and developers all use this one script.
set -euo pipefail

packages=(
  cmake g++ make pkg-config git
  libassimp-dev assimp-utils
  libglfw3-dev libepoxy-dev libegl1-mesa-dev libgl1-mesa-dev libgl1-mesa-dri
  libglm-dev libstb-dev libimgui-dev
  libcli11-dev libfmt-dev libmeshoptimizer-dev libfast-float-dev
  liblzma-dev lzma-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  clang libclang-rt-14-dev
  xvfb xauth
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
  exit 0
fi

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install-deps: done"
