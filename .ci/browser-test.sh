#!/usr/bin/env bash
# The reference site (site/) in a real browser: installs Debian's chromium when missing and the
# test's npm packages from tests/browser/package-lock.json, then runs `node --test`.
# Screenshots go to target/browser-screenshots/. Run from anywhere: bash .ci/browser-test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  echo "== installing Debian's chromium (not at $CHROMIUM)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "== installing Debian's nodejs and npm"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq nodejs npm >/dev/null
fi
echo "chromium: $("$CHROMIUM" --version 2>/dev/null || echo unknown); node: $(node --version)"

echo "== npm ci (tests/browser: playwright-core, pinned in package-lock.json; no browser download)"
cd tests/browser
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
npm ci --no-audit --no-fund --loglevel=error

echo "== node --test (tests/browser/site.test.mjs)"
CHROMIUM="$CHROMIUM" node --test site.test.mjs
