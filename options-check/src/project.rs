//! The project settings file, `flinkconf.toml`: found by walking up from a folder (the working
//! directory for `flinkconf validate`, a document's folder for the language server), it sets what
//! a team would otherwise repeat on every command line. A flag given on the command line wins
//! over the file; `--exclude` adds to the file's excludes.
//!
//! ```toml
//! release = "1.20"            # check against this release
//! strict = true               # unknown keys are errors
//! exclude = ["vendor/**", "*.generated.yaml"]
//! select = []                 # only these rules (empty: every rule)
//! ignore = ["deprecated-key"] # never these rules
//! fail-on = "warning"         # error (the default) or warning
//! operator-release = "1.13"   # the Kubernetes operator's release
//! docs-url = "https://flink.example.com/flinkconf/rules/"  # where rule links point
//! operator-config = "deploy/operator/values.yaml"  # the Kubernetes operator's configuration
//! ```
//!
//! `operator-config` names the Flink Kubernetes operator's default configuration (its
//! `config.yaml`/`flink-conf.yaml`, ConfigMap or Helm values), relative to the folder of
//! `flinkconf.toml`: the language server's hover on a key of a manifest then shows the value the
//! operator hands to Flink and where it comes from ([`crate::effective`]).

use std::path::{Path, PathBuf};

use serde::Deserialize;

/// The file's name.
pub const FILE_NAME: &str = "flinkconf.toml";

/// What `flinkconf.toml` sets (every field optional; an unknown field is an error).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Project {
    /// `--release`.
    pub release: Option<String>,
    /// `--strict`.
    pub strict: Option<bool>,
    /// `--exclude`, each.
    #[serde(default)]
    pub exclude: Vec<String>,
    /// `--select`, each.
    #[serde(default)]
    pub select: Vec<String>,
    /// `--ignore`, each.
    #[serde(default)]
    pub ignore: Vec<String>,
    /// `--fail-on`.
    pub fail_on: Option<String>,
    /// `--operator-release`.
    pub operator_release: Option<String>,
    /// Where the rule pages are published (links in SARIF and the editor), a URL ending in `/`.
    pub docs_url: Option<String>,
    /// `--operator-config`: the operator's configuration, relative to the settings file's folder.
    pub operator_config: Option<String>,
}

/// The first `flinkconf.toml` in `dir` or a folder above it.
pub fn find_from(dir: &Path) -> Option<PathBuf> {
    dir.ancestors()
        .map(|d| d.join(FILE_NAME))
        .find(|p| p.is_file())
}

/// The settings `text` (a `flinkconf.toml`) sets, or why it does not read.
pub fn parse(text: &str) -> Result<Project, String> {
    toml::from_str(text).map_err(|e| e.to_string())
}
