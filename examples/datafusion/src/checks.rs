//! Checks beyond a type, for string options whose values DataFusion reads with a grammar of its
//! own (declared with `validate = ...`, they run wherever a value enters: `SET`, files,
//! environment variables).

/// `datafusion.execution.parquet.compression`: a codec name, with a level in parentheses for the
/// codecs that take one (`zstd(3)`), in any case.
pub fn parquet_compression(value: &str) -> Result<(), String> {
    const PLAIN: &[&str] = &["uncompressed", "snappy", "lz4", "lz4_raw"];
    const LEVELLED: &[&str] = &["gzip", "brotli", "zstd"];
    let lower = value.to_ascii_lowercase();
    if PLAIN.contains(&lower.as_str()) {
        return Ok(());
    }
    let levelled = lower.split_once('(').and_then(|(codec, rest)| {
        let level = rest.strip_suffix(')')?;
        let digits = level.strip_prefix('-').unwrap_or(level);
        let numeric = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        (LEVELLED.contains(&codec) && numeric).then_some(())
    });
    levelled.ok_or_else(|| {
        "write one of uncompressed, snappy, lz4, lz4_raw, or gzip, brotli or zstd with a level, such as zstd(3)".to_owned()
    })
}

/// `datafusion.explain.analyze_categories`: `all`, `none`, or categories separated by commas
/// (`rows`, `bytes`, `timing`, `uncategorized`), in any case.
pub fn analyze_categories(value: &str) -> Result<(), String> {
    const CATEGORIES: &[&str] = &["rows", "bytes", "timing", "uncategorized"];
    let lower = value.trim().to_ascii_lowercase();
    if lower == "all" || lower == "none" {
        return Ok(());
    }
    let unknown: Vec<&str> = lower
        .split(',')
        .map(str::trim)
        .filter(|c| !CATEGORIES.contains(c))
        .collect();
    match unknown.as_slice() {
        [] => Ok(()),
        [one] => Err(format!(
            "unknown category \"{one}\": write all, none, or some of rows, bytes, timing, uncategorized separated by commas"
        )),
        more => Err(format!(
            "unknown categories {}: write all, none, or some of rows, bytes, timing, uncategorized separated by commas",
            more.join(", ")
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compression_takes_levels_only_where_codecs_have_them() {
        assert!(parquet_compression("ZSTD(3)").is_ok());
        assert!(parquet_compression("snappy").is_ok());
        assert!(parquet_compression("zstd").is_err());
        assert!(parquet_compression("snappy(1)").is_err());
        assert!(parquet_compression("lzo").is_err());
    }

    #[test]
    fn categories_are_all_none_or_a_list() {
        assert!(analyze_categories("all").is_ok());
        assert!(analyze_categories("rows, Timing").is_ok());
        assert_eq!(
            analyze_categories("rows,latency").unwrap_err(),
            "unknown category \"latency\": write all, none, or some of rows, bytes, timing, uncategorized separated by commas"
        );
    }
}
