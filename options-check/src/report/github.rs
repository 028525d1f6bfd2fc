//! GitHub Actions workflow commands: `::error file=F,line=L,col=C,title=RULE::message`, which the
//! runner shows as annotations on the pull request.

use std::fmt::Write as _;

use super::model::Report;
use crate::rules::Level;

/// The workflow commands of a run: one per error, warning and note.
pub fn render(report: &Report) -> String {
    let mut text = String::new();
    for e in &report.run_errors {
        let _ = writeln!(
            text,
            "::error title={}::{}",
            property(options_core::tool::TOOL),
            data(e)
        );
    }
    for f in &report.files {
        let file = property(f.path.strip_prefix("./").unwrap_or(&f.path));
        for x in &f.findings {
            let command = match x.level {
                Level::Error => "error",
                Level::Warning => "warning",
                Level::Note => "notice",
            };
            let mut props = format!("file={file}");
            if x.line > 0 {
                let _ = write!(props, ",line={}", x.line);
                if let Some(column) = x.column {
                    let _ = write!(props, ",col={column}");
                }
            }
            let _ = write!(props, ",title={}", property(x.rule.id()));
            let _ = writeln!(text, "::{command} {props}::{}", data(&x.message));
        }
    }
    text
}

/// A command's message: `%`, CR and LF escaped.
fn data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A command's property value: also `:` and `,`.
fn property(s: &str) -> String {
    data(s).replace(':', "%3A").replace(',', "%2C")
}
