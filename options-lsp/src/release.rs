//! The editor's settings (`initializationOptions`, then `workspace/didChangeConfiguration`), as
//! the resolver's editor layer ([`options_check::resolve`]): which release documents that name
//! none are checked against, how strict, which operator release. The project file and the
//! document's own release win over them, by the resolver's one precedence.

use options_check::resolve::SettingsLayer;
use serde::Deserialize;

/// What the client sets, every field optional:
/// `{"release": "1.20", "releaseOverride": "1.19", "strict": true, "operatorRelease": "1.13"}`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Client {
    /// The release of documents that name none and have no project file.
    pub release: Option<String>,
    /// The release of every document, even one that names its own.
    pub release_override: Option<String>,
    /// Whether unknown keys are errors, unless the project file says.
    pub strict: Option<bool>,
    /// The Kubernetes operator's release.
    pub operator_release: Option<String>,
    /// Where rule pages are published, unless the project file says.
    pub docs_url: Option<String>,
    /// The Kubernetes operator's configuration, unless the project file names one.
    pub operator_config: Option<std::path::PathBuf>,
}

impl Client {
    /// The settings as the resolver's editor layer.
    pub fn layer(&self) -> SettingsLayer {
        SettingsLayer {
            release: self.release.clone(),
            release_override: self.release_override.clone(),
            operator_release: self.operator_release.clone(),
            strict: self.strict,
            docs_url: self.docs_url.clone(),
            operator_config: self.operator_config.clone(),
            ..SettingsLayer::default()
        }
    }
}
