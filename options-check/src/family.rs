//! Typos inside a pass-through family: a key that lands on a catch-all pattern key
//! (`s3.<key>`, `fs.s3a.<key>`, `metrics.reporter.<name>.<parameter>`) is known, since the plugin
//! takes any key under the prefix, but when it is one typo from a key the same family declares
//! (`s3.acess-key` and `s3.access-key`) it is almost surely that key misspelt: the value would be
//! handed on under a name nobody reads.
//!
//! A reporter's parameters are judged only when the file names one of Flink's own reporter
//! factories for that reporter (`org.apache.flink.` ...): a reporter of another project reads
//! parameters of its own, which pass as before.
//!
//! The same knowledge of Flink's reporters (`options_flink::builtin::reporter_parameters::
//! FLINK_METRIC_REPORTERS`) says when a declared parameter is set for one of Flink's reporters
//! that does not read it (`jobName` for a Prometheus, not a PushGateway, reporter): a warning, as
//! the setting has no effect.

use std::collections::HashMap;

use options_core::distance::within_typos;
use options_core::pattern::placeholder;
use options_docs::model::{CatalogueDoc, OptionDoc};

use options_core::Setting;

/// The last `<prefix>.factory.class` setting of a file for each prefix
/// (`metrics.reporter.prom` -> its `metrics.reporter.prom.factory.class` line), indexed once per
/// file: every reporter setting asks for its reporter's factory, and a file of 48,000 reporter
/// settings must not look through itself 48,000 times.
#[derive(Debug, Default)]
pub(crate) struct Factories<'s> {
    by_prefix: HashMap<&'s str, &'s Setting>,
}

impl<'s> Factories<'s> {
    /// The index of `settings`.
    pub fn new(settings: &'s [Setting]) -> Self {
        let by_prefix = settings
            .iter()
            .filter_map(|s| Some((s.key.strip_suffix(".factory.class")?, s)))
            .collect();
        Factories { by_prefix }
    }

    /// The setting that names the factory of the reporter (or plugin) under `prefix`.
    pub fn of(&self, prefix: &str) -> Option<&'s Setting> {
        self.by_prefix.get(prefix).copied()
    }

    /// The factory setting of the metric reporter `name` (`metrics.reporter.<name>.factory.class`).
    pub fn of_reporter(&self, name: &str) -> Option<&'s Setting> {
        self.of(&format!("metrics.reporter.{name}"))
    }
}

/// Whether `option` is a catch-all: a pattern key whose last segment is a placeholder.
pub(crate) fn is_catch_all(option: &OptionDoc) -> bool {
    option
        .key
        .rsplit('.')
        .next()
        .is_some_and(|last| placeholder(last).is_some())
}

/// The declared keys a typo in the family of `catch_all` may be meant for, with the key as
/// `key` would spell it (inner placeholders filled in from `key`'s own segments). `None` when no
/// declared key of the family is within the typo allowance, or when the reporter `key` configures
/// is not one of Flink's own.
pub(crate) fn family_typo(
    members: &[&OptionDoc],
    factories: &Factories<'_>,
    key: &str,
    catch_all: &OptionDoc,
) -> Option<String> {
    let pattern: Vec<&str> = catch_all.key.split('.').collect();
    let segments: Vec<&str> = key.split('.').collect();
    // The family: the pattern's segments before its trailing placeholder, inner placeholders
    // filled in from the key (`metrics.reporter.prom.`).
    let family_len = pattern.len() - 1;
    if segments.len() <= family_len {
        return None;
    }
    let lower = key.to_ascii_lowercase();
    let mut best: Option<(usize, String)> = None;
    for option in members {
        let Some(spelled) = instantiate(&option.key, &pattern[..family_len], &segments) else {
            continue;
        };
        if let Some(d) = within_typos(&lower, &spelled.to_ascii_lowercase()) {
            if d > 0 && best.as_ref().is_none_or(|(b, _)| d < *b) {
                best = Some((d, spelled));
            }
        }
    }
    let (_, meant) = best?;
    // Checked last: it looks through the file, and most keys have no close match at all.
    let inner = pattern[..family_len]
        .iter()
        .any(|s| placeholder(s).is_some());
    if inner && !flink_factory(factories, &segments[..family_len]) {
        return None;
    }
    Some(meant)
}

