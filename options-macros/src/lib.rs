//! The derives of `options-core`: declare each configuration option once, as a struct field,
//! and get typed reads, checked defaults, documentation and the catalogue's metadata from it.
//!
//! * `#[derive(Options)]` turns a struct into a group of configuration options: one typed handle
//!   (`ConfigOption<T>` associated const, documented with a Key / Default / Type / Scope table)
//!   per field, static metadata for the catalogue and the docs generator, `Default` with the
//!   declared defaults, and `from_config`, which reads the whole group at once. Mistakes
//!   (a default that does not parse, a malformed key, a default outside its own bounds) are
//!   compile errors at the offending token.
//! * `#[derive(ConfigEnum)]` gives a fieldless enum config names and an `OptionValue`
//!   implementation, so it can be an option's type.
//!
//! Use them through `options_core` (`use options_core::Options;`). The generated code names
//! only `<root>::__private::...` and `::core::...` paths, where the root is `::options_core`
//! unless the declaration says otherwise: `#[options(crate = path)]` on a struct and
//! `#[config(crate = path)]` on an enum, for a crate that depends on `options-core` under another
//! name (`crate = renamed`) or an engine crate that re-exports the derives and the runtime to its
//! own users (`crate = my_engine::options`, where `my_engine::options` holds
//! `pub use options_core::*;`). `tests/facade/` holds one of each.
//!
//! ```
//! use std::sync::Arc;
//! use std::time::Duration;
//! use options_core::prelude::*;
//! use options_core::Catalogue;
//!
//! /// How the connector talks to its brokers.
//! #[derive(Debug, Options)]
//! #[options(section = "connector", title = "Connector Options")]
//! pub struct ConnectorOptions {
//!     /// How long to wait for a broker to accept a connection.
//!     #[option(key = "connector.connect-timeout", default = "10 s")]
//!     pub connect_timeout: Duration,
//!
//!     /// How many requests may wait for an answer at once.
//!     #[option(key = "connector.max-in-flight", default = 5, min = 1, max = 64)]
//!     pub max_in_flight: i32,
//! }
//!
//! let catalogue = Arc::new(Catalogue::new().with::<ConnectorOptions>().unwrap());
//! let mut config = Configuration::with_catalogue(catalogue);
//! config.set_str("connector.connect-timeout", "3 min").unwrap();
//! assert_eq!(config.get(&ConnectorOptions::CONNECT_TIMEOUT), Duration::from_secs(180));
//! // The bound is checked on every entry: `0` is refused like a value of the wrong type.
//! let error = config.set_str("connector.max-in-flight", "0").unwrap_err();
//! assert!(error.to_string().ends_with("must be at least 1"), "{error}");
//! // The whole group as a typed snapshot, defaults filled in.
//! let options = ConnectorOptions::from_config(&config).unwrap();
//! assert_eq!(options.max_in_flight, 5);
//! ```
//!
//! Where to go next:
//! * every attribute of `#[option(...)]` and `#[options(...)]`: the [`Options`](derive@Options)
//!   derive's reference table; enums as values: [`ConfigEnum`](derive@ConfigEnum);
//! * reading, layering and validating configurations: the `options-core` crate's front page;
//! * the generated reference site, `catalogue.json` and the docs check in CI: `options-docs`.
//!
//! # How it is built
//!
//! A pipeline, like thiserror and serde_derive: `ast` builds a typed model borrowing the input
//! (attributes parsed by `attr`), `valid` checks the rules that need the whole model,
//! `default` checks and plans each default, and `expand` only quotes. Every stage reports into
//! one `ctxt::Ctxt`, so all mistakes come out of a single compile, each at the token that
//! caused it; `fallback` then emits the same items with bodies that never run, so one mistake
//! does not cascade into errors wherever the group is used.
//!
//! # Why defaults are checked with the `options-grammar` crate
//!
//! `default = "3 min"` is written in the option's config grammar, and a typo must fail the build
//! at that literal, not at first use in production. The macro cannot call `options-core` for the
//! parser: `options-core` depends on this crate (it re-exports the derive and uses it for its own
//! built-in options through `extern crate self as options_core;`), so depending back on it would
//! be a cycle. Copying the parser would let the two drift apart. Instead the grammar lives in the
//! small dependency-free crate `options-grammar`, on which both this crate and `options-core`
//! depend. Both parse with the same code, so a default the macro accepts is exactly a value the
//! runtime accepts, and the documented default is the runtime's canonical spelling of it. The
//! same crate holds the edit distance behind "did you mean" for attribute names and keys.
//!
//! Enum defaults are the exception: the variant names belong to the user's enum, which the macro
//! cannot see. For them the macro emits a `const` check that looks the name up in the enum's
//! `ConfigEnum::NAMES` at compile time, spanned at the literal.
//!
//! # Decisions
//!
//! * Field types are recognised by the last path segment: `bool`, `i32`, `i64`, `f32`, `f64`,
//!   `String`, `Duration`, `MemorySize`, `Vec<T>`, `BTreeMap<..>`, `Option<T>`. Any other type
//!   with a string default is taken to be a `ConfigEnum`.
//! * A Rust expression default (`default = Duration::from_secs(5)`) is accepted only with
//!   `default_doc = "..."`: the macro cannot compute its config string, and an option's documented
//!   default must never be missing or wrong. Number and boolean literals (`default = 100`) are
//!   checked and documented like strings.
//! * An enum default spells the variant's config name exactly as the enum declares it
//!   (`default = "ALL_ENFORCED"`), although values set at runtime are matched ignoring case: the
//!   macro cannot ask the enum for its canonical spelling, and this keeps the documented default
//!   canonical, also inside lists.
//! * `default_doc` documents the default as given (`DefaultDoc::Override`), like Flink's
//!   `@OverrideDefault`.
//! * A sensitive option's field is an `options_core::Secret<T>` (`Secret<String>`, or
//!   `Option<Secret<String>>` without a default), whose `Debug` and `Display` print `******`, so a
//!   `#[derive(Debug)]` on the snapshot struct never prints the secret; the value is read with
//!   `.expose()`. `sensitive` on any other field type is a compile error naming the type to write
//!   (a warning would be missed, and the leak it prevents is silent). A `Secret` field is
//!   sensitive with or without the flag. The wrapped type must be text (`String`,
//!   `List<String>`, `Map`): a secret is text, and a sensitive number or duration is most likely
//!   a mistake.
//! * Handles have the field's visibility; the metadata table (`__OPTION_METAS`) is private to the
//!   declaring module.
#![deny(missing_docs)]

