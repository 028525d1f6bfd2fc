//! The in-place edits of `options_check::fix`: what each fix does to the user's text.

use options_check::fix::{key_fixes, key_token, typo_fix, Edit, Fix, FixKind};
use options_check::settings::read_settings;

/// `text` with the edits of `fixes` applied (ASCII texts: characters are bytes).
fn apply(text: &str, fixes: &[Fix]) -> String {
    let mut edits: Vec<&Edit> = fixes.iter().flat_map(|f| &f.edits).collect();
    edits.sort_by_key(|e| std::cmp::Reverse((e.line, e.from)));
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    for e in edits {
        let line = &mut lines[e.line as usize - 1];
        line.replace_range(e.from as usize..e.to as usize, &e.with);
    }
    lines.join("\n") + "\n"
}

#[test]
fn a_key_token_ends_at_its_colon_equals_or_closing_quote() {
    assert_eq!(key_token("  a.b: 1", 2), Some(("a.b".to_owned(), 2, 5)));
    assert_eq!(key_token("a.b:", 0), Some(("a.b".to_owned(), 0, 3)));
    assert_eq!(key_token("-Da.b=1", 2), Some(("a.b".to_owned(), 2, 5)));
    assert_eq!(
        key_token("SET 'a.b' = 'x';", 4),
        Some(("a.b".to_owned(), 5, 8))
    );
    // A colon not followed by a blank is part of the key (`http://` in a map key).
    assert_eq!(key_token("a:b: 1", 0), Some(("a:b".to_owned(), 0, 3)));
    assert_eq!(key_token("", 0), None);
}

#[test]
fn a_deprecated_key_read_by_two_options_gets_a_line_for_each() {
    let loaded = options_check::builtin::for_checking(Some("2.0")).unwrap();
    let catalogue = &loaded.live;
    let text = "state.backend.local-recovery: true  # fast restarts\n";
    let settings = read_settings(text, &loaded).settings;
    let lines: Vec<&str> = text.lines().collect();
    let fixes = key_fixes(catalogue, &lines, &settings, "# ", &|_| true);
    assert_eq!(fixes.len(), 1, "{fixes:#?}");
    assert_eq!(fixes[0].kind, FixKind::Rename);
    let after = apply(text, &fixes);
    assert_eq!(after.lines().count(), 2, "{after}");
    assert!(
        after
            .lines()
            .all(|l| l.ends_with(": true  # fast restarts")),
        "{after}"
    );
}

#[test]
fn a_nested_key_the_release_does_not_read_is_commented_out_on_its_line() {
    let loaded = options_check::builtin::for_checking(Some("2.0")).unwrap();
    let catalogue = &loaded.live;
    let text = "taskmanager:\n  heap.size: 1g\n  numberOfTaskSlots: 2\n";
    let settings = read_settings(text, &loaded).settings;
    let lines: Vec<&str> = text.lines().collect();
    let fixes = key_fixes(catalogue, &lines, &settings, "# ", &|_| true);
    let after = apply(text, &fixes);
    assert!(
        after.starts_with("taskmanager:\n  # heap.size: 1g  # not read by Apache Flink 2.0"),
        "{after}"
    );
    assert!(after.ends_with("\n  numberOfTaskSlots: 2\n"), "{after}");
}

#[test]
fn a_typo_fix_replaces_only_the_segment_written_on_its_line() {
    let loaded = options_check::builtin::for_checking(None).unwrap();
    let text = "parallelism:\n  defualt: 4\n";
    let settings = read_settings(text, &loaded).settings;
    let lines: Vec<&str> = text.lines().collect();
    let fix = typo_fix(&lines, &settings[0], "parallelism.default").unwrap();
    assert!(!fix.safe);
    assert_eq!(apply(text, &[fix]), "parallelism:\n  default: 4\n");
    // A suggestion that leaves the outer segment cannot be written on this line.
    assert!(typo_fix(&lines, &settings[0], "pipeline.name").is_none());
}
