//! `load`: reading a large `config.yaml` into a layered configuration, as `options-shell --config`
//! does (`load/pattern_keys_60000`, name fixed by the issue on loading speed), next to the floor
//! of the YAML parser alone on the same text: its event stream (all the loader reads of it) and
//! a whole document (`yaml_rust2::YamlLoader`, what "parsing the file" usually means).
//!
//! The file is `../shared/bench/flink-load/gen.py`'s (see `flink_load_file.rs`).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use options_core::layers::LayeredConfig;
use yaml_rust2::parser::{Event, Parser};

mod flink_load_file;

fn load(c: &mut Criterion) {
    let text = flink_load_config();
    let catalogue = options_flink::builtin::catalogue();
    let mut group = c.benchmark_group("load");
    group.sample_size(10);
    group.bench_function("pattern_keys_60000", |b| {
        b.iter(|| {
            let config = LayeredConfig::builder()
                .catalogue(catalogue.clone())
                .config_yaml(black_box(text.as_str()), "config.yaml")
                .build()
                .expect("the generated file loads");
            assert_eq!(config.resolved().len(), 60_000);
            config
        })
    });
    group.bench_function("yaml_rust2_events_60000", |b| {
        b.iter(|| {
            let mut parser = Parser::new_from_str(black_box(&text));
            let mut events = 0usize;
            loop {
                match parser.next_token().expect("the generated file parses") {
                    (Event::StreamEnd, _) => break events,
                    _ => events += 1,
                }
            }
        })
    });
    group.bench_function("yaml_rust2_document_60000", |b| {
        b.iter(|| yaml_rust2::YamlLoader::load_from_str(black_box(&text)).expect("parses"))
    });
    group.finish();
}

use flink_load_file::flink_load_config;

criterion_group!(benches, load);
criterion_main!(benches);
