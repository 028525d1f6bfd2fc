//! Sessions: a [`TableEnvironment`] that runs configuration statements (`SET`, `RESET`,
//! `USE CATALOG`, `USE`, `SHOW OPTIONS`), resolves object paths against its current catalog and
//! database, and offers completion hints.
//!
//! ```
//! use options_flink::session::{EnvironmentSettings, TableEnvironment};
//!
//! let mut env = TableEnvironment::create(EnvironmentSettings::new());
//! env.register_catalog("cat1", "db1").unwrap();
//! let (output, ok) = env.execute_to_string("USE CATALOG cat1;");
//! assert!(ok);
//! assert_eq!(output, "current catalog is now \"cat1\", current database \"db1\".\n");
//! assert_eq!(env.qualify("tab1").unwrap().to_string(), "cat1.db1.tab1");
//! ```
//!
//! The pieces, in the order input flows through them: the statement text is read by
//! `options_core::sql` (spans, tokens, [`Statement`](options_core::sql::Statement)s, secrets),
//! the same for every engine; [`execute`] runs them on the environment, [`boxed_table`] writes
//! the boxed output, [`error`] positions errors with a caret line (secrets masked),
//! [`completion`] answers one search per keystroke over keys prepared once (in `key_search`).
//! Beside them: [`show`] (the settings views), [`startup_environment`] (the environment created
//! from the startup buffer).

pub mod boxed_table;
pub mod catalogs;
pub mod completion;
pub mod environment;
pub mod error;
pub mod execute;
mod key_search;
pub mod keys;
mod like;
pub mod show;
pub mod startup_environment;
mod suggest;

pub use boxed_table::BoxedTable;
pub use catalogs::{qualify, CatalogRegistry, ObjectIdentifier};
pub use completion::Completion;
pub use environment::{EnvironmentSettings, TableEnvironment};
pub use error::{SessionError, StatementError};
pub use execute::{render_outcomes, render_outcomes_from, Outcomes, StatementResult};
pub use show::short_source;
pub use startup_environment::SharedEnvironment;
