//! The statement lexer, parser and executor: any text run on a fresh environment, rendered as
//! the shell prints it, then run again statement by statement. Properties checked on every input:
//!
//! 1. after a `SET 'k' = 'v'` has succeeded (on a session with nothing else set), `SET 'k';`
//!    shows `v` as the value, or `******` when `k` holds a secret;
//! 2. every error's span lies inside the input, on character boundaries, with a position inside
//!    it too (lines counted at `\n`, as statements count them); every statement's span as well;
//! 3. when every occurrence of the [`CANARY`](shared::CANARY) in the input lies inside a span the
//!    input's secrets cover (values after `SET '<secret key>'`), no output shows it: not the
//!    rendered outcomes, their `Debug`, the parsed statements, `SET;`, `SHOW OPTIONS` or the
//!    environment's `Debug`.
#![no_main]

#[path = "shared/mod.rs"]
mod shared;

use libfuzzer_sys::fuzz_target;
use options_core::sql::{parse_statements, secret_spans, Span, Statement};
use options_flink::session::{EnvironmentSettings, TableEnvironment};
use options_core::sensitive::MASK;
use shared::{assert_hidden, CANARY};

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let mut env = TableEnvironment::create(EnvironmentSettings::new());
    let (rendered, _ok) = env.execute_to_string(input);
    // A second run sees the state the first left (SET values, current catalog).
    let outcomes = env.execute(input);

    // 2. Spans of errors and statements.
    let span_inside = |span: Span, what: &str| {
        assert!(
            span.start <= span.end
                && span.end <= input.len()
                && input.is_char_boundary(span.start)
                && input.is_char_boundary(span.end),
            "{what} span {span:?} is not inside {input:?}"
        );
    };
    for outcome in &outcomes {
        if let Err(e) = outcome {
            if let Some(span) = e.span {
                span_inside(span, "an error's");
                // Statements count lines at `\n` only (a lone `\r` is a character of its line).
                let pos = e.position(input).expect("a span has a position");
                let lines = input.split('\n').count();
                let longest = input.split('\n').map(str::len).max().unwrap_or(0);
                assert!(
                    (1..=lines).contains(&pos.line) && (1..=longest + 1).contains(&pos.column),
                    "an error at {}:{} lies outside {input:?}",
                    pos.line,
                    pos.column
                );
            }
            for &span in &e.redact {
                span_inside(span, "a masked");
            }
        }
    }
    let is_sensitive = |key: &str| env.masks_text(key);
    let parsed = parse_statements(input, &is_sensitive);
    for statement in &parsed {
        match statement {
            Ok(p) => span_inside(p.span, "a statement's"),
            Err(e) => span_inside(e.span, "a syntax error's"),
        }
    }

    // 1. Each SET on its own: statement by statement on a fresh environment, the session's
    //    settings reset before each SET (another spelling of the same option, set earlier,
    //    would be read first).
    let mut fresh = TableEnvironment::create(EnvironmentSettings::new());
    for statement in parsed.iter().flatten() {
        let Statement::Set { key, value } = &statement.statement else {
            let _ = fresh.execute_statement(statement);
            continue;
        };
        fresh.reset_all();
        if fresh.execute_statement(statement).is_err() {
            continue;
        }
        let shown = fresh
            .describe_option(&key.value)
            .unwrap_or_else(|e| panic!("SET {:?} succeeded, SET of it fails: {e}", key.value));
        // The one rule for a valid value: a known option masks by its declaration and type (a
        // switch named `...token...` is shown); an unknown key by its words.
        let masked = fresh.is_sensitive_key(&key.value);
        let expected = if masked {
            MASK
        } else {
            value.value.as_str()
        };
        // `SET 'k';` writes a value of several lines one per line, indented: its first line is
        // enough to recognise it.
        let first = expected.lines().next().unwrap_or("").trim_end();
        assert!(
            shown
                .lines()
                .any(|l| l.starts_with("value:") && l.contains(first)),
            "SET {:?} = {:?} succeeded, but SET of it shows:\n{shown}",
            key.value,
            value.value
        );
    }

    // 3. Secrets.
    let canaries: Vec<usize> = input.match_indices(CANARY).map(|(i, _)| i).collect();
    if canaries.is_empty() {
        return;
    }
    let spans = secret_spans(input, &is_sensitive);
    let covered = |at: usize| {
        spans
            .iter()
            .any(|s| s.start <= at && at + CANARY.len() <= s.end)
    };
    if !canaries.iter().all(|&at| covered(at)) {
        return;
    }
    let mut outputs = vec![
        ("the rendered outcomes", rendered),
        ("the outcomes", format!("{outcomes:?}")),
        ("the parsed statements", format!("{parsed:?}")),
        ("the environment", format!("{env:?}")),
    ];
    for outcome in &outcomes {
        match outcome {
            Ok(result) => outputs.push(("a result", result.to_string())),
            Err(e) => outputs.push(("an error", format!("{} | {}", e.error, e.render(input)))),
        }
    }
    let (listing, _) = env.execute_to_string("SET; SHOW OPTIONS;");
    outputs.push(("SET; and SHOW OPTIONS", listing));
    assert_hidden(input, &outputs);
});
