//! `datafusion.execution.parquet.*`: reading and writing Parquet files. Options marked
//! *(reading)* or *(writing)* apply to that direction only.

use options_core::Options;

use crate::enums::DFParquetWriterVersion;

/// How Parquet files are read (pruning, filters, types) and written (page and row-group sizes,
/// compression, encodings, statistics, bloom filters).
///
/// Keys start with `datafusion.execution.parquet.`.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "execution-parquet",
    title = "Parquet",
    family = "Execution",
    engine = crate::DATAFUSION
)]
pub struct ParquetOptions {
    /// *(reading)* Reads the page index, when a file has one, to skip pages and decode fewer
    /// rows.
    #[option(key = "datafusion.execution.parquet.enable_page_index", default = true)]
    pub enable_page_index: bool,

    /// *(reading)* Skips whole row groups whose min/max statistics show that no row can match
    /// the query's predicate.
    #[option(key = "datafusion.execution.parquet.pruning", default = true)]
    pub pruning: bool,

    /// *(reading)* Ignores the key-value metadata embedded in a file's schema.
    ///
    /// Avoids schema conflicts between files whose types agree but whose metadata does not.
    #[option(key = "datafusion.execution.parquet.skip_metadata", default = true)]
    pub skip_metadata: bool,

    /// *(reading)* How many bytes at the end of a file are fetched in the first read, in the
    /// hope that they hold the whole footer.
    ///
    /// With a hint large enough, the footer takes one read instead of two; `NULL` always takes
    /// two (one for its length, one for the footer).
    #[option(
        key = "datafusion.execution.parquet.metadata_size_hint",
        default = 524288
    )]
    pub metadata_size_hint: Option<usize>,

    /// *(reading)* Evaluates filters while decoding, so that rows that fail them are never fully
    /// decoded ("late materialization").
    #[option(key = "datafusion.execution.parquet.pushdown_filters", default = false)]
    pub pushdown_filters: bool,

    /// *(reading)* Reorders the filters evaluated while decoding, cheapest and most selective
    /// first; otherwise they run in the query's order.
    #[option(key = "datafusion.execution.parquet.reorder_filters", default = false)]
    pub reorder_filters: bool,

    /// *(reading)* With `datafusion.execution.parquet.pushdown_filters` on, always records which
    /// rows passed as row selections, instead of letting the reader choose between selections
    /// and bitmaps.
    #[option(
        key = "datafusion.execution.parquet.force_filter_selections",
        default = false
    )]
    pub force_filter_selections: bool,

    /// *(reading)* Reads string and binary columns as Arrow's view types (`Utf8View`,
    /// `BinaryView`).
    #[option(
        key = "datafusion.execution.parquet.schema_force_view_types",
        default = true
    )]
    pub schema_force_view_types: bool,

    /// *(reading)* Reads binary columns as strings.
    ///
    /// For files from writers that store text without marking it as UTF-8.
    #[option(key = "datafusion.execution.parquet.binary_as_string", default = false)]
    pub binary_as_string: bool,

    /// *(reading)* The time unit INT96 timestamp columns are read in (`ns`, `us`, `ms`, `s`).
    ///
    /// Systems such as Spark write microsecond values in INT96, whose range then exceeds what
    /// 64-bit nanoseconds hold.
    #[option(key = "datafusion.execution.parquet.coerce_int96")]
    pub coerce_int96: Option<String>,

    /// *(reading)* The time zone given to INT96 columns read with
    /// `datafusion.execution.parquet.coerce_int96`; unset, they are read without one.
    ///
    /// Spark writes INT96 values as UTC instants, so `UTC` keeps its meaning.
    #[option(key = "datafusion.execution.parquet.coerce_int96_tz")]
    pub coerce_int96_tz: Option<String>,

    /// *(reading)* Uses the files' bloom filters to skip row groups.
    #[option(
        key = "datafusion.execution.parquet.bloom_filter_on_read",
        default = true
    )]
    pub bloom_filter_on_read: bool,

    /// *(reading)* The most bytes used to keep filter results between evaluating filters and
    /// producing rows, with filter pushdown on.
    ///
    /// Less memory may mean more I/O and CPU. `0` keeps nothing; `NULL` leaves the reader's own
    /// limit.
    #[option(key = "datafusion.execution.parquet.max_predicate_cache_size")]
    pub max_predicate_cache_size: Option<usize>,

    /// *(reading)* The longest `IN (...)` list that min/max pruning still uses; longer lists, or
    /// `0`, are not used for it (other pruning still is).
    ///
    /// Long lists of strings on a string column are checked in a compact form; other long lists
    /// grow expensive to evaluate as this rises.
    #[option(key = "datafusion.execution.parquet.max_in_list_size", default = 20)]
    pub max_in_list_size: usize,

    /// *(writing)* The size a data page aims at, in bytes.
    #[option(
        key = "datafusion.execution.parquet.data_pagesize_limit",
        default = 1048576
    )]
    pub data_pagesize_limit: usize,

    /// *(writing)* How many rows the writer hands to the column writers at a time.
    #[option(key = "datafusion.execution.parquet.write_batch_size", default = 1024)]
    pub write_batch_size: usize,

    /// *(writing)* The Parquet format version written.
    #[option(key = "datafusion.execution.parquet.writer_version", default = "1.0")]
    pub writer_version: DFParquetWriterVersion,

    /// *(writing)* Leaves the Arrow schema out of the file's key-value metadata.
    #[option(
        key = "datafusion.execution.parquet.skip_arrow_metadata",
        default = false
    )]
    pub skip_arrow_metadata: bool,

    /// *(writing)* The codec columns are compressed with: `uncompressed`, `snappy`, `lz4`,
    /// `lz4_raw`, or `gzip`, `brotli` or `zstd` with a level (`zstd(3)`), in any case.
    ///
    /// `NULL` leaves the Parquet writer's own default, which is not this option's default. The
    /// codec checks the level's range when it writes.
    #[option(
        key = "datafusion.execution.parquet.compression",
        default = "zstd(3)",
        validate = crate::checks::parquet_compression
    )]
    pub compression: Option<String>,

    /// *(writing)* Writes dictionary-encoded columns where the writer finds it pays; `NULL`
    /// leaves the writer's own default.
    #[option(
        key = "datafusion.execution.parquet.dictionary_enabled",
        default = true
    )]
    pub dictionary_enabled: Option<bool>,

    /// *(writing)* The size a dictionary page aims at, in bytes.
    #[option(
        key = "datafusion.execution.parquet.dictionary_page_size_limit",
        default = 1048576
    )]
    pub dictionary_page_size_limit: usize,

    /// *(writing)* Which statistics are written: `none`, per column chunk (`chunk`) or per page
    /// too (`page`); `NULL` leaves the writer's own default.
    #[option(
        key = "datafusion.execution.parquet.statistics_enabled",
        default = "page",
        one_of = ["none", "chunk", "page"]
    )]
    pub statistics_enabled: Option<String>,

    /// *(writing)* The most rows a row group holds.
    ///
    /// Larger row groups take more memory to write and usually compress and read better. With
    /// `datafusion.execution.parquet.max_row_group_bytes` set too, whichever limit is reached
    /// first closes the row group.
    #[option(
        key = "datafusion.execution.parquet.max_row_group_size",
        default = 1048576
    )]
    pub max_row_group_size: usize,

    /// *(writing)* The most bytes a row group holds; `NULL` limits rows only.
    ///
    /// Bounds the writer's memory on wide rows, like parquet-mr's `parquet.block.size`. The
    /// parallel writer does not follow it yet: it applies only with
    /// `datafusion.execution.parquet.allow_single_file_parallelism` off.
    #[option(key = "datafusion.execution.parquet.max_row_group_bytes", min = 1)]
    pub max_row_group_bytes: Option<usize>,

    /// *(writing)* The "created by" text stored in each file.
    #[option(
        key = "datafusion.execution.parquet.created_by",
        default = "datafusion version 55.0.0"
    )]
    pub created_by: String,

    /// *(writing)* How many bytes of a value the column index keeps; `NULL` keeps whole values.
    #[option(
        key = "datafusion.execution.parquet.column_index_truncate_length",
        default = 64
    )]
    pub column_index_truncate_length: Option<usize>,

    /// *(writing)* How many bytes of a value the statistics keep; `NULL` leaves the writer's own
    /// default.
    #[option(
        key = "datafusion.execution.parquet.statistics_truncate_length",
        default = 64
    )]
    pub statistics_truncate_length: Option<usize>,

    /// *(writing)* The most rows a data page aims to hold.
    #[option(
        key = "datafusion.execution.parquet.data_page_row_count_limit",
        default = 20000
    )]
    pub data_page_row_count_limit: usize,

    /// *(writing)* The encoding used for every column; `NULL` lets the writer choose.
    #[option(
        key = "datafusion.execution.parquet.encoding",
        one_of = [
            "plain",
            "plain_dictionary",
            "rle",
            "bit_packed",
            "delta_binary_packed",
            "delta_length_byte_array",
            "delta_byte_array",
            "rle_dictionary",
            "byte_stream_split"
        ]
    )]
    pub encoding: Option<String>,

    /// *(writing)* Writes a bloom filter for every column.
    #[option(
        key = "datafusion.execution.parquet.bloom_filter_on_write",
        default = false
    )]
    pub bloom_filter_on_write: bool,

    /// *(writing)* The false-positive rate bloom filters are sized for; `NULL` leaves the
    /// writer's own default.
    #[option(key = "datafusion.execution.parquet.bloom_filter_fpp")]
    pub bloom_filter_fpp: Option<f64>,

    /// *(writing)* The number of distinct values bloom filters are sized for; `NULL` leaves the
    /// writer's own default.
    #[option(key = "datafusion.execution.parquet.bloom_filter_ndv")]
    pub bloom_filter_ndv: Option<u64>,

    /// *(writing)* Encodes the columns of a file's row groups in parallel, up to one task per
    /// column of each row group of each file.
    #[option(
        key = "datafusion.execution.parquet.allow_single_file_parallelism",
        default = true
    )]
    pub allow_single_file_parallelism: bool,

    /// *(writing)* How many row groups the parallel writer encodes at once.
    ///
    /// The default keeps memory low; raising it together with
    /// `datafusion.execution.parquet.maximum_buffered_record_batches_per_stream` can write large
    /// files faster on idle cores, for example data already in memory.
    #[option(
        key = "datafusion.execution.parquet.maximum_parallel_row_group_writers",
        default = 1
    )]
    pub maximum_parallel_row_group_writers: usize,

    /// *(writing)* How many record batches the parallel writer buffers for each stream.
    ///
    /// The default keeps memory low; raising it together with
    /// `datafusion.execution.parquet.maximum_parallel_row_group_writers` can write large files
    /// faster on idle cores.
    #[option(
        key = "datafusion.execution.parquet.maximum_buffered_record_batches_per_stream",
        default = 2
    )]
    pub maximum_buffered_record_batches_per_stream: usize,
}
