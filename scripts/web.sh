#!/usr/bin/env bash
# aem in the browser. `web.sh build OUT_DIR`: compiles the library's readers and the WebGL 2 renderer
# with Emscripten (build-web/) and puts the static site into OUT_DIR. `web.sh serve [PORT]`: builds the
# site into build-web/site and serves it on localhost (default port 8000), printing the address.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

build_site() {
  local out=$1
  command -v emcmake >/dev/null || { echo "web.sh: emcmake not found: bash scripts/install-deps.sh --tests" >&2; exit 1; }
  # Debian's Emscripten runs its optimizer with node and needs Debian's node modules.
  export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
  local build=${AEM_WEB_BUILD_DIR:-$root/build-web}
  local launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  emcmake cmake -S web -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" >/dev/null
  cmake --build "$build" -j"$(nproc)"
  mkdir -p "$out"
  cp web/index.html web/app.js web/style.css "$build/aem.js" "$build/aem.wasm" "$out/"
  echo "web.sh: site in $out ($(stat -c %s "$out/aem.wasm") bytes of wasm)"
}

case "${1:-}" in
  build)
    [ $# -eq 2 ] || { echo "usage: web.sh build OUT_DIR" >&2; exit 2; }
    build_site "$2"
    ;;
  serve)
    site=$root/build-web/site
    build_site "$site"
    port=${2:-8000}
    echo "web.sh: serving http://localhost:$port/ (Ctrl-C stops)"
    exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site"
    ;;
  *)
    echo "usage: web.sh build OUT_DIR | web.sh serve [PORT]" >&2
    exit 2
    ;;
esac
