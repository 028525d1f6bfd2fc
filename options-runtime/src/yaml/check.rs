//! Checking a file's settings against a catalogue, shared by the `config.yaml` and the legacy
//! `flink-conf.yaml` loaders: values must parse as their option's type; unknown keys are notices
//! (lenient) or errors (strict); deprecated keys are notices.
//!
//! A layer ([`Layer`], [`check_into_layer`]) is stored in the same pass: each key is resolved once
//! and each value parsed once, and the key and value strings the parser made move into the
//! configuration (a declared key is stored as its `'static` spelling, so its text is dropped). A
//! [`Layer`] takes settings one at a time, so it can be built while the file is still being read.
//! Checking only ([`check_settings`]) keeps the settings as they are for [`YamlLoad`].

use std::path::Path;
use std::sync::Arc;

use super::{YamlError, YamlErrorKind, YamlErrors, YamlLoad};
use crate::catalogue::{Catalogue, KeyRole, KeyStatus, Resolved};
use crate::config::{Configuration, LoadedKey, Source};
use crate::error::ConfigError;
use crate::loading::{Notice, NoticeKind, Strictness};
use crate::option::key_hash;
use crate::setting::Setting;
use crate::value::Stored;
use crate::value::ValueKind;

/// Checks `settings` (`errors`: those found while reading the file) against `catalogue`.
pub fn check_settings(
    path: Arc<Path>,
    settings: Vec<Setting>,
    errors: Vec<YamlError>,
    catalogue: &Catalogue,
    strictness: Strictness,
) -> Result<YamlLoad, YamlErrors> {
    let mut checker = Checker::new(path, catalogue, strictness);
    let mut settings = settings;
    for s in &mut settings {
        checker.check(s);
    }
    let notices = checker.finish(errors)?;
    Ok(YamlLoad {
        path: checker.path,
        settings,
        notices,
    })
}

/// Checks `settings` as [`check_settings`] does and stores them, as they are checked, in a
/// configuration validating with `catalogue`: the layer and its notices.
pub fn check_into_layer(
    path: Arc<Path>,
    settings: Vec<Setting>,
    errors: Vec<YamlError>,
    catalogue: &Arc<Catalogue>,
    strictness: Strictness,
) -> Result<(Configuration, Vec<Notice>), YamlErrors> {
    let mut layer = Layer::new(path, catalogue, strictness, settings.len());
    for s in settings {
        layer.add(s);
    }
    layer.finish(errors)
}

/// A configuration layer built one setting at a time, each checked as it is added.
pub(crate) struct Layer<'c> {
    config: Configuration,
    checker: Checker<'c>,
}

impl<'c> Layer<'c> {
    /// An empty layer of a file at `path`, validating with `catalogue`, with room for
    /// `settings` settings.
    pub(crate) fn new(
        path: Arc<Path>,
        catalogue: &'c Arc<Catalogue>,
        strictness: Strictness,
        settings: usize,
    ) -> Self {
        let mut config = Configuration::with_catalogue(catalogue.clone());
        config.reserve(settings);
        Layer {
            config,
            checker: Checker::new(path, catalogue, strictness),
        }
    }

    /// Checks the next setting of the file and stores it.
    pub(crate) fn add(&mut self, mut s: Setting) {
        let checker = &mut self.checker;
        let verdict = checker.check(&mut s);
        // After an error of checking the layer is thrown away (as after one of reading, which
        // `finish` is given): only checking goes on.
        if !checker.errors.is_empty() {
            return;
        }
        let key = match verdict {
            Verdict::Known {
                resolved,
                spelled,
                stored,
            } => {
                let loaded = match resolved.role {
                    KeyRole::Pattern => LoadedKey::Instance(resolved.meta),
                    _ => LoadedKey::Declared(resolved.meta, spelled),
                };
                (loaded, Some(stored))
            }
            Verdict::Undeclared => (LoadedKey::Undeclared, None),
            Verdict::Rejected => return,
        };
        let source = Source::File {
            path: checker.path.clone(),
            line: s.line,
            column: s.column,
        };
        self.config
            .store_loaded(s.key, s.value, key.0, key.1, source);
    }

    /// The layer and its notices, or every error (`read_errors`, found while reading the file,
    /// and the layer's own), in file order.
    pub(crate) fn finish(
        mut self,
        read_errors: Vec<YamlError>,
    ) -> Result<(Configuration, Vec<Notice>), YamlErrors> {
        let notices = self.checker.finish(read_errors)?;
        Ok((self.config, notices))
    }
}

