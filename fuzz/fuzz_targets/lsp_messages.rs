//! The language server's message loop (`options_lsp`): any bytes read as framed messages, after an
//! `initialize` and before a `shutdown` and an `exit`, so every method is reached with whatever
//! the input holds (documents of every kind opened and changed, hover, completion and code actions
//! anywhere, malformed frames, unknown methods). Checked on every input: neither the reading nor
//! the server panics or hangs, the server ends once its client is gone (even when the input
//! swallowed the `exit`), and `initialize` is answered.
#![no_main]

use std::io::Cursor;

use libfuzzer_sys::fuzz_target;
use lsp_server::{Connection, Message, RequestId};
use options_lsp::server::serve;
use options_lsp::transport::pump;

fn frame(json: &str) -> Vec<u8> {
    let mut out = format!("Content-Length: {}\r\n\r\n", json.len()).into_bytes();
    out.extend_from_slice(json.as_bytes());
    out
}

fuzz_target!(|data: &[u8]| {
    let mut input =
        frame(r#"{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"capabilities":{}}}"#);
    input.extend_from_slice(data);
    input.extend(frame(r#"{"jsonrpc":"2.0","id":"end","method":"shutdown"}"#));
    input.extend(frame(r#"{"jsonrpc":"2.0","method":"exit"}"#));
    let (server, client) = Connection::memory();
    let serving = std::thread::spawn(move || serve(server, None));
    pump(Cursor::new(input), &client.sender);
    drop(client.sender);
    serving.join().unwrap();
    let initialized = client.receiver.try_iter().any(|m| {
        matches!(m, Message::Response(r) if r.id == RequestId::from("init".to_owned()) && r.response_result.is_ok())
    });
    assert!(initialized, "initialize was not answered");
});
