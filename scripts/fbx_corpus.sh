#!/usr/bin/env bash
# The FBX corpus check: how much of ufbx's test corpus `aem convert` reads, and how much of it poses
# as ufbx's reference frames say (docs/formats/fbx-corpus.md).
#
#   bash scripts/fbx_corpus.sh DIR [--out REPORT] [-j N] [--timeout SECONDS] [--work KEEP_DIR] [--only TEXT]
#
# DIR is a checkout of the ufbx repository (https://github.com/ufbx/ufbx): its data/ holds the .fbx
# files and the reference .obj frames, its test/*.h say which .obj belongs to which .fbx at which time.
# Every .fbx at the top of data/ is converted to .glb with `aem convert` (N at once, SECONDS each; the
# fuzz inputs in data/fuzz and data/obj_fuzz are converted too, but counted apart: each must convert or
# fail with an error code, and any that crashes, hangs or fails without one is listed). Each reference
# frame - data/NAME.obj against NAME_<version>_<format>.fbx at its stored pose, and every
# ufbxt_check_frame(...) of the tests at its take and time - is compared with the converted file read
# back by aem and posed (rest pose for stored poses): mean distance from each reference vertex to the
# nearest posed vertex, and back; a frame matches when the larger is at most 1e-3 of the reference's
# bounding-box diagonal. The reference is taken from the file's declared unit and axes to ours (metres,
# Y up, right-handed), with the scale and axis flags of the test that compares it.
#
# Prints: files, converted, reference frames, matched (static and animated apart), fuzz inputs, then
# every failure by cause: conversion error codes, frames not matched (file not converted, geometry
# mismatch with its distance, checker errors), test cases it could not parse and frames it excludes,
# each with the reason. --out REPORT also writes everything as JSON. --work keeps the .glb files and
# checker manifests.
#
# Builds aem and the checker (tests/fbx_corpus) in build-fbx-corpus/ first; AEM_BUILD_DIR=DIR reuses a
# configured build folder instead. Needs cmake, a C++ compiler, python3.
set -euo pipefail

if [ $# -lt 1 ] || [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
  exit 2
fi
ufbx=$1
shift
here=$(cd "$(dirname "$0")/.." && pwd)
build=${AEM_BUILD_DIR:-$here/build-fbx-corpus}
if [ -z "${AEM_BUILD_DIR:-}" ] && [ ! -f "$build/CMakeCache.txt" ]; then
  generator=()
  command -v ninja >/dev/null && generator=(-G Ninja)
  cmake -S "$here" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DAEM_BUILD_BENCH=OFF >&2
fi
[ -f "$build/CMakeCache.txt" ] || { echo "fbx_corpus: $build is not a configured build folder" >&2; exit 2; }
cmake --build "$build" --target aem_cli fbx_corpus_check >&2
exec python3 "$here/scripts/fbx_corpus.py" "$ufbx" --aem "$build/apps/aem/aem" --checker "$build/tests/fbx_corpus_check" "$@"
