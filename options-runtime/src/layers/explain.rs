//! "Why is this value what it is?": every layer that set a key, the winner first.

use std::fmt;

use crate::catalogue::Catalogue;
use crate::config::{Configuration, Source};
use crate::option::DefaultDoc;

/// One layer's setting of a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayerSetting {
    /// The key as that layer spelled it (possibly a fallback or deprecated key).
    pub key: String,
    /// The value for display (`******` for sensitive keys).
    pub value: String,
    /// Where it came from.
    pub source: Source,
}

/// Every setting of one key, the winner first, and the declared default.
///
/// Displays as:
///
/// ```text
/// table.exec.state.ttl = 1 h
///   set by command-line argument: 1 h (wins)
///   set by file conf/config.yaml:3:1: 30 min
///   default: 0 ms
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    key: String,
    settings: Vec<LayerSetting>,
    default: Option<String>,
}

impl Explanation {
    /// Collects the settings of `key` from `layers` (highest precedence first). With a catalogue that
    /// declares the key, settings under its fallback and deprecated keys count too, and the
    /// declared default is shown.
    pub fn build<'a>(
        key: &str,
        layers: impl Iterator<Item = &'a Configuration>,
        catalogue: Option<&Catalogue>,
    ) -> Self {
        let resolved = catalogue.and_then(|c| c.resolve(key));
        let meta = resolved.map(|r| r.meta);
        // An instance of a pattern key (`metrics.reporter.prom.port`) has only its own spelling.
        let instance = resolved.is_some_and(|r| r.role == crate::catalogue::KeyRole::Pattern);
        let spellings: Vec<&str> = match meta {
            Some(m) if !instance => m.all_keys().map(|k| k.name()).collect(),
            _ => vec![key],
        };
        let mut settings = Vec::new();
        for layer in layers {
            for spelling in &spellings {
                if let Some(e) = layer.entry(spelling) {
                    settings.push(LayerSetting {
                        key: e.key().to_owned(),
                        value: e.display_value().to_owned(),
                        source: e.source().clone(),
                    });
                }
            }
        }
        // No default shows as the engine shows no value (`(none)`, `NULL`).
        let no_value = catalogue.map_or(crate::engine::Engine::GENERIC.values.no_value, |c| {
            c.engine().values.no_value
        });
        let default = meta.map(|m| match m.default {
            DefaultDoc::None => no_value.to_owned(),
            DefaultDoc::Value(v) | DefaultDoc::Override(v) => v.to_owned(),
        });
        Explanation {
            key: match meta {
                Some(m) if !instance => m.key_str(),
                _ => key,
            }
            .to_owned(),
            settings,
            default,
        }
    }

    /// The option's key (the declared key when the question used another spelling).
    pub fn key(&self) -> &str {
        &self.key
    }

    /// Every setting, the winner first.
    pub fn settings(&self) -> &[LayerSetting] {
        &self.settings
    }

    /// The winning setting, if any layer sets the key.
    pub fn winner(&self) -> Option<&LayerSetting> {
        self.settings.first()
    }

    /// The documented default, when a catalogue declares the key.
    pub fn default(&self) -> Option<&str> {
        self.default.as_deref()
    }
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.settings.first(), &self.default) {
            (Some(winner), _) => writeln!(f, "{} = {}", self.key, winner.value)?,
            (None, Some(default)) => writeln!(f, "{} = {default} (default)", self.key)?,
            (None, None) => writeln!(f, "{} is not set", self.key)?,
        }
        for (i, s) in self.settings.iter().enumerate() {
            write!(f, "  set by {}", s.source)?;
            if s.key != self.key {
                write!(f, " as {}", s.key)?;
            }
            write!(f, ": {}", s.value)?;
            f.write_str(if i == 0 { " (wins)\n" } else { "\n" })?;
        }
        if let Some(default) = &self.default {
            writeln!(f, "  default: {default}")?;
        }
        Ok(())
    }
}
