//! `flinkconf template`: every documented option appears, and uncommenting any single option line
//! gives a file that `validate` accepts (checked in-process, one option line at a time).

use options_check::rules::Level as Severity;
use options_check::validate::check_text;
use options_docs::render::config_template::config_template;
use options_docs::source::Loaded;

/// The option lines of a template: (line index, key).
fn option_lines<'a>(loaded: &Loaded, lines: &[&'a str]) -> Vec<(usize, &'a str)> {
    lines
        .iter()
        .enumerate()
        .filter_map(|(i, line)| {
            let (key, _) = line.strip_prefix("# ")?.split_once(": ")?;
            loaded.doc.option(key).map(|_| (i, key))
        })
        .collect()
}

#[test]
fn uncommenting_any_one_option_line_gives_a_valid_file() {
    let loaded = options_check::builtin::at(None).unwrap();
    let text = config_template(&loaded.doc);
    let lines: Vec<&str> = text.lines().collect();
    let option_lines = option_lines(&loaded, &lines);
    assert!(
        option_lines.len() > 50,
        "only {} option lines",
        option_lines.len()
    );
    for (i, key) in option_lines {
        let mut edited = String::with_capacity(text.len());
        for (j, line) in lines.iter().enumerate() {
            edited.push_str(if i == j { &line[2..] } else { line });
            edited.push('\n');
        }
        let errors: Vec<_> = check_text(&loaded, &edited)
            .into_iter()
            .filter(|p| p.level == Severity::Error)
            .collect();
        assert!(
            errors.is_empty(),
            "uncommenting {key} (line {}): {errors:?}",
            i + 1
        );
    }
}

#[test]
fn the_template_as_written_is_valid_and_sets_nothing() {
    let loaded = options_check::builtin::at(None).unwrap();
    let text = config_template(&loaded.doc);
    assert!(check_text(&loaded, &text).is_empty());
    assert!(options_core::yaml::YamlReader::new(&text)
        .settings()
        .into_result()
        .unwrap()
        .is_empty());
}

#[test]
fn every_documented_option_has_a_block_and_lines_fit_100_columns() {
    let loaded = options_check::builtin::at(None).unwrap();
    let text = config_template(&loaded.doc);
    for (_, option) in loaded.doc.options().filter(|(_, o)| !o.hidden) {
        assert!(
            text.contains(&format!("# {}: ", option.key))
                || text.contains(&format!("`{}: <value>`", option.key)),
            "{} is missing",
            option.key
        );
    }
    for (_, option) in loaded.doc.options().filter(|(_, o)| o.hidden) {
        assert!(
            !text.contains(&format!("# {}: ", option.key)),
            "{} is hidden",
            option.key
        );
    }
    // A key, a variable name or a one-word default cannot be wrapped; some of Flink's run past
    // 100 columns on their own, as does the YAML line that sets such an option.
    let unbreakable = |l: &str| {
        l.starts_with("# Environment variable: ")
            || l.strip_prefix("# Default: ")
                .is_some_and(|v| !v.contains(' '))
            || l.strip_prefix("# ").is_some_and(|rest| {
                rest.split_once(": ")
                    .is_some_and(|(key, _)| loaded.doc.options().any(|(_, o)| o.key == key))
            })
    };
    let long: Vec<&str> = text
        .lines()
        .filter(|l| l.chars().count() > 100 && !l.contains("://") && !unbreakable(l))
        .collect();
    assert!(long.is_empty(), "{long:#?}");
}

#[test]
fn a_section_has_a_header_and_an_option_its_type_default_and_variable() {
    let text = config_template(&options_check::builtin::at(None).unwrap().doc);
    let block = "# Type: Integer\n# Default: 1\n# Environment variable: FLINK_PARALLELISM_DEFAULT\n# parallelism.default: 1\n";
    assert!(text.contains(block), "{text}");
    assert!(text.contains("# Runtime Options\n"));
}

#[test]
fn an_option_without_default_says_how_to_set_it_and_has_no_line() {
    let text = config_template(&options_check::builtin::at(None).unwrap().doc);
    assert!(text.contains(
        "# Default: none (unset; add `table.catalog-modification.listeners: <value>` to set it)"
    ));
    assert!(!text.contains("# table.catalog-modification.listeners:"));
}

/// Every option line, uncommented all at once, loads with the runtime's own `config.yaml` loader
/// (strict: no unknown key, no invalid value), and each value it gives is the option's declared
/// default, compared as a typed value by the option itself.
#[test]
fn the_uncommented_template_loads_at_runtime_to_the_declared_defaults() {
    let loaded = options_check::builtin::at(None).unwrap();
    let catalogue = loaded.live.clone();
    let text = config_template(&loaded.doc);
    let lines: Vec<&str> = text.lines().collect();
    let option_lines = option_lines(&loaded, &lines);
    let uncommented: String = lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let is_option = option_lines.iter().any(|(j, _)| *j == i);
            format!("{}\n", if is_option { &line[2..] } else { line })
        })
        .collect();
    let load = options_core::yaml::load_config_yaml(
        &uncommented,
        std::path::Path::new("config.yaml"),
        &catalogue,
        options_core::layers::Strictness::Strict,
    )
    .unwrap_or_else(|e| panic!("the uncommented template does not load: {e}"));
    assert!(load.notices().is_empty(), "{:?}", load.notices());
    assert_eq!(load.settings().len(), option_lines.len());
    let mut wrong = Vec::new();
    for setting in load.settings() {
        let meta = catalogue.resolve(&setting.key).unwrap().meta;
        match meta.default {
            options_core::DefaultDoc::Value(default)
                if same_value(meta, &setting.value, default) => {}
            declared => wrong.push(format!(
                "{} (line {}): the template gives {:?}, the declared default is {declared:?}",
                setting.key, setting.line, setting.value
            )),
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Whether two texts are one value of `meta`: as the option compares them, and a map as a map
/// (`same_value` compares map texts, so `a:1,b:2` and `b:2,a:1` would differ).
fn same_value(meta: &options_core::OptionMeta, a: &str, b: &str) -> bool {
    use options_core::{OptionValue, ValueKind};
    type Map = std::collections::BTreeMap<String, String>;
    if meta.value_type.kind == ValueKind::Map && !meta.value_type.list {
        return matches!((Map::parse_config(a), Map::parse_config(b)), (Ok(x), Ok(y)) if x == y);
    }
    meta.same_value(a, b)
}
