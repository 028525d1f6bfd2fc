//! A downstream crate declaring its own options (being built).
