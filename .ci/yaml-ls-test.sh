#!/usr/bin/env bash
# config.schema.json in the clients that use it: the real yaml-language-server (over stdio, one
# process for every case) and Ajv 8 in strict mode, both pinned in tests/yaml-ls/package-lock.json.
# Installs Debian's nodejs and npm when missing, then the test's npm packages. Run from anywhere:
# bash .ci/yaml-ls-test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "== installing Debian's nodejs and npm"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq nodejs npm >/dev/null
fi
echo "node: $(node --version)"

echo "== npm ci (tests/yaml-ls: yaml-language-server and ajv, pinned in package-lock.json)"
cd tests/yaml-ls
npm ci --no-audit --no-fund --loglevel=error

echo "== node --test (tests/yaml-ls/schema.test.mjs)"
node --test schema.test.mjs
