//! The message loop. Requests before `initialize` are refused (`ServerNotInitialized`), unknown
//! requests answered `MethodNotFound`, requests with unreadable parameters `InvalidParams`,
//! requests after `shutdown` `InvalidRequest`; unknown notifications are ignored; `exit` ends the
//! loop (cleanly only after `shutdown`). A malformed frame is logged and passed over.
//!
//! Checks run when no message is waiting: a burst of changes is applied in order, then the
//! document is checked once, at its latest text, so a result is never older than the text and
//! every change is followed by the diagnostics of the text it left.

use std::collections::{BTreeSet, HashMap};
use std::panic::{catch_unwind, AssertUnwindSafe};

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{
    DidChangeConfiguration, DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument,
    LogMessage, Notification as _, PublishDiagnostics,
};
use lsp_types::request::{CodeActionRequest, Completion, HoverRequest, Request as _};
use lsp_types::{
    CodeActionKind, CodeActionOptions, CodeActionProviderCapability, CompletionOptions, Diagnostic,
    DiagnosticSeverity, HoverProviderCapability, InitializeParams, InitializeResult,
    LogMessageParams, MessageType, NumberOrString, Position, PublishDiagnosticsParams, Range,
    ServerCapabilities, ServerInfo, TextDocumentSyncCapability, TextDocumentSyncKind, Uri,
};
use options_core::yaml::limits::MAX_FILE_BYTES;
use serde::de::DeserializeOwned;

use crate::diagnostics::{self, Analysis, SOURCE};
use crate::documents::{Document, Documents};
use crate::parts::{self, Parts, Resolvers};
use crate::release::Client;
use crate::transport::MALFORMED;

/// How the loop ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// `exit` after `shutdown`.
    Clean,
    /// `exit` without `shutdown`, or the client went away.
    Abrupt,
}

/// The server's state.
struct Server {
    connection: Connection,
    client: Client,
    documents: Documents,
    analyses: HashMap<String, Analysis>,
    dirty: BTreeSet<String>,
    /// The release of documents that name none when the client names none
    /// (`flinkconf lsp --release V`).
    release: Option<String>,
    resolvers: Resolvers,
    shut_down: bool,
}

/// What the server can do, as `initialize` answers.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(
            TextDocumentSyncKind::INCREMENTAL,
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![".".to_owned(), "'".to_owned(), " ".to_owned()]),
            ..CompletionOptions::default()
        }),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![
                CodeActionKind::QUICKFIX,
                crate::actions::fix_all_kind(),
            ]),
            ..CodeActionOptions::default()
        })),
        ..ServerCapabilities::default()
    }
}

/// Serves `connection` until `exit` (or until the client goes away). `release` is the release
/// of documents that name none when neither a project file nor the client names one.
pub fn serve(connection: Connection, release: Option<String>) -> Ended {
    let Some((id, params)) = wait_for_initialize(&connection) else {
        return Ended::Abrupt;
    };
    let client = params
        .initialization_options
        .and_then(|o| serde_json::from_value::<Client>(o).ok())
        .unwrap_or_default();
    let result = InitializeResult {
        capabilities: capabilities(),
        server_info: Some(ServerInfo {
            name: "flinkconf".to_owned(),
            version: Some(env!("CARGO_PKG_VERSION").to_owned()),
        }),
    };
    let _ = connection.sender.send(Response::new_ok(id, result).into());
    let resolvers = Resolvers::new(&client, release.as_deref());
    let mut server = Server {
        connection,
        client,
        documents: Documents::default(),
        analyses: HashMap::new(),
        dirty: BTreeSet::new(),
        release,
        resolvers,
        shut_down: false,
    };
    server.run()
}

/// Answers every request before `initialize` with `ServerNotInitialized`; `None` when the client
/// leaves (or says `exit`) first.
fn wait_for_initialize(connection: &Connection) -> Option<(RequestId, InitializeParams)> {
    for message in &connection.receiver {
        match message {
            Message::Request(r) if r.method == "initialize" => {
                match serde_json::from_value::<InitializeParams>(r.params) {
                    Ok(params) => return Some((r.id, params)),
                    Err(e) => {
                        let _ = connection.sender.send(
                            Response::new_err(
                                r.id,
                                ErrorCode::InvalidParams as i32,
                                format!("initialize: {e}"),
                            )
                            .into(),
                        );
                    }
                }
            }
            Message::Request(r) => {
                let _ = connection.sender.send(
                    Response::new_err(
                        r.id,
                        ErrorCode::ServerNotInitialized as i32,
                        "the server is not initialized yet".to_owned(),
                    )
                    .into(),
                );
            }
            Message::Notification(n) if n.method == "exit" => return None,
            _ => {}
        }
    }
    None
}

