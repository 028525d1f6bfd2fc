//! One `key = value` a user wrote, and where: the one setting type every reader returns (a
//! `config.yaml`, a legacy `flink-conf.yaml` line, a `-D` argument, a SQL `SET`) and every checker
//! takes.

use std::fmt;

/// One setting as written: the full dotted key, the value as a config string, and the 1-based
/// position of the key.
///
/// `Debug` masks the value when the key names a secret ([`crate::sensitive::shown`]).
///
/// ```
/// use options_core::Setting;
///
/// let s = Setting::new("s3.secret-key", "hunter2", 3, 1);
/// assert_eq!((s.line, s.column), (3, 1));
/// assert!(!format!("{s:?}").contains("hunter2"));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Setting {
    /// The full dotted key.
    pub key: String,
    /// The value as a config string: scalars as written, YAML sequences as `;`-joined lists,
    /// YAML maps as `k:v,k:v`.
    pub value: String,
    /// For a YAML list or map value, its YAML text in flow style (`[a, b]`, `{k: v}`): what Flink
    /// reads for an option of text, whose value it writes back as YAML. `None` for a scalar and
    /// for every setting not read from YAML.
    pub yaml_text: Option<String>,
    /// 1-based line of the key.
    pub line: u32,
    /// 1-based column of the key, in characters.
    pub column: u32,
}

impl Setting {
    /// A setting of a scalar value (no YAML text), its key at `line`:`column`.
    pub fn new(key: impl Into<String>, value: impl Into<String>, line: u32, column: u32) -> Self {
        Setting {
            key: key.into(),
            value: value.into(),
            yaml_text: None,
            line,
            column,
        }
    }
}

impl fmt::Debug for Setting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value = crate::sensitive::shown(&self.key, &self.value);
        f.debug_struct("Setting")
            .field("key", &self.key)
            .field("value", &value)
            .field("line", &self.line)
            .field("column", &self.column)
            .finish()
    }
}
