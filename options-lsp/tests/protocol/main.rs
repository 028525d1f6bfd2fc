//! The language server driven over its in-memory connection, as an editor drives it.

mod client;

mod actions;
mod completion;
mod diagnostics;
mod hover;
mod robust;
