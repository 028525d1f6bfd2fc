//! One answer: the command line (`flinkconf validate DIR --output-format json`) and the language
//! server (each file opened in an editor) report the same findings for every file of a fleet
//! (rule, level, line, column, message), with a `flinkconf.toml` that sets a release and ignores a
//! rule. Both ask options-check's resolver; this test keeps them from drifting apart.
//!
//! The fleet is written here (config files, manifests of every release carried and of one that is
//! not, a legacy file, Helm values naming their operator release, a SQL script; typos, bad values,
//! removed and deprecated keys, placeholders). `FLEET_GEN=path/to/gen.py FLEET_N=2000` checks the
//! files another generator writes instead (`gen.py DIR N`), such as the shared fleet benchmark's.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{json, Value};

use crate::support::flinkconf;

/// What a finding is, as both front ends show it.
type Seen = (String, String, u64, u64, String);

/// The files of the fleet, relative to `root`.
fn write_fleet(root: &Path, n: usize) {
    let versions = ["v1_18", "v1_19", "v1_20", "v2_0", "v2_1", "v2_2", "v2_3"];
    let write = |rel: String, text: String| {
        let path = root.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    for i in 0..n {
        let team = format!("t{:02}", i % 7);
        // One planted problem in most files, by kind.
        let planted = match i % 6 {
            0 => "taskmanager.numberOfTaskSlot: 4\n",
            1 => "execution.checkpointing.interval: soon\n",
            2 => "taskmanager.heap.size: 1g\n",
            3 => "state.backend.incremental: true\n",
            4 => "pipeline.name: ${JOB_NAME}\n",
            _ => "",
        };
        let settings = format!(
            "parallelism.default: {}\nrestart-strategy.type: fixed-delay\n\
             restart-strategy.fixed-delay.attempts: 3\nstate.backend.type: rocksdb\n{planted}\
             table.exec.mini-batch.size: 500\n",
            i % 8 + 1
        );
        match i % 5 {
            0 | 1 => write(format!("teams/{team}/job{i:04}/conf/config.yaml"), settings),
            2 | 3 => {
                let version = versions[i % versions.len()];
                let nested: String = settings
                    .lines()
                    .map(|l| match l.split_once(": ") {
                        Some((k, v)) => format!("    {k}: \"{v}\"\n"),
                        None => String::new(),
                    })
                    .collect();
                write(
                    format!("k8s/{team}/job{i:04}.yaml"),
                    format!(
                        "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  \
                         name: job{i:04}\n  namespace: {team}\nspec:\n  flinkVersion: {version}\n  \
                         image: flink:latest\n  flinkConfiguration:\n{nested}    \
                         job.autoscaler.enabled: \"true\"\n  jobManager:\n    resource:\n      \
                         memory: 2g\n      cpu: 1\n"
                    ),
                );
            }
            _ => match i % 3 {
                0 => write(
                    format!("legacy/{team}/job{i:04}/flink-conf.yaml"),
                    settings.replace(": ", ":  "),
                ),
                1 => write(
                    format!("sql/{team}/job{i:04}.sql"),
                    settings
                        .lines()
                        .filter_map(|l| l.split_once(": "))
                        .map(|(k, v)| format!("SET '{k}' = '{v}';\n"))
                        .collect(),
                ),
                _ => write(
                    format!("operator/{team}/values-{i:04}.yaml"),
                    format!(
                        "image:\n  repository: ghcr.io/apache/flink-kubernetes-operator\n  tag: \
                         1.1{}.0\ndefaultConfiguration:\n  create: true\n  config.yaml: |+\n    \
                         kubernetes.operator.reconcile.interval: 15 s\n    \
                         kubernetes.operator.job.autoscaler.enabled: {}\n",
                        i % 6,
                        if i % 2 == 0 { "true" } else { "maybe" }
                    ),
                ),
            },
        }
    }
}

/// The findings `flinkconf validate` reports for every file under `root`, run from `root`.
fn command_line(root: &Path) -> BTreeMap<PathBuf, Vec<Seen>> {
    let out = flinkconf()
        .current_dir(root)
        .args(["validate", ".", "--output-format", "json"])
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&out.stderr)));
    let mut files = BTreeMap::new();
    for file in report["files"].as_array().unwrap() {
        let path = root.join(file["path"].as_str().unwrap());
        let seen: Vec<Seen> = file["findings"]
            .as_array()
            .unwrap()
            .iter()
            // The editor shows what is wrong and the placeholders it did not check; the notes on
            // what was checked against what stay in the report.
            .filter(|f| f["level"] != "note" || f["rule"] == "placeholder")
            .map(|f| {
                (
                    f["rule"].as_str().unwrap().to_owned(),
                    f["level"].as_str().unwrap().to_owned(),
                    f["line"].as_u64().unwrap(),
                    f["column"].as_u64().unwrap_or(1),
                    f["message"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        files.insert(path, seen);
    }
    files
}

/// The diagnostics the language server publishes for each of `paths`, opened one by one.
fn language_server(paths: &[PathBuf]) -> BTreeMap<PathBuf, Vec<Seen>> {
    let (server, client) = Connection::memory();
    let serving = std::thread::spawn(move || options_lsp::server::serve(server, None));
    let send = |m: Message| client.sender.send(m).unwrap();
    send(
        Request::new(
            RequestId::from(1),
            "initialize".to_owned(),
            json!({"capabilities": {}}),
        )
        .into(),
    );
    send(Notification::new("initialized".to_owned(), json!({})).into());
    let mut files = BTreeMap::new();
    for path in paths {
        let uri = format!("file://{}", path.display());
        let language = match path.extension().and_then(|e| e.to_str()) {
            Some("sql") => "sql",
            _ => "yaml",
        };
        let text = std::fs::read_to_string(path).unwrap();
        send(
            Notification::new(
                "textDocument/didOpen".to_owned(),
                json!({"textDocument": {"uri": uri, "languageId": language, "version": 1, "text": text}}),
            )
            .into(),
        );
        let diagnostics = loop {
            match client
                .receiver
                .recv_timeout(Duration::from_secs(60))
                .unwrap()
            {
                Message::Notification(n)
                    if n.method == "textDocument/publishDiagnostics" && n.params["uri"] == uri =>
                {
                    break n.params["diagnostics"].as_array().unwrap().clone();
                }
                _ => {}
            }
        };
        let seen = diagnostics
            .iter()
            .map(|d| {
                let level = match d["severity"].as_u64() {
                    Some(1) => "error",
                    Some(2) => "warning",
                    _ => "note",
                };
                (
                    d["code"].as_str().unwrap_or_default().to_owned(),
                    level.to_owned(),
                    d["range"]["start"]["line"].as_u64().unwrap() + 1,
                    d["range"]["start"]["character"].as_u64().unwrap() + 1,
                    d["message"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        files.insert(path.clone(), seen);
    }
    send(Request::new(RequestId::from(2), "shutdown".to_owned(), json!(null)).into());
    send(Notification::new("exit".to_owned(), json!(null)).into());
    serving.join().unwrap();
    files
}

#[test]
fn the_command_line_and_the_language_server_report_the_same_findings() {
    let dir = tempfile::tempdir().unwrap();
    let root = std::fs::canonicalize(dir.path()).unwrap();
    let external = std::env::var("FLEET_GEN").ok();
    let n: usize = std::env::var("FLEET_N")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(120);
    match &external {
        Some(generator) => {
            let status = std::process::Command::new("python3")
                .arg(generator)
                .arg(&root)
                .arg(n.to_string())
                .stdout(std::process::Stdio::null())
                .status()
                .unwrap();
            assert!(status.success(), "{generator} failed");
        }
        None => write_fleet(&root, n),
    }
    // The project's settings: a release for files that name none, and a rule left out. A
    // manifest's own spec.flinkVersion still wins over the release.
    std::fs::write(
        root.join("flinkconf.toml"),
        "release = \"1.20\"\nignore = [\"no-effect\"]\n",
    )
    .unwrap();
    let cli = command_line(&root);
    let checked: Vec<PathBuf> = cli.keys().cloned().collect();
    let editor = language_server(&checked);
    let findings: usize = cli.values().map(Vec::len).sum();
    let mut differences = Vec::new();
    for (path, seen) in &cli {
        if editor.get(path) != Some(seen) {
            differences.push(format!(
                "{}:\n  command line: {seen:?}\n  editor:       {:?}",
                path.display(),
                editor.get(path)
            ));
        }
    }
    eprintln!(
        "same answer: {} files, {findings} findings compared, {} differences",
        cli.len(),
        differences.len()
    );
    assert!(
        findings >= cli.len() / 20,
        "the fleet holds problems to compare"
    );
    assert!(
        !cli.values().flatten().any(|f| f.0 == "no-effect"),
        "flinkconf.toml's ignore holds"
    );
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}
