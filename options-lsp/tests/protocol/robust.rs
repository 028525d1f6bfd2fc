use std::io::Cursor;

use lsp_server::{Connection, Message};
use serde_json::{json, Value};

use crate::client::{brief, Client};
use options_lsp::server::{serve, Ended};
use options_lsp::transport::pump;

#[test]
fn a_request_before_initialize_is_refused_as_the_protocol_says() {
    let mut c = Client::raw();
    let r = c.request("textDocument/hover", json!({}));
    assert_eq!(r.response_result.unwrap_err().code, -32002);
    assert_eq!(c.exit(), Ended::Abrupt);
}

#[test]
fn an_unknown_method_is_answered_method_not_found_and_the_server_goes_on() {
    let mut c = Client::new();
    let r = c.request("textDocument/frobnicate", json!({}));
    assert_eq!(r.response_result.unwrap_err().code, -32601);
    let r = c.request("textDocument/hover", json!({"textDocument": 3}));
    assert_eq!(r.response_result.unwrap_err().code, -32602);
    // An unknown notification is ignored.
    c.notify("$/unknown", json!({}));
    assert_eq!(c.finish(), Ended::Clean);
}

#[test]
fn after_shutdown_requests_are_invalid_and_exit_without_shutdown_is_abrupt() {
    let mut c = Client::new();
    assert!(c.request("shutdown", Value::Null).response_result.is_ok());
    assert_eq!(
        c.request("textDocument/hover", json!({}))
            .response_result
            .unwrap_err()
            .code,
        -32600
    );
    assert_eq!(c.exit(), Ended::Clean);
    assert_eq!(Client::new().exit(), Ended::Abrupt);
}

#[test]
fn malformed_frames_are_passed_over_and_the_next_message_is_read() {
    let good = |m: Value| {
        let body = m.to_string();
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    };
    let input = [
        "Content-Length: 5\r\n\r\n{oops".to_owned(),
        "no colon here\r\n\r\n".to_owned(),
        "Content-Length: x\r\n\r\n".to_owned(),
        good(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})),
        "Content-Length: 21\r\n\r\n{\"secret\":\"hunter2\"}\n".to_owned(),
        good(json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})),
        good(json!({"jsonrpc": "2.0", "method": "exit"})),
    ]
    .concat();
    let (server, client) = Connection::memory();
    let serving = std::thread::spawn(move || serve(server, None));
    pump(Cursor::new(input.into_bytes()), &client.sender);
    assert_eq!(serving.join().unwrap(), Ended::Clean);
    let out: Vec<Message> = client.receiver.try_iter().collect();
    let logs: Vec<String> = out
        .iter()
        .filter_map(|m| match m {
            Message::Notification(n) if n.method == "window/logMessage" => {
                Some(n.params["message"].as_str().unwrap().to_owned())
            }
            _ => None,
        })
        .collect();
    // Before `initialize` a malformed frame is dropped; after it, logged without its bytes.
    assert_eq!(logs.len(), 1, "{logs:?}");
    assert!(
        logs[0].starts_with("ignored a malformed message: a body that is not a JSON-RPC message"),
        "{logs:?}"
    );
    assert!(!logs[0].contains("hunter2"), "{logs:?}");
    let responses = out
        .iter()
        .filter(|m| matches!(m, Message::Response(r) if r.response_result.is_ok()))
        .count();
    assert_eq!(responses, 2, "initialize and shutdown answered: {out:?}");
}

#[test]
fn a_burst_of_changes_is_checked_once_at_the_latest_text() {
    let c = Client::new();
    let uri = "file:///p/config.yaml";
    c.open(uri, "yaml", "");
    c.diagnostics(uri);
    for version in 2..=50 {
        let text = match version {
            50 => "parallelism.default: x\n".to_owned(),
            n => format!("parallelism.default: {n}\n"),
        };
        c.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}),
        );
    }
    // Whatever was checked in between, the last diagnostics are of version 50.
    let mut last = c.diagnostics(uri);
    while last.0 != Some(50) {
        let next = c.diagnostics(uri);
        assert!(next.0 > last.0, "an older result after a newer one");
        last = next;
    }
    assert_eq!(
        last.1.iter().map(brief).collect::<Vec<_>>(),
        ["1:invalid-value:error"]
    );
    c.finish();
}

#[test]
fn a_document_beyond_the_size_limit_gets_one_diagnostic() {
    let c = Client::new();
    let uri = "file:///p/config.yaml";
    let big = "a: b\n".repeat(options_core::yaml::limits::MAX_FILE_BYTES / 5 + 1);
    c.open(uri, "yaml", &big);
    let (_, list) = c.diagnostics(uri);
    assert_eq!(
        list.iter().map(brief).collect::<Vec<_>>(),
        ["1:file-limit:error"]
    );
    c.finish();
}
