//! How an engine names the environment variable that sets a key, and how it reads variables back.
//!
//! Engines differ here. Flink writes `FLINK_`, then the key upper-cased with each `.` as `_` and each
//! `-` as `__` (`table.exec.mini-batch.enabled` -> `FLINK_TABLE_EXEC_MINI__BATCH_ENABLED`), and reads
//! any `FLINK_` variable back by reversing that. DataFusion upper-cases the key and writes each `.` as
//! `_` (`datafusion.execution.batch_size` -> `DATAFUSION_EXECUTION_BATCH_SIZE`); its keys hold `_`
//! themselves, so a name cannot be read back, and it looks up the variable of each declared key
//! instead. An engine that takes nothing from the environment has [`EnvRule::NONE`]. An [`EnvRule`]
//! says which of these an engine does; each engine crate declares its own (Flink's is
//! `options_flink::FLINK_ENV`), and the runtime applies the rule of the catalogue it is given.

/// How variables are read back into settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnvReading {
    /// Every variable that starts with the prefix is turned back into a key (single `_` -> `.`,
    /// the dash spelling -> `-`, lower case), so an undeclared key shows up as a notice with a
    /// suggestion. Needs a rule that reverses: keys without `_`, and a prefix.
    Names,
    /// Only the variables of declared keys are read: each option's variable is looked up. A rule
    /// where `a_b` and `a.b` give one name needs this (DataFusion's `ConfigOptions::from_env`).
    DeclaredKeys,
    /// No variable is read and no key has one: the engine takes no configuration from the
    /// environment ([`EnvRule::NONE`]).
    Never,
}

/// How an engine spells the environment variable of a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnvRule {
    /// Written before the key (`FLINK_`); empty when the keys start with the engine's name already
    /// (`datafusion.`).
    pub prefix: &'static str,
    /// What a `-` in a key becomes (`__` for Flink); `None`: a key with a `-` has no variable.
    pub dash: Option<&'static str>,
    /// Whether a key may hold `_` (kept as `_`). Flink's rule reads names back, where an `_` in a
    /// key would be taken for a `.`, so its keys with `_` have no variable.
    pub underscore: bool,
    /// How variables are read back.
    pub reading: EnvReading,
    /// Variables of the engine's own scripts and images that are never configuration
    /// (`FLINK_HOME`).
    pub reserved: &'static [&'static str],
    /// Prefixes of such variables (`FLINK_ENV_`).
    pub reserved_prefixes: &'static [&'static str],
}

impl EnvRule {
    /// No variables: the rule of an engine that reads no configuration from the environment, and
    /// of a catalogue that names no engine.
    pub const NONE: EnvRule = EnvRule {
        prefix: "",
        dash: None,
        underscore: false,
        reading: EnvReading::Never,
        reserved: &[],
        reserved_prefixes: &[],
    };

    /// `prefix` + the key upper-cased, `.` -> `_`, `-` -> `dash`, read back from names: every
    /// variable that starts with `prefix` is a setting, except the `reserved` names and those that
    /// start with one of `reserved_prefixes` (the variables of the engine's own scripts). Keys
    /// holding `_` have no variable, since the name would read back with a `.`.
    pub const fn prefixed_names(
        prefix: &'static str,
        dash: &'static str,
        reserved: &'static [&'static str],
        reserved_prefixes: &'static [&'static str],
    ) -> EnvRule {
        EnvRule {
            prefix,
            dash: Some(dash),
            underscore: false,
            reading: EnvReading::Names,
            reserved,
            reserved_prefixes,
        }
    }

    /// The key upper-cased with each `.` written as `_` after `prefix`, looked up for each declared
    /// key; keys may hold `_`, and a key with a `-` has no variable. With an empty prefix this is
    /// DataFusion's rule.
    pub const fn upper_case_keys(prefix: &'static str) -> EnvRule {
        EnvRule {
            prefix,
            dash: None,
            underscore: true,
            reading: EnvReading::DeclaredKeys,
            reserved: &[],
            reserved_prefixes: &[],
        }
    }

    /// The variable that sets `key`, or `None` for a key this rule cannot spell (a character
    /// other than ASCII letters, digits and the separators it knows, two separators in a row, a
    /// separator at either end) or whose variable is reserved.
    pub fn var_for_key(&self, key: &str) -> Option<String> {
        if self.reading == EnvReading::Never {
            return None;
        }
        spell_var(self.prefix, self.dash, self.underscore, key).filter(|v| !self.is_reserved(v))
    }

    /// Whether `var` belongs to the engine's scripts rather than its configuration.
    pub fn is_reserved(&self, var: &str) -> bool {
        self.reserved.contains(&var) || self.reserved_prefixes.iter().any(|p| var.starts_with(p))
    }

    /// The key a variable sets, read back from its name, or `None` when it is not a configuration
    /// variable of this rule. Always `None` for [`EnvReading::DeclaredKeys`], whose names do not
    /// read back (look up each declared key's [`var_for_key`](Self::var_for_key) instead).
    ///
    /// A name with lower-case letters, three or more `_` in a row, or an `_` right after the
    /// prefix or at the end is not a configuration variable.
    pub fn key_for_var(&self, var: &str) -> Option<String> {
        if self.reading != EnvReading::Names || self.is_reserved(var) {
            return None;
        }
        read_var_name(self.prefix, self.dash, var)
    }
}

