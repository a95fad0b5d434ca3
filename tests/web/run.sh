#!/usr/bin/env bash
# ctest web.browser: builds the site (scripts/web.sh) and runs browser_test.mjs against it. Exits 77
# (reported as skipped by ctest) when a tool it needs is missing: emcc, chromium, node or the Node test
# tools (bash scripts/install-deps.sh --tests installs them all). The models are the repository's own;
# AEM_CORPUS_DIR, when set, adds CesiumMan and its first-frame time.
# Usage: run.sh BUILD_DIR AEM_CLI MAKE_FBX_MODEL (AEM_WEB_BUILD_DIR: an Emscripten build folder to reuse)
set -euo pipefail
build=$1 aem_cli=$2 make_fbx_model=$3
repo=$(cd "$(dirname "$0")/../.." && pwd)
# CI sets AEM_REQUIRE_TOOLS: there a missing tool is a failure, not a skip.
skip() { echo "SKIPPED: $1"; [ -n "${AEM_REQUIRE_TOOLS:-}" ] && exit 1; exit 77; }
command -v emcc >/dev/null || skip "emcc not found (Debian package emscripten)"
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || skip "chromium not found (Debian package chromium)"
command -v node >/dev/null || skip "node not found (Debian package nodejs)"
[ -d "$repo/tests/node/node_modules/puppeteer-core" ] || skip "puppeteer-core not installed (tests/node)"

AEM_WEB_BUILD_DIR="${AEM_WEB_BUILD_DIR:-$build/web-build}" bash "$repo/scripts/web.sh" build "$build/web-site"
wasm_bytes=$(stat -c %s "$build/web-site/aem.wasm")
gzip_bytes=$(gzip -9 -c "$build/web-site/aem.wasm" | wc -c)
echo "aem.wasm: $wasm_bytes bytes, $gzip_bytes gzipped (limits 3 MB, 1 MB)"
[ "$wasm_bytes" -le 3145728 ] && [ "$gzip_bytes" -le 1048576 ] || { echo "FAIL: aem.wasm is over its size budget"; exit 1; }
exec node --no-experimental-fetch "$repo/tests/web/browser_test.mjs" "$build/web-site" "$aem_cli" "$build/web-test-output" "$make_fbx_model"
