//! Reading a large `config.yaml` on two threads: this one reads the YAML and flattens it while a
//! second takes each setting as it is made: checks it against the catalogue and stores it in a
//! layer ([`load_layer`]), or whatever a caller of [`YamlReader::each`](super::YamlReader::each)
//! does with it. Reading and checking
//! take about the same time on a large file, so the two take about as long as the longer of them
//! instead of their sum.
//!
//! The result is the one-thread result, setting for setting and error for error: the settings
//! reach the second thread in file order, the errors are put in file order at the end, and a
//! reading error that stops the reading throws away whatever was taken before it, as reading on
//! one thread never gives any setting then.

use std::path::Path;
use std::sync::mpsc::sync_channel;
use std::sync::Arc;
use std::thread;

use super::check::{check_into_layer, Layer};
use super::flatten::{expected_keys, flatten};
use super::{YamlError, YamlErrors};
use crate::catalogue::Catalogue;
use crate::config::Configuration;
use crate::loading::{Notice, Strictness};
use crate::setting::Setting;

/// The smallest text read on two threads: below it, starting a thread costs more than it saves.
pub(super) const MIN_BYTES: usize = 256 * 1024;

/// Settings handed over at once: few enough to keep both threads busy, many enough that handing
/// over is a small part of the work.
const BATCH: usize = 512;

/// Batches that may wait for the second thread before the reading one waits in turn.
const QUEUED: usize = 16;

/// What reading gives: the errors that did not stop it, or the one that did.
pub(super) type Read = Result<Vec<YamlError>, YamlError>;

/// Reads `text`, handing each setting to `take` on a second thread, in file order. `None` when
/// no second thread could be started (`take` was then given nothing).
pub(super) fn read_beside(
    text: &str,
    is_map_option: &dyn Fn(&str) -> bool,
    take: &mut (dyn FnMut(Setting) + Send),
) -> Option<Read> {
    let (send, receive) = sync_channel::<Vec<Setting>>(QUEUED);
    // Emptied batches go back to be filled again: a batch freed on the thread that did not make it
    // is memory the allocator does not reuse at once, and there are a hundred of them in a large
    // file.
    let (give_back, given_back) = sync_channel::<Vec<Setting>>(QUEUED + 2);
    thread::scope(|scope| {
        let taking = thread::Builder::new()
            .name("config-check".to_owned())
            .spawn_scoped(scope, move || {
                for mut batch in receive {
                    for setting in batch.drain(..) {
                        take(setting);
                    }
                    let _ = give_back.try_send(batch);
                }
            })
            .ok()?;
        let mut batch = Vec::with_capacity(BATCH);
        let read = flatten(text, is_map_option, &mut |setting| {
            batch.push(setting);
            if batch.len() == BATCH {
                // Fails only when the second thread has panicked: `join` below says so.
                let empty = given_back
                    .try_recv()
                    .unwrap_or_else(|_| Vec::with_capacity(BATCH));
                let _ = send.send(std::mem::replace(&mut batch, empty));
            }
        });
        if !batch.is_empty() {
            let _ = send.send(batch);
        }
        drop(send);
        if let Err(panic) = taking.join() {
            std::panic::resume_unwind(panic);
        }
        Some(read)
    })
}

/// What [`load_layer`] gives: the layer and its notices, or every error.
type Loaded = Result<(Configuration, Vec<Notice>), YamlErrors>;

/// Loads `text`, read from `path`, into a layer validating with `catalogue`, reading on this
/// thread and checking on a second one. `Err` hands the text back when no second thread could be
/// started.
pub(super) fn load_layer(
    text: String,
    is_map_option: &dyn Fn(&str) -> bool,
    path: &Arc<Path>,
    catalogue: &Arc<Catalogue>,
    strictness: Strictness,
) -> Result<Loaded, String> {
    let keys = expected_keys(&text);
    let mut layer = Layer::new(path.clone(), catalogue, strictness, keys);
    let Some(read) = read_beside(&text, is_map_option, &mut |s| layer.add(s)) else {
        return Err(text);
    };
    drop(text);
    Ok(match read {
        // `finish` puts every error in file order.
        Ok(read_errors) => layer.finish(read_errors),
        Err(stop) => {
            drop(layer);
            check_into_layer(path.clone(), Vec::new(), vec![stop], catalogue, strictness)
        }
    })
}

