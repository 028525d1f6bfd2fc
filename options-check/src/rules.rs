//! The kinds of finding `flinkconf validate` reports, each a rule with a stable id (what
//! `--select`, `--ignore`, `flinkconf.toml`, SARIF's `ruleId` and JUnit name), a default level and a
//! page (`options-check/rules/ID.md`: an example and the fix).

use std::fmt;
use std::str::FromStr;

/// How a finding counts: errors (and, with `--fail-on warning`, warnings) fail the run; notes only
/// inform.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// The setting is wrong.
    Error,
    /// The setting works but should change.
    Warning,
    /// Information: what was checked against what, what was not checked and why.
    Note,
}

impl Level {
    /// `error`, `warning`, `note`: the words of the text report (and of SARIF's `level`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Error => "error",
            Level::Warning => "warning",
            Level::Note => "note",
        }
    }
}

macro_rules! rules {
    ($($variant:ident => $id:literal, $level:ident, $summary:literal;)*) => {
        /// A kind of finding.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Rule {
            $(
                #[doc = $summary]
                $variant,
            )*
        }

        impl Rule {
            /// Every rule, in the order of the documentation.
            pub const ALL: &'static [Rule] = &[$(Rule::$variant),*];

            /// The stable id (`unknown-key`).
            pub fn id(self) -> &'static str {
                match self { $(Rule::$variant => $id,)* }
            }

            /// The level its findings have unless the check says otherwise (an unknown key is an
            /// error with `--strict`).
            pub fn default_level(self) -> Level {
                match self { $(Rule::$variant => Level::$level,)* }
            }

            /// One sentence: what the rule finds.
            pub fn summary(self) -> &'static str {
                match self { $(Rule::$variant => $summary,)* }
            }

            /// The rule's page (`rules/ID.md`, Markdown): an example and the fix.
            pub fn page_text(self) -> &'static str {
                match self { $(Rule::$variant => include_str!(concat!("../rules/", $id, ".md")),)* }
            }
        }
    };
}

rules! {
    UnknownKey => "unknown-key", Warning, "A key no option of the release reads (an error with --strict).";
    InvalidKey => "invalid-key", Error, "A key that cannot name an option: a pattern key's placeholder left empty.";
    InvalidValue => "invalid-value", Error, "A value the option does not accept.";
    RemovedKey => "removed-key", Error, "A key the chosen release does not read: removed before it, or added after it.";
    DeprecatedKey => "deprecated-key", Warning, "A deprecated spelling of an option's key.";
    DeprecatedOption => "deprecated-option", Warning, "An option that is deprecated as a whole.";
    NoEffect => "no-effect", Warning, "A setting that has no effect: its condition does not hold, or a later line sets it again.";
    RequirementNotMet => "requirement-not-met", Warning, "A feature turned on while an option it needs is not above its bound.";
    DuplicateKey => "duplicate-key", Error, "One key set twice in a config.yaml.";
    EmptyValue => "empty-value", Error, "A key without a value.";
    UnsupportedYaml => "unsupported-yaml", Error, "A YAML construct with no configuration meaning (anchors, tags, ...).";
    YamlSyntax => "yaml-syntax", Error, "The file is not valid YAML.";
    FileLimit => "file-limit", Error, "A file beyond the loaders' limits (size, line length, nesting, encoding).";
    LegacyFile => "legacy-file", Error, "A flink-conf.yaml checked against a release that no longer reads it.";
    IgnoredLine => "ignored-line", Warning, "A line of a flink-conf.yaml that Flink skips.";
    Manifest => "manifest", Error, "A manifest, Helm values or compose file whose structure holds no readable configuration.";
    ReplacedBySpec => "replaced-by-spec", Warning, "A value of spec.flinkConfiguration that a field of the spec replaces (or whose option a spec field sets under a spelling Flink reads first).";
    OperatorOwnedKey => "operator-owned-key", Error, "A key the operator sets itself (kubernetes.namespace, kubernetes.cluster-id, high-availability.cluster-id) written in a FlinkDeployment's configuration or defaults: the operator refuses the resource.";
    UnusedOperatorDefault => "unused-operator-default", Note, "An operator default for a namespace or Flink version that no deployment of the run takes.";
    Placeholder => "placeholder", Note, "A value that is wholly a placeholder (${VAR}, $VAR, {{ .Values.x }}): not checked.";
    Unreadable => "unreadable", Error, "A file that could not be read.";
    Note => "note", Note, "Information about the run: the release a configuration is checked against, what was skipped.";
    SpellingOnlyChange => "spelling-only-change", Warning, "flinkconf plan: a change of spelling only (one value, or one option under another key) that the operator still restarts the job for.";
    SavepointRedeployWithoutPath => "savepoint-redeploy-without-path", Error, "flinkconf plan: a new job.savepointRedeployNonce without job.initialSavepointPath, which the operator refuses.";
    UnknownSpecField => "unknown-spec-field", Warning, "flinkconf plan: a spec field the operator release does not have; the API server drops it, so changing it does nothing.";
}

/// The index of the rule pages (`rules/README.md`, Markdown): every rule with its level.
pub const RULES_INDEX: &str = include_str!("../rules/README.md");

impl Rule {
    /// The rule's page, relative to the repository (`options-check/rules/unknown-key.md`).
    pub fn page(self) -> String {
        format!("options-check/rules/{}.md", self.id())
    }

    /// The rule's page on the reference site published at `docs_url` (the address of the
    /// folder `flinkconf generate` writes: its `rules/ID.html`), as the `docs-url` setting names a
    /// team's copy of the site.
    pub fn page_url(self, docs_url: &str) -> String {
        let slash = if docs_url.ends_with('/') { "" } else { "/" };
        format!("{docs_url}{slash}rules/{}.html", self.id())
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Rule {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        Rule::ALL
            .iter()
            .copied()
            .find(|r| r.id() == s)
            .ok_or_else(|| {
                let ids: Vec<&str> = Rule::ALL.iter().map(|r| r.id()).collect();
                format!("unknown rule \"{s}\": expected one of {}", ids.join(", "))
            })
    }
}
