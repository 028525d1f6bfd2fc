//! A shared TableConfig read by several threads while another writes: every snapshot is
//! consistent and no reader sees a value that was never set.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Barrier};
use std::thread;

use options_core::ReadableConfig;
use options_flink::builtin::{ExecutionOptions, RuntimeOptions};
use options_flink::shared_table_config::SharedTableConfig;
use options_flink::TableConfig;

const WRITES: i32 = 2_000;
const READERS: usize = 4;

#[test]
fn readers_see_consistent_snapshots_while_a_writer_sets_values() {
    let shared = Arc::new(SharedTableConfig::new(TableConfig::default()));
    let done = Arc::new(AtomicBool::new(false));
    // Every reader reads once before the first write and keeps reading until after the last, so
    // its checks span the whole run of updates.
    let started = Arc::new(Barrier::new(READERS + 1));

    let readers: Vec<_> = (0..READERS)
        .map(|_| {
            let shared = Arc::clone(&shared);
            let done = Arc::clone(&done);
            let started = Arc::clone(&started);
            thread::spawn(move || {
                let first = shared.snapshot().get(&RuntimeOptions::PARALLELISM_DEFAULT);
                started.wait();
                let mut last = first;
                loop {
                    let finished = done.load(Ordering::Acquire);
                    let snapshot = shared.snapshot();
                    let parallelism = snapshot.get(&RuntimeOptions::PARALLELISM_DEFAULT);
                    let size = snapshot.get(&ExecutionOptions::MINI_BATCH_SIZE);
                    // Written together: parallelism n with mini-batch size 1000 + n.
                    if parallelism == 1 {
                        assert_eq!(size, -1, "default pair");
                    } else {
                        assert!(
                            (2..=WRITES + 1).contains(&parallelism),
                            "never set: {parallelism}"
                        );
                        assert_eq!(i64::from(parallelism) + 1000, size, "torn snapshot");
                    }
                    assert!(
                        parallelism >= last,
                        "went back from {last} to {parallelism}"
                    );
                    last = parallelism;
                    if finished {
                        return (first, last);
                    }
                }
            })
        })
        .collect();

    started.wait();
    for n in 2..=WRITES + 1 {
        shared
            .update(|config| {
                config.set(&RuntimeOptions::PARALLELISM_DEFAULT, n)?;
                config.set(&ExecutionOptions::MINI_BATCH_SIZE, i64::from(n) + 1000)?;
                Ok::<_, options_core::ConfigError>(())
            })
            .unwrap();
    }
    done.store(true, Ordering::Release);

    for reader in readers {
        let (first, last) = reader.join().unwrap();
        assert_eq!(
            first, 1,
            "the first read, before any write, sees the default"
        );
        assert_eq!(last, WRITES + 1, "the final read sees the last write");
    }
}

#[test]
fn a_failed_update_publishes_nothing() {
    let shared = SharedTableConfig::new(TableConfig::default());
    let result = shared.update(|config| {
        config.set(&RuntimeOptions::PARALLELISM_DEFAULT, 7)?;
        config.set_str("table.exec.state.ttl", "soon")?;
        Ok::<_, options_core::ConfigError>(())
    });
    assert!(result.is_err());
    assert_eq!(
        shared.current().get(&RuntimeOptions::PARALLELISM_DEFAULT),
        1
    );
}

#[test]
fn concurrent_writers_lose_no_update() {
    let shared = Arc::new(SharedTableConfig::new(TableConfig::default()));
    let writers: Vec<_> = (0..4)
        .map(|_| {
            let shared = Arc::clone(&shared);
            thread::spawn(move || {
                for _ in 0..250 {
                    shared
                        .update(|c| {
                            let n = c.get(&RuntimeOptions::PARALLELISM_DEFAULT);
                            c.set(&RuntimeOptions::PARALLELISM_DEFAULT, n + 1).map(drop)
                        })
                        .unwrap();
                }
            })
        })
        .collect();
    for w in writers {
        w.join().unwrap();
    }
    assert_eq!(
        shared.current().get(&RuntimeOptions::PARALLELISM_DEFAULT),
        1001
    );
}
