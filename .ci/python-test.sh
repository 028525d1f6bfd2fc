#!/usr/bin/env bash
# The Python package (python/): build the abi3 wheel with maturin, install it into a fresh virtual
# environment, run the pytest suite and the package's doctests there. Installs its own pinned
# maturin and pytest (into target/ci-python, reused by later runs).
#
# The wheel is built in the dev profile, so it reuses what `cargo test --workspace` compiled
# (the speed figures in BENCHMARKS.md come from a release build: `pip install ./python`).
# Set CI_PYTHON to use another interpreter (default python3), and CI_EXTRA_PYTHONS to a list of
# interpreters that must also load the same wheel (e.g. "python3.9 python3.13"); one that does not
# run is skipped with a note. By default the extra one is the oldest Python the wheel claims,
# 3.9, when the machine has it (on PATH, or installed by pyenv).
set -euo pipefail
cd "$(dirname "$0")/.."

MATURIN_VERSION=1.16.0
PYTEST_VERSION=8.4.2
MYPY_VERSION=2.4.1
python=${CI_PYTHON:-python3}
work=target/ci-python
tools=$work/tools

if ! "$tools/bin/maturin" --version 2>/dev/null | grep -qx "maturin $MATURIN_VERSION"; then
    rm -rf "$tools"
    "$python" -m venv "$tools"
    "$tools/bin/pip" install --quiet --disable-pip-version-check "maturin==$MATURIN_VERSION"
fi

rm -rf "$work/wheels"
"$tools/bin/maturin" build --quiet --profile dev --strip -m python/Cargo.toml --out "$work/wheels"
wheel=$(ls "$work"/wheels/declared_options-*.whl)
case "$wheel" in
    *-cp39-abi3-*) echo "wheel: $(basename "$wheel")" ;;
    *) echo "error: $wheel is not an abi3 wheel for CPython >= 3.9" >&2; exit 1 ;;
esac

# The flinkconf binary, so the tests compare validate() with `flinkconf validate` line by line.
cargo build --quiet -p flinkconf
export FLINKCONF="$PWD/target/debug/flinkconf"

test_with() {
    local interpreter=$1 venv=$2
    shift 2
    rm -rf "$venv"
    "$interpreter" -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "pytest==$PYTEST_VERSION" "$@" "$wheel"
    # From the repository root, so `declared_options` is the installed wheel, not python/'s source.
    "$venv/bin/pytest" -q -p no:cacheprovider python/tests
    # The doctests of the installed package (the seed's example among them), in a new process so
    # the seed's process-wide config starts empty.
    "$venv/bin/pytest" -q -p no:cacheprovider --doctest-modules --pyargs declared_options
}

if [ -z "${CI_EXTRA_PYTHONS+set}" ]; then
    CI_EXTRA_PYTHONS=python3.9
    if command -v pyenv >/dev/null 2>&1; then
        for found in "$(pyenv root)"/versions/3.9*/bin/python3; do
            [ -x "$found" ] && CI_EXTRA_PYTHONS=$found
        done
    fi
fi

echo "-- $("$python" --version)"
# mypy (python/tests/test_typing.py) with the main interpreter only: it skips where not installed.
test_with "$python" "$work/venv" "mypy==$MYPY_VERSION"
for extra in ${CI_EXTRA_PYTHONS:-}; do
    if "$extra" -c 'import sys' 2>/dev/null; then
        echo "-- $("$extra" --version)"
        test_with "$extra" "$work/venv-$(basename "$extra")"
    else
        echo "-- $extra does not run here; skipped"
    fi
done