#[cfg(test)]
mod tests {
    use std::fmt::Write;
    use std::path::Path;
    use std::sync::Arc;

    use std::collections::BTreeMap;
    use std::time::Duration;

    use super::super::{YamlRead, YamlReader};
    use super::{load_layer, Loaded, BATCH, MIN_BYTES};
    use crate::catalogue::Catalogue;
    use crate::loading::Strictness;
    use crate::MemorySize;
    use options_macros::Options;

    /// A catalogue with each shape the loader treats apart: pattern keys, a pass-through
    /// prefix, a mixed-case key, a Map option, a deprecated spelling.
    #[derive(Clone, Debug, PartialEq, Options)]
    #[options(section = "loading", title = "Loading")]
    struct Shapes {
        /// A reporter's port.
        #[option(key = "metrics.reporter.<name>.port")]
        port: Option<i32>,
        /// A reporter's interval.
        #[option(key = "metrics.reporter.<name>.interval", default = "10 s")]
        interval: Duration,
        /// A reporter's factory.
        #[option(key = "metrics.reporter.<name>.factory.class")]
        factory: Option<String>,
        /// Anything else of a reporter.
        #[option(key = "metrics.reporter.<name>.<parameter>")]
        parameter: Option<String>,
        /// Passed through.
        #[option(key = "pass.through.<key>")]
        hadoop: Option<String>,
        /// Parallelism.
        #[option(key = "parallelism.default", default = 1)]
        parallelism: i32,
        /// Slots.
        #[option(key = "taskmanager.numberOfTaskSlots", default = 1, mixed_case)]
        slots: i32,
        /// Parameters.
        #[option(key = "pipeline.global-job-parameters")]
        parameters: Option<BTreeMap<String, String>>,
        /// The backend.
        #[option(key = "state.backend.type", default = "hashmap", deprecated_keys = ["state.backend"])]
        backend: String,
        /// A retention.
        #[option(key = "table.exec.state.ttl", default = "0 ms")]
        ttl: Duration,
        /// A size.
        #[option(key = "taskmanager.memory.process.size")]
        size: Option<MemorySize>,
    }

    fn shapes() -> Arc<Catalogue> {
        Arc::new(Catalogue::new().with::<Shapes>().unwrap())
    }

    /// What a user sees of a load: every entry (sorted: the two loads size their tables
    /// differently), then the notices; or every error.
    fn seen(loaded: Loaded) -> Vec<String> {
        match loaded {
            Ok((config, notices)) => {
                let mut lines: Vec<String> = config.iter().map(|e| format!("{e:?}")).collect();
                lines.sort();
                lines.extend(notices.iter().map(|n| format!("notice {n:?}")));
                lines
            }
            Err(errors) => errors.0.iter().map(|e| format!("error {e}")).collect(),
        }
    }

    /// The text loaded on two threads and on one, strictly and leniently: the same entries,
    /// notices and errors. The number of lines a user sees.
    fn same_on_two_threads(catalogue: &Arc<Catalogue>, text: &str) -> usize {
        let path: Arc<Path> = Arc::from(Path::new("conf/config.yaml"));
        let is_map = |key: &str| super::super::is_map_option(catalogue, key);
        let mut lines = 0;
        for strictness in [Strictness::Lenient, Strictness::Strict] {
            let two = load_layer(text.to_owned(), &is_map, &path, catalogue, strictness)
                .unwrap_or_else(|_| panic!("no second thread"));
            let one = super::super::load_layer_on_one_thread(
                text.to_owned(),
                &is_map,
                path.clone(),
                catalogue,
                strictness,
            );
            let (two, one) = (seen(two), seen(one));
            assert_eq!(two, one, "{strictness:?}");
            lines += one.len();
        }
        lines
    }

