//! The SQL dialect (`table.sql-dialect`).

use std::fmt;

/// The dialect SQL text is parsed in.
///
/// `table.sql-dialect` is a String option (as in Flink); [`SqlDialect::parse`] reads it ignoring
/// case, and [`SqlDialect::as_str`] gives the lower-case value stored by
/// [`TableConfig::set_sql_dialect`](crate::TableConfig::set_sql_dialect).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum SqlDialect {
    /// Flink's own SQL.
    #[default]
    Default,
    /// Apache Hive's SQL, for Hive compatibility.
    Hive,
}

impl SqlDialect {
    /// Every dialect.
    pub const ALL: [SqlDialect; 2] = [SqlDialect::Default, SqlDialect::Hive];

    /// The dialect named `value`, ignoring case.
    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|d| d.as_str().eq_ignore_ascii_case(value.trim()))
    }

    /// The config value: `default` or `hive`.
    pub const fn as_str(self) -> &'static str {
        match self {
            SqlDialect::Default => "default",
            SqlDialect::Hive => "hive",
        }
    }
}

impl fmt::Display for SqlDialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
