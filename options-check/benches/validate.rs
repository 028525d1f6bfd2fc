//! `validate`: what `flinkconf validate` costs per line of a user's file, for 10,000 keys that a
//! pattern key accepts (`flink.hadoop.<key>`) and for 10,000 unknown keys, each of which gets its
//! "did you mean" suggestions (`validate/known_10000`, `validate/unknown_10000`; names fixed by
//! the issue on suggestions at catalogue scale). The ratio of the two is the cost of a typo.
//! `validate/pattern_keys_60000` checks the large file of `../shared/bench/flink-load/gen.py`
//! (the issue on loading speed). `validate/reporters_10000` and `validate/reporters_20000` check
//! files of that many reporter settings (`metrics.reporter.r<i>.port`, `.interval`, and a
//! `factory.class` for every tenth reporter): the second doubles the input, so linear time shows
//! as a ratio near 2 (issue 48 asks at most 2.2), where the lookups of each reporter's factory
//! through the whole file were quadratic. `validate/misspelt_10000` checks 10,000 misspellings of
//! the catalogue's own keys (one dropped, doubled, swapped or wrong letter each, as
//! `scripts/gen_typo_pair.py` writes them for timing `flinkconf validate`): every kind of key, where
//! `unknown_10000` repeats one family; issue 51 asks it at most 3x `known_10000`.

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
    let misspelt = misspelt();
    group.bench_function("misspelt_10000", |b| {
        b.iter(|| check_text(&loaded, &misspelt))
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

/// `LINES` distinct misspellings of the catalogue's documented keys, one mistake each, the kind
/// and place varying with the line (the rules of `scripts/gen_typo_pair.py`).
fn misspelt() -> String {
    let catalogue = options_flink::builtin::catalogue();
    let mut keys: Vec<&str> = catalogue
        .options()
        .map(|(_, meta)| meta.key_str())
        .filter(|k| !k.contains('<') && k.len() >= 8)
        .collect();
    keys.sort_unstable();
    keys.dedup();
    let known: std::collections::HashSet<&str> = keys.iter().copied().collect();
    let mut written = std::collections::HashSet::new();
    let mut text = String::new();
    let mut i = 0;
    while written.len() < LINES {
        let typo = misspell(keys[i % keys.len()], i / keys.len() * 31 + i);
        i += 1;
        if !known.contains(typo.as_str()) && written.insert(typo.clone()) {
            text.push_str(&typo);
            text.push_str(": x\n");
        }
    }
    text
}

/// One mistake at a letter of `key`, its kind and place chosen by `i`.
fn misspell(key: &str, i: usize) -> String {
    let b = key.as_bytes();
    let letters: Vec<usize> = (0..b.len())
        .filter(|&p| b[p].is_ascii_alphabetic())
        .collect();
    let at = letters[(i * 7919) % letters.len()];
    let mut out = b.to_vec();
    match i % 4 {
        0 => {
            out.remove(at);
        }
        1 => out.insert(at, b[at]),
        2 if at + 1 < b.len() && b[at + 1] != b[at] => out.swap(at, at + 1),
        _ => out[at] = if b[at] == b'q' { b'x' } else { b'q' },
    }
    String::from_utf8(out).expect("keys are ASCII")
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
