#!/usr/bin/env bash
# tools/check-self-contained.sh: fails, listing file:line, when a tracked file refers to a path
# outside the repository. A clone with nothing beside it must build, test and explain itself, so
# nothing may point at a sibling folder of the clone (the development setup keeps the contract in
# one), at the development machine's absolute paths, or climb above the repository root from Rust
# (include_str!, include_bytes!, CARGO_MANIFEST_DIR paths), nor name a document (`X.md`) that
# the repository does not have.
#
# The patterns are written in two halves so that this file does not match itself.
set -euo pipefail

cd "$(git -C "$(dirname "${BASH_SOURCE[0]}")" rev-parse --show-toplevel)"
root=$PWD
found=0

report() {
  printf '%s: %s\n' "$1" "$2"
  found=$((found + 1))
}

# 1. Sibling folders and absolute paths of the development machine, in any tracked text file.
sibling='\.\./'"shared"
machine='/'"work/"
while IFS= read -r hit; do
  report "${hit%%:*}:$(cut -d: -f2 <<<"$hit")" "refers outside the repository: $(cut -d: -f3- <<<"$hit" | sed 's/^[[:space:]]*//')"
done < <(git grep -n -I -E -e "$sibling" -e "$machine" || true)

# 2. Rust string literals that are relative paths ("../x", or "/../x" after CARGO_MANIFEST_DIR):
# resolved from the source file's folder (include_str!/include_bytes! of a plain literal, a
# module's #[path]) or from the crate's folder (CARGO_MANIFEST_DIR), they must stay inside the
# repository.
crate_dir() {
  local dir
  dir=$(dirname "$1")
  while [ "$dir" != . ] && [ ! -f "$dir/Cargo.toml" ]; do dir=$(dirname "$dir"); done
  echo "$dir"
}

while IFS= read -r hit; do
  file=${hit%%:*}
  rest=${hit#*:}
  line=${rest%%:*}
  text=${rest#*:}
  previous=$( ((line > 1)) && sed -n "$((line - 1))p" "$file" || true)
  while IFS= read -r literal; do
    path=${literal#\"}
    path=${path%\"}
    if [[ $path == /* ]]; then
      base=$(crate_dir "$file") # concat!(env!("CARGO_MANIFEST_DIR"), "/../x")
      path=${path#/}
    elif [[ $text$previous == *include_str!* || $text$previous == *include_bytes!* ||
      $text == *'#[path = '* ]] && [[ $text != *CARGO_MANIFEST_DIR* ]]; then
      base=$(dirname "$file") # include_str!("../x") and #[path = "../x"] are relative to the source file
    else
      base=$(crate_dir "$file") # Path::new(env!("CARGO_MANIFEST_DIR")).join("../x")
    fi
    resolved=$(realpath -m "$root/$base/$path")
    if [[ $resolved != "$root" && $resolved != "$root"/* ]]; then
      report "$file:$line" "climbs above the repository root: \"$path\" from $base/"
    fi
  done < <(grep -oE '"/?\.\./[^"]*"' <<<"$text")
done < <(git grep -n -I -E '"/?\.\./' -- '*.rs' || true)

# 3. Documents named by file name (`FORMAT.md`, `docs/DESIGN.md`) must be documents of this
# repository: a name that only exists beside the clone is a pointer a user cannot follow.
tracked_docs=$(git ls-files -- '*.md' | xargs -n1 basename | sort -u)
while IFS= read -r hit; do
  file=${hit%%:*}
  rest=${hit#*:}
  line=${rest%%:*}
  text=${rest#*:}
  while IFS= read -r name; do
    if ! grep -qxF "$name" <<<"$tracked_docs"; then
      report "$file:$line" "names a document this repository does not have: $name"
    fi
  done < <(grep -oE '\b[A-Z][A-Z_-]*[A-Z_]\.md\b' <<<"$text" | sort -u)
done < <(git grep -n -I -E '\b[A-Z][A-Z_-]*[A-Z_]\.md\b' -- ':!package-lock.json' || true)

if ((found > 0)); then
  echo "check-self-contained: $found reference(s) outside the repository" >&2
  exit 1
fi
echo "check-self-contained: every tracked file stays inside the repository"
