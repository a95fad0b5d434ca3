#!/usr/bin/env bash
# Builds the benchmarks (Release), runs them, runs the whole-process rows (the aem tool on generated
# files: CPU time and peak RSS), and prints issue 16's summary: every row as a ratio against its
# baseline measured in the same run (scripts/bench_summary.py). docs/performance.md has the figures.
#   scripts/bench.sh                 every benchmark program, the whole-process rows, the summary
#   scripts/bench.sh NAME...         only these programs (e.g. bench_aem_load; "processes" for the
#                                    whole-process rows, "real" for the real-file conversions beside
#                                    their peers, "fbx" for the FBX rows, "python" for the Python
#                                    module's rows), then the summary of what ran ("fbx" and "real"
#                                    alone build only the aem tool)
#   scripts/bench.sh --scale [...]   also the scale rows: a generated glb over 1 GB converted to AEM
#                                    (peak RSS against the output's size + 100 MB; needs about 3 GB in
#                                    $TMPDIR and 2 GB of memory) and a batch of 200 corpus files
#                                    converted with -j1 and -j2
# AEM_CORPUS_DIR names the shared corpus; without it the rows that need it (CesiumMan, the batch)
# say "not measured". AEM_IQM_PEER names the reference IQM compiler (lsalzman/iqm, built outside the
# tree): the IQE -> IQM row then times it on the same generated 50 MB IQE as its baseline; without
# it that row's baseline is bench_iqe's in-tree strtof pass. AEM_EXPORTER_PEER names a command
# `PEER IN.glb OUTDIR` that runs the reference AEM exporter (janhsimon/aem's converter, built outside
# the tree; it writes OUTDIR/<stem>.aem): the glTF -> AEM whole-process rows then time it, the whole
# command, on CesiumMan and the generated 39 MB glb. AEM_IQM_PARSE_PEER names iqm built with a timer
# around its parseiqe call (docs/performance.md, "Peers and inputs"): three runs on the generated 50 MB
# IQE give the "IQE read to scene vs iqm's parser" row its baseline (the median parse CPU time);
# without it that row is left out.
# AEM_REAL_IQE_DIR names a folder of real IQE files (e.g. Unvanquished's 1-4 MB models, kept outside
# the tree): the "real" rows convert each to IQM beside AEM_IQM_PEER, as they do the corpus's IQE files;
# the same rows put the corpus's glb files beside AEM_EXPORTER_PEER (glTF -> AEM) and every corpus
# glTF beside gltfpack (-> glb), and time the corpus's IQM and CEM files (-> glb) with no peer.
# AEM_UFBX_DIR names a checkout of the ufbx repository (its data/*.fbx, not the fuzz folders): the FBX
# rows time `aem convert F.fbx F.aem` on the five largest of those files that both sides convert, a
# larger file that either side fails getting a row that says which, and judge the peak RSS (GNU
# time's, of one run) against 3x the file (`aem --version` gives the empty run's peak for context);
# without it the FBX rows say "not measured". AEM_FBX_ASSIMP_PEER names the aem tool as it was
# before the native FBX reader (commit d40fdac, which reads FBX through Assimp; a Release build
# outside the tree): each file's baseline, in the same run. AEM_BENCH_BUILD_DIR names the build
# folder (default: build).
# The Python rows (scripts/bench_python.py, a build with -DAEM_BUILD_PYTHON=ON): aem.read from Python
# against read_scene in a C++ program on CesiumMan, a generated glb of BrainStem's size and joint count
# (13.9 MB, 266 joints) unless AEM_KHRONOS_DIR has the sample itself, and the generated 39 MB glb; and 200 corpus files
# converted by aem.batch on a LocalCluster of two workers against `aem convert --out-dir -j2`.
# AEM_KHRONOS_DIR names a folder holding the Khronos samples Fox.glb and BrainStem.glb (CC-BY, kept
# outside the tree): the key reduction rows then cover them too, and the Python rows read BrainStem.
# bench_aem_load also gives the reference-API load rows on real files: bench/load_model (a C program
# on the reference libaem API timing aem_load_model + aem_finish_loading_model) on the corpus's
# reference-exported AEMs and on BrainStem as AEM_EXPORTER_PEER exports it in the run, each file in
# nine rounds alternating with AEM_LIBAEM_PEER, the same program built on the reference libaem
# (docs/performance.md, "Peers and inputs"); without it those rows have no baseline.
# Results (Google Benchmark JSON, processes.jsonl, keys.jsonl) stay in the folder printed.
set -euo pipefail
cd "$(dirname "$0")/.."
scale=0
targets=()
for a in "$@"; do
  if [ "$a" = --scale ]; then scale=1; else targets+=("$a"); fi
