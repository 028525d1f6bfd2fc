//! `validate`: what `flinkconf validate` costs per line of a user's file, for 10,000 keys that a
//! pattern key accepts (`flink.hadoop.<key>`) and for 10,000 unknown keys, each of which gets its
//! "did you mean" suggestions (`validate/known_10000`, `validate/unknown_10000`; names fixed by
//! the issue on suggestions at catalogue scale). The ratio of the two is the cost of a typo.
//! `validate/pattern_keys_60000` checks the large file of `../shared/bench/flink-load/gen.py`
//! (the issue on loading speed). `validate/reporters_10000` and `validate/reporters_20000` check
//! files of that many reporter settings (`metrics.reporter.r<i>.port`, `.interval`, and a
//! `factory.class` for every tenth reporter): the second doubles the input, so linear time shows
//! as a ratio near 2 (issue 48 asks at most 2.2), where the lookups of each reporter's factory
//! through the whole file were quadratic.

use criterion::{criterion_group, criterion_main, Criterion};
use options_check::validate::check_text;
use options_docs::source::Loaded;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[path = "../../options-flink/benches/flink_load_file.rs"]
mod flink_load_file;

const LINES: usize = 10_000;

/// `LINES` lines of `key(i): value`.
fn file(key: impl Fn(usize) -> String, value: &str) -> String {
    (0..LINES)
        .map(|i| format!("{}: {value}\n", key(i)))
        .collect()
}

fn validate(c: &mut Criterion) {
    let loaded = Loaded::from_catalogue(options_flink::builtin::catalogue());
    let known = file(|i| format!("flink.hadoop.fs.s3a.key{i}"), "value");
    let unknown = file(|i| format!("table.exec.mini-batch.enabeld{i}"), "true");
    let mut group = c.benchmark_group("validate");
    group.sample_size(10);
    group.bench_function("known_10000", |b| b.iter(|| check_text(&loaded, &known)));
    group.bench_function("unknown_10000", |b| {
        b.iter(|| check_text(&loaded, &unknown))
    });
    let large = flink_load_file::flink_load_config();
    group.bench_function("pattern_keys_60000", |b| {
        b.iter(|| {
            let problems = check_text(&loaded, &large);
            assert!(problems.is_empty());
            problems
        })
    });
    for lines in [10_000, 20_000] {
        let reporters = reporters(lines);
        group.bench_function(format!("reporters_{lines}"), |b| {
            b.iter(|| check_text(&loaded, &reporters))
        });
    }
    group.finish();
}

/// `lines` settings of reporters: a port and an interval each, and every tenth one named by one
/// of Flink's factories.
fn reporters(lines: usize) -> String {
    let mut text = String::new();
    for i in 0..lines / 2 {
        text.push_str(&format!(
            "metrics.reporter.r{i}.port: {}\n",
            9000 + i % 1000
        ));
        text.push_str(&format!(
            "metrics.reporter.r{i}.interval: {} s\n",
            1 + i % 60
        ));
        if i % 10 == 0 {
            text.push_str(&format!(
                "metrics.reporter.r{i}.factory.class: org.apache.flink.metrics.prometheus.PrometheusReporterFactory\n"
            ));
        }
    }
    text
}

criterion_group!(benches, validate);
criterion_main!(benches);
