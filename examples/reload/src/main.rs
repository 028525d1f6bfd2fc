//! `cargo run -p example-reload -- config.yaml`: starts from the file, then reloads it whenever it
//! changes, printing what applied, what waits for a restart and what was refused, while a
//! "worker" reads the running configuration once a second.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use example_reload::{load, ServerOptions, Watch};
use options_core::layers::LiveConfig;
use options_core::ReadableConfig;

fn main() {
    let Some(path) = std::env::args().nth(1).map(PathBuf::from) else {
        eprintln!("usage: example-reload CONFIG.yaml (edit the file while it runs; Ctrl-C stops)");
        std::process::exit(2);
    };
    let watch = Watch::from_now(path.clone());
    let live = match load(&path) {
        Ok(config) => Arc::new(LiveConfig::new(config)),
        Err(refused) => {
            eprintln!("{}: {refused}", path.display());
            std::process::exit(1);
        }
    };
    live.subscribe(|report| println!("subscriber: {} value(s) applied", report.applied.len()));
    let worker = live.clone();
    std::thread::spawn(move || loop {
        let now = worker.snapshot();
        println!(
            "worker: port {}, statement timeout {:?}, log level {}",
            now.get(&ServerOptions::PORT),
            now.get(&ServerOptions::STATEMENT_TIMEOUT),
            now.get(&ServerOptions::LOG_LEVEL)
        );
        std::thread::sleep(Duration::from_secs(1));
    });
    println!("watching {} (edit it; Ctrl-C stops)", path.display());
    let stop = AtomicBool::new(false);
    watch.run(
        &live,
        Duration::from_millis(200),
        &stop,
        |outcome| match outcome {
            Ok(report) => println!("{report}"),
            Err(refused) => println!("{refused}"),
        },
    );
}
