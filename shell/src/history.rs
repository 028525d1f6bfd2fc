//! Where the shell keeps its history.

use std::path::PathBuf;

use options_core::sql::secret_spans;
use options_flink::session::TableEnvironment;

/// `$OPTIONS_SHELL_HISTORY`, else `$XDG_DATA_HOME/options-shell/history`, else
/// `$HOME/.local/share/options-shell/history`; `None` when none of these is set.
pub fn path() -> Option<PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(explicit) = var("OPTIONS_SHELL_HISTORY") {
        return Some(PathBuf::from(explicit));
    }
    let data = var("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| var("HOME").map(|home| PathBuf::from(home).join(".local/share")))?;
    Some(data.join("options-shell").join("history"))
}

/// The history entry for statements typed together: their words on one line. `None` when there is
/// nothing to keep, or when the text holds a secret anywhere (a value after `SET '<sensitive
/// key>'`, with or without `=`, even in a statement that does not parse).
pub fn entry(env: &TableEnvironment, statements: &str) -> Option<String> {
    let is_sensitive = |key: &str| env.is_sensitive_key(key);
    if !secret_spans(statements, &is_sensitive).is_empty() {
        return None;
    }
    let entry = statements.split_whitespace().collect::<Vec<_>>().join(" ");
    (!entry.is_empty()).then_some(entry)
}

#[cfg(test)]
mod tests {
    use options_flink::session::{EnvironmentSettings, TableEnvironment};

    fn entry(statements: &str) -> Option<String> {
        super::entry(
            &TableEnvironment::create(EnvironmentSettings::new()),
            statements,
        )
    }

    #[test]
    fn statements_are_kept_on_one_line() {
        assert_eq!(
            entry("SET 'table.local-time-zone'\n  = 'UTC';").as_deref(),
            Some("SET 'table.local-time-zone' = 'UTC';")
        );
        assert_eq!(entry("  \n"), None);
    }

    #[test]
    fn statements_holding_a_secret_are_never_kept() {
        for statements in [
            "SET 'db.password' = 'hunter2';",
            "SET 'db.password' 'hunter2';",
            "SET 'a.secret' = 'hunter2",
            "SET db.password = hunter2;",
            "SET 'db.password = hunter2;",
            "SET 'table.local-time-zone' = 'UTC'; SET 'my.api-key' = 'hunter2';",
        ] {
            assert_eq!(entry(statements), None, "{statements}");
        }
    }

    #[test]
    fn a_sensitive_key_without_a_value_is_kept() {
        assert_eq!(
            entry("SET 'db.password';").as_deref(),
            Some("SET 'db.password';")
        );
    }
    /// Options of a secret store: `vault.seal` is secret only because it is declared so.
    #[derive(options_core::Options)]
    #[options(section = "vault", title = "Vault Options")]
    #[allow(dead_code)]
    struct VaultOptions {
        /// The key that seals the store.
        #[option(key = "vault.seal", sensitive)]
        seal: Option<options_core::Secret<String>>,
    }

    #[test]
    fn statements_setting_an_option_declared_sensitive_are_never_kept() {
        let catalogue = options_core::Catalogue::new()
            .with::<VaultOptions>()
            .unwrap();
        let settings = EnvironmentSettings::new().with_catalogue(std::sync::Arc::new(catalogue));
        let env = TableEnvironment::create(settings);
        for statements in [
            "SET 'vault.seal' = 'CANARY7f3a';",
            "SET vault.seal CANARY7f3a",
            "SET 'vault.seal = CANARY7f3a",
        ] {
            assert_eq!(super::entry(&env, statements), None, "{statements}");
        }
        assert!(super::entry(&env, "SET 'vault.seal';").is_some());
    }
}