/// What checking one setting found.
enum Verdict {
    /// A declared option (or a pattern's instance) and the parsed value.
    Known {
        resolved: Resolved,
        spelled: &'static str,
        stored: Stored,
    },
    /// A key no option declares, kept as it is (free-form, or unknown when lenient).
    Undeclared,
    /// An error was recorded.
    Rejected,
}

struct Checker<'c> {
    path: Arc<Path>,
    catalogue: &'c Catalogue,
    strictness: Strictness,
    errors: Vec<YamlError>,
    notices: Vec<Notice>,
}

impl<'c> Checker<'c> {
    fn new(path: Arc<Path>, catalogue: &'c Catalogue, strictness: Strictness) -> Self {
        Checker {
            path,
            catalogue,
            strictness,
            errors: Vec::new(),
            notices: Vec::new(),
        }
    }

    fn check(&mut self, s: &mut Setting) -> Verdict {
        let at = |kind| YamlError::new(s.line, s.column, kind);
        if let Some((resolved, spelled)) = self.catalogue.resolve_spelled(&s.key, key_hash(&s.key))
        {
            let meta = resolved.meta;
            if resolved.role == KeyRole::Deprecated {
                self.notices.push(Notice {
                    source: self.source(s),
                    kind: NoticeKind::DeprecatedKey {
                        key: s.key.clone(),
                        replacement: meta.key_str().to_owned(),
                    },
                });
            }
            // A list or map given to an option of text is its YAML text, as Flink reads it: the
            // setting's value from here on (what is stored, shown and listed).
            if meta.value_type.kind == ValueKind::String && !meta.value_type.list {
                if let Some(text) = s.yaml_text.take() {
                    self.notices.push(Notice {
                        source: self.source(s),
                        kind: NoticeKind::CollectionAsText {
                            key: s.key.clone(),
                            map: text.starts_with('{'),
                        },
                    });
                    s.value = text;
                }
            }
            return match meta.__parse_stored(&s.value) {
                Ok(stored) => Verdict::Known {
                    resolved,
                    spelled,
                    stored,
                },
                Err(e) => {
                    let error = ConfigError::invalid_value(&s.key, e, meta.is_sensitive());
                    self.errors.push(at(YamlErrorKind::InvalidValue(error)));
                    Verdict::Rejected
                }
            };
        }
        match self.catalogue.classify(&s.key) {
            // Resolved above; classify answers the same.
            KeyStatus::Known(_) | KeyStatus::FreeForm => Verdict::Undeclared,
            KeyStatus::EmptyPlaceholder { .. } | KeyStatus::Absent(_) => {
                let error = self.catalogue.unknown_key_error(&s.key);
                self.errors.push(at(YamlErrorKind::InvalidValue(error)));
                Verdict::Rejected
            }
            KeyStatus::Unknown { suggestions } => {
                let suggestions = suggestions.iter().map(|s| (*s).to_owned()).collect();
                match self.strictness {
                    Strictness::Strict => {
                        self.errors.push(at(YamlErrorKind::UnknownKey {
                            key: s.key.clone(),
                            suggestions,
                        }));
                        Verdict::Rejected
                    }
                    Strictness::Lenient => {
                        self.notices.push(Notice {
                            source: self.source(s),
                            kind: NoticeKind::UnknownKey {
                                key: s.key.clone(),
                                suggestions,
                            },
                        });
                        Verdict::Undeclared
                    }
                }
            }
        }
    }

    fn source(&self, s: &Setting) -> Source {
        file_source(&self.path, s)
    }

    /// The notices, or every error (`read_errors` first, then those checking found; in file
    /// order, naming the file) when there is any.
    fn finish(&mut self, read_errors: Vec<YamlError>) -> Result<Vec<Notice>, YamlErrors> {
        if self.errors.is_empty() && read_errors.is_empty() {
            return Ok(std::mem::take(&mut self.notices));
        }
        let mut errors = read_errors;
        errors.append(&mut self.errors);
        errors.sort_by_key(|e| (e.line(), e.column()));
        Err(crate::error::ErrorList(
            errors
                .into_iter()
                .map(|e| e.with_path(self.path.clone()))
                .collect(),
        ))
    }
}

/// The source of a setting read from the file at `path`.
pub(crate) fn file_source(path: &Arc<Path>, s: &Setting) -> Source {
    Source::File {
        path: path.clone(),
        line: s.line,
        column: s.column,
    }
}
