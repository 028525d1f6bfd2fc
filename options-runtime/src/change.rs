//! What a declaration says about an option's history: when a release removed it ([`Removal`]) and
//! what each release changed ([`Change`], the facts as they were before it). The view of an
//! option at one release is in `history`.

use core::fmt;

use options_grammar::wording;

use crate::default_doc::DefaultDoc;
use crate::key::OptionKey;
use crate::value::{OptionValue, Parser, TypeInfo};

/// `removed = "2.0: use taskmanager.memory.flink.size"`: the release that no longer reads the
/// option, and what to do instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Removal {
    /// The first release that does not read the option (`2.0`).
    pub release: &'static str,
    /// What replaces it, in Markdown (`use taskmanager.memory.flink.size`, `no replacement; ...`).
    pub note: &'static str,
}

impl Removal {
    /// The note as the docs say it: `Removed in 2.0: use ...`.
    pub fn phrase(&self) -> String {
        wording::capitalized(&wording::removed_in(self.release, self.note))
    }
}

/// What one release changed about an option: each fact as it was *before* `release`, `None`
/// when that release left the fact as it was.
///
/// Built by the derive from `changed(release = "1.20", value_type = "Long", default = 30000)`.
#[derive(Clone, Copy)]
pub struct Change {
    /// The release that made the change (`1.20`).
    pub release: &'static str,
    /// The type before.
    pub value_type: Option<TypeInfo>,
    /// The parser of the type before (set together with `value_type`).
    pub(crate) parse: Option<Parser>,
    /// The default before.
    pub default: Option<DefaultDoc>,
    /// Whether the option was left out of the docs before.
    pub hidden: Option<bool>,
    /// The enum's accepted values before (config names).
    pub enum_values: Option<&'static [&'static str]>,
    /// The deprecated keys before.
    pub deprecated_keys: Option<&'static [OptionKey]>,
    /// The fallback keys before.
    pub fallback_keys: Option<&'static [OptionKey]>,
}

impl Change {
    /// A change made in `release`, with no fact yet.
    pub const fn new(release: &'static str) -> Self {
        Change {
            release,
            value_type: None,
            parse: None,
            default: None,
            hidden: None,
            enum_values: None,
            deprecated_keys: None,
            fallback_keys: None,
        }
    }

    /// Before the change, the option had type `T`.
    pub const fn value_type<T: OptionValue>(mut self) -> Self {
        self.value_type = Some(T::TYPE);
        self.parse = Some(Parser::of::<T>());
        self
    }

    /// Before the change, the default was `default`.
    pub const fn default_doc(mut self, default: DefaultDoc) -> Self {
        self.default = Some(default);
        self
    }

    /// Before the change, the option was documented.
    pub const fn documented(mut self) -> Self {
        self.hidden = Some(false);
        self
    }

    /// Before the change, the option was left out of the docs.
    pub const fn hidden(mut self) -> Self {
        self.hidden = Some(true);
        self
    }

    /// Before the change, the enum accepted these values.
    pub const fn enum_values(mut self, values: &'static [&'static str]) -> Self {
        self.enum_values = Some(values);
        self
    }

    /// Before the change, these were the deprecated keys.
    pub const fn deprecated_keys(mut self, keys: &'static [OptionKey]) -> Self {
        self.deprecated_keys = Some(keys);
        self
    }

    /// Before the change, these were the fallback keys.
    pub const fn fallback_keys(mut self, keys: &'static [OptionKey]) -> Self {
        self.fallback_keys = Some(keys);
        self
    }

    /// The change as the docs say it, in Markdown: ``default changed in 2.3, was `true` ``;
    /// `None` when it changed nothing a reader of the value notices (spellings, docs only).
    pub fn phrase(&self) -> Option<String> {
        let mut parts = Vec::new();
        if let Some(t) = &self.value_type {
            parts.push(format!(
                "type changed in {}, was {}",
                self.release,
                t.name()
            ));
        }
        match self.default {
            Some(DefaultDoc::Value(v)) | Some(DefaultDoc::Override(v)) => parts.push(format!(
                "default changed in {}, was `{}`",
                self.release,
                v.replace('`', "")
            )),
            Some(DefaultDoc::None) => {
                parts.push(format!("default changed in {}, was none", self.release))
            }
            None => {}
        }
        if let Some(values) = self.enum_values {
            parts.push(format!(
                "values changed in {}, were {}",
                self.release,
                values
                    .iter()
                    .map(|v| format!("`{v}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        (!parts.is_empty()).then(|| parts.join("; "))
    }
}

impl fmt::Debug for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Change")
            .field("release", &self.release)
            .field("value_type", &self.value_type.map(|t| t.name()))
            .field("default", &self.default)
            .field("hidden", &self.hidden)
            .field("enum_values", &self.enum_values)
            .field("deprecated_keys", &self.deprecated_keys)
            .field("fallback_keys", &self.fallback_keys)
            .finish()
    }
}

impl PartialEq for Change {
    fn eq(&self, other: &Self) -> bool {
        self.release == other.release
            && self.value_type == other.value_type
            && self.default == other.default
            && self.hidden == other.hidden
            && self.enum_values == other.enum_values
            && self.deprecated_keys == other.deprecated_keys
            && self.fallback_keys == other.fallback_keys
    }
}
