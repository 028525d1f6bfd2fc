//! `suggest` and `complete`: what a typo and a Tab press cost against the built-in catalogue.
//!
//! Names are stable across versions (issue on suggestions at catalogue scale); `BENCHMARKS.md`
//! is regenerated from these results by `scripts/benchmarks.py`. The `_full_scan` entries score
//! every key, as suggestions did before the index: the baseline of the same run.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use options_core::suggest::{suggest, Candidate};
use options_flink::session::{EnvironmentSettings, TableEnvironment};

const TYPO: &str = "table.exec.mini-batch.enabeld7";
/// Nothing within the typo allowance: answered by the last resort (prefix and last word shared).
const FAR: &str = "restart-strategy.exponential-delay.max-attempts";

fn suggest_benches(c: &mut Criterion) {
    let catalogue = options_flink::builtin::catalogue();
    // The index is built on the first unknown key; build it outside the measurement.
    black_box(catalogue.suggest(TYPO));
    let mut group = c.benchmark_group("suggest");
    group.bench_function("unknown_key", |b| {
        b.iter(|| catalogue.suggest(black_box(TYPO)))
    });
    group.bench_function("unknown_key_last_resort", |b| {
        b.iter(|| catalogue.suggest(black_box(FAR)))
    });
    let candidates: Vec<Candidate> = catalogue.suggestion_candidates().collect();
    group.bench_function("unknown_key_full_scan", |b| {
        b.iter(|| suggest(black_box(TYPO), candidates.iter().copied()))
    });
    group.finish();
}

fn complete_benches(c: &mut Criterion) {
    let env = TableEnvironment::create(EnvironmentSettings::new());
    let statement = "SET 'table.exec.";
    let mut group = c.benchmark_group("complete");
    group.bench_function("key_prefix", |b| {
        b.iter(|| env.complete(black_box(statement), statement.len()))
    });
    // A Tab press after `SET ` with nothing typed: every settable key, from the sorted list the
    // environment prepared on the first press.
    group.bench_function("set_nothing_typed", |b| {
        b.iter(|| env.complete(black_box("SET "), 4))
    });
    group.finish();
}

criterion_group!(benches, suggest_benches, complete_benches);
criterion_main!(benches);
