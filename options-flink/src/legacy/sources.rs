//! Flink's configuration files as sources of a layered configuration: the legacy
//! `flink-conf.yaml` and a conf directory read as the release reads it.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use options_core::layers::{LayerKind, LayeredConfigBuilder, LoadContext, LoadError};
use options_core::{Configuration, Source};

use super::{
    legacy_file_refused, legacy_settings, load_flink_conf_layer, read_conf_file, reads_legacy_file,
    ConfFormat, ReadError,
};

/// Flink's files for [`LayeredConfigBuilder`]: `use options_flink::legacy::FlinkSources;` and
/// call them among the builder's other sources.
///
/// ```
/// use options_core::layers::LayeredConfig;
/// use options_flink::builtin;
/// use options_flink::legacy::FlinkSources;
///
/// let built = LayeredConfig::builder()
///     .catalogue(builtin::catalogue())
///     .release(options_flink::FLINK_RELEASES.release("2.0").unwrap())
///     .flink_conf_yaml("parallelism.default: 2\n", "conf/flink-conf.yaml")
///     .build();
/// // Flink 2.0 no longer reads the legacy file.
/// assert!(built.unwrap_err().to_string().contains("flink-conf.yaml"));
/// ```
pub trait FlinkSources: Sized {
    /// A legacy `flink-conf.yaml` given as text (Flink's line format, see
    /// [`parse_flink_conf`](super::parse_flink_conf)); `path` names it in sources and messages. A
    /// release that no longer reads the legacy file (2.0 and later) refuses it.
    fn flink_conf_yaml(self, text: impl Into<String>, path: impl AsRef<Path>) -> Self;

    /// A configuration file read from disk when building: a `config.yaml`, a legacy
    /// `flink-conf.yaml` (read with its line rules), or a conf directory (its `flink-conf.yaml`
    /// when the release reads one and it is there, else its `config.yaml`; see
    /// [`conf_file`](super::conf_file)). A missing file is an error.
    fn config_file(self, path: impl Into<PathBuf>) -> Self;
}

impl FlinkSources for LayeredConfigBuilder {
    fn flink_conf_yaml(self, text: impl Into<String>, path: impl AsRef<Path>) -> Self {
        let text = text.into();
        let path: Arc<Path> = Arc::from(path.as_ref());
        self.source(move |cx| legacy(cx, &text, path))
    }

    fn config_file(self, path: impl Into<PathBuf>) -> Self {
        let path = path.into();
        self.source(move |cx| match read_conf_file(&path, cx.release()) {
            Ok(file) => {
                let at: Arc<Path> = Arc::from(file.path.as_path());
                match file.format {
                    // The text is handed over, so it is freed once parsed.
                    ConfFormat::Standard => cx.config_yaml(file.text, at),
                    ConfFormat::Legacy => legacy(cx, &file.text, at),
                }
            }
            Err(ReadError::Limit(e)) => {
                cx.error(LoadError::Yaml(e));
                None
            }
            Err(ReadError::Io { path, message } | ReadError::LegacyNotRead { path, message }) => {
                cx.error(LoadError::Io { path, message });
                None
            }
        })
    }
}

/// A legacy text as one layer, refused by a release that does not read the legacy file.
fn legacy(cx: &mut LoadContext, text: &str, path: Arc<Path>) -> Option<(LayerKind, Configuration)> {
    if let Some(release) = cx.release().filter(|r| !reads_legacy_file(Some(*r))) {
        cx.error(LoadError::Io {
            message: legacy_file_refused(release, &path.display().to_string()),
            path: path.to_path_buf(),
        });
        return None;
    }
    let loaded = match cx.catalogue().cloned() {
        Some(catalogue) => load_flink_conf_layer(text, &path, &catalogue, cx.strictness())
            .map(|(config, notices)| {
                cx.notices(notices);
                config
            })
            .map_err(|errors| errors.0),
        None => legacy_settings(text, &path)
            .map(|settings| {
                let settings = settings.into_iter().map(|s| {
                    let source = Source::File {
                        path: path.clone(),
                        line: s.line,
                        column: s.column,
                    };
                    (s.key, s.value, source)
                });
                cx.settings(settings, true)
            })
            .map_err(|e| vec![e.with_path(path.clone())]),
    };
    match loaded {
        Ok(config) => Some((LayerKind::File, config)),
        Err(errors) => {
            for e in errors {
                cx.error(LoadError::Yaml(e));
            }
            None
        }
    }
}
