#!/usr/bin/env bash
# Prints the seed files for one fuzz target (its name as $1), one per line.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${AEM_CORPUS_DIR:-}
case "$1" in
  fuzz_aem) dirs=(tests/data/aem ${corpus:+$corpus/aem} ${corpus:+$corpus/aem-legacy}); ext='*.aem' ;;
  fuzz_cem) dirs=(tests/data/cem ${corpus:+$corpus/cem}); ext='*.cem' ;;
  fuzz_iqe) dirs=(tests/data/iqe ${corpus:+$corpus/iqe}); ext='*.iqe' ;;
  fuzz_iqm) dirs=(tests/data/iqm ${corpus:+$corpus/iqm}); ext='*.iqm' ;;
  fuzz_e3d) dirs=(tests/data/e3d ${corpus:+$corpus/e3d}); ext='*.e3d' ;;
  fuzz_gltf) dirs=(tests/data/gltf ${corpus:+$corpus/gltf}); ext='*.gl[tb]*' ;;
  fuzz_fbx) dirs=(tests/data/fbx); ext='*.fbx' ;;  # plus the writer's files (scripts/fuzz.sh)
  *) dirs=(tests/data); ext='*' ;;
esac
for d in "${dirs[@]}"; do [ -d "$d" ] && find "$d" -name "$ext" -type f; done
exit 0