impl Server {
    fn run(&mut self) -> Ended {
        loop {
            let Ok(message) = self.connection.receiver.recv() else {
                return Ended::Abrupt;
            };
            if let Some(ended) = self.handle(message) {
                return ended;
            }
            // The messages already waiting come first; the checks when none is left.
            while let Ok(message) = self.connection.receiver.try_recv() {
                if let Some(ended) = self.handle(message) {
                    return ended;
                }
            }
            self.publish_dirty();
        }
    }

    /// Handles one message; `Some` when it ends the loop.
    fn handle(&mut self, message: Message) -> Option<Ended> {
        match message {
            Message::Request(request) => {
                let id = request.id.clone();
                let method = request.method.clone();
                let response = catch_unwind(AssertUnwindSafe(|| self.request(request)))
                    .unwrap_or_else(|_| {
                        Response::new_err(
                            id,
                            ErrorCode::InternalError as i32,
                            format!("{method}: the server failed on this request"),
                        )
                    });
                self.send(response.into());
                None
            }
            Message::Notification(n) if n.method == "exit" => Some(match self.shut_down {
                true => Ended::Clean,
                false => Ended::Abrupt,
            }),
            Message::Notification(n) => {
                let method = n.method.clone();
                if catch_unwind(AssertUnwindSafe(|| self.notification(n))).is_err() {
                    self.log(
                        MessageType::ERROR,
                        format!("{method}: the server failed on this notification"),
                    );
                }
                None
            }
            Message::Response(_) => None,
        }
    }

    fn request(&mut self, request: Request) -> Response {
        let Request { id, method, params } = request;
        if self.shut_down {
            return Response::new_err(
                id,
                ErrorCode::InvalidRequest as i32,
                format!("{method}: the server is shutting down"),
            );
        }
        match method.as_str() {
            "shutdown" => {
                self.shut_down = true;
                Response::new_ok(id, ())
            }
            HoverRequest::METHOD => {
                self.answer(id, &method, params, |s, p: lsp_types::HoverParams| {
                    let at = p.text_document_position_params;
                    let (doc, parts) = s.read(&at.text_document.uri)?;
                    let (line, _) = doc.checker_position(at.position);
                    let column = doc.checker_position(at.position).1 - 1;
                    crate::hover::hover(&doc, &parts, line, column)
                })
            }
            Completion::METHOD => {
                self.answer(id, &method, params, |s, p: lsp_types::CompletionParams| {
                    let at = p.text_document_position;
                    let (doc, parts) = s.read(&at.text_document.uri)?;
                    let (line, column) = doc.checker_position(at.position);
                    let found = crate::completion::complete(&doc, &parts, line, column - 1);
                    if found.is_some() {
                        return found;
                    }
                    // A key half typed may leave the file no longer YAML: read its
                    // configurations without the line, and complete it in their place.
                    let mut without = doc.clone();
                    without.blank_line(line);
                    let parts = parts::read(&without, &s.resolvers);
                    crate::completion::complete(&doc, &parts, line, column - 1)
                })
            }
            CodeActionRequest::METHOD => {
                self.answer(id, &method, params, |s, p: lsp_types::CodeActionParams| {
                    let key = p.text_document.uri.as_str().to_owned();
                    if s.dirty.remove(&key) {
                        s.check(&p.text_document.uri);
                    }
                    let doc = s.documents.get(&p.text_document.uri)?;
                    let analysis = s.analyses.get(&key)?;
                    Some(crate::actions::actions(doc, analysis, &p))
                })
            }
            _ => Response::new_err(
                id,
                ErrorCode::MethodNotFound as i32,
                format!("{method}: not a method this server answers"),
            ),
        }
    }

    /// The response to a request whose parameters are `P`: `InvalidParams` when they do not
    /// read as `P`, else `answer`'s result (`null` for none).
    fn answer<P: DeserializeOwned, R: serde::Serialize>(
        &mut self,
        id: RequestId,
        method: &str,
        params: serde_json::Value,
        answer: impl FnOnce(&mut Self, P) -> Option<R>,
    ) -> Response {
        match serde_json::from_value::<P>(params) {
            Ok(p) => Response::new_ok(id, answer(self, p)),
            Err(e) => Response::new_err(
                id,
                ErrorCode::InvalidParams as i32,
                format!("{method}: {}", without_values(&e)),
            ),
        }
    }

    /// An open document and its configurations, read now.
    fn read(&mut self, uri: &Uri) -> Option<(Document, Parts)> {
        let doc = self.documents.get(uri)?.clone();
        if doc.text().len() > MAX_FILE_BYTES {
            return None;
        }
        let parts = parts::read(&doc, &self.resolvers);
        Some((doc, parts))
    }

