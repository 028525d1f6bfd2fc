#!/usr/bin/env bash
# The flinkconf command as pip installs it: build the wheel that carries the binary
# (flinkconf/pyproject.toml, maturin's bin bindings), install it into a fresh virtual environment
# and run it over a generated fleet (scripts/gen_fleet.py): every planted bad value reported at its
# file and line, nothing else an error. Uses the pinned maturin of .ci/python-test.sh (in
# target/ci-python/tools; installed here when missing).
#
# The wheel is built in the dev profile, so it reuses what `cargo test --workspace` compiled and
# only relinks flinkconf (a release wheel: `maturin build --release -m flinkconf/Cargo.toml`).
# Leaves the venv in target/ci-cli/venv for .ci/pre-commit-test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

MATURIN_VERSION=1.16.0
python=${CI_PYTHON:-python3}
work=target/ci-cli
tools=target/ci-python/tools

if ! "$tools/bin/maturin" --version 2>/dev/null | grep -qx "maturin $MATURIN_VERSION"; then
    rm -rf "$tools"
    "$python" -m venv "$tools"
    "$tools/bin/pip" install --quiet --disable-pip-version-check "maturin==$MATURIN_VERSION"
fi

rm -rf "$work/wheels"
"$tools/bin/maturin" build --quiet --profile dev --strip -m flinkconf/Cargo.toml --out "$work/wheels"
wheel=$(ls "$work"/wheels/flinkconf-*.whl)
case "$wheel" in
    *-py3-none-*) echo "wheel: $(basename "$wheel") ($(du -k "$wheel" | cut -f1) KiB)" ;;
    *) echo "error: $wheel is not a py3-none wheel (a binary for any Python 3)" >&2; exit 1 ;;
esac

# A fresh venv with nothing but the wheel: the command must need no Rust and no Python package.
rm -rf "$work/venv"
"$python" -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --disable-pip-version-check "$wheel"
flinkconf="$work/venv/bin/flinkconf"
version=$("$flinkconf" --version)
expected="flinkconf $(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)"
[ "$version" = "$expected" ] || { echo "error: the installed command says '$version', not '$expected'" >&2; exit 1; }
echo "installed: $version"

fleet=$(mktemp -d)
trap 'rm -rf "$fleet"' EXIT
"$python" scripts/gen_fleet.py "$fleet/repo" 200 >"$fleet/planted.tsv"
status=0
"$flinkconf" validate "$fleet/repo" --output-format json --output "$fleet/report.json" || status=$?
[ "$status" = 1 ] || { echo "error: validate over the fleet exited $status, not 1" >&2; exit 1; }
"$python" - "$fleet" <<'EOF'
import json, os, sys

fleet = sys.argv[1]
report = json.load(open(os.path.join(fleet, "report.json")))
errors = sorted(
    (os.path.relpath(f["path"], os.path.join(fleet, "repo")), finding["line"])
    for f in report["files"]
    for finding in f["findings"]
    if finding["level"] == "error"
)
planted = sorted(
    (path, int(line)) for path, line, _ in (row.split("\t") for row in open(os.path.join(fleet, "planted.tsv")).read().splitlines())
)
summary = report["summary"]
print(f"fleet: {summary['checked']} files checked, {summary['errors']} errors "
      f"({len(planted)} planted), {summary['warnings']} warnings")
if errors != planted:
    sys.exit(f"error: the errors found are not the planted ones:\n found:   {errors}\n planted: {planted}")
EOF
