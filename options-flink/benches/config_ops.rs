//! `config_ops`: the cost of reading and writing options, next to a string-keyed baseline
//! (`HashMap<String, String>` that parses on every read, what a string-keyed config does).
//!
//! Names are stable across versions, so `BENCHMARKS.md` (regenerated from these results by
//! `scripts/benchmarks.py`) compares runs of different versions.

use std::collections::HashMap;
use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use options_core::layers::LayeredConfig;
use options_core::{Configuration, OptionValue, ReadableConfig};
use options_flink::builtin::ExecutionOptions;
use options_flink::TableConfig;

const TIMEOUT_KEY: &str = "table.exec.async-lookup.timeout";
const LONG_KEY: &str = "table.exec.mini-batch.size";

/// How many other options every configuration in this group holds, so lookups (ours and the
/// baseline's) probe a table with realistic content rather than an empty one.
const OTHER_SETTINGS: usize = 16;

/// `OTHER_SETTINGS` boolean options of the built-in catalogue, each set to `true`.
fn other_settings() -> Vec<&'static str> {
    options_flink::builtin::catalogue()
        .options()
        .filter(|(_, meta)| meta.value_type == bool::TYPE && meta.key_str() != TIMEOUT_KEY)
        .map(|(_, meta)| meta.key_str())
        .take(OTHER_SETTINGS)
        .collect()
}

fn populated_config() -> Configuration {
    let mut config = Configuration::with_catalogue(options_flink::builtin::catalogue());
    for key in other_settings() {
        config.set_str(key, "true").unwrap();
    }
    config
}

fn string_map() -> StringMap {
    let mut map = StringMap::default();
    for key in other_settings() {
        map.set(key, "true");
    }
    map
}

/// The string-keyed baseline: values kept as strings, parsed on every typed read.
#[derive(Default)]
struct StringMap(HashMap<String, String>);

impl StringMap {
    fn set(&mut self, key: &str, value: &str) {
        self.0.insert(key.to_owned(), value.to_owned());
    }

    fn get<T: OptionValue>(&self, key: &str, default: T) -> T {
        match self.0.get(key) {
            Some(v) => T::parse_config(v).unwrap_or(default),
            None => default,
        }
    }
}

