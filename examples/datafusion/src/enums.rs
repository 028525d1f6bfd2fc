//! The closed sets of values among DataFusion's options, each with the names DataFusion's own
//! parser accepts (matched ignoring case, as DataFusion matches them).

use options_core::ConfigEnum;

/// The SQL dialect the parser follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ConfigEnum)]
pub enum Dialect {
    /// DataFusion's own, permissive dialect.
    #[config(name = "generic")]
    Generic,
    /// MySQL.
    #[config(name = "mysql")]
    MySql,
    /// PostgreSQL (also accepted as `postgres`).
    #[config(name = "postgresql", alias = "postgres")]
    PostgreSql,
    /// Apache Hive.
    #[config(name = "hive")]
    Hive,
    /// SQLite.
    #[config(name = "sqlite")]
    Sqlite,
    /// Snowflake.
    #[config(name = "snowflake")]
    Snowflake,
    /// Amazon Redshift.
    #[config(name = "redshift")]
    Redshift,
    /// Microsoft SQL Server.
    #[config(name = "mssql")]
    MsSql,
    /// ClickHouse.
    #[config(name = "clickhouse")]
    ClickHouse,
    /// Google BigQuery.
    #[config(name = "bigquery")]
    BigQuery,
    /// Standard ANSI SQL.
    #[config(name = "ansi")]
    Ansi,
    /// DuckDB.
    #[config(name = "duckdb")]
    DuckDb,
    /// Databricks.
    #[config(name = "databricks")]
    Databricks,
    /// Apache Spark SQL (also accepted as `sparksql`).
    #[config(name = "spark", alias = "sparksql")]
    Spark,
}

/// How spill files are compressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ConfigEnum)]
pub enum SpillCompression {
    /// Written as they are: no CPU spent, most disk used.
    #[config(name = "uncompressed")]
    Uncompressed,
    /// LZ4 frames: fast, larger files.
    #[config(name = "lz4_frame")]
    Lz4Frame,
    /// Zstandard: smaller files, slower to write and read.
    #[config(name = "zstd")]
    Zstd,
}

/// The Parquet format version files are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ConfigEnum)]
pub enum DFParquetWriterVersion {
    /// Format 1.0: readable by every Parquet reader.
    #[config(name = "1.0")]
    V1_0,
    /// Format 2.0: newer page layout and encodings.
    #[config(name = "2.0")]
    V2_0,
}

/// How `EXPLAIN` prints a plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ConfigEnum)]
pub enum ExplainFormat {
    /// One operator per line, children indented.
    #[config(name = "indent")]
    Indent,
    /// Boxes drawn as a tree.
    #[config(name = "tree")]
    Tree,
    /// JSON in the shape PostgreSQL's `EXPLAIN (FORMAT JSON)` prints.
    #[config(name = "pgjson")]
    PgJson,
    /// A Graphviz DOT graph.
    #[config(name = "graphviz")]
    Graphviz,
}

/// How much `EXPLAIN ANALYZE` reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ConfigEnum)]
pub enum MetricType {
    /// The few metrics that say where time and rows went.
    #[config(name = "summary")]
    Summary,
    /// Every metric each operator records, for people working on DataFusion.
    #[config(name = "dev")]
    Dev,
}

/// How durations are printed in query results.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ConfigEnum)]
pub enum ConfigDurationFormat {
    /// Readable units run together, such as `1h2m3s450ms`.
    #[config(name = "pretty")]
    Pretty,
    /// ISO 8601 durations, such as `PT1H2M3.45S`.
    #[config(name = "iso8601")]
    Iso8601,
}

/// What Spark-compatible map functions do with a key given twice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ConfigEnum)]
pub enum MapKeyDedupPolicy {
    /// Fail the query.
    #[config(name = "EXCEPTION")]
    Exception,
    /// Keep the value given last.
    #[config(name = "LAST_WIN")]
    LastWin,
}
