//! `explain`: one option's documentation in the terminal.

use std::process::ExitCode;

use options_docs::explain;

use crate::catalogue::load_for_checking;
use crate::failure::Failure;
use crate::Cli;

/// `explain KEY`.
pub(crate) fn run(cli: &Cli, key: &String) -> Result<ExitCode, Failure> {
    let loaded = load_for_checking(cli)?;
    match explain::lookup(&loaded.doc, key) {
        explain::Lookup::Option(s, o) => {
            print!(
                "{}",
                explain::explain_at(&loaded.doc.engine, s, o, loaded.doc.release.as_ref())
            )
        }
        explain::Lookup::Alias(s, o, deprecated) => {
            let role = if deprecated {
                "a deprecated"
            } else {
                "a fallback"
            };
            println!("{key} is {role} key of {}.\n", o.key);
            print!(
                "{}",
                explain::explain_at(&loaded.doc.engine, s, o, loaded.doc.release.as_ref())
            );
        }
        explain::Lookup::Instance(s, o) => {
            println!("{key} is an instance of the pattern key {}.\n", o.key);
            print!(
                "{}",
                explain::explain_at(&loaded.doc.engine, s, o, loaded.doc.release.as_ref())
            );
        }
        explain::Lookup::EmptyPlaceholder(error) => {
            return Err(Failure::Invalid(error.to_string()));
        }
        explain::Lookup::Unknown => {
            if let Some(message) = loaded.absent(key) {
                return Err(Failure::Invalid(message));
            }
            if loaded.doc.engine.name.starts_with("Apache Flink")
                && options_flink::table_with::is_table_option(key)
            {
                return Err(Failure::Invalid(
                    options_flink::table_with::table_option_message(key, "a configuration"),
                ));
            }
            let error =
                options_core::ConfigError::from(options_core::ConfigErrorKind::UnknownKey {
                    key: key.clone(),
                    suggestions: options_docs::suggest::Suggester::new(&loaded.doc).suggest(key),
                });
            return Err(Failure::Invalid(error.to_string()));
        }
    }
    Ok(ExitCode::SUCCESS)
}
