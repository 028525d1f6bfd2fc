//! `explain`: one option's documentation in the terminal, from Flink's catalogue or, for a key
//! Flink does not read, the Kubernetes operator's (the answer says which).

use std::process::ExitCode;

use options_docs::explain;
use options_docs::source::Loaded;
use options_flink_operator::placement::Placement;

use crate::catalogue::load_for_checking;
use crate::failure::Failure;
use crate::Cli;

/// The flags of `explain`.
#[derive(clap::Args, Debug, Clone)]
pub(crate) struct ExplainArgs {
    /// The option key.
    key: String,
    /// Answer a Kubernetes operator key as this operator release (`1.13`) reads it; the
    /// newest when left out.
    #[arg(long, value_name = "V")]
    operator_release: Option<String>,
}

/// `explain KEY`.
pub(crate) fn run(cli: &Cli, args: &ExplainArgs) -> Result<ExitCode, Failure> {
    let (key, operator_release) = (&args.key, args.operator_release.as_deref());
    let loaded = load_for_checking(cli)?;
    let lookup = explain::lookup(&loaded.doc, key);
    if !matches!(lookup, explain::Lookup::Unknown) {
        return print(&loaded, key, lookup);
    }
    if let Some(message) = loaded.absent(key) {
        return Err(Failure::Invalid(message));
    }
    if let Some(message) = options_check::validate::table_option(&loaded, key, "a configuration") {
        return Err(Failure::Invalid(message));
    }
    // The operator's catalogue answers with the built-in Flink catalogue only: a catalogue file
    // documents another engine's options.
    let operator = match cli.catalogue {
        Some(_) => None,
        None => Some(
            options_check::operator::catalogue(operator_release)
                .map_err(|e| Failure::Internal(e.to_string()))?,
        ),
    };
    if let Some(operator) = &operator {
        let lookup = explain::lookup(&operator.doc, key);
        if let Some(section) = found_in(&lookup) {
            let release = operator
                .release()
                .map(|r| format!(" {}", r.version()))
                .unwrap_or_default();
            let placement = Placement::of_section(section)
                .map(placed)
                .unwrap_or_default();
            crate::out::println(format_args!(
                "{key} is not a Flink option: answered by the catalogue of the {}{release}{placement}.\n",
                operator.doc.engine.name
            ))?;
            return print(operator, key, lookup);
        }
        if let Some(message) = operator.absent(key) {
            return Err(Failure::Invalid(
                message.replace("; choose release ", "; choose --operator-release "),
            ));
        }
    }
    let mut suggestions = options_docs::suggest::Suggester::new(&loaded.doc).suggest(key);
    if let Some(operator) = &operator {
        suggestions.extend(options_docs::suggest::Suggester::new(&operator.doc).suggest(key));
    }
    let error = options_core::ConfigError::from(options_core::ConfigErrorKind::UnknownKey {
        key: key.clone(),
        suggestions,
    });
    Err(Failure::Invalid(error.to_string()))
}

/// The section id of the option a lookup found.
fn found_in<'a>(lookup: &explain::Lookup<'a>) -> Option<&'a str> {
    match lookup {
        explain::Lookup::Option(s, _)
        | explain::Lookup::Alias(s, _, _)
        | explain::Lookup::Instance(s, _) => Some(&s.id),
        _ => None,
    }
}

/// Where an operator option may be set, as the end of a sentence.
fn placed(placement: Placement) -> String {
    let where_ = match placement {
        Placement::Resource => {
            "set per resource (spec.flinkConfiguration) or in the operator's configuration"
        }
        Placement::BlueGreenResource => "set in spec.configuration of a FlinkBlueGreenDeployment",
        Placement::Operator => {
            "set in the operator's configuration only (Helm values defaultConfiguration, the operator's ConfigMap), not per resource"
        }
        Placement::Standalone => "read by the standalone autoscaler process only",
    };
    format!("; {where_}")
}

fn print(loaded: &Loaded, key: &str, lookup: explain::Lookup<'_>) -> Result<ExitCode, Failure> {
    let release = loaded.doc.release.as_ref();
    // What the key is, when it is not the option's own key, then the option explained.
    let (found, preface) = match lookup {
        explain::Lookup::Option(s, o) => ((s, o), None),
        explain::Lookup::Alias(s, o, deprecated) => {
            let role = if deprecated {
                "a deprecated"
            } else {
                "a fallback"
            };
            ((s, o), Some(format!("{key} is {role} key of {}.\n", o.key)))
        }
        explain::Lookup::Instance(s, o) => (
            (s, o),
            Some(format!(
                "{key} is an instance of the pattern key {}.\n",
                o.key
            )),
        ),
        explain::Lookup::EmptyPlaceholder(error) => {
            return Err(Failure::Invalid(error.to_string()));
        }
        // `run` answers an unknown key itself, with suggestions.
        explain::Lookup::Unknown => {
            return Err(Failure::Invalid(format!(
                "unknown configuration key \"{key}\""
            )));
        }
    };
    if let Some(preface) = preface {
        crate::out::println(preface)?;
    }
    crate::out::print(explain::explain_at(
        &loaded.doc.engine,
        found,
        release,
        loaded.doc.class_of(found.1),
    ))?;
    Ok(ExitCode::SUCCESS)
}
