//! A language server for Apache Flink configuration, over the checker of `options-check`:
//! diagnostics (with the checker's rule ids, severities and tags), quick fixes, hover and
//! completion in `config.yaml`, `flink-conf.yaml`, `FlinkDeployment`/`FlinkSessionJob` manifests,
//! the operator's Helm values, compose files with `FLINK_PROPERTIES` and SQL scripts. Started as
//! `flinkconf lsp`, it speaks the protocol over standard input and output.
//!
//! The pieces, one idea each: [`transport`] (frames in and out, a malformed one passed over),
//! [`server`] (the message loop), [`documents`] (texts and positions), [`parts`] (the
//! resolver's answer for a document: what it is, its configurations and their catalogues, the
//! same answer `flinkconf validate` gets), [`release`] (the editor's settings), [`diagnostics`]
//! (the file check's findings), [`actions`], [`hover`] (with [`effective`], the operator's
//! merged value), [`completion`], and [`cursor`] (what is
//! at a position). Which release, which catalogue and which rules apply is decided below, in
//! `options_check::resolve`; catalogues are built once per release by `options_check::registry`.
//!
//! ```
//! use lsp_server::Connection;
//!
//! let (server, client) = Connection::memory();
//! let serving = std::thread::spawn(move || options_lsp::server::serve(server, None));
//! drop(client); // the client went away before `initialize`
//! assert_eq!(serving.join().unwrap(), options_lsp::server::Ended::Abrupt);
//! ```
#![deny(missing_docs)]

pub mod actions;
pub mod completion;
pub mod cursor;
pub mod diagnostics;
pub mod documents;
pub mod effective;
pub mod hover;
pub mod parts;
pub mod release;
pub mod server;
pub mod transport;

/// Serves the protocol over standard input and output until `exit`; whether it ended cleanly
/// (`exit` after `shutdown`, as the protocol's exit code 0 asks). `release` is the release of
/// documents that name none, when neither a project file nor the client names one.
pub fn serve_stdio(release: Option<String>) -> std::io::Result<bool> {
    let (connection, threads) = transport::stdio();
    let ended = server::serve(connection, release);
    threads.join()?;
    Ok(ended == server::Ended::Clean)
}
