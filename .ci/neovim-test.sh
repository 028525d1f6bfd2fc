#!/usr/bin/env bash
# The language server (`flinkconf lsp`) in a real editor: Neovim's built-in LSP client, headless,
# driven by options-lsp/tests/editor/neovim.lua (diagnostics with lines, severities and tags,
# hover, completion, the deprecated-key and did-you-mean fixes applied to the buffer). Installs
# Debian's neovim (0.7 or newer) when missing. Run from anywhere: bash .ci/neovim-test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v nvim >/dev/null; then
  echo "== installing Debian's neovim"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq neovim >/dev/null
fi
echo "$(nvim --version | head -1)"

cargo build -q -p flinkconf
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
FLINKCONF="$PWD/target/debug/flinkconf" WORK="$work" \
  timeout 60 nvim --headless --clean -c 'luafile options-lsp/tests/editor/neovim.lua'
