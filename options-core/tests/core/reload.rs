//! Reloading a running configuration (`LiveConfig`): all or nothing, what applies now and what
//! waits for a restart, one notification per reload, and readers that never see half of one.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use options_core::layers::{LayerKind, LayeredConfig, LiveConfig};
use options_core::prelude::*;
use options_core::{Catalogue, Secret};
use options_core::{ChangeClass, Reach};

/// Read when the server starts (PostgreSQL's `postmaster`).
const SERVER_START: ChangeClass = ChangeClass {
    id: "server-start",
    label: "server start",
    summary: "Read when the server starts.",
    reach: Reach::Restart,
};

/// Read again on reload (PostgreSQL's `sighup`).
const RELOAD: ChangeClass = ChangeClass {
    id: "reload",
    label: "reload",
    summary: "Read again on reload.",
    reach: Reach::Live,
};

/// A small server's options (read through their handles).
#[allow(dead_code)]
#[derive(Debug, Options)]
#[options(section = "server", title = "Server", change_class = RELOAD)]
pub struct ServerOptions {
    /// Port.
    #[option(key = "server.port", default = 5432, min = 1, change_class = SERVER_START)]
    pub port: i32,
    /// Statement timeout.
    #[option(key = "server.statement-timeout", default = "0 s")]
    pub statement_timeout: std::time::Duration,
    /// Work memory.
    #[option(key = "server.work-mem", default = 4, min = 1)]
    pub work_mem: i32,
    /// Maintenance work memory: set with `work_mem` to the same value by the hammering test.
    #[option(key = "server.maintenance-work-mem", default = 4, min = 1)]
    pub maintenance_work_mem: i32,
    /// The replication password.
    #[option(key = "server.replication-password")]
    pub replication_password: Option<Secret<String>>,
}

/// Options that predate change classes.
#[allow(dead_code)]
#[derive(Debug, Options)]
#[options(section = "legacy", title = "Legacy")]
pub struct LegacyOptions {
    /// Read before the environment exists only.
    #[option(key = "legacy.mode", default = "a", startup_only)]
    pub mode: String,
}

fn catalogue() -> Arc<Catalogue> {
    Arc::new(
        Catalogue::new()
            .with::<ServerOptions>()
            .and_then(Catalogue::with::<LegacyOptions>)
            .unwrap(),
    )
}

fn file(settings: &[(&str, &str)]) -> Configuration {
    let mut config = Configuration::new();
    for (k, v) in settings {
        config.set_str(k, v).unwrap();
    }
    config
}

fn started(settings: &[(&str, &str)]) -> LiveConfig {
    LiveConfig::new(LayeredConfig::from_layers(
        [(LayerKind::File, file(settings))],
        Some(catalogue()),
    ))
}

#[test]
fn a_live_change_applies_and_a_restart_change_waits_with_the_running_value() {
    let live = started(&[("server.port", "5432"), ("server.work-mem", "4")]);
    let report = live
        .reload_layer(
            LayerKind::File,
            file(&[("server.port", "6543"), ("server.work-mem", "64")]),
        )
        .unwrap();
    let applied: Vec<String> = report.applied.iter().map(ToString::to_string).collect();
    let pending: Vec<String> = report
        .pending_restart
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(applied, ["server.work-mem: 4 -> 64"]);
    assert_eq!(pending, ["server.port: 5432 -> 6543"]);
    let now = live.snapshot();
    assert_eq!(now.get(&ServerOptions::WORK_MEM), 64);
    assert_eq!(now.get(&ServerOptions::PORT), 5432);
    assert_eq!(live.pending_restart().len(), 1);
}

#[test]
fn one_bad_value_refuses_the_whole_reload_and_names_every_problem() {
    let live = started(&[("server.work-mem", "4")]);
    let refused = live
        .reload_layer(
            LayerKind::File,
            file(&[
                ("server.work-mem", "64"),
                ("server.port", "0"),
                ("server.statement-timeout", "soon"),
            ]),
        )
        .unwrap_err();
    let text = refused.to_string();
    assert!(
        text.starts_with("reload refused, nothing was applied (2 problems):"),
        "{text}"
    );
    assert!(text.contains("server.port"), "{text}");
    assert!(text.contains("server.statement-timeout"), "{text}");
    assert_eq!(live.snapshot().get(&ServerOptions::WORK_MEM), 4);
}

#[test]
fn going_back_to_the_running_value_clears_what_waited_for_a_restart() {
    let live = started(&[("server.port", "5432")]);
    live.reload_layer(LayerKind::File, file(&[("server.port", "6543")]))
        .unwrap();
    assert_eq!(live.pending_restart().len(), 1);
    let back = live
        .reload_layer(LayerKind::File, file(&[("server.port", "5432")]))
        .unwrap();
    assert!(back.is_empty(), "{back}");
    assert!(live.pending_restart().is_empty());
}

