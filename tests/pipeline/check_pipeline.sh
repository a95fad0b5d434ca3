#!/usr/bin/env bash
# Models in a build: check_pipeline.sh AEM SOURCE_DIR cmake|make|manifest
#   cmake:    the sample project (project/) with Ninja: six models convert, a second build does nothing,
#             touching one texture reconverts exactly its model, -j2 runs two conversions at once.
#   make:     a hand-written Makefile including the depfiles of `aem convert --depfile`: the texture
#             files written are targets too, and GNU Make reads the escaped names.
#   manifest: `aem convert --manifest --cache`: a second run is all cached, an edited side file
#             invalidates exactly its model.
set -euo pipefail
aem=$1
src=$2
mode=$3
work=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# Six models from the tree: one written by `aem example`, five from tests/data, one an OBJ whose
# material names an external texture with a space, '$' and '#' in its name (Make escaping).
models=$work/models
mkdir -p "$models"
"$aem" example "$models/bend.iqe" >/dev/null
cp "$src/tests/data/iqe/animated.iqe" "$models/animated.iqe"
cp "$src/tests/data/iqm/animated.iqm" "$models/walker.iqm"
cp "$src/tests/data/e3d/tube.e3d" "$models/tube.e3d"
cp "$src/tests/data/e3d/cube1.e3d" "$models/cube1.e3d"
texture='wood $grain#1.png'
cp "$src/tests/data/render/aem_box_textured.png" "$models/$texture"
printf 'mtllib quad.mtl\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\nusemtl wood\nf 1/1 2/2 3/3\nf 1/1 3/3 4/4\n' >"$models/quad.obj"
printf 'newmtl wood\nKd 1 1 1\nmap_Kd %s\n' "$texture" >"$models/quad.mtl"

conversions() { grep -c "aem: converting" "$1" || true; }

if [ "$mode" = cmake ]; then
  build=$work/build
  cmake -S "$src/tests/pipeline/project" -B "$build" -G Ninja -DAEM_MODULE="$src/cmake/AemModels.cmake" \
        -DAEM_EXECUTABLE="$aem" -DMODELS="$models" >/dev/null
  ninja -C "$build" -j1 >"$work/first.log"
  [ "$(conversions "$work/first.log")" = 6 ] || { cat "$work/first.log"; fail "first build: expected 6 conversions"; }
  grep -qF 'wood\ $$grain\#1.png' "$build/models/quad.aem.d" || fail "the depfile does not name the texture, escaped"
  ls "$build"/models/quad_*_BCO.png >/dev/null || fail "no texture written beside quad.aem"

  ninja -C "$build" -j1 >"$work/second.log"
  grep -q "no work to do" "$work/second.log" || { cat "$work/second.log"; fail "second build did work"; }

  sleep 1  # a newer modification time than the outputs on file systems with 1 s resolution
  touch "$models/$texture"
  ninja -C "$build" -j1 -d explain >"$work/touch.log" 2>&1
  [ "$(conversions "$work/touch.log")" = 1 ] || { cat "$work/touch.log"; fail "touching the texture: expected 1 conversion"; }
  grep -q "aem: converting .*quad.obj" "$work/touch.log" || fail "touching the texture reconverted another model"
  grep -qF "most recent input $models/$texture" "$work/touch.log" || fail "ninja does not explain the rebuild by the texture"

  ninja -C "$build" -t clean >/dev/null
  ninja -C "$build" -j2 >"$work/parallel.log"
  [ "$(conversions "$work/parallel.log")" = 6 ] || fail "clean build with -j2: expected 6 conversions"
  # .ninja_log: start and end (ms) of each step of the last build; two conversions overlap when one
  # started before another ended.
  awk -F'\t' '$4 ~ /\.aem$/ { s[n] = $1; e[n] = $2; n++ }
              END { for (i = 0; i < n; i++) for (j = 0; j < n; j++) if (i != j && s[j] >= s[i] && s[j] < e[i]) ok = 1; exit !ok }' \
      <(tail -n 6 "$build/.ninja_log") || { cat "$build/.ninja_log"; fail "-j2: no two conversions ran at once"; }

  cmake --install "$build" --prefix "$work/prefix" >/dev/null
  [ "$(ls "$work/prefix/share/game/models"/*.aem | wc -l)" = 6 ] || fail "install(): expected 6 models"
  echo "pipeline (cmake) check passed"
elif [ "$mode" = make ]; then
  cd "$work"
  printf 'out/quad.aem: models/quad.obj\n\t%s convert $< $@ --depfile $@.d\n-include out/quad.aem.d\n' "$aem" >Makefile
  make >"$work/first.log" 2>&1 || { cat "$work/first.log"; fail "first make"; }
  head -n 1 out/quad.aem.d | grep -q '^out/quad.aem out/quad_wood_BCO.png out/quad_wood_ORM.png:' ||
    { cat out/quad.aem.d; fail "the depfile's targets are not the model and the texture files written"; }
  make -q || fail "a second make would convert again"
  sleep 1
  touch "$models/$texture"
  make -q && fail "touching the texture (escaped name) does not make the model out of date"
  make >"$work/second.log" 2>&1 || fail "second make"
  make -q || fail "converted, yet still out of date"
  echo "pipeline (make) check passed"
elif [ "$mode" = manifest ]; then
  manifest=$work/models.json
  {
    echo "["
    sep=""
    for m in bend.iqe animated.iqe walker.iqm tube.e3d cube1.e3d quad.obj; do
      printf '%s{"input": "models/%s", "output": "out/%s.aem", "options": {"up": "y"}}\n' "$sep" "$m" "${m%.*}"
      sep=","
    done
    echo "]"
  } >"$manifest"
  "$aem" convert --manifest "$manifest" --cache "$work/cache" -j2 >"$work/first.log"
  grep -q "converted 6 of 6 files" "$work/first.log" || { cat "$work/first.log"; fail "first run"; }
  stamps() { stat -c '%n %.9Y' "$work"/out/*; }
  before=$(stamps)

  "$aem" convert --manifest "$manifest" --cache "$work/cache" >"$work/second.log"
  [ "$(grep -c '^cached ' "$work/second.log")" = 6 ] || { cat "$work/second.log"; fail "second run: expected 6 cached"; }
  grep -q "converted 0 of 0 files, 6 cached" "$work/second.log" || fail "second run converted something"
  [ "$before" = "$(stamps)" ] || fail "second run rewrote outputs"

  touch "$models/quad.obj"  # a newer time without new bytes: still cached (content, not time)
  echo "Ns 10" >>"$models/quad.mtl"
  "$aem" convert --manifest "$manifest" --cache "$work/cache" >"$work/third.log"
  [ "$(grep -c '^cached ' "$work/third.log")" = 5 ] || { cat "$work/third.log"; fail "edited .mtl: expected 5 cached"; }
  grep -q "^cached .*quad.obj" "$work/third.log" && fail "edited .mtl: quad.obj still cached"
  grep -q "converted 1 of 1 files, 5 cached" "$work/third.log" || fail "edited .mtl: expected 1 conversion"

  "$aem" convert --manifest "$manifest" --cache "$work/cache" --scale 2 >"$work/options.log"
  grep -q "converted 6 of 6 files" "$work/options.log" || fail "changed options must invalidate every entry"
  echo "pipeline (manifest) check passed"
else
  fail "mode is cmake, make or manifest"
fi
