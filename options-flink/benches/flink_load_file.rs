//! The large `config.yaml` of `../shared/bench/flink-load/gen.py`, written the same way here so
//! the benchmarks need no Python: 24,000 metrics reporters with a port and an interval, then
//! 12,000 Hadoop pass-through keys; 60,000 keys in 2.5 MB, every one a pattern key's instance.

/// The text of the file, byte for byte what `gen.py` writes.
pub fn flink_load_config() -> String {
    let mut lines = Vec::with_capacity(60_000);
    for i in 0..24_000 {
        lines.push(format!("metrics.reporter.r{i}.port: {}", 9000 + i % 1000));
        lines.push(format!("metrics.reporter.r{i}.interval: {} s", i % 60 + 1));
    }
    for i in 0..12_000 {
        lines.push(format!(
            "flink.hadoop.fs.s3a.bucket.b{i}.endpoint: http://s3-{i}.example"
        ));
    }
    lines.join("\n") + "\n"
}
