//! A test client: the server on an in-memory connection, driven as an editor drives it.

use std::thread::JoinHandle;
use std::time::Duration;

use lsp_server::{Connection, Message, Notification, Request, RequestId, Response};
use serde_json::{json, Value};

use options_lsp::server::{serve, Ended};

pub struct Client {
    pub conn: Connection,
    server: Option<JoinHandle<Ended>>,
    next: i32,
}

impl Client {
    /// A server, not yet initialized.
    pub fn raw() -> Client {
        let (server, conn) = Connection::memory();
        let handle = std::thread::spawn(move || serve(server, None));
        Client {
            conn,
            server: Some(handle),
            next: 1,
        }
    }

    /// A server initialized with `options`.
    pub fn with(options: Value) -> Client {
        let mut c = Client::raw();
        let r = c.request(
            "initialize",
            json!({"capabilities": {}, "initializationOptions": options}),
        );
        assert!(r.response_result.is_ok(), "{r:?}");
        c.notify("initialized", json!({}));
        c
    }

    pub fn new() -> Client {
        Client::with(json!({}))
    }

    pub fn notify(&self, method: &str, params: Value) {
        self.conn
            .sender
            .send(Notification::new(method.to_owned(), params).into())
            .unwrap();
    }

    /// Sends a request and waits for its response (notifications before it are dropped).
    pub fn request(&mut self, method: &str, params: Value) -> Response {
        let id = self.next;
        self.next += 1;
        self.conn
            .sender
            .send(Request::new(RequestId::from(id), method.to_owned(), params).into())
            .unwrap();
        loop {
            match self.recv() {
                Message::Response(r) if r.id == RequestId::from(id) => return r,
                _ => {}
            }
        }
    }

    pub fn recv(&self) -> Message {
        self.conn
            .receiver
            .recv_timeout(Duration::from_secs(20))
            .expect("the server answers within 20 s")
    }

    /// The result of a request that must succeed.
    pub fn ok(&mut self, method: &str, params: Value) -> Value {
        let r = self.request(method, params);
        match r.response_result {
            Ok(v) => v,
            Err(e) => panic!("{method}: {e:?}"),
        }
    }

    pub fn open(&self, uri: &str, language: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": language, "version": 1, "text": text}}),
        );
    }

    /// The next diagnostics published for `uri`.
    pub fn diagnostics(&self, uri: &str) -> (Option<i64>, Vec<Value>) {
        loop {
            if let Message::Notification(n) = self.recv() {
                if n.method == "textDocument/publishDiagnostics" && n.params["uri"] == uri {
                    let version = n.params["version"].as_i64();
                    let list = n.params["diagnostics"]
                        .as_array()
                        .cloned()
                        .unwrap_or_default();
                    return (version, list);
                }
            }
        }
    }

    pub fn hover(&mut self, uri: &str, line: u32, character: u32) -> String {
        let r = self.ok(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}),
        );
        r["contents"]["value"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    pub fn completion(&mut self, uri: &str, line: u32, character: u32) -> Vec<Value> {
        let r = self.ok(
            "textDocument/completion",
            json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}),
        );
        r["items"].as_array().cloned().unwrap_or_default()
    }

    pub fn labels(&mut self, uri: &str, line: u32, character: u32) -> Vec<String> {
        self.completion(uri, line, character)
            .iter()
            .map(|i| i["label"].as_str().unwrap().to_owned())
            .collect()
    }

    pub fn actions(&mut self, uri: &str, line: u32) -> Vec<Value> {
        let r = self.ok(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri},
                   "range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 0}},
                   "context": {"diagnostics": []}}),
        );
        r.as_array().cloned().unwrap_or_default()
    }

    pub fn fix_all(&mut self, uri: &str) -> Option<Value> {
        let r = self.ok(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri},
                   "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
                   "context": {"diagnostics": [], "only": ["source.fixAll"]}}),
        );
        r.as_array().and_then(|a| a.first().cloned())
    }

    /// Shuts down and exits; how the loop ended.
    pub fn finish(mut self) -> Ended {
        let r = self.request("shutdown", Value::Null);
        assert!(r.response_result.is_ok());
        self.notify("exit", Value::Null);
        self.server.take().unwrap().join().unwrap()
    }

    pub fn exit(mut self) -> Ended {
        self.notify("exit", Value::Null);
        self.server.take().unwrap().join().unwrap()
    }
}

/// `text` with the edits of an action's workspace edit applied (positions in UTF-16 units;
/// the tests' texts are ASCII).
pub fn apply(text: &str, action: &Value) -> String {
    let changes = action["edit"]["changes"].as_object().unwrap();
    let mut edits: Vec<&Value> = changes
        .values()
        .flat_map(|v| v.as_array().unwrap())
        .collect();
    let offset = |p: &Value| {
        let (line, ch) = (
            p["line"].as_u64().unwrap() as usize,
            p["character"].as_u64().unwrap() as usize,
        );
        let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
        start + ch
    };
    edits.sort_by_key(|e| std::cmp::Reverse(offset(&e["range"]["start"])));
    let mut out = text.to_owned();
    for e in edits {
        let (from, to) = (offset(&e["range"]["start"]), offset(&e["range"]["end"]));
        out.replace_range(from..to, e["newText"].as_str().unwrap());
    }
    out
}

/// A diagnostic in brief: `line:code:severity[:tags]`.
pub fn brief(d: &Value) -> String {
    let tags = d["tags"]
        .as_array()
        .map(|t| {
            format!(
                ":{}",
                t.iter()
                    .map(|t| t.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            )
        })
        .unwrap_or_default();
    format!(
        "{}:{}:{}{tags}",
        d["range"]["start"]["line"].as_u64().unwrap() + 1,
        d["code"].as_str().unwrap_or("-"),
        match d["severity"].as_u64() {
            Some(1) => "error",
            Some(2) => "warning",
            Some(3) => "info",
            _ => "hint",
        },
    )
}