use proc_macro::TokenStream;
use syn::{parse_macro_input, DeriveInput};

mod ast;
mod attr;
mod config_enum;
mod ctxt;
mod default;
mod docs;
mod expand;
mod facts;
mod fallback;
mod history;
mod key_tokens;
mod root;
mod rules;
mod shape;
mod valid;

use options_grammar::grammar;

/// Declares a group of options: one struct, one field per option.
///
/// ```
/// use std::time::Duration;
/// use options_core::Options;
///
/// /// Options that tune how queries execute.
/// #[derive(Options)]
/// #[options(section = "execution", title = "Execution Options")]
/// pub struct ExecutionOptions {
///     /// How long an async lookup may take before it fails.
///     #[option(key = "table.exec.async-lookup.timeout", default = "3 min", scope = "batch, streaming")]
///     pub async_lookup_timeout: Duration,
///
///     /// Operators the planner must not choose; mainly for tests.
///     #[option(key = "table.exec.disabled-operators", scope = "batch")]
///     pub disabled_operators: Option<String>,
/// }
/// ```
///
/// On the struct, `#[options(...)]`:
///
/// | Setting on the struct | Meaning |
/// |---|---|
/// | `section = "execution"` | the docs section id (required) |
/// | `title = "Execution Options"` | the section's title (required) |
/// | `description = "..."` | replaces the struct's doc comment as the section text |
/// | `family = "State backends"` | the heading the site's navigation lists the section under |
/// | `engine = path::TO_ENGINE` | the `Engine` whose options these are; its `releases` (`Engine::releases`) are the ones the options' histories name: every version a `removed` or `changed` names must be one of them, checked at compile time |
/// | `releases = path::TO::RELEASES` | for a group without an engine, the `Releases` its histories name; a group names its engine or its releases, not both |
/// | `crate = path` | the path the generated code reaches the runtime by (default `::options_core`): the dependency's name when it is renamed (`crate = renamed`), or a module re-exporting `options_core` (`crate = my_engine::options`, holding `pub use options_core::*;`). A path, as `engine` and `releases` are; a string (serde's `crate = "..."`) is refused with the path to write |
/// | `change_class = path::TO::CLASS` | the `ChangeClass` (how a change reaches a running system) of every option that declares none of its own |
///
/// On each field, `#[option(...)]`:
///
/// | Setting | Meaning |
/// |---|---|
/// | `key = "a.b-c"` | the full dotted key (required; lower case `a-z 0-9 - _`, segments joined by `.`) |
/// | `key = "a.<name>.b"` | a pattern key: a `<placeholder>` segment makes the handle a `PatternOption<T>`; `HANDLE.instance("x")` reads `a.x.b` |
/// | `default = "3 min"` | the default in the option's config grammar, checked at compile time |
/// | `default = 100` | a number or boolean literal; any other Rust expression needs `default_doc` |
/// | `scope = "batch, streaming"` | `batch`, `streaming` or both; leave out for non-table options |
/// | `deprecated_keys = ["a", "b"]` | old spellings still read, with a warning |
/// | `fallback_keys = ["a"]` | keys read when the key itself is unset |
/// | `since = "1.19"` | the version that introduced the option; with group releases, it is absent from older releases |
/// | `removed = "2.0: use other.key"` | the release that stopped reading it, and what replaces it (needs group releases) |
/// | `changed(release = "1.20", ...)` | what a release changed, as it was before: `value_type = "Long"`, `default = 30000`, `no_default`, `documented`, `hidden`, `values = [...]`, `deprecated_keys = [...]`, `fallback_keys = [...]`; repeatable |
/// | `sensitive` | a secret, masked when shown; the field must be `Secret<String>` (or another text type in `Secret`); a `Secret` field is sensitive without it |
/// | `startup_only` | can only be set before the environment is created |
/// | `change_class = path::TO::CLASS` | how a change reaches a running system: a path to the engine's `options_core::ChangeClass` const (`options_flink::engine::JOB_SUBMISSION`); overrides the group's |
/// | `hidden` | left out of the generated reference and rustdoc (still readable and settable) |
/// | `mixed_case` | the key (and its old keys) may keep upper-case letters, as Flink's `taskmanager.numberOfTaskSlots` does |
/// | `deprecated = "1.18: use other.key"` | deprecated in that version, and what replaces it |
/// | `min = 1`, `max = "1 h"` | inclusive bounds of a number, duration or memory size, in the option's grammar; a default outside them is a compile error |
/// | `one_of = ["a", "b"]` | the only accepted strings of a `String` option (any case) |
/// | `only_when = "other.key = value"` | the option has an effect only while another option has that value (`SET` and `validate` warn otherwise) |
/// | `then_above = "0 ms"` | with `only_when`: while the condition holds, the value must be above this bound |
/// | `default_doc = "..."` | text the docs show as the default instead |
/// | `description = "..."` | replaces the doc comment as the description |
/// | `validate = path::to::check` | a `fn(&str) -> Result<(), String>` run on every config string of the option, beyond its type (a time zone that exists) |
///
/// The doc comment is the option's description (Markdown, paragraphs kept). A field without a
/// default is an `Option<T>`.
///
/// For each field `foo_bar: T` this generates `const FOO_BAR: ConfigOption<T>` (documented with a
/// Key / Default / Type / Scope table), and for the struct `Default`, `from_config` and
/// `OptionGroup` (the static metadata of every option, in declaration order).
#[proc_macro_derive(Options, attributes(options, option))]
pub fn derive_options(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    options(&input).into()
}

