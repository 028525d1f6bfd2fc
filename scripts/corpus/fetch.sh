#!/usr/bin/env bash
# Fetch the public corpus that `flinkconf validate` is judged on (issue 48): the files named in
# list.tsv (repository, commit, path), each at its fixed commit, into a directory outside the
# repository, under <dir>/<owner>+<name>/<path>, so each keeps the name it has upstream.
#
#   scripts/corpus/fetch.sh [DIR]          (DIR defaults to /work/corpus/files)
#
# A file is read from a local git snapshot of its repository when one is under $MIRRORS
# (default /work/.mirror/<owner>+<name>/repo), else downloaded at its commit from GitHub.
# The files are other people's work: keep them out of this repository.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-/work/corpus/files}
mirrors=${MIRRORS:-/work/.mirror}
mkdir -p "$out"
ok=0 failed=0
while IFS=$'\t' read -r repo commit path; do
  [[ -z "$repo" || "$repo" == \#* ]] && continue
  dest="$out/${repo/\//+}/$path"
  mkdir -p "$(dirname "$dest")"
  git_dir="$mirrors/${repo/\//+}/repo"
  [[ -d "$git_dir/.git" ]] && git_dir="$git_dir/.git"
  if [[ -d "$git_dir" ]] && git --git-dir="$git_dir" show "$commit:$path" >"$dest" 2>/dev/null; then
    ok=$((ok + 1))
  elif curl -fsSL -o "$dest" "https://raw.githubusercontent.com/$repo/$commit/$path" 2>/dev/null; then
    ok=$((ok + 1))
  else
    echo "not fetched: $repo $commit $path" >&2
    rm -f "$dest"
    failed=$((failed + 1))
  fi
done <"$here/list.tsv"
echo "$ok files in $out, $failed not fetched"
