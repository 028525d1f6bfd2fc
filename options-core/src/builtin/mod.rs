//! The built-in catalogue: Apache Flink 1.19's table, execution, optimizer and Python options, the
//! `sql.*` session options of a hosted SQL service, and the runtime mode and parallelism.
//!
//! Each group is one `#[derive(Options)]` struct; [`catalogue`] returns all of them together.
//! Keys, types, defaults, scopes, deprecated keys and enum values are checked against the reference
//! tables in `tests/data/` by `options-core/tests/builtin_reference.rs`.

use std::sync::{Arc, OnceLock};

use crate::catalogue::Catalogue;

mod checks;
mod dialect;
pub mod execution;
pub mod optimizer;
pub mod python;
pub mod runtime;
pub mod sql;
pub mod table;
pub(crate) mod zone;

pub use dialect::SqlDialect;
pub use execution::ExecutionOptions;
pub use optimizer::OptimizerOptions;
pub use python::PythonOptions;
pub use runtime::RuntimeOptions;
pub use sql::SqlOptions;
pub use table::TableOptions;
pub use zone::{LocalTimeZone, ZoneKind};

/// Every built-in group, in docs order: table, execution, optimizer, python, sql, runtime.
///
/// Built once and shared; clone the [`Catalogue`] to add groups or free-form prefixes of your own.
pub fn catalogue() -> Arc<Catalogue> {
    static CATALOGUE: OnceLock<Arc<Catalogue>> = OnceLock::new();
    CATALOGUE.get_or_init(|| Arc::new(build())).clone()
}

fn build() -> Catalogue {
    Catalogue::new()
        .with::<TableOptions>()
        .and_then(Catalogue::with::<ExecutionOptions>)
        .and_then(Catalogue::with::<OptimizerOptions>)
        .and_then(Catalogue::with::<PythonOptions>)
        .and_then(Catalogue::with::<SqlOptions>)
        .and_then(Catalogue::with::<RuntimeOptions>)
        // The built-in groups declare disjoint keys; builtin_reference.rs checks this stays true.
        .expect("built-in option groups declare conflicting keys")
}
