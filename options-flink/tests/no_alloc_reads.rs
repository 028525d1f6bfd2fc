//! A typed read of a `Copy` value never touches the heap, whichever way the value got there.
//!
//! A counting global allocator counts allocations made by the current thread only, so tests running
//! in parallel threads do not disturb each other.
#![allow(unsafe_code)] // A `GlobalAlloc` impl is unsafe by definition; it only forwards to `System`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::time::Duration;

use options_core::layers::LayeredConfig;
use options_core::{Configuration, MemorySize, ReadableConfig};
use options_flink::builtin::{ExecutionOptions, PythonOptions, RuntimeOptions, TableOptions};
use options_flink::shared_table_config::SharedTableConfig;
use options_flink::TableConfig;

struct CountingAllocator;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every call forwards unchanged to the system allocator; counting touches only a
// const-initialised thread-local `Cell`, which never allocates.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// Allocations the current thread makes while running `f`.
fn allocations_during<R>(f: impl FnOnce() -> R) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    std::hint::black_box(f());
    ALLOCATIONS.with(Cell::get) - before
}

#[test]
fn counting_allocator_sees_allocations() {
    assert!(allocations_during(|| vec![1u8; 16]) >= 1);
}

#[test]
fn typed_reads_of_copy_values_do_not_allocate() {
    let mut config = Configuration::with_catalogue(options_flink::builtin::catalogue());
    config
        .set(
            &ExecutionOptions::ASYNC_LOOKUP_TIMEOUT,
            Duration::from_secs(10),
        )
        .unwrap();
    config
        .set_str("table.exec.mini-batch.size", "5000")
        .unwrap();
    config.set_str("table.dml-sync", "true").unwrap();
    config
        .set_str("table.exec.sink.upsert-materialize", "force")
        .unwrap();
    config
        .set_str("python.fn-execution.buffer.memory.size", "32 mb")
        .unwrap();
    config
        .set_str("table.display.max-column-width", "40")
        .unwrap();

    let reads = allocations_during(|| {
        for _ in 0..1000 {
            std::hint::black_box(config.get(&ExecutionOptions::ASYNC_LOOKUP_TIMEOUT));
            std::hint::black_box(config.get(&ExecutionOptions::MINI_BATCH_SIZE));
            std::hint::black_box(config.get(&TableOptions::DML_SYNC));
            std::hint::black_box(config.get(&ExecutionOptions::SINK_UPSERT_MATERIALIZE));
            std::hint::black_box(config.get(&PythonOptions::FN_EXECUTION_BUFFER_MEMORY_SIZE));
            std::hint::black_box(config.get(&TableOptions::DISPLAY_MAX_COLUMN_WIDTH));
            // Unset: the declared default.
            std::hint::black_box(config.get(&ExecutionOptions::STATE_TTL));
            std::hint::black_box(config.get(&RuntimeOptions::RUNTIME_MODE));
            std::hint::black_box(config.get_optional(&ExecutionOptions::MINI_BATCH_ALLOW_LATENCY));
        }
    });
    assert_eq!(
        reads, 0,
        "typed reads of Copy values allocated {reads} times"
    );
    assert_eq!(
        config.get(&PythonOptions::FN_EXECUTION_BUFFER_MEMORY_SIZE),
        MemorySize::from_mebibytes(32)
    );
}

#[test]
fn reads_through_two_layers_do_not_allocate() {
    let mut root = Configuration::with_catalogue(options_flink::builtin::catalogue());
    root.set_str("table.exec.async-lookup.timeout", "3 min")
        .unwrap();
    let mut table_config = TableConfig::default();
    table_config.set_root_configuration(LayeredConfig::from(root));
    table_config.set_str("table.dml-sync", "true").unwrap();

    let reads = allocations_during(|| {
        for _ in 0..1000 {
            std::hint::black_box(table_config.get(&ExecutionOptions::ASYNC_LOOKUP_TIMEOUT));
            std::hint::black_box(table_config.get(&TableOptions::DML_SYNC));
            std::hint::black_box(table_config.get(&ExecutionOptions::STATE_TTL));
        }
    });
    assert_eq!(reads, 0, "two-layer reads allocated {reads} times");
}

/// A shared configuration hands out snapshots by reference count: reading through it, or through
/// a snapshot taken inside the loop, allocates nothing (a snapshot that copied the configuration
/// would allocate on every call).
#[test]
fn reads_through_a_shared_config_and_its_snapshots_do_not_allocate() {
    let shared = SharedTableConfig::new(TableConfig::default());
    shared
        .set_str("table.exec.async-lookup.timeout", "3 min")
        .unwrap();
    shared.set_str("table.dml-sync", "true").unwrap();
    // A thread's first read registers it with the shared pointer: one allocation, once.
    std::hint::black_box(shared.current().get(&TableOptions::DML_SYNC));
    std::hint::black_box(shared.snapshot());

    let reads = allocations_during(|| {
        for _ in 0..1000 {
            std::hint::black_box(
                shared
                    .current()
                    .get(&ExecutionOptions::ASYNC_LOOKUP_TIMEOUT),
            );
            std::hint::black_box(shared.current().get(&TableOptions::DML_SYNC));
            let snapshot = shared.snapshot();
            std::hint::black_box(snapshot.get(&ExecutionOptions::ASYNC_LOOKUP_TIMEOUT));
            std::hint::black_box(snapshot.get(&ExecutionOptions::STATE_TTL));
        }
    });
    assert_eq!(reads, 0, "shared reads allocated {reads} times");
    assert_eq!(
        shared
            .snapshot()
            .get(&ExecutionOptions::ASYNC_LOOKUP_TIMEOUT),
        Duration::from_secs(180)
    );
}
