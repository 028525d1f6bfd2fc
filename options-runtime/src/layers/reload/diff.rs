//! What differs between the running configuration and a newly loaded one, option by option:
//! each setting keyed by its option (whichever spelling set it), values compared as the
//! option's type reads them (`60 s` and `1 min` are one value, so no change).

use std::collections::BTreeMap;

use crate::catalogue::{Catalogue, KeyRole};
use crate::config::{ConfigEntry, Configuration};
use crate::option::OptionMeta;

use super::report::Changed;

/// One setting as the diff sees it: its option (when declared) and its entry.
struct Setting<'a> {
    meta: Option<&'static OptionMeta>,
    entry: &'a ConfigEntry,
}

/// The settings of `config` by option: a declared option under its own key (an instance of a
/// pattern under the instance's key), an undeclared key as it is.
fn by_option<'a>(
    config: &'a Configuration,
    catalogue: Option<&Catalogue>,
) -> BTreeMap<String, Setting<'a>> {
    config
        .iter()
        .map(|entry| {
            let resolved = catalogue.and_then(|c| c.resolve(entry.key()));
            let key = match &resolved {
                Some(r) if r.role != KeyRole::Pattern => r.meta.key_str().to_owned(),
                _ => entry.key().to_owned(),
            };
            let meta = resolved.map(|r| r.meta);
            (key, Setting { meta, entry })
        })
        .collect()
}

/// Every option whose value differs between `old` and `new`, by key.
pub(super) fn changes(
    old: &Configuration,
    new: &Configuration,
    catalogue: Option<&Catalogue>,
) -> Vec<Changed> {
    let (before, after) = (by_option(old, catalogue), by_option(new, catalogue));
    let mut keys: Vec<&String> = before.keys().chain(after.keys()).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .filter_map(|key| {
            let (b, a) = (before.get(key), after.get(key));
            let meta = a.or(b).and_then(|s| s.meta);
            let (old, new) = (b.map(|s| s.entry.value()), a.map(|s| s.entry.value()));
            let same = match (old, new, meta) {
                (Some(x), Some(y), Some(m)) => m.same_value(x, y),
                (x, y, _) => x == y,
            };
            if same {
                return None;
            }
            let sensitive = [b, a].into_iter().flatten().any(|s| s.entry.is_sensitive());
            Some(Changed {
                key: key.clone(),
                old: old.map(str::to_owned),
                new: new.map(str::to_owned),
                class: meta.and_then(|m| m.change_class),
                reach: meta.map_or(crate::change_class::Reach::Live, OptionMeta::reach),
                sensitive,
            })
        })
        .collect()
}

/// `new` with the options of `held` back at their values in `old` (or unset, as in `old`): what
/// runs until a restart.
pub(super) fn hold(
    new: &Configuration,
    old: &Configuration,
    held: &[Changed],
    catalogue: Option<&Catalogue>,
) -> Configuration {
    let mut running = new.clone();
    let mut kept = old.clone();
    let spellings = |key: &str| -> Vec<String> {
        match catalogue.and_then(|c| c.resolve(key)) {
            Some(r) if r.role != KeyRole::Pattern => {
                r.meta.all_keys().map(|k| k.name().to_owned()).collect()
            }
            _ => vec![key.to_owned()],
        }
    };
    let held_keys: Vec<String> = held.iter().flat_map(|c| spellings(&c.key)).collect();
    for key in &held_keys {
        running.remove_str(key);
    }
    let others: Vec<String> = kept
        .iter()
        .map(|e| e.key().to_owned())
        .filter(|k| !held_keys.contains(k))
        .collect();
    for key in others {
        kept.remove_str(&key);
    }
    running.add_all(&kept);
    running
}