done
build=${AEM_BENCH_BUILD_DIR:-build}
python_rows=0
if [ ${#targets[@]} -eq 0 ] || [[ " ${targets[*]} " == *" python "* ]]; then python_rows=1; fi
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DAEM_BUILD_BENCH=ON $([ $python_rows = 1 ] && echo -DAEM_BUILD_PYTHON=ON) >/dev/null
if [ $scale = 0 ] && [ -z "$(printf '%s\n' "${targets[@]}" | grep -vx 'fbx\|real')" ] && [ ${#targets[@]} -gt 0 ]; then
  cmake --build "$build" -j"$(nproc)" --target aem_cli
else
  cmake --build "$build" -j"$(nproc)"
fi
if [ ${#targets[@]} -eq 0 ]; then
  for b in "$build"/bench/bench_*; do
    # bench_gltf_json compares JSON parsers on a file it is given (see docs/performance.md).
    [ -x "$b" ] && [ "$(basename "$b")" != bench_gltf_json ] && targets+=("$(basename "$b")")
  done
  targets+=(processes real fbx python)
fi
out=$(mktemp -d "${TMPDIR:-/tmp}/aem-bench.XXXXXX")
gen="$out/generated"
mkdir "$gen"
trap 'rm -rf "$gen"' EXIT
corpus=${AEM_CORPUS_DIR:-}
if [ -z "$corpus" ] || [ ! -d "$corpus" ]; then
  echo "bench: AEM_CORPUS_DIR is not set or missing: the CesiumMan rows and the batch rows are skipped"
  corpus=""
fi
aem="$build/apps/aem/aem"
# measure LABEL INPUT OUTPUT -- COMMAND...: a failing command is recorded (its row says so), not fatal.
measure() { python3 scripts/bench_summary.py run "$out" "$@" || echo "bench: $1 failed; its row says so"; }

# reference_load_rows: bench/load_model on real files (the corpus's reference-exported AEMs, and
# BrainStem exported by AEM_EXPORTER_PEER now), each run alternating with the same program built on the
# reference libaem (AEM_LIBAEM_PEER), nine rounds: a load of microseconds varies with whatever else
# the machine runs, and the summary takes the median round of each side.
reference_load_rows() {
  local files=() f name peer=${AEM_LIBAEM_PEER:-}
  [ -n "$corpus" ] && files+=("$corpus"/aem/*.aem)
  if [ -n "${AEM_EXPORTER_PEER:-}" ] && [ -f "${AEM_KHRONOS_DIR:-}/BrainStem.glb" ]; then
    if "$AEM_EXPORTER_PEER" "$AEM_KHRONOS_DIR/BrainStem.glb" "$gen/exported" >/dev/null; then
      files+=("$gen/exported/BrainStem.aem")
    else
      echo "bench: the reference exporter failed on BrainStem.glb: its load row is left out"
    fi
  else
    echo "bench: AEM_EXPORTER_PEER and AEM_KHRONOS_DIR (BrainStem.glb) are not both set: no BrainStem load row"
  fi
  if [ -n "$peer" ] && [ ! -x "$peer" ]; then
    echo "bench: AEM_LIBAEM_PEER=$peer is not an executable: the reference-API load rows have no baseline"
    peer=""
  fi
  for _ in $(seq 9); do
    for f in "${files[@]}"; do
      name=$(basename "$f" .aem)
      python3 scripts/bench_summary.py self-timed "$out" "capi-load-ours:$name" "$f" -- "$build/bench/load_model" 501 "$f" ||
        echo "bench: load_model failed on $f; its row says so"
      if [ -n "$peer" ]; then
        python3 scripts/bench_summary.py self-timed "$out" "capi-load-peer:$name" "$f" -- "$peer" 501 "$f" ||
          echo "bench: AEM_LIBAEM_PEER failed on $f; its row says so"
      fi
    done
  done
  rm -rf "$gen/exported"
}

for t in "${targets[@]}"; do
  [ "$t" = processes ] || [ "$t" = real ] || [ "$t" = fbx ] || [ "$t" = python ] && continue
  echo "== $t"
  extra=()
  # The animation and load rows divide two figures that drift by a fifth over seconds on a shared
  # machine: five repetitions of each benchmark, interleaved at random, give medians taken side by side.
  [ "$t" = bench_animation ] || [ "$t" = bench_keys ] || [ "$t" = bench_aem_load ] &&
    extra=(--benchmark_repetitions=5 --benchmark_enable_random_interleaving=true --benchmark_min_time=0.1)
  "$build/bench/$t" --benchmark_counters_tabular=true --benchmark_out="$out/$t.json" --benchmark_out_format=json "${extra[@]}" ||
    echo "bench: $t failed (exit $?); its rows are left out"
  if [ "$t" = bench_aem_load ]; then
    echo "== reference-API load rows on real files (bench/load_model against the reference libaem)"
    reference_load_rows
  fi
done

if [[ " ${targets[*]} " == *" processes "* ]]; then
  echo "== whole-process rows (aem tool: CPU time, peak RSS)"
  "$build/bench/make_glb" "$gen/tube.glb" 4000 128 60
  command -v gltfpack >/dev/null || echo "bench: gltfpack is not installed (scripts/install-deps.sh --tests): its row is skipped"
  # Five alternating runs each (medians in the summary): on a shared machine one run of a conversion
  # this size varies by half its time, mostly in the kernel. Each run writes a new file, as a first
  # conversion does (replacing an old one would also charge the old file's release to the run). The
  # generated input goes to disk first and each command runs once unmeasured, so that no run pays
  # for the writing of the input or the previous benchmarks' clean-up.
  sync
  "$aem" convert "$gen/tube.glb" "$gen/tube.aem" >/dev/null || true
  if [ -n "${AEM_EXPORTER_PEER:-}" ]; then "$AEM_EXPORTER_PEER" "$gen/tube.glb" "$gen/peer" >/dev/null || true; fi
  for _ in 1 2 3 4 5; do
    rm -rf "$gen/tube.aem" "$gen/packed.glb" "$gen/peer"
    measure convert-39 "$gen/tube.glb" "$gen/tube.aem" -- "$aem" convert "$gen/tube.glb" "$gen/tube.aem"
    if command -v gltfpack >/dev/null; then
      measure gltfpack-39 "$gen/tube.glb" "$gen/packed.glb" -- gltfpack -i "$gen/tube.glb" -o "$gen/packed.glb" >/dev/null
    fi
    if [ -n "${AEM_EXPORTER_PEER:-}" ]; then
      measure exporter-peer-39 "$gen/tube.glb" "$gen/peer/tube.aem" -- "$AEM_EXPORTER_PEER" "$gen/tube.glb" "$gen/peer" >/dev/null
    fi
  done
  measure validate-aem "$gen/tube.aem" - -- "$aem" validate "$gen/tube.aem"
  measure info-aem "$gen/tube.aem" - -- "$aem" info "$gen/tube.aem" >/dev/null
  rm -rf "$gen"/tube.* "$gen/packed.glb" "$gen/peer"
  if [ -n "$corpus" ]; then
    # A conversion of tens of milliseconds: five alternating runs each, the summary takes the medians.
    cesium="$corpus/gltf/CesiumMan/CesiumMan.glb"
    for _ in 1 2 3 4 5; do
      rm -rf "$gen/cesium" "$gen/peer"
      measure convert-cesium "$cesium" "$gen/cesium/CesiumMan.aem" -- "$aem" convert "$cesium" "$gen/cesium/CesiumMan.aem" >/dev/null
      if [ -n "${AEM_EXPORTER_PEER:-}" ]; then
        measure exporter-peer-cesium "$cesium" "$gen/peer/CesiumMan.aem" -- "$AEM_EXPORTER_PEER" "$cesium" "$gen/peer" >/dev/null
      fi
    done
    rm -rf "$gen/cesium" "$gen/peer"
  fi
  "$build/bench/make_iqe" "$gen/grid.iqe"
  measure convert-iqe "$gen/grid.iqe" "$gen/grid.iqm" -- "$aem" convert "$gen/grid.iqe" "$gen/grid.iqm"
  if [ -n "${AEM_IQM_PEER:-}" ]; then
    if [ -x "$AEM_IQM_PEER" ]; then
      measure iqm-peer "$gen/grid.iqe" "$gen/peer.iqm" -- "$AEM_IQM_PEER" "$gen/peer.iqm" "$gen/grid.iqe" >/dev/null
    else
      echo "bench: AEM_IQM_PEER=$AEM_IQM_PEER is not an executable: the IQE -> IQM row keeps its in-tree baseline"
    fi
  fi
  if [ -n "${AEM_IQM_PARSE_PEER:-}" ]; then
    if [ -x "$AEM_IQM_PARSE_PEER" ]; then
      for _ in 1 2 3; do
        python3 scripts/bench_summary.py parse-peer "$out" iqm-parse -- "$AEM_IQM_PARSE_PEER" "$gen/peer.iqm" "$gen/grid.iqe" ||
          echo "bench: AEM_IQM_PARSE_PEER printed no parseiqe time; its row says so"
      done
    else
      echo "bench: AEM_IQM_PARSE_PEER=$AEM_IQM_PARSE_PEER is not an executable: the row against iqm's parser is left out"
    fi
  fi
  rm -f "$gen"/grid.* "$gen/peer.iqm"
fi

# real_file_rows: conversions of real files, each beside its peer in the same run: IQE -> IQM
# (AEM_REAL_IQE_DIR's files and the corpus's, against AEM_IQM_PEER), glTF -> AEM (the corpus's glb
# files, against AEM_EXPORTER_PEER, which is given one file), glTF -> glb (every corpus glTF, against
# gltfpack), and IQM and CEM corpus files to glb, for which this machine has no peer. Nine alternating
# rounds after one unmeasured run of each command (page cache, first faults); the summary takes medians.
real_file_rows() {
  local rows=() row kind f peer name iqe_peer=${AEM_IQM_PEER:-} exporter=${AEM_EXPORTER_PEER:-}
  [ -n "$iqe_peer" ] && [ ! -x "$iqe_peer" ] && echo "bench: AEM_IQM_PEER=$iqe_peer is not an executable: the real IQE rows have no peer" && iqe_peer=""
  if [ -n "${AEM_REAL_IQE_DIR:-}" ] && [ -d "$AEM_REAL_IQE_DIR" ]; then
    for f in "$AEM_REAL_IQE_DIR"/*.iqe; do rows+=("iqe-iqm|$f"); done
  else
    echo "bench: AEM_REAL_IQE_DIR is not set or missing: the real IQE rows cover the corpus's files only"
  fi
  if [ -n "$corpus" ]; then
    for f in "$corpus"/iqe/*.iqe; do rows+=("iqe-iqm|$f"); done
    for f in "$corpus"/gltf/*/*.glb; do rows+=("gltf-aem|$f"); done
    for f in "$corpus"/gltf/*/*.glb "$corpus"/gltf/*/*.gltf; do rows+=("gltf-glb|$f"); done
    for f in "$corpus"/iqm/*.iqm "$corpus"/cem/*.cem; do rows+=("nopeer-glb|$f"); done
  fi
  command -v gltfpack >/dev/null || echo "bench: gltfpack is not installed: the glTF -> glb rows have no peer"
  # real_once ROW SIDE: one run of one side of ROW ("kind|file"), measured as real-KIND-SIDE:NAME.
  real_once() {
    local kind=${1%%|*} f=${1#*|} side=$2 dir="$gen/real-$2" name
    name=$(basename "${f%.*}")
    rm -rf "$dir" && mkdir -p "$dir"
    case "$kind-$side" in
      iqe-iqm-ours) measure "real-$kind-ours:$name" "$f" "$dir/$name.iqm" -- "$aem" convert "$f" "$dir/$name.iqm" >/dev/null ;;
      iqe-iqm-peer) [ -n "$iqe_peer" ] && measure "real-$kind-peer:$name" "$f" "$dir/$name.iqm" -- "$iqe_peer" "$dir/$name.iqm" "$f" >/dev/null ;;
      gltf-aem-ours) measure "real-$kind-ours:$name" "$f" "$dir/$name.aem" -- "$aem" convert "$f" "$dir/$name.aem" >/dev/null ;;
      gltf-aem-peer) [ -n "$exporter" ] && measure "real-$kind-peer:$name" "$f" "$dir/$name.aem" -- "$exporter" "$f" "$dir" >/dev/null ;;
      gltf-glb-ours | nopeer-glb-ours) measure "real-$kind-ours:$name" "$f" "$dir/$name.glb" -- "$aem" convert "$f" "$dir/$name.glb" >/dev/null ;;
      gltf-glb-peer) command -v gltfpack >/dev/null && measure "real-$kind-peer:$name" "$f" "$dir/$name.glb" -- gltfpack -i "$f" -o "$dir/$name.glb" >/dev/null ;;
    esac
    return 0
  }
  local out_saved=$out
  out="$gen/warm" && mkdir -p "$out"
  for row in "${rows[@]}"; do real_once "$row" ours && real_once "$row" peer; done
  out=$out_saved
  for _ in $(seq 9); do
    for row in "${rows[@]}"; do real_once "$row" ours && real_once "$row" peer; done
  done
  rm -rf "$gen"/real-* "$gen/warm"
}

# batch_inputs DIR: 200 links to the corpus's single-file models that convert to AEM (a .gltf's side
# files would not follow a link; an animation-only IQM has no mesh for AEM), in turn, named 000_<name>
# to 199_<name>.
batch_inputs() {
  local models=() m i
  for m in $(find "$corpus" -type f \( -name '*.glb' -o -name '*.aem' -o -name '*.iqm' -o -name '*.iqe' -o -name '*.cem' \) | sort); do
    "$aem" convert "$m" "$gen/probe.aem" >/dev/null 2>&1 && models+=("$m")
  done
  rm -f "$gen"/probe*
  mkdir "$1"
  for i in $(seq 0 199); do
    m=${models[$((i % ${#models[@]}))]}
    ln -s "$(realpath "$m")" "$1/$(printf '%03d' "$i")_$(basename "$m")"
  done
}

# fbx_convert run|peak LABEL NAME FILE AEM: AEM's `convert FILE` into a new folder (the textures go
# beside the .aem), recorded as LABEL:NAME by bench_summary.py's run or peak; its messages go to a
# log, whose last line is shown if it fails.
fbx_convert() {
  local dir="$gen/$2" log="$out/$2-$3.log"
  rm -rf "$dir" && mkdir "$dir"
  python3 scripts/bench_summary.py "$1" "$out" "$2:$3" "$4" "$dir/$3.aem" -- "$5" convert "$4" "$dir/$3.aem" >"$log" 2>&1 && return
  echo "bench: $2 $3 failed: $(tail -n 1 "$log")"
  return 1
}

if [[ " ${targets[*]} " == *" real "* ]]; then
  echo "== real-file conversions beside their peers (CPU time)"
  real_file_rows
fi

if [[ " ${targets[*]} " == *" fbx "* ]]; then
  echo "== FBX -> AEM whole-process rows (aem convert against the Assimp path: CPU time, peak RSS)"
  ufbx=${AEM_UFBX_DIR:-}
  fbx_peer=${AEM_FBX_ASSIMP_PEER:-}
  if [ -n "$fbx_peer" ] && [ ! -x "$fbx_peer" ]; then
    echo "bench: AEM_FBX_ASSIMP_PEER=$fbx_peer is not an executable: the FBX rows have no baseline"
    fbx_peer=""
  fi
  if [ -z "$ufbx" ] || [ ! -d "$ufbx/data" ]; then
    echo "bench: AEM_UFBX_DIR is not set or has no data folder: the FBX rows are skipped"
  else
    type -P time >/dev/null || echo "bench: GNU time is not installed (Debian's package time): the FBX memory rows say not measured"
    # Largest first. Each file's first conversion on each side is a probe, whose peak RSS the memory
    # rows give (GNU time's: bench_summary.py peak; these processes are smaller than the Python that
    # runs them); its time is not used, as it reads the file into the page cache. A file that either
    # side fails gets a row saying so and the next one is taken, until five convert on both sides.
    python3 scripts/bench_summary.py peak "$out" fbx-empty - - -- "$aem" --version >/dev/null
    mapfile -t candidates < <(find "$ufbx/data" -maxdepth 1 -type f -name '*.fbx' -printf '%s %p\n' | sort -k1,1nr -k2,2 | cut -d' ' -f2-)
    fbx_files=()
    for f in "${candidates[@]}"; do
      [ ${#fbx_files[@]} -eq 5 ] && break
      name=$(basename "$f" .fbx)
      both=1
      fbx_convert peak fbx-probe-ours "$name" "$f" "$aem" || both=0
      if [ -n "$fbx_peer" ]; then fbx_convert peak fbx-probe-peer "$name" "$f" "$fbx_peer" || both=0; fi
      [ $both = 1 ] && fbx_files+=("$f")
    done
    # Nine alternating runs of each side (medians in the summary): most of these conversions take a
    # few milliseconds, which a busy machine stretches now and then by more than their length.
    for _ in $(seq 9); do
      for f in "${fbx_files[@]}"; do
        name=$(basename "$f" .fbx)
        fbx_convert run fbx-ours "$name" "$f" "$aem" || true
        if [ -n "$fbx_peer" ]; then fbx_convert run fbx-peer "$name" "$f" "$fbx_peer" || true; fi
      done
    done
    rm -rf "$gen"/fbx-*
  fi
fi

if [ $scale = 1 ]; then
  echo "== scale rows"
  "$build/bench/make_glb" "$gen/big.glb" 104000 128 60
  measure convert-1g "$gen/big.glb" "$gen/big.aem" -- "$aem" convert "$gen/big.glb" "$gen/big.aem"
  rm -f "$gen"/big.*
  if [ -n "$corpus" ]; then
    batch_inputs "$gen/batch"
    for j in 1 2; do
      rm -rf "$gen/batch-out"
      measure "batch-j$j" "$gen/batch" "$gen/batch-out" -- "$aem" convert -j"$j" --to aem --out-dir "$gen/batch-out" "$gen"/batch/* >"$out/batch-j$j.log" 2>&1
    done
  fi
fi

if [[ " ${targets[*]} " == *" python "* ]]; then
  echo "== Python rows (aem.read against read_scene in C++; aem.batch on a LocalCluster against aem convert -j2)"
  # The interpreter the module was built for (Debian's: it has NumPy and Dask), not a python3 earlier on PATH.
  python=$(sed -n 's/^Python3_EXECUTABLE:FILEPATH=//p' "$build/CMakeCache.txt")
  "$build/bench/make_glb" "$gen/tube.glb" 4000 128 60
  reads=("generated 39 MB glb=$gen/tube.glb")
  if [ -n "${AEM_KHRONOS_DIR:-}" ]; then
    reads+=("BrainStem=$AEM_KHRONOS_DIR/BrainStem.glb")
  else
    # BrainStem's size (13.9 MB) and joint count (266), when the sample itself is not at hand.
    "$build/bench/make_glb" "$gen/brainstem-like.glb" 1350 128 266
    reads+=("BrainStem-like glb, 266 joints=$gen/brainstem-like.glb")
  fi
  [ -n "$corpus" ] && reads=("CesiumMan=$corpus/gltf/CesiumMan/CesiumMan.glb" "${reads[@]}")
  sync
  PYTHONPATH="$build/python" "$python" scripts/bench_python.py read "$out" "$build/bench/bench_read" 9 "${reads[@]}" ||
    echo "bench: the Python read rows failed"
  rm -f "$gen/tube.glb" "$gen/brainstem-like.glb"
  if [ -n "$corpus" ]; then
    rm -rf "$gen/batch"
    batch_inputs "$gen/batch"
    PYTHONPATH="$build/python" "$python" scripts/bench_python.py batch "$out" "$aem" "$gen/batch" 3 ||
      echo "bench: the Python batch rows failed"
  fi
fi

# Key reduction (issue 32), beside bench_keys's speed and animator rows: aem convert at its default
# bound against gltfpack -af 30 on CesiumMan, Fox and BrainStem (AEM_KHRONOS_DIR: a folder with the
# Khronos samples Fox.glb and BrainStem.glb, outside the tree) and the generated 60 s capture.
if [[ " ${targets[*]} " == *" bench_keys "* ]]; then
  echo "== key reduction rows (aem convert's default bound beside gltfpack -af 30)"
  if command -v gltfpack >/dev/null; then
    "$build/bench/make_mocap" "$gen/capture.glb"
    models=("capture=$gen/capture.glb")
    [ -n "$corpus" ] && models+=("CesiumMan=$corpus/gltf/CesiumMan/CesiumMan.glb")
    if [ -n "${AEM_KHRONOS_DIR:-}" ]; then
      models+=("Fox=$AEM_KHRONOS_DIR/Fox.glb" "BrainStem=$AEM_KHRONOS_DIR/BrainStem.glb")
    else
      echo "bench: AEM_KHRONOS_DIR is not set: the Fox and BrainStem rows are skipped"
    fi
    for m in "${models[@]}"; do
      python3 scripts/bench_keys.py record "$out" "${m%%=*}" "${m#*=}" "$aem" "$build/bench/key_error" ||
        echo "bench: the key reduction rows of ${m%%=*} failed"
    done
    rm -f "$gen/capture.glb"
  else
    echo "bench: gltfpack is not installed (scripts/install-deps.sh --tests): the key reduction rows are skipped"
  fi
fi

echo
echo "== summary (results in $out)"
python3 scripts/bench_summary.py table "$out"
