//! Which files of a repository hold Flink configuration, told by name and content: `config.yaml`,
//! `flink-conf.yaml`, manifests (any `.yaml`/`.yml` holding a `FlinkDeployment` or
//! `FlinkSessionJob`), the operator's Helm values, compose files with `FLINK_PROPERTIES`, SQL
//! scripts (`*.sql`); a Helm chart template (`templates/*.yaml` holding `{{`, or any file holding a
//! template action such as `{{- if ... }}`) is skipped, as is
//! anything else.

use std::path::Path;

use crate::input::{detect, legacy, Format};

/// What a file is, for checking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recognised {
    /// A file of configuration, read as this format.
    Conf(Format),
    /// A SQL script.
    Sql,
    /// Not checked, and why.
    Skip(String),
    /// A Helm chart template: not checked, reported with a note (the reason).
    Template(String),
}

/// Whether a file found under a directory may hold configuration, by its name alone (so other
/// files are never read): `*.yaml`, `*.yml`, `*.sql`.
pub fn by_name(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("yaml" | "yml" | "sql")
    )
}

fn name_of(path: &Path) -> &str {
    path.file_name().and_then(|n| n.to_str()).unwrap_or("")
}

/// A Helm chart template: under a `templates` folder, holding `{{`; or anywhere, holding a
/// template action (a chart kept elsewhere, a helmfile's raw manifests).
fn helm_template(path: &Path, text: &str) -> bool {
    let in_templates = path
        .parent()
        .and_then(|p| p.file_name())
        .is_some_and(|p| p == "templates");
    (in_templates && text.contains("{{")) || holds_template_action(text)
}

/// Words that open or close a Go template action (`{{- if .Values.x }}`, `{{ end }}`,
/// `{{ include "x" . }}`): a file holding one is a template, not YAML, until it is rendered.
const ACTIONS: [&str; 10] = [
    "if", "else", "end", "range", "with", "define", "template", "include", "block", "toYaml",
];

/// Whether `text` holds a template action rather than only whole-value placeholders
/// (`key: "{{ .Values.x }}"`, which [`crate::placeholder`] notes): `{{` alone at the start of a
/// line (no key before it, so it cannot be a value), or followed by an action word.
pub fn holds_template_action(text: &str) -> bool {
    text.contains("{{")
        && text.lines().any(|line| {
            line.trim_start().starts_with("{{")
                || line.match_indices("{{").any(|(at, _)| {
                    let inner = line[at + 2..].trim_start_matches('-').trim_start();
                    ACTIONS.iter().any(|word| {
                        inner
                            .strip_prefix(word)
                            .is_some_and(|rest| rest.starts_with([' ', '}', '-', '(']))
                    })
                })
        })
}

const TEMPLATE: &str = "a Helm chart template ({{ ... }} is filled in by helm): not checked; check the values file, or the output of `helm template`";

/// What a file given by name on the command line is: by content, as `validate FILE` has always
/// told it (`format` overrides), a `.sql` file a SQL script, a chart template skipped.
pub fn given(path: &Path, text: &str, legacy_name: bool, format: Option<Format>) -> Recognised {
    given_read(path, text, legacy_name, format).0
}

/// [`given`], with the reader chosen for a configuration file whose name does not decide
/// ([`legacy::choose`]), which the report notes: chosen once, where the format is decided.
pub fn given_read(
    path: &Path,
    text: &str,
    legacy_name: bool,
    format: Option<Format>,
) -> (Recognised, Option<legacy::Choice>) {
    // Before `format`: a chart template is no YAML until helm fills it in, whatever it is read as
    // (the manifests hook of .pre-commit-hooks.yaml reads every YAML file as manifests).
    if helm_template(path, text) {
        return (Recognised::Template(TEMPLATE.to_owned()), None);
    }
    if let Some(format) = format {
        return (Recognised::Conf(format), None);
    }
    if name_of(path).ends_with(".sql") {
        return (Recognised::Sql, None);
    }
    let choice = legacy::choose(path, text);
    let legacy_content = choice.as_ref().is_some_and(|c| c.legacy);
    (
        Recognised::Conf(detect(text, legacy_name || legacy_content)),
        choice,
    )
}

/// Which reader a configuration file at `path` is read with and why, when its name does not
/// decide as Flink's names do (`flink-conf-prod.yaml`, `docker/flink.yaml`): the note a report
/// shows (see [`legacy::choose`]).
pub fn reader_note(path: &Path, text: &str) -> Option<String> {
    legacy::choose(path, text).map(|c| c.note())
}

/// What a file found under a directory is: by name, then content; anything that holds no Flink
/// configuration is skipped, with the reason.
pub fn found(path: &Path, text: &str) -> Recognised {
    found_read(path, text).0
}

/// [`found`], with the reader chosen for a copy of a `flink-conf.yaml` kept under another name
/// (see [`given_read`]).
pub fn found_read(path: &Path, text: &str) -> (Recognised, Option<legacy::Choice>) {
    let name = name_of(path);
    if name.ends_with(".sql") {
        return (Recognised::Sql, None);
    }
    if helm_template(path, text) {
        return (Recognised::Template(TEMPLATE.to_owned()), None);
    }
    match name {
        "config.yaml" => return (Recognised::Conf(detect(text, false)), None),
        "flink-conf.yaml" => return (Recognised::Conf(detect(text, true)), None),
        // A copy of a flink-conf.yaml kept under another name (`flink-conf-prod.yaml`).
        _ if name.starts_with("flink-conf") => {
            let choice = legacy::choose(path, text);
            let legacy_content = choice.as_ref().is_some_and(|c| c.legacy);
            return (Recognised::Conf(detect(text, legacy_content)), choice);
        }
        _ => {}
    }
    let recognised = match detect(text, false) {
        Format::Kubernetes if text.contains("flink.apache.org") => {
            Recognised::Conf(Format::Kubernetes)
        }
        Format::Kubernetes => Recognised::Skip(
            "Kubernetes resources, none a FlinkDeployment or FlinkSessionJob".to_owned(),
        ),
        Format::Helm => Recognised::Conf(Format::Helm),
        Format::Compose if text.contains("FLINK_PROPERTIES") => Recognised::Conf(Format::Compose),
        Format::Compose => Recognised::Skip("a compose file without FLINK_PROPERTIES".to_owned()),
        _ => Recognised::Skip(
            "YAML that is neither config.yaml, flink-conf.yaml, a Flink manifest, Helm values nor a compose file"
                .to_owned(),
        ),
    };
    (recognised, None)
}
