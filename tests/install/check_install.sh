#!/usr/bin/env bash
# Installs the build tree into a temporary prefix, then builds and runs a consumer project against it
# with find_package(aem) and checks the pkg-config file. Usage: check_install.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1
src=$2
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
test -x "$prefix/bin/aem"
test -x "$prefix/bin/aem-viewer"
"$prefix/bin/aem" --version
cmake -S "$src/tests/install/consumer" -B "$prefix/consumer-build" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release \
      -DMODEL="$src/tests/data/iqe/animated.iqe" >/dev/null
cmake --build "$prefix/consumer-build" >/dev/null
"$prefix/consumer-build/consumer" "$prefix/tube.aem"
"$prefix/bin/aem" validate "$prefix/consumer-build/models/animated.aem" >/dev/null
PKG_CONFIG_PATH="$prefix/lib/pkgconfig:$prefix/lib/x86_64-linux-gnu/pkgconfig" pkg-config --cflags --libs aem | grep -q -- "-laem"
echo "install check passed"