    fn notification(&mut self, n: Notification) {
        match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                if let Some(p) = self.params::<lsp_types::DidOpenTextDocumentParams>(n) {
                    let d = p.text_document;
                    self.dirty.insert(d.uri.as_str().to_owned());
                    self.documents
                        .open(Document::new(d.uri, d.version, d.language_id, d.text));
                }
            }
            DidChangeTextDocument::METHOD => {
                if let Some(p) = self.params::<lsp_types::DidChangeTextDocumentParams>(n) {
                    let uri = p.text_document.uri;
                    if let Some(doc) = self.documents.get_mut(&uri) {
                        doc.apply(p.text_document.version, p.content_changes);
                        self.dirty.insert(uri.as_str().to_owned());
                    }
                }
            }
            DidCloseTextDocument::METHOD => {
                if let Some(p) = self.params::<lsp_types::DidCloseTextDocumentParams>(n) {
                    let uri = p.text_document.uri;
                    self.documents.close(&uri);
                    self.dirty.remove(uri.as_str());
                    self.analyses.remove(uri.as_str());
                    self.publish(uri, Vec::new(), None);
                }
            }
            DidChangeConfiguration::METHOD => {
                if let Some(p) = self.params::<lsp_types::DidChangeConfigurationParams>(n) {
                    let settings = p.settings.get("flinkconf").cloned().unwrap_or(p.settings);
                    if let Ok(client) = serde_json::from_value::<Client>(settings) {
                        self.resolvers = Resolvers::new(&client, self.release.as_deref());
                        self.client = client;
                        self.dirty.extend(self.analyses.keys().cloned());
                    }
                }
            }
            MALFORMED => {
                let why = n
                    .params
                    .get("why")
                    .and_then(|w| w.as_str())
                    .unwrap_or_default()
                    .to_owned();
                self.log(
                    MessageType::WARNING,
                    format!("ignored a malformed message: {why}"),
                );
            }
            _ => {}
        }
    }

    /// A notification's parameters, or a log line saying they did not read.
    fn params<P: DeserializeOwned>(&self, n: Notification) -> Option<P> {
        match serde_json::from_value::<P>(n.params) {
            Ok(p) => Some(p),
            Err(e) => {
                self.log(
                    MessageType::WARNING,
                    format!("{}: {}", n.method, without_values(&e)),
                );
                None
            }
        }
    }

    /// Checks every document changed since its last check and publishes its diagnostics.
    fn publish_dirty(&mut self) {
        let dirty = std::mem::take(&mut self.dirty);
        for key in dirty {
            let Ok(uri) = key.parse::<Uri>() else {
                continue;
            };
            if catch_unwind(AssertUnwindSafe(|| self.check(&uri))).is_err() {
                self.log(MessageType::ERROR, format!("{key}: the check failed"));
            }
        }
    }

    /// Checks one document and publishes its diagnostics.
    fn check(&mut self, uri: &Uri) {
        let Some(doc) = self.documents.get(uri).cloned() else {
            return;
        };
        let analysis = if doc.text().len() > MAX_FILE_BYTES {
            too_large(&doc)
        } else {
            let parts = parts::read(&doc, &self.resolvers);
            let docs_url = parts.resolution.settings.docs_url.clone();
            diagnostics::check(&doc, &parts, docs_url.as_deref())
        };
        let diagnostics = analysis.diagnostics.clone();
        self.analyses.insert(uri.as_str().to_owned(), analysis);
        self.publish(uri.clone(), diagnostics, Some(doc.version));
    }

    fn publish(&self, uri: Uri, diagnostics: Vec<Diagnostic>, version: Option<i32>) {
        let params = PublishDiagnosticsParams {
            uri,
            diagnostics,
            version,
        };
        self.send(Notification::new(PublishDiagnostics::METHOD.to_owned(), params).into());
    }

    fn log(&self, typ: MessageType, message: String) {
        let params = LogMessageParams { typ, message };
        self.send(Notification::new(LogMessage::METHOD.to_owned(), params).into());
    }

    fn send(&self, message: Message) {
        // The client gone: the next receive ends the loop.
        let _ = self.connection.sender.send(message);
    }
}

/// The one diagnostic of a document beyond the checker's size limit.
fn too_large(doc: &Document) -> Analysis {
    Analysis {
        version: doc.version,
        diagnostics: vec![Diagnostic {
            range: Range::new(Position::new(0, 0), Position::new(0, 0)),
            severity: Some(DiagnosticSeverity::ERROR),
            code: Some(NumberOrString::String("file-limit".to_owned())),
            source: Some(SOURCE.to_owned()),
            message: format!(
                "the document is {} bytes; configuration files are limited to {MAX_FILE_BYTES} bytes (16 MiB): not checked",
                doc.text().len()
            ),
            ..Diagnostic::default()
        }],
        fixes: Vec::new(),
    }
}

/// A parameter error's kind and place, without the text of the values it quotes (a document's
/// text may hold a secret).
fn without_values(e: &serde_json::Error) -> String {
    format!(
        "parameters that do not read ({:?} error at line {}, column {})",
        e.classify(),
        e.line(),
        e.column()
    )
}
