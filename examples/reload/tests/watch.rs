//! The whole loop: a server starts from its file, the file is edited while a watcher polls it,
//! and each edit comes back as a report while readers see the running configuration.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

use example_reload::{load, Outcome, ServerOptions, Watch};
use options_core::layers::LiveConfig;
use options_core::ReadableConfig;

/// Writes `text` so the watcher sees a new length or time (an edit within one tick of the file
/// system's clock may keep the time: the length tells them apart here).
fn edit(path: &std::path::Path, text: &str) {
    std::fs::write(path, text).unwrap();
}

#[test]
fn edits_to_the_watched_file_come_back_as_reports() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.yaml");
    edit(&path, "server.port: 5432\nserver.log-level: info\n");
    let watch = Watch::from_now(path.clone());
    let live = Arc::new(LiveConfig::new(load(&path).unwrap()));
    let (tx, rx) = mpsc::channel::<Outcome>();
    let stop = Arc::new(AtomicBool::new(false));
    let watcher = {
        let (live, stop) = (live.clone(), stop.clone());
        std::thread::spawn(move || {
            watch.run(&live, Duration::from_millis(20), &stop, |o| {
                tx.send(o).unwrap();
            })
        })
    };
    let next = || rx.recv_timeout(Duration::from_secs(20)).expect("a report");

    edit(
        &path,
        "server.port: 6543\nserver.log-level: debug\nserver.statement-timeout: 30 s\n",
    );
    let report = next().unwrap();
    let applied: Vec<String> = report.applied.iter().map(ToString::to_string).collect();
    assert_eq!(
        applied,
        [
            "server.log-level: info -> debug",
            "server.statement-timeout: (unset) -> 30 s"
        ]
    );
    assert_eq!(
        report.pending_restart[0].to_string(),
        "server.port: 5432 -> 6543"
    );
    assert_eq!(live.snapshot().get(&ServerOptions::LOG_LEVEL), "debug");
    assert_eq!(live.snapshot().get(&ServerOptions::PORT), 5432);

    edit(
        &path,
        "server.port: 6543\nserver.log-level: loud\nserver.work-mem: lots\n",
    );
    let refused = next().unwrap_err().to_string();
    assert!(
        refused.starts_with("reload refused, nothing was applied (2 problems)"),
        "{refused}"
    );
    assert_eq!(live.snapshot().get(&ServerOptions::LOG_LEVEL), "debug");

    stop.store(true, Ordering::Relaxed);
    watcher.join().unwrap();
}
