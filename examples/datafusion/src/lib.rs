//! Apache DataFusion's whole session configuration (release 55.0.0: 148 options in 9
//! namespaces) declared with `#[derive(Options)]`, as DataFusion could declare it instead of
//! with `config_namespace!`.
//!
//! Each namespace is a group, and so a section of the reference: [`CatalogOptions`]
//! (`datafusion.catalog.*`), [`ExecutionOptions`], [`ParquetOptions`], [`ParquetCdcOptions`],
//! [`OptimizerOptions`], [`ExplainOptions`], [`SqlParserOptions`], [`FormatOptions`] and
//! [`SparkOptions`]. Fields keep DataFusion's names, types (`usize`, `bool`, `String`,
//! `Option<...>`, the enums of [`enums`]) and defaults; DataFusion's range-checked wrappers
//! become bounds (`ConfigNonZeroUsize` is a `usize` with `min = 1`). [`DATAFUSION`] is the
//! engine: environment variables named `DATAFUSION_EXECUTION_BATCH_SIZE`, `NULL` for no value,
//! `SET datafusion.execution.batch_size = 1024` in the docs.
//!
//! ```
//! use example_datafusion::{configuration, ExecutionOptions};
//! use options_core::prelude::*;
//!
//! let mut config = configuration();
//! config.set_str("datafusion.execution.batch_size", "1024").unwrap();
//! assert_eq!(config.get(&ExecutionOptions::BATCH_SIZE), 1024);
//! // ConfigNonZeroUsize's rule, declared as `min = 1`:
//! let error = config.set_str("datafusion.execution.batch_size", "0").unwrap_err();
//! assert_eq!(
//!     error.to_string(),
//!     "invalid value \"0\" for datafusion.execution.batch_size: must be at least 1"
//! );
//! ```
#![deny(missing_docs)]

use std::sync::Arc;

use options_core::{Catalogue, ConfigErrors, Configuration};

mod catalog;
mod checks;
mod engine;
pub mod enums;
mod execution;
mod explain;
mod format;
mod optimizer;
mod parquet;
mod parquet_cdc;
mod spark;
mod sql_parser;

pub use catalog::CatalogOptions;
pub use engine::DATAFUSION;
pub use execution::ExecutionOptions;
pub use explain::ExplainOptions;
pub use format::FormatOptions;
pub use optimizer::OptimizerOptions;
pub use parquet::ParquetOptions;
pub use parquet_cdc::ParquetCdcOptions;
pub use spark::SparkOptions;
pub use sql_parser::SqlParserOptions;

/// Every DataFusion option, in the order DataFusion lists its namespaces; the engine is
/// [`DATAFUSION`] (the groups name it).
pub fn catalogue() -> Arc<Catalogue> {
    let catalogue = Catalogue::new()
        .with::<CatalogOptions>()
        .and_then(Catalogue::with::<ExecutionOptions>)
        .and_then(Catalogue::with::<ParquetOptions>)
        .and_then(Catalogue::with::<ParquetCdcOptions>)
        .and_then(Catalogue::with::<OptimizerOptions>)
        .and_then(Catalogue::with::<ExplainOptions>)
        .and_then(Catalogue::with::<SqlParserOptions>)
        .and_then(Catalogue::with::<FormatOptions>)
        .and_then(Catalogue::with::<SparkOptions>)
        .expect("DataFusion's namespaces declare distinct keys");
    Arc::new(catalogue)
}

/// An empty configuration that knows DataFusion's options (values are checked as they are set).
pub fn configuration() -> Configuration {
    Configuration::with_catalogue(catalogue())
}

/// All of DataFusion's options read at once, as DataFusion's `ConfigOptions` holds them.
#[derive(Clone, Debug, PartialEq)]
pub struct ConfigOptions {
    /// `datafusion.catalog.*`.
    pub catalog: CatalogOptions,
    /// `datafusion.execution.*` (without Parquet).
    pub execution: ExecutionOptions,
    /// `datafusion.execution.parquet.*` (without content-defined chunking).
    pub parquet: ParquetOptions,
    /// `datafusion.execution.parquet.content_defined_chunking.*`.
    pub parquet_cdc: ParquetCdcOptions,
    /// `datafusion.optimizer.*`.
    pub optimizer: OptimizerOptions,
    /// `datafusion.explain.*`.
    pub explain: ExplainOptions,
    /// `datafusion.sql_parser.*`.
    pub sql_parser: SqlParserOptions,
    /// `datafusion.format.*`.
    pub format: FormatOptions,
    /// `datafusion.spark.*`.
    pub spark: SparkOptions,
}

impl ConfigOptions {
    /// Reads every group, reporting every bad value of all of them together.
    pub fn from_config(config: &Configuration) -> Result<Self, ConfigErrors> {
        let mut errors = Vec::new();
        let catalog = keep(CatalogOptions::from_config(config), &mut errors);
        let execution = keep(ExecutionOptions::from_config(config), &mut errors);
        let parquet = keep(ParquetOptions::from_config(config), &mut errors);
        let parquet_cdc = keep(ParquetCdcOptions::from_config(config), &mut errors);
        let optimizer = keep(OptimizerOptions::from_config(config), &mut errors);
        let explain = keep(ExplainOptions::from_config(config), &mut errors);
        let sql_parser = keep(SqlParserOptions::from_config(config), &mut errors);
        let format = keep(FormatOptions::from_config(config), &mut errors);
        let spark = keep(SparkOptions::from_config(config), &mut errors);
        match (
            catalog,
            execution,
            parquet,
            parquet_cdc,
            optimizer,
            explain,
            sql_parser,
            format,
            spark,
        ) {
            (
                Some(catalog),
                Some(execution),
                Some(parquet),
                Some(parquet_cdc),
                Some(optimizer),
                Some(explain),
                Some(sql_parser),
                Some(format),
                Some(spark),
            ) => Ok(ConfigOptions {
                catalog,
                execution,
                parquet,
                parquet_cdc,
                optimizer,
                explain,
                sql_parser,
                format,
                spark,
            }),
            _ => Err(ConfigErrors(errors)),
        }
    }
}

/// The group read, or `None` with its errors added to `errors`.
fn keep<G>(
    read: Result<G, ConfigErrors>,
    errors: &mut Vec<options_core::ConfigError>,
) -> Option<G> {
    match read {
        Ok(group) => Some(group),
        Err(e) => {
            errors.extend(e.0);
            None
        }
    }
}
