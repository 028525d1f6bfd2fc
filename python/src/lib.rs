//! `declared_options._native`: the Rust half of the Python package `declared_options`
//! (`python/declared_options/` is the Python half). A thin layer over options-core, options-flink, options-docs and options-check:
//! parsing, validation, sessions and the startup buffer are theirs; this crate converts values
//! (`convert.rs`), errors (`errors.rs`) and keys (`keys.rs`) between them and Python.
//!
//! The classes: `info.rs` (`catalogue()`, `OptionInfo`), `validate.rs` (`validate()`,
//! `Diagnostic`), `startup.rs` (seed 002's `config` and environment), `environment.rs`
//! (`TableEnvironment`, `EnvironmentSettings`), `table_config.rs` (`TableConfig`), `secret.rs`
//! (`Secret`), `effective.rs` (`effective()`). `release.rs` turns `release=` arguments into a catalogue.

// The crate's items are reached from Python; rustdoc documents them for contributors.
#![deny(missing_docs)]

mod convert;
mod effective;
mod environment;
mod errors;
mod info;
mod keys;
mod release;
mod repr;
mod secret;
mod startup;
mod table_config;
mod validate;

use pyo3::prelude::*;

/// The module `declared_options._native`. It relies on the interpreter's lock (the value cache
/// of a `TableConfig` is filled and emptied under it), so it declares that it needs one.
#[pymodule(gil_used = true)]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<info::OptionInfo>()?;
    m.add_class::<info::Catalogue>()?;
    m.add_class::<validate::Diagnostic>()?;
    m.add_class::<secret::Secret>()?;
    m.add_class::<environment::PyTableEnvironment>()?;
    m.add_class::<environment::PyEnvironmentSettings>()?;
    m.add_class::<table_config::PyTableConfig>()?;
    m.add_class::<startup::PyStartupConfig>()?;
    m.add_function(wrap_pyfunction!(info::catalogue, m)?)?;
    m.add_function(wrap_pyfunction!(info::releases, m)?)?;
    m.add_function(wrap_pyfunction!(validate::validate, m)?)?;
    m.add_function(wrap_pyfunction!(effective::effective, m)?)?;
    m.add_function(wrap_pyfunction!(startup::startup_config, m)?)?;
    m.add_function(wrap_pyfunction!(
        startup::get_or_create_table_environment,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(startup::set_table_environment, m)?)?;
    m.add_function(wrap_pyfunction!(startup::_reset_startup, m)?)?;
    m.add("CURRENT_RELEASE", release::current())?;
    Ok(())
}
