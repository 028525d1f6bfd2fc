//! [`DefaultDoc`]: how an option's default is documented (a value, none, or a text shown instead of
//! a machine-dependent default).

/// How the default of an option is documented.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DefaultDoc {
    /// The option has no default; docs show `(none)`.
    None,
    /// The canonical config string of the default (`3 min`, `true`, `default_catalog`).
    Value(&'static str),
    /// Text shown instead of a machine-dependent default (Flink's `@OverrideDefault`),
    /// e.g. `System.getProperty("java.io.tmpdir")`. Rendered as is.
    Override(&'static str),
}
