#!/usr/bin/env bash
# ctest fixture for the Blender add-on tests: runs addon_session.py in a headless, factory-settings
# Blender on one file of each format aem reads; addon_test.cpp then judges OUT/report.txt.
# Without Blender or the corpus it writes no report, and the tests say why they skip (or fail, when
# AEM_REQUIRE_TOOLS=1, as in CI).
set -euo pipefail
zip=$1 aem=$2 out=$3 corpus=${AEM_CORPUS_DIR:-}
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$out" && mkdir -p "$out"
command -v blender >/dev/null || { echo "blender not installed: add-on tests skipped"; exit 0; }
[ -n "$corpus" ] || { echo "AEM_CORPUS_DIR not set: add-on tests skipped"; exit 0; }

# A CEM with levels of detail and vertex-animation frames, made from a corpus model.
"$aem" convert "$corpus/gltf/RiggedSimple/RiggedSimple.glb" "$out/rigged_lods.cem" --lods 2 --fps 10 >/dev/null 2>&1
# mrfixit.iqm's case: a skinned IQM whose material "Body.tga" names an image that is not there.
sed 's/^material skin$/material "Body.tga"/' "$here/../data/iqe/skinned_quad.iqe" >"$out/fixit.iqe"
"$aem" convert "$out/fixit.iqe" "$out/fixit.iqm" >/dev/null 2>&1
# A CEM with levels of detail and tag points.
python3 "$here/make_tagged_gltf.py" "$out/tagged.gltf"
"$aem" convert "$out/tagged.gltf" "$out/tagged.cem" --lods 2 >/dev/null 2>&1
inputs=(
  "$corpus/aem/RiggedSimple.aem"
  "$corpus/aem-legacy/RiggedSimple.legacy.aem"
  "$corpus/iqe/raylib_guy.iqe"
  "$corpus/iqm/raylib_guy.iqm"
  "$out/rigged_lods.cem"
  "$here/../data/e3d/tube-lzma.e3d"
  "$corpus/gltf/BoxAnimated/BoxAnimated.glb"
)
# Blender writes its own user settings under HOME: keep them inside the session folder.
HOME="$out/home" timeout 600 blender -b --factory-startup -noaudio --python "$here/addon_session.py" -- \
  "$zip" "$aem" "$out" "$corpus/gltf/CesiumMan/CesiumMan.glb" "${inputs[@]}" >"$out/blender.log" 2>&1 || {
  tail -n 40 "$out/blender.log"; exit 1; }
grep -q '^done$' "$out/report.txt" || { tail -n 40 "$out/blender.log"; exit 1; }
echo "blender session: $(grep -c . "$out/report.txt") facts in $out/report.txt"