/// The declared options a key under `catch_all` may be a typo of: those under its literal
/// prefix that are documented and not catch-alls themselves. Found once per catch-all and file
/// (a file may hold thousands of pass-through keys of one family).
pub(crate) fn family_members<'d>(
    doc: &'d CatalogueDoc,
    catch_all: &OptionDoc,
) -> Vec<&'d OptionDoc> {
    let literal = catch_all.key.split('<').next().unwrap_or_default();
    doc.options()
        .map(|(_, option)| option)
        .filter(|option| {
            option.key.starts_with(literal)
                && !option.hidden
                && option.key != catch_all.key
                && !is_catch_all(option)
        })
        .collect()
}

/// `declared` spelled with `family`'s placeholders filled in from `segments`, when `declared`
/// starts with the family's segments (placeholders matching placeholders).
fn instantiate(declared: &str, family: &[&str], segments: &[&str]) -> Option<String> {
    let parts: Vec<&str> = declared.split('.').collect();
    if parts.len() <= family.len() {
        return None;
    }
    let mut out = Vec::with_capacity(parts.len());
    for (i, part) in parts.iter().enumerate() {
        match family.get(i) {
            Some(f) if placeholder(f).is_some() => {
                placeholder(part)?;
                out.push(segments[i]);
            }
            Some(f) if f != part => return None,
            _ if placeholder(part).is_some() => return None,
            _ => out.push(part),
        }
    }
    Some(out.join("."))
}

/// Whether the file names one of Flink's own factories for the reporter under `prefix`
/// (`metrics.reporter.prom` -> `metrics.reporter.prom.factory.class`).
fn flink_factory(factories: &Factories<'_>, prefix: &[&str]) -> bool {
    factories
        .of(&prefix.join("."))
        .is_some_and(|s| s.value.trim().starts_with("org.apache.flink."))
}

/// The warning for a declared reporter parameter (`metrics.reporter.prom.jobName`) that the
/// reporter the file configures under that name, one of Flink's own, does not read. `None` when
/// the key is no declared reporter parameter, the file names no factory for the reporter, or the
/// factory is not one of Flink's (a reporter of another project reads what it likes).
pub(crate) fn unread_reporter_parameter(
    factories: &Factories<'_>,
    key: &str,
    option: &OptionDoc,
) -> Option<String> {
    use options_flink::builtin::reporter_parameters::{
        flink_metric_reporter, FLINK_METRIC_REPORTERS,
    };
    let parameter = option.key.strip_prefix("metrics.reporter.<name>.")?;
    if placeholder(parameter.rsplit('.').next()?).is_some()
        || !FLINK_METRIC_REPORTERS
            .iter()
            .any(|r| r.parameters.contains(&parameter))
    {
        return None;
    }
    let name = key.strip_prefix("metrics.reporter.")?.split('.').next()?;
    let setting = factories.of_reporter(name)?;
    let reporter = flink_metric_reporter(&setting.value)?;
    if reporter.parameters.contains(&parameter) {
        return None;
    }
    let readers: Vec<&str> = FLINK_METRIC_REPORTERS
        .iter()
        .filter(|r| r.parameters.contains(&parameter))
        .map(|r| r.name)
        .collect();
    let named = match readers.split_last() {
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => return None,
    };
    Some(format!(
        "\"{key}\" has no effect: the {} reporter (line {}) does not read \"{parameter}\"; {named} {}",
        reporter.name,
        setting.line,
        if readers.len() == 1 { "does" } else { "do" }
    ))
}

/// The error for a port range given to a reporter that sends to one port (PushGateway, InfluxDB,
/// StatsD, Graphite read `port` as a number and fail to start on `9250-9260`); JMX and Prometheus
/// listen, and take a range. `None` when the setting is not such a port or the file names no
/// Flink reporter for it.
pub(crate) fn reporter_port_range(factories: &Factories<'_>, s: &Setting) -> Option<String> {
    use options_flink::builtin::reporter_parameters::flink_metric_reporter;
    let name = s
        .key
        .strip_prefix("metrics.reporter.")?
        .strip_suffix(".port")?;
    if name.contains('.') || s.value.trim().parse::<u16>().is_ok() {
        return None;
    }
    let setting = factories.of_reporter(name)?;
    let reporter = flink_metric_reporter(&setting.value)?;
    (!reporter.listens).then(|| {
        format!(
            "invalid value \"{}\" for {}: the {} reporter (line {}) sends to one port, so it takes a single port such as \"9091\", not a range",
            s.value, s.key, reporter.name, setting.line
        )
    })
}
