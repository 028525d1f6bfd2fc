//! The legacy `flink-conf.yaml`: Flink 1.19 and 1.20 still read it (and prefer it over
//! `config.yaml` when a conf directory holds both); Flink 2.0 drops it ([`reads_legacy_file`]). It looks like YAML but is a line format: see
//! [`parse_flink_conf`] for its rules, and `flinkconf migrate` for turning it into a `config.yaml`.
//!
//! Loading it gives the same [`YamlLoad`] as a `config.yaml` (settings with file, line and column,
//! notices for unknown and deprecated keys), so every consumer handles both the same way.
//! [`conf_file`] finds which file a conf directory's configuration is in, and reads a file within
//! the loaders' [limits](options_core::yaml::limits).

mod conf_dir;
mod parse;
mod release;
mod sources;

use std::path::Path;
use std::sync::Arc;

pub use conf_dir::{
    conf_file, legacy_file_refused, read_conf_file, ConfFile, ConfFormat, ReadError, LEGACY_FILE,
    STANDARD_FILE,
};
pub use parse::{parse_flink_conf, LegacyFile, LegacyLine, LegacySetting, SkipReason};
pub use release::{reads_legacy_file, LAST_LEGACY_RELEASE};
pub use sources::FlinkSources;

use options_core::layers::Strictness;
use options_core::yaml::{YamlErrors, YamlLoad};
use options_core::Catalogue;
use options_core::Setting;

/// Reads a legacy `flink-conf.yaml` and checks it against `catalogue`, as
/// [`load_config_yaml`](options_core::yaml::load_config_yaml) does for a `config.yaml`: values must parse
/// as their option's type; unknown keys are notices (lenient) or errors (strict); deprecated keys
/// are notices. A key given twice counts once, with its last line (Flink's rule); lines Flink
/// skips are logged as warnings.
pub fn load_flink_conf(
    text: &str,
    path: &Path,
    catalogue: &Catalogue,
    strictness: Strictness,
) -> Result<YamlLoad, YamlErrors> {
    let path: Arc<Path> = Arc::from(path);
    let settings = match legacy_settings(text, &path) {
        Ok(settings) => settings,
        Err(e) => return Err(options_core::ErrorList(vec![e.with_path(path)])),
    };
    options_core::yaml::check_settings(path, settings, Vec::new(), catalogue, strictness)
}

/// [`load_flink_conf`] straight into a configuration layer validating with `catalogue`, with its
/// notices (see [`options_core::yaml`]'s layer loader: each key resolved and each value parsed once).
pub(crate) fn load_flink_conf_layer(
    text: &str,
    path: &Path,
    catalogue: &Arc<Catalogue>,
    strictness: Strictness,
) -> Result<
    (
        options_core::Configuration,
        Vec<options_core::layers::Notice>,
    ),
    YamlErrors,
> {
    let path: Arc<Path> = Arc::from(path);
    let settings = match legacy_settings(text, &path) {
        Ok(settings) => settings,
        Err(e) => return Err(options_core::ErrorList(vec![e.with_path(path)])),
    };
    options_core::yaml::check_into_layer(path, settings, Vec::new(), catalogue, strictness)
}

/// The settings of a legacy text that count (last line of each key), in the form both file loaders
/// share; a text beyond the [limits](options_core::yaml::limits) is an error.
pub fn legacy_settings(
    text: &str,
    path: &Path,
) -> Result<Vec<Setting>, options_core::yaml::YamlError> {
    options_core::yaml::limits::check_text(text)?;
    let file = parse_flink_conf(text);
    for (line, reason) in file.skipped() {
        log::warn!("{}:{line}: {reason}", path.display());
    }
    Ok(file
        .settings()
        .into_iter()
        .map(|s| Setting {
            key: s.key.clone(),
            value: s.value.clone(),
            // The legacy reader keeps every value as the text written.
            yaml_text: None,
            line: s.line,
            column: s.column,
        })
        .collect())
}
