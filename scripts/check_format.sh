#!/usr/bin/env bash
# Checks that every C and C++ source of the project is formatted as .clang-format says (120 columns),
# without changing anything; prints the files that are not and fails. `--fix` formats them in place.
# third_party/ keeps its upstream formatting.
set -euo pipefail
cd "$(dirname "$0")/.."
format=$(command -v clang-format-14 || command -v clang-format || true)
if [ -z "$format" ]; then
  echo "check_format: clang-format is not installed (bash scripts/install-deps.sh --tests installs it)" >&2
  exit 1
fi
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files '*.c' '*.cpp' '*.h' '*.hpp' '*.inl' ':!:third_party/**')
else  # an unpacked source archive: the same folders, without build trees
  mapfile -t files < <(find apps bench fuzz include python src tests web \( -name node_modules -o -name 'build*' \) -prune -o \
    -type f \( -name '*.c' -o -name '*.cpp' -o -name '*.h' -o -name '*.hpp' -o -name '*.inl' \) -print | sort)
fi
if [ "${1:-}" = --fix ]; then
  "$format" -i "${files[@]}"
  exit 0
fi
unformatted=()
for f in "${files[@]}"; do
  "$format" --dry-run --Werror "$f" >/dev/null 2>&1 || unformatted+=("$f")
done
if [ ${#unformatted[@]} -gt 0 ]; then
  printf 'check_format: not formatted as .clang-format says (bash scripts/check_format.sh --fix):\n' >&2
  printf '  %s\n' "${unformatted[@]}" >&2
  exit 1
fi
echo "check_format: ${#files[@]} files formatted"
