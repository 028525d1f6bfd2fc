//! Which keys are secret, and the text printed instead of a secret value.
//!
//! Every part of the crate that prints a value (errors, `Debug`, explanations, the session) asks
//! here, so this module depends on nothing else in the crate.

pub use options_grammar::key::{is_sensitive_key, SENSITIVE_KEY_WORDS};

/// The text printed instead of a sensitive value.
pub const MASK: &str = "******";