    /// A file of many batches with a bit of everything: pattern instances, declared and
    /// deprecated keys, pass-through and unknown keys, nested mappings, a Map option's block
    /// mapping, lists, and every error that does not stop the reading (a key given twice across
    /// batches and within one mapping, a name given twice, a value of the wrong type, a key
    /// without a value).
    fn mixed(settings: usize) -> String {
        let mut text = String::new();
        for i in 0..settings {
            let _ = match i % 9 {
                0 => writeln!(text, "metrics.reporter.r{i}.port: {}", 9000 + i),
                1 => writeln!(text, "metrics.reporter.r{i}:\n  interval: {} s", i % 60 + 1),
                2 => writeln!(
                    text,
                    "pass.through.fs.b{i}.endpoint: \"http://s3-{i}:9000\""
                ),
                3 => writeln!(text, "unknown.key.k{i}: [a, b, 'c;d']"),
                4 => writeln!(text, "my.own.k{i}:\n  - x\n  - y"),
                5 => writeln!(text, "pipeline.r{i}: {{k: v}}"),
                6 => writeln!(text, "metrics.reporter.d{i}.factory.class: org.Example"),
                7 => writeln!(text, "w{i}:\n  a: 1\n  b: 2"),
                _ => writeln!(text, "k{i}.value: v{i}"),
            };
        }
        text.push_str("parallelism.default: 4\ntaskmanager.numberOfTaskSlots: 2\n");
        text.push_str("pipeline.global-job-parameters:\n  a: 1\n  b: \"x,y\"\n");
        text.push_str("state.backend.type: rocksdb\nstate.backend: hashmap\n");
        text
    }

    fn errors(settings: usize) -> String {
        let mut text = mixed(settings);
        text.push_str("metrics.reporter.r0.port: 1\n");
        text.push_str("w7:\n  a: 3\n");
        text.push_str("parallelism.default: many\ntable.exec.state.ttl:\n");
        text.push_str("n:\n  x: 1\n  x: 2\n");
        text.push_str("taskmanager.numberOfTaskSlots: 3\n");
        text.push_str("taskmanager.memory.process.size: lots\n");
        text
    }

    /// Every case of [`two_threads_load_what_one_thread_loads`], read through
    /// `YamlReader::each` (on two threads when large) and `YamlReader::settings` (on one).
    #[test]
    fn reading_beside_gives_what_reading_gives() {
        let catalogue = shapes();
        let is_map = |key: &str| super::super::is_map_option(&catalogue, key);
        let large = 20 * BATCH + 5;
        assert!(mixed(large).len() >= MIN_BYTES);
        for text in [
            mixed(large),
            errors(large),
            format!("{}bad: [unclosed\n", mixed(large)),
            mixed(3),
        ] {
            let reader = YamlReader::new(&text).map_options(is_map);
            let mut settings = Vec::new();
            let with = match reader.each(|s| settings.push(s)) {
                Ok(errors) => YamlRead { settings, errors },
                Err(stop) => YamlRead {
                    settings: Vec::new(),
                    errors: vec![stop],
                },
            };
            assert_eq!(with, reader.settings());
        }
    }

    #[test]
    fn two_threads_load_what_one_thread_loads() {
        let latest = shapes();
        let large = 8 * BATCH + 5;
        let cases = [
            mixed(large),
            mixed(3),
            errors(large),
            // Stops the reading late, after many batches were checked.
            format!("{}bad: [unclosed\n", mixed(large)),
            format!("{}---\nsecond: document\n", mixed(large)),
            format!("{}\0", mixed(large)),
            String::new(),
            include_str!("../../../tests/data/config.yaml").to_owned(),
        ];
        for text in &cases {
            let lines = same_on_two_threads(&latest, text);
            assert_eq!(lines == 0, text.is_empty(), "{lines} lines");
        }
    }
}