fn options(input: &DeriveInput) -> proc_macro2::TokenStream {
    let cx = ctxt::Ctxt::new();
    let Some(group) = ast::Group::from_ast(&cx, input) else {
        return cx.check().err().unwrap_or_default();
    };
    valid::check(&cx, &group);
    let plans: Vec<_> = group.fields.iter().map(|f| default::plan(&cx, f)).collect();
    let rules: Vec<_> = group.fields.iter().map(|f| rules::plan(&cx, f)).collect();
    let histories: Vec<_> = group
        .fields
        .iter()
        .map(|f| history::plan(&cx, &group, f))
        .collect();
    match cx.check() {
        Ok(()) => {
            let plans: Vec<_> = plans.into_iter().flatten().collect();
            expand::group(&group, &plans, &rules, &histories)
        }
        Err(errors) => {
            let mut out = errors;
            out.extend(fallback::group(&group));
            out
        }
    }
}

/// Declares a fieldless enum as an option value type: each variant's config name is its name in
/// SCREAMING_SNAKE_CASE (`AllEnforced` -> `ALL_ENFORCED`) unless `#[config(name = "...")]` says
/// otherwise; `#[config(alias = "...")]` adds a spelling parsing also accepts; parsing ignores
/// case. On the enum, `#[config(crate = path)]` is the struct's `crate = path`: where the
/// generated code reaches the runtime when it is not `::options_core`.
#[proc_macro_derive(ConfigEnum, attributes(config))]
pub fn derive_config_enum(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    config_enum::derive(&input).into()
}
