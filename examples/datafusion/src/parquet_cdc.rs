//! `datafusion.execution.parquet.content_defined_chunking.*`: content-defined chunking when
//! writing Parquet.

use options_core::Options;

/// Content-defined chunking (experimental): page boundaries follow the data, so files that
/// share content share pages and deduplicate well in content-addressed storage.
///
/// Keys start with `datafusion.execution.parquet.content_defined_chunking.`. While it is on,
/// files are written without parallelism, as the chunker's state runs across row groups.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(
    section = "execution-parquet-content_defined_chunking",
    title = "Parquet content-defined chunking",
    family = "Execution",
    engine = crate::DATAFUSION
)]
pub struct ParquetCdcOptions {
    /// *(writing)* Cuts pages where the content says, not at fixed sizes. Experimental.
    #[option(
        key = "datafusion.execution.parquet.content_defined_chunking.enabled",
        default = false
    )]
    pub enabled: bool,

    /// *(writing)* The fewest bytes a chunk holds before the rolling hash may end it.
    #[option(
        key = "datafusion.execution.parquet.content_defined_chunking.min_chunk_size",
        default = 262144
    )]
    pub min_chunk_size: usize,

    /// *(writing)* The most bytes a chunk holds; a chunk this large ends whatever the hash says.
    #[option(
        key = "datafusion.execution.parquet.content_defined_chunking.max_chunk_size",
        default = 1048576
    )]
    pub max_chunk_size: usize,

    /// *(writing)* How strongly chunk sizes are pulled towards their average: higher values
    /// deduplicate better and cut more pieces. Values from -3 to 3 are the useful ones.
    #[option(
        key = "datafusion.execution.parquet.content_defined_chunking.norm_level",
        default = 0
    )]
    pub norm_level: i32,
}
