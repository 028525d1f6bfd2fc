//! Messages over standard input and output, framed as the protocol frames them
//! (`Content-Length: N\r\n\r\n` and `N` bytes of JSON). Unlike `lsp_server`'s own stdio
//! transport, a frame that cannot be read does not end the reading: it becomes a
//! [`MALFORMED`] notification (saying what was wrong, never the bytes, which may hold a
//! secret), and the next frame is read.

use std::io::{self, BufRead, Read, Write};
use std::thread;

use crossbeam_channel::{bounded, Receiver, Sender};
use lsp_server::{Connection, Message, Notification};

/// The method of the notification a frame that could not be read becomes.
pub const MALFORMED: &str = "$/flinkconf/malformedMessage";

/// The largest body read: a document at the checker's size limit, escaped as JSON, fits.
pub const MAX_BODY: usize = 4 * options_core::yaml::limits::MAX_FILE_BYTES + 64 * 1024;

/// What reading one frame gave.
#[derive(Debug)]
pub enum Frame {
    /// A message.
    Message(Message),
    /// A frame that is not a message, and why (never its bytes).
    Malformed(String),
    /// The input ended.
    End,
}

/// Reads one frame from `input`.
pub fn read_frame(input: &mut impl BufRead) -> Frame {
    let mut length: Option<usize> = None;
    let mut problem: Option<String> = None;
    let mut header = Vec::new();
    let mut any = false;
    loop {
        header.clear();
        // A header line is short; a line with no end in sight is not a header.
        match input.by_ref().take(8 * 1024).read_until(b'\n', &mut header) {
            Ok(0) => {
                return match any {
                    true => Frame::Malformed("the input ended inside a header".to_owned()),
                    false => Frame::End,
                }
            }
            Ok(_) => {}
            Err(e) => return io_end(e),
        }
        any = true;
        let line = String::from_utf8_lossy(&header);
        let line = line.trim_end_matches(['\r', '\n']);
        if line.is_empty() {
            break;
        }
        match line.split_once(':') {
            Some((name, value)) if name.trim().eq_ignore_ascii_case("Content-Length") => {
                match value.trim().parse::<usize>() {
                    Ok(n) => length = Some(n),
                    Err(_) => {
                        problem.get_or_insert("a Content-Length that is not a number".to_owned());
                    }
                }
            }
            Some(_) => {}
            None => {
                problem.get_or_insert("a header line without a colon".to_owned());
            }
        }
    }
    if let Some(problem) = problem {
        return Frame::Malformed(problem);
    }
    let Some(length) = length else {
        return Frame::Malformed("a frame without Content-Length".to_owned());
    };
    if length > MAX_BODY {
        // Skip the body: the next frame starts after it.
        return match io::copy(&mut input.by_ref().take(length as u64), &mut io::sink()) {
            Ok(_) => Frame::Malformed(format!(
                "a message of {length} bytes, beyond the {MAX_BODY} bytes read"
            )),
            Err(e) => io_end(e),
        };
    }
    let mut body = vec![0; length];
    if let Err(e) = input.read_exact(&mut body) {
        return io_end(e);
    }
    match serde_json::from_slice::<Message>(&body) {
        Ok(message) => Frame::Message(message),
        Err(e) => Frame::Malformed(format!(
            "a body that is not a JSON-RPC message ({:?} error at line {}, column {})",
            e.classify(),
            e.line(),
            e.column()
        )),
    }
}

fn io_end(e: io::Error) -> Frame {
    match e.kind() {
        io::ErrorKind::UnexpectedEof => {
            Frame::Malformed("the input ended inside a message".to_owned())
        }
        _ => Frame::End,
    }
}

/// The notification a malformed frame becomes.
pub fn malformed(why: String) -> Message {
    Message::Notification(Notification::new(
        MALFORMED.to_owned(),
        serde_json::json!({ "why": why }),
    ))
}

/// Feeds every frame of `input` to `sender` until the input ends, the receiver is gone, or an
/// `exit` notification has been passed on.
pub fn pump(mut input: impl BufRead, sender: &Sender<Message>) {
    loop {
        let message = match read_frame(&mut input) {
            Frame::End => return,
            Frame::Malformed(why) => malformed(why),
            Frame::Message(message) => message,
        };
        let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
        if sender.send(message).is_err() || exit {
            return;
        }
    }
}

/// The writing thread of a stdio connection (the reading thread is left to end with the
/// process: it may be waiting on an input the client never closes).
#[derive(Debug)]
pub struct Threads {
    writer: thread::JoinHandle<io::Result<()>>,
}

impl Threads {
    /// Waits until every message is written (the writer ends once the server drops its sender).
    pub fn join(self) -> io::Result<()> {
        self.writer
            .join()
            .map_err(|_| io::Error::other("the writer thread panicked"))?
    }
}

/// A connection over standard input and output.
pub fn stdio() -> (Connection, Threads) {
    let (to_server, receiver) = bounded::<Message>(0);
    let (sender, from_server): (Sender<Message>, Receiver<Message>) = bounded(0);
    thread::spawn(move || pump(io::stdin().lock(), &to_server));
    let writer = thread::spawn(move || {
        let mut out = io::stdout().lock();
        for message in from_server {
            message.write(&mut out)?;
            out.flush()?;
        }
        Ok(())
    });
    (Connection { sender, receiver }, Threads { writer })
}
