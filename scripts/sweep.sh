#!/usr/bin/env bash
# Runs every aem command over a folder of models and prints what happened, per extension and in all:
# files, read by Assimp (its own `assimp info`, when installed), read by aem, converted to AEM, valid
# (the converted file passes `aem validate`), crashes (an aem command died from a signal) and hangs
# (an aem command outlived its time limit). Details of each failure go to OUT/sweep.tsv.
#   bash scripts/sweep.sh DIR [OUT_DIR]     (AEM=path/to/aem, JOBS=N, SECONDS_PER_COMMAND=N to override)
set -uo pipefail
dir=${1:?usage: scripts/sweep.sh DIR [OUT_DIR]}
out=${2:-$(mktemp -d /tmp/aem-sweep.XXXXXX)}
here=$(cd "$(dirname "$0")/.." && pwd)
aem=${AEM:-$here/build/apps/aem/aem}
[ -x "$aem" ] || { echo "sweep: no aem at $aem (build first, or set AEM=...)" >&2; exit 2; }
jobs=${JOBS:-$(nproc)}
limit=${SECONDS_PER_COMMAND:-60}
mkdir -p "$out/work"

# The extensions this aem reads, from `aem formats` (every word that starts with a dot).
extensions=$("$aem" formats | grep -o '\.[a-z0-9][a-z0-9.]*' | sort -u | tr '\n' ' ')

sweep_one() {  # FILE -> one TSV line: ext assimp_rc info_rc validate_rc pose_rc convert_rc out_validate_rc file
  local file=$1 name ext work rc_assimp=- rc_info rc_validate rc_pose rc_convert rc_out=-
  name=$(basename "$file"); ext=${name##*.}; [ "$ext" = "$name" ] && ext="(none)"
  work=$(mktemp -d "$out/work/XXXXXX")
  if command -v assimp >/dev/null; then { timeout -k 5 "$limit" assimp info "$file" >/dev/null 2>&1; } 2>/dev/null; rc_assimp=$?; fi
  timeout -k 5 "$limit" "$aem" info "$file" >"$work/info.txt" 2>&1; rc_info=$?
  timeout -k 5 "$limit" "$aem" validate "$file" >/dev/null 2>&1; rc_validate=$?
  timeout -k 5 "$limit" "$aem" pose "$file" --time 0.5 >/dev/null 2>&1; rc_pose=$?
  timeout -k 5 "$limit" "$aem" convert "$file" "$work/out.aem" >"$work/convert.txt" 2>&1; rc_convert=$?
  if [ $rc_convert = 0 ]; then timeout -k 5 "$limit" "$aem" validate "$work/out.aem" >"$work/validate.txt" 2>&1; rc_out=$?; fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$ext" "$rc_assimp" "$rc_info" "$rc_validate" "$rc_pose" "$rc_convert" "$rc_out" "$file"
  rm -rf "$work"
}
export -f sweep_one
export out aem limit

find "$dir" -type f | while read -r f; do
  b=$(basename "$f"); e=".${b##*.}"; e=${e,,}
  # A known extension, or none at all (aem then tells the format by content).
  case " $extensions " in *" $e "*) printf '%s\0' "$f" ;; *) [ "$b" = "${b#*.}" ] && printf '%s\0' "$f" ;; esac
done | xargs -0 -r -n 1 -P "$jobs" bash -c 'sweep_one "$0"' >"$out/sweep.tsv"

# Exit codes: 0 ok; 1 invalid; 2 usage; 124/137 the time limit (timeout); other >128 a signal.
awk -F'\t' '
  function crashed(rc) { return rc != "-" && rc > 128 && rc != 137 }
  function hung(rc) { return rc == 124 || rc == 137 }
  {
    n[$1]++; n["all"]++
    if ($2 == "0") { assimp[$1]++; assimp["all"]++ }
    if ($3 == "0") { readok[$1]++; readok["all"]++ }
    if ($6 == "0") { conv[$1]++; conv["all"]++ }
    if ($7 == "0") { valid[$1]++; valid["all"]++ }
    c = 0; h = 0
    for (i = 3; i <= 7; i++) { if (crashed($i)) c = 1; if (hung($i)) h = 1 }  # aem commands only
    if (c) { crash[$1]++; crash["all"]++ }
    if (h) { hang[$1]++; hang["all"]++ }
  }
  END {
    fmt = "%s %-12s %6d %8d %8d %10d %6d %8d %6d\n"
    printf "0 %-12s %6s %8s %8s %10s %6s %8s %6s\n", "extension", "files", "assimp", "aem", "converted", "valid", "crashes", "hangs"
    for (e in n) printf fmt, (e == "all" ? "2" : "1"), e, n[e], assimp[e], readok[e], conv[e], valid[e], crash[e], hang[e]
  }' "$out/sweep.tsv" | sort -k1,1n -k2,2 | cut -d' ' -f2-
echo "per-file exit codes (ext, assimp, info, validate, pose, convert, validate of the output, file): $out/sweep.tsv"