#[test]
fn a_startup_only_option_without_a_class_waits_for_a_restart() {
    let live = started(&[]);
    let report = live
        .reload_layer(LayerKind::File, file(&[("legacy.mode", "b")]))
        .unwrap();
    assert!(report.applied.is_empty());
    assert_eq!(report.pending_restart[0].reach(), Reach::Restart);
    assert_eq!(report.pending_restart[0].class(), None);
}

#[test]
fn the_same_value_spelled_another_way_is_no_change() {
    let live = started(&[("server.statement-timeout", "60 s")]);
    let report = live
        .reload_layer(
            LayerKind::File,
            file(&[("server.statement-timeout", "1 min")]),
        )
        .unwrap();
    assert!(report.is_empty(), "{report}");
}

#[test]
fn a_reload_from_sources_checks_them_as_startup_does() {
    let live = started(&[("server.work-mem", "4")]);
    let report = live
        .reload(LayeredConfig::builder().args(["-Dserver.work-mem=8"]))
        .unwrap();
    assert_eq!(report.applied[0].to_string(), "server.work-mem: 4 -> 8");
    let refused = live
        .reload(LayeredConfig::builder().args(["-Dserver.work-mem=none"]))
        .unwrap_err();
    assert!(refused.to_string().contains("server.work-mem"), "{refused}");
    assert_eq!(live.snapshot().get(&ServerOptions::WORK_MEM), 8);
}

#[test]
fn subscribers_hear_once_per_reload_with_every_change() {
    let live = started(&[]);
    let heard = Arc::new(AtomicUsize::new(0));
    let changes = Arc::new(AtomicUsize::new(0));
    let (h, c) = (heard.clone(), changes.clone());
    live.subscribe(move |report| {
        h.fetch_add(1, Ordering::SeqCst);
        c.fetch_add(report.applied.len(), Ordering::SeqCst);
    });
    live.reload_layer(
        LayerKind::File,
        file(&[
            ("server.work-mem", "8"),
            ("server.statement-timeout", "5 s"),
        ]),
    )
    .unwrap();
    // Refused, then unchanged: nothing to hear.
    live.reload_layer(LayerKind::File, file(&[("server.work-mem", "0")]))
        .unwrap_err();
    live.reload_layer(
        LayerKind::File,
        file(&[
            ("server.work-mem", "8"),
            ("server.statement-timeout", "5 s"),
        ]),
    )
    .unwrap();
    assert_eq!(heard.load(Ordering::SeqCst), 1);
    assert_eq!(changes.load(Ordering::SeqCst), 2);
}

#[test]
fn a_secret_never_shows_in_the_report() {
    let live = started(&[("server.replication-password", "old-secret")]);
    let report = live
        .reload_layer(
            LayerKind::File,
            file(&[("server.replication-password", "new-secret")]),
        )
        .unwrap();
    let shown = format!("{report} {report:?}");
    assert!(!shown.contains("secret"), "{shown}");
    assert!(shown.contains("server.replication-password: ****** -> ******"));
    assert_eq!(report.applied[0].after_value(), Some("new-secret"));
}

#[test]
fn readers_on_many_threads_see_the_old_or_the_new_configuration_never_a_mix() {
    // Every reload sets work-mem and maintenance-work-mem to one value; a reader that ever sees
    // them differ has seen half of a reload.
    let live = Arc::new(started(&[
        ("server.work-mem", "1"),
        ("server.maintenance-work-mem", "1"),
    ]));
    let stop = Arc::new(AtomicBool::new(false));
    let reads = Arc::new(AtomicUsize::new(0));
    let readers: Vec<_> = (0..8)
        .map(|_| {
            let (live, stop, reads) = (live.clone(), stop.clone(), reads.clone());
            std::thread::spawn(move || {
                let mut last = 0;
                while !stop.load(Ordering::Relaxed) {
                    let now = live.snapshot();
                    let a = now.get(&ServerOptions::WORK_MEM);
                    let b = now.get(&ServerOptions::MAINTENANCE_WORK_MEM);
                    assert_eq!(a, b, "a reader saw half of a reload");
                    assert!(a >= last, "a reader went back in time: {a} after {last}");
                    last = a;
                    reads.fetch_add(1, Ordering::Relaxed);
                }
            })
        })
        .collect();
    let heard = Arc::new(AtomicUsize::new(0));
    let h = heard.clone();
    live.subscribe(move |_| {
        h.fetch_add(1, Ordering::SeqCst);
    });
    let reloads = 2_000;
    for n in 2..2 + reloads {
        let v = n.to_string();
        live.reload_layer(
            LayerKind::File,
            file(&[("server.work-mem", &v), ("server.maintenance-work-mem", &v)]),
        )
        .unwrap();
    }
    stop.store(true, Ordering::Relaxed);
    for reader in readers {
        reader.join().expect("no reader saw a mix");
    }
    assert_eq!(heard.load(Ordering::SeqCst), reloads);
    assert_eq!(
        live.snapshot().get(&ServerOptions::WORK_MEM),
        i32::try_from(reloads + 1).unwrap()
    );
    let reads = reads.load(Ordering::Relaxed);
    assert!(reads > 0);
    eprintln!("{reloads} reloads, {reads} consistent snapshot reads on 8 threads");
}
