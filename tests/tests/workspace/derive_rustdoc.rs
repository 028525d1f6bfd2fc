//! `cargo doc` is a second reference: the rustdoc of a generated handle shows its description,
//! key, default, type and scope. Runs `cargo doc --no-deps -p options-flink -p example-connector`
//! into its own target directory (kept next to this test's, so later runs are incremental).

use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ is inside the workspace")
        .to_path_buf()
}

/// `<target>/doc-check`, next to `<target>/debug/deps/<this test>`.
fn doc_target_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let target = exe
        .ancestors()
        .nth(3)
        .expect("test binary lives in <target>/<profile>/deps");
    target.join("doc-check")
}

/// The HTML of one associated const's section on a struct page.
fn handle_section<'a>(page: &'a str, handle: &str) -> &'a str {
    let anchor = format!("id=\"associatedconstant.{handle}\"");
    let start = page
        .find(&anchor)
        .unwrap_or_else(|| panic!("no section for {handle} on the page"));
    let rest = &page[start + anchor.len()..];
    let end = rest.find("id=\"associatedconstant.").unwrap_or(rest.len());
    &rest[..end]
}

#[test]
fn generated_handles_document_key_default_type_and_scope() {
    // The builtin page is the reference users see first; the example shows a downstream crate.
    let target = doc_target_dir();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .current_dir(workspace_root())
        .args(["doc", "--no-deps", "--quiet"])
        .args(["-p", "options-flink", "-p", "example-connector"])
        .env("CARGO_TARGET_DIR", &target)
        .status()
        .expect("cargo doc runs");
    assert!(status.success(), "cargo doc failed");
    let read = |path: &str| {
        let path = target.join("doc").join(path);
        std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
    };

    let page = read("options_flink/builtin/execution/struct.ExecutionOptions.html");
    let ttl = handle_section(&page, "STATE_TTL");
    for expected in [
        "<th>Key</th><th>Default</th><th>Type</th><th>Scope</th>",
        "<td><code>table.exec.state.ttl</code></td>",
        "<td><code>0 ms</code></td>",
        "<td><code>Duration</code></td>",
        "<td>streaming</td>",
    ] {
        assert!(
            ttl.contains(expected),
            "STATE_TTL docs lack {expected:?}:\n{ttl}"
        );
    }

    let latency = handle_section(&page, "MINI_BATCH_ALLOW_LATENCY");
    for expected in [
        "Applies: only used when <code>table.exec.mini-batch.enabled</code> is <code>true</code>.",
        "Needs: must be above <code>0 ms</code> while <code>table.exec.mini-batch.enabled</code> is <code>true</code>.",
        "How to set it: under the key <code>table.exec.mini-batch.allow-latency</code> in the ways",
        // The engine the group names, linked: its page says how Flink sets an option.
        "href=\"../../engine/constant.ENGINE.html\"",
    ] {
        assert!(
            latency.contains(expected),
            "MINI_BATCH_ALLOW_LATENCY docs lack {expected:?}:\n{latency}"
        );
    }

    let page = read("example_connector/struct.SourceOptions.html");

    let poll = handle_section(&page, "POLL_RECORDS");
    for expected in [
        "How many messages one poll returns at most.",
        "<th>Key</th><th>Default</th><th>Type</th><th>Scope</th>",
        "<code>connector.source.poll-records</code>",
        "<code>500</code>",
        "<code>Integer</code>",
        "batch, streaming",
        "Accepts: at least <code>1</code>.",
    ] {
        assert!(
            poll.contains(expected),
            "POLL_RECORDS docs lack {expected:?}:\n{poll}"
        );
    }

    let mode = handle_section(&page, "STARTUP_MODE");
    for expected in [
        "<code>GROUP_OFFSETS</code>",
        "<code>Enum</code>",
        "<code>StartupMode</code>",
        "streaming",
    ] {
        assert!(
            mode.contains(expected),
            "STARTUP_MODE docs lack {expected:?}:\n{mode}"
        );
    }
    let topics = handle_section(&page, "TOPICS");
    assert!(
        topics.contains("(none)"),
        "TOPICS docs lack (none):\n{topics}"
    );
}
