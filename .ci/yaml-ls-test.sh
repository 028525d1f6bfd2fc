#!/usr/bin/env bash
# config.schema.json in the clients that use it: the real yaml-language-server (over stdio, one
# process for every case) and Ajv 8 in strict mode, both pinned in tests/yaml-ls/package-lock.json,
# then check-jsonschema (pinned in tests/yaml-ls/requirements.txt, in a throw-away venv).
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

echo "== check-jsonschema (pinned in tests/yaml-ls/requirements.txt): one bad value among twenty valid keys is one finding"
cd ../..
venv="$(mktemp -d)"
trap 'rm -rf "$venv"' EXIT
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r tests/yaml-ls/requirements.txt
"$venv/bin/check-jsonschema" --schemafile site/config.schema.json \
  tests/data/flink-versions/flink-2.0.2-default-config.yaml flinkconf/tests/data/plugins/config.yaml
report="$("$venv/bin/check-jsonschema" --schemafile site/config.schema.json --output-format json \
  tests/data/schema-tools/one-bad-value.yaml || true)"
printf '%s' "$report" | python3 -c '
import json, sys
errors = json.load(sys.stdin)["errors"]
paths = [e["path"] for e in errors]
print(f"check-jsonschema: {len(errors)} finding(s): {paths}")
sys.exit(0 if paths == ["$[\x27pipeline.auto-watermark-interval\x27]"] else 1)
'
