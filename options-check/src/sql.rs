//! SQL scripts: every `SET 'key' = 'value';` statement checked as a setting, at the line and
//! column of its key. Statements are read by the session's own parser
//! ([`options_core::sql::parse_statements`]); statements other than `SET` are not
//! configuration and are passed over.

use options_core::layers::Strictness;
use options_core::sql::{parse_statements, Position, Statement};
use options_docs::source::Loaded;

use crate::finding::Finding;
use crate::placeholder::{is_placeholder, Placeholder};
use crate::validate::validate_with;
use options_core::Setting;

/// The problems of the `SET` statements of `text`, and the settings left unchecked because their
/// value is wholly a placeholder.
pub fn check_sql(
    loaded: &Loaded,
    text: &str,
    strictness: Strictness,
) -> (Vec<Finding>, Vec<Placeholder>) {
    let (settings, placeholders) = set_statements(text);
    let options = crate::validate::CheckOptions {
        place: Some("SET"),
        ..crate::validate::CheckOptions::new(strictness)
    };
    let mut problems = validate_with(loaded, &settings, &options);
    crate::finding::sort(&mut problems);
    (problems, placeholders)
}

/// The settings of the `SET` statements of `text`, each at the line and column of its key (its
/// opening quote), and those whose value is wholly a placeholder apart.
pub fn set_statements(text: &str) -> (Vec<Setting>, Vec<Placeholder>) {
    let mut settings = Vec::new();
    let mut placeholders = Vec::new();
    for parsed in parse_statements(text, &options_core::sensitive::is_sensitive_key)
        .into_iter()
        .flatten()
    {
        let Statement::Set { key, value } = parsed.statement else {
            continue;
        };
        let at = Position::of(text, key.span.start);
        let (line, column) = (to_u32(at.line), to_u32(at.column));
        if is_placeholder(&value.value) {
            placeholders.push(Placeholder {
                line,
                column,
                key: key.value,
                value: value.value,
            });
            continue;
        }
        settings.push(Setting::new(key.value, value.value, line, column));
    }
    (settings, placeholders)
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}