/// The variable of `key` under a rule given by its parts (what [`EnvRule::var_for_key`] does, for
/// a rule held in owned strings, such as one read from a catalogue file), reserved names not
/// checked.
pub fn spell_var(prefix: &str, dash: Option<&str>, underscore: bool, key: &str) -> Option<String> {
    // Upper-case letters too: Flink's historic mixed-case keys (`taskmanager.numberOfTaskSlots`)
    // get the variable of their lower-case spelling, which the loader maps back to the key.
    let bytes = key.as_bytes();
    let first_last_ok = |b: Option<&u8>| b.is_some_and(u8::is_ascii_alphanumeric);
    if !first_last_ok(bytes.first()) || !first_last_ok(bytes.last()) {
        return None;
    }
    let mut var = String::with_capacity(prefix.len() + key.len() + 4);
    var.push_str(prefix);
    let mut previous_was_separator = false;
    for &b in bytes {
        let separator = match b {
            b'.' => Some("_"),
            b'-' => Some(dash?),
            b'_' if underscore => Some("_"),
            b if b.is_ascii_alphanumeric() => None,
            _ => return None,
        };
        match separator {
            Some(_) if previous_was_separator => return None,
            Some(s) => var.push_str(s),
            None => var.push(char::from(b.to_ascii_uppercase())),
        }
        previous_was_separator = separator.is_some();
    }
    Some(var)
}

/// The key a variable name reads back to under a rule of [`EnvReading::Names`] given by its
/// parts, reserved names not checked.
pub fn read_var_name(prefix: &str, dash: Option<&str>, var: &str) -> Option<String> {
    let rest = var.strip_prefix(prefix)?;
    let bytes = rest.as_bytes();
    if bytes.is_empty() || bytes[0] == b'_' || bytes[bytes.len() - 1] == b'_' {
        return None;
    }
    let dash_underscores = match dash {
        Some(d) if !d.is_empty() && d.bytes().all(|b| b == b'_') => d.len(),
        _ => 0,
    };
    let mut key = String::with_capacity(rest.len());
    let mut underscores = 0;
    for &b in bytes {
        if b == b'_' {
            underscores += 1;
            continue;
        }
        match underscores {
            0 => {}
            1 => key.push('.'),
            n if n == dash_underscores => key.push('-'),
            _ => return None,
        }
        underscores = 0;
        match b {
            b'A'..=b'Z' | b'0'..=b'9' => key.push(char::from(b.to_ascii_lowercase())),
            _ => return None,
        }
    }
    Some(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    const UPPER: EnvRule = EnvRule::upper_case_keys("");

    const ACME: EnvRule = EnvRule::prefixed_names("ACME_", "__", &["ACME_HOME"], &["ACME_ENV_"]);

    #[test]
    fn prefixed_rule_spells_dashes_twice_and_reads_names_back() {
        let var = ACME.var_for_key("table.exec.mini-batch.enabled");
        assert_eq!(var.as_deref(), Some("ACME_TABLE_EXEC_MINI__BATCH_ENABLED"));
        let key = ACME.key_for_var("ACME_TABLE_EXEC_MINI__BATCH_ENABLED");
        assert_eq!(key.as_deref(), Some("table.exec.mini-batch.enabled"));
        assert_eq!(ACME.var_for_key("a.b_c"), None);
        assert_eq!(ACME.key_for_var("ACME_HOME"), None);
        assert_eq!(ACME.key_for_var("ACME_ENV_JAVA_OPTS"), None);
        assert_eq!(ACME.key_for_var("ACME_A___B"), None);
    }

    #[test]
    fn the_none_rule_has_no_variables() {
        assert_eq!(EnvRule::NONE.var_for_key("a.b"), None);
        assert_eq!(EnvRule::NONE.key_for_var("A_B"), None);
    }

    #[test]
    fn upper_case_rule_keeps_underscores_and_reads_no_names() {
        let var = UPPER.var_for_key("datafusion.execution.batch_size");
        assert_eq!(var.as_deref(), Some("DATAFUSION_EXECUTION_BATCH_SIZE"));
        assert_eq!(UPPER.var_for_key("a.mini-batch"), None);
        assert_eq!(UPPER.key_for_var("DATAFUSION_EXECUTION_BATCH_SIZE"), None);
    }

    #[test]
    fn a_prefix_is_written_before_the_key() {
        let rule = EnvRule::upper_case_keys("ACME_");
        assert_eq!(
            rule.var_for_key("io.buffer_size").as_deref(),
            Some("ACME_IO_BUFFER_SIZE")
        );
    }
}