fn config_ops(c: &mut Criterion) {
    let mut group = c.benchmark_group("config_ops");

    // get_duration_from_string: set by string, read typed.
    let mut config = populated_config();
    config.set_str(TIMEOUT_KEY, "3 min").unwrap();
    group.bench_function("get_duration_from_string", |b| {
        b.iter(|| black_box(&config).get(&ExecutionOptions::ASYNC_LOOKUP_TIMEOUT))
    });
    let mut baseline = string_map();
    baseline.set(TIMEOUT_KEY, "3 min");
    group.bench_function("baseline_get_duration_from_string", |b| {
        b.iter(|| black_box(&baseline).get(black_box(TIMEOUT_KEY), Duration::ZERO))
    });

    // get_long_from_string.
    let mut config = populated_config();
    config.set_str(LONG_KEY, "5000").unwrap();
    group.bench_function("get_long_from_string", |b| {
        b.iter(|| black_box(&config).get(&ExecutionOptions::MINI_BATCH_SIZE))
    });
    let mut baseline = string_map();
    baseline.set(LONG_KEY, "5000");
    group.bench_function("baseline_get_long_from_string", |b| {
        b.iter(|| black_box(&baseline).get(black_box(LONG_KEY), -1i64))
    });

    // get_duration_typed: set typed, read typed.
    let mut config = populated_config();
    config
        .set(
            &ExecutionOptions::ASYNC_LOOKUP_TIMEOUT,
            Duration::from_secs(180),
        )
        .expect("the timeout declares no bound");
    group.bench_function("get_duration_typed", |b| {
        b.iter(|| black_box(&config).get(&ExecutionOptions::ASYNC_LOOKUP_TIMEOUT))
    });
    let mut baseline = string_map();
    baseline.set(TIMEOUT_KEY, &Duration::from_secs(180).to_config_string());
    group.bench_function("baseline_get_duration_typed", |b| {
        b.iter(|| black_box(&baseline).get(black_box(TIMEOUT_KEY), Duration::ZERO))
    });

    // get_unset_default: nothing set, the declared default comes back.
    let config = populated_config();
    group.bench_function("get_unset_default", |b| {
        b.iter(|| black_box(&config).get(&ExecutionOptions::ASYNC_LOOKUP_TIMEOUT))
    });
    let baseline = string_map();
    group.bench_function("baseline_get_unset_default", |b| {
        b.iter(|| black_box(&baseline).get(black_box(TIMEOUT_KEY), Duration::from_secs(180)))
    });

    // get_two_layers: the value is in the root layer, read through the application layer.
    let mut root = populated_config();
    root.set_str(TIMEOUT_KEY, "3 min").unwrap();
    let mut table_config = TableConfig::default();
    table_config.set_root_configuration(LayeredConfig::from(root));
    for key in other_settings() {
        table_config.set_str(key, "true").unwrap();
    }
    group.bench_function("get_two_layers", |b| {
        b.iter(|| black_box(&table_config).get(&ExecutionOptions::ASYNC_LOOKUP_TIMEOUT))
    });
    let mut root = string_map();
    root.set(TIMEOUT_KEY, "3 min");
    let app = string_map();

    group.bench_function("baseline_get_two_layers", |b| {
        b.iter(|| {
            let key = black_box(TIMEOUT_KEY);
            match black_box(&app).0.get(key) {
                Some(v) => Duration::parse_config(v).unwrap_or_default(),
                None => black_box(&root).get(key, Duration::ZERO),
            }
        })
    });

    // set_string: set by string key, with validation against the catalogue.
    let mut config = populated_config();
    group.bench_function("set_string", |b| {
        b.iter(|| {
            config
                .set_str(black_box(TIMEOUT_KEY), black_box("3 min"))
                .map(drop)
        })
    });
    let mut baseline = string_map();
    group.bench_function("baseline_set_string", |b| {
        b.iter(|| {
            // The baseline validates too, so the comparison is like for like.
            let value = black_box("3 min");
            let ok = Duration::parse_config(value).is_ok();
            baseline.set(black_box(TIMEOUT_KEY), value);
            ok
        })
    });

    // set_string_four_values: Flink's own set benchmark (../shared/bench/flink-ops) cycles through
    // four values of different units; this is its like-for-like counterpart.
    const FOUR_VALUES: [&str; 4] = ["1 s", "2 min", "3 h", "400 ms"];
    let mut config = populated_config();
    let mut i = 0usize;
    group.bench_function("set_string_four_values", |b| {
        b.iter(|| {
            i = i.wrapping_add(1);
            config
                .set_str(black_box(TIMEOUT_KEY), black_box(FOUR_VALUES[i & 3]))
                .map(drop)
        })
    });
    let mut baseline = string_map();
    group.bench_function("baseline_set_string_four_values", |b| {
        b.iter(|| {
            i = i.wrapping_add(1);
            let value = black_box(FOUR_VALUES[i & 3]);
            let ok = Duration::parse_config(value).is_ok();
            baseline.set(black_box(TIMEOUT_KEY), value);
            ok
        })
    });

    // set_string_then_get.
    let mut config = populated_config();
    group.bench_function("set_string_then_get", |b| {
        b.iter(|| {
            config
                .set_str(black_box(TIMEOUT_KEY), black_box("3 min"))
                .unwrap();
            config.get(&ExecutionOptions::ASYNC_LOOKUP_TIMEOUT)
        })
    });
    let mut baseline = string_map();
    group.bench_function("baseline_set_string_then_get", |b| {
        b.iter(|| {
            baseline.set(black_box(TIMEOUT_KEY), black_box("3 min"));
            baseline.get(TIMEOUT_KEY, Duration::ZERO)
        })
    });

    // snapshot_field_read: a field of the typed snapshot struct.
    let snapshot = ExecutionOptions::from_config(&config).unwrap();
    group.bench_function("snapshot_field_read", |b| {
        b.iter(|| black_box(&snapshot).async_lookup_timeout)
    });
    group.bench_function("baseline_snapshot_field_read", |b| {
        b.iter(|| black_box(&baseline).get(black_box(TIMEOUT_KEY), Duration::ZERO))
    });

    group.finish();
}

criterion_group!(benches, config_ops);
criterion_main!(benches);
