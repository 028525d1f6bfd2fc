#!/usr/bin/env bash
# A short, bounded run of every fuzz target (see fuzz/README.md): installs cargo-fuzz when it is
# missing (pinned, --locked), builds the targets once, runs each on its committed corpus for a few
# seconds with its dictionary (fuzz/dict/: keys and tokens of the catalogue, checked up to date
# first). A crash, hang or out-of-memory fails CI; libFuzzer writes the input to fuzz/artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."

CARGO_FUZZ_VERSION=0.13.1
SECONDS_PER_TARGET=${FUZZ_SECONDS:-10}
# cargo-fuzz needs nightly-only flags (sanitizer coverage); the stable toolchain accepts them here.
export RUSTC_BOOTSTRAP=1

if ! cargo fuzz --version 2>/dev/null | grep -q "$CARGO_FUZZ_VERSION"; then
    echo "== installing cargo-fuzz $CARGO_FUZZ_VERSION"
    cargo install cargo-fuzz --version "$CARGO_FUZZ_VERSION" --locked
fi

python3 fuzz/inputs.py --check

cd fuzz
# No AddressSanitizer: the crates under test forbid `unsafe`, so it would only slow the build and
# the runs; libFuzzer still finds panics, hangs and memory blow-ups.
echo "== building the fuzz targets"
cargo fuzz build -s none
for target in $(cargo fuzz list); do
    echo "== fuzzing $target for ${SECONDS_PER_TARGET}s"
    # A scratch corpus: new inputs found in CI are not written into the committed seeds.
    scratch=$(mktemp -d)
    log=$(mktemp)
    status=0
    cargo fuzz run -s none "$target" "$scratch" "corpus/$target" -- \
        -dict="dict/$target.dict" -max_total_time="$SECONDS_PER_TARGET" -timeout=5 -rss_limit_mb=1024 -max_len=4096 \
        -print_final_stats=1 >"$log" 2>&1 || status=$?
    grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb)|^#[0-9]+ +DONE" "$log" || true
    rm -rf "$scratch"
    if [ "$status" -ne 0 ]; then
        tail -n 40 "$log"
        echo "fuzz target $target failed (exit $status); the input is in fuzz/artifacts/$target/"
        exit 1
    fi
    rm -f "$log"
done
echo "fuzz smoke: every target ran ${SECONDS_PER_TARGET}s without a finding"
