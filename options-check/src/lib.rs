//! Checks configuration where it lives against the declared options, and migrates it between
//! releases: `config.yaml`, the legacy `flink-conf.yaml`, conf directories, Kubernetes
//! `FlinkDeployment` and `FlinkSessionJob` manifests, the operator's Helm values and compose
//! files with `FLINK_PROPERTIES`. Every finding points into the file the user opened.
//!
//! The pipeline: [`input`] (which kind of file, and the configuration cut out of it with a map
//! back to the file's positions) -> [`settings`] (key, value, position) -> [`validate`] (unknown
//! keys with suggestions, invalid values, deprecated and removed keys, unmet requirements) and
//! [`inspect`] (the same over embedded configurations) -> [`migrate`] (a legacy file to
//! `config.yaml`, a file from one release to another, a manifest's keys renamed).
//!
//! ```
//! use options_check::{builtin, report, validate};
//!
//! let loaded = builtin::for_checking(Some("2.0")).unwrap();
//! let problems = validate::check_text(&loaded, "taskmanager.heap.size: 1g\nparalelism.default: 4\n");
//! let report = report::text::render_findings("conf/config.yaml", &problems);
//! assert!(report.contains("removed in 2.0"), "{report}");
//! assert!(report.contains("did you mean \"parallelism.default\""), "{report}");
//! ```
#![deny(missing_docs)]

pub mod builtin;
pub mod check;
pub mod classify;
pub mod effective;
mod family;
mod file_view;
pub mod finding;
pub mod fix;
pub mod input;
pub mod inspect;
pub mod migrate;
pub mod operator;
pub mod placeholder;
pub mod plan;
pub mod project;
pub mod registry;
pub mod report;
pub mod reporters;
mod requirement;
pub mod resolve;
pub mod resource;
pub mod rules;
pub mod settings;
pub mod sql;
pub mod validate;
