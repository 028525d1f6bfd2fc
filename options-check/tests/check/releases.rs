//! A catalogue whose options name releases: the site documents one release, with each option's
//! history (badges and sentences), a page of what changed in each release step, and a page per
//! release of the options it removed with what replaces each. Snapshots in
//! `tests/expected-releases/` (refresh with `BLESS=1`).

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use options_core::{
    Catalogue, Change, DefaultDoc, Deprecation, GroupMeta, OptionKey, OptionMeta, Releases, Removal,
};
use options_docs::source::Loaded;

static RELEASES: Releases = Releases::new("Demo Engine", &["1.0", "1.1", "2.0"]);

const OPTIONS: &[OptionMeta] = &[
    {
        let mut m = OptionMeta::new::<Option<String>>("demo.checkpoint.dir");
        m.since = Some("1.1");
        m.deprecated_keys = &[OptionKey::new("demo.old-dir")];
        m.description = "Where checkpoints go.";
        m
    },
    {
        let mut m = OptionMeta::new::<Option<String>>("demo.old-dir");
        m.removal = Some(Removal {
            release: "1.1",
            note: "renamed to demo.checkpoint.dir",
        });
        m.description = "The old place for checkpoints.";
        m
    },
    {
        let mut m = OptionMeta::new::<Option<String>>("demo.heap");
        m.deprecated = true;
        m.deprecation = Some(Deprecation {
            since: "1.1",
            note: "use demo.memory",
        });
        m.removal = Some(Removal {
            release: "2.0",
            note: "use demo.memory",
        });
        m.description = "Heap size of a worker.";
        m
    },
    {
        let mut m = OptionMeta::new::<Duration>("demo.heartbeat.timeout");
        m.default = DefaultDoc::Value("50 s");
        m.changes = &[Change::new("1.1")
            .value_type::<i64>()
            .default_doc(DefaultDoc::Value("50000"))];
        m.description = "How long a heartbeat may be late.";
        m
    },
    {
        let mut m = OptionMeta::new::<bool>("demo.verify-hostname");
        m.default = DefaultDoc::Value("false");
        m.changes = &[Change::new("2.0").default_doc(DefaultDoc::Value("true"))];
        m.description = "Whether host names are checked.";
        m
    },
    {
        let mut m = OptionMeta::new::<bool>("demo.new-in-two");
        m.default = DefaultDoc::Value("true");
        m.since = Some("2.0");
        m.description = "Arrived in the newest release.";
        m
    },
];

static GROUP: GroupMeta = GroupMeta {
    id: "demo",
    title: "Demo Options",
    description: "Options with a history.",
    family: "",
    options: OPTIONS,
    releases: Some(&RELEASES),
};

fn catalogue(version: &str) -> Arc<Catalogue> {
    let release = RELEASES.release(version).unwrap();
    let catalogue = Catalogue::for_release(release).with_engine(options_flink::ENGINE);
    Arc::new(catalogue.with_group(&GROUP).unwrap())
}

fn files(version: &str) -> options_docs::Files {
    let doc = options_docs::CatalogueDoc::from_catalogue(&catalogue(version));
    options_docs::render(&doc, &options_docs::Templates::builtin().unwrap()).unwrap()
}

fn page<'a>(files: &'a options_docs::Files, name: &str) -> &'a str {
    files
        .get(Path::new(name))
        .unwrap_or_else(|| panic!("{name} not rendered; got {:?}", files.keys()))
}

#[test]
fn the_newest_release_renders_like_its_snapshot() {
    let expected = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/expected-releases");
    let doc = options_docs::CatalogueDoc::from_catalogue(&catalogue("2.0"));
    if let Err(diff) = options_docs::check_or_bless(&doc, &expected) {
        panic!("{diff}");
    }
}

#[test]
fn each_release_step_has_a_what_changed_page() {
    let files = files("2.0");
    let step = page(&files, "changes-2.0.html");
    assert!(
        step.contains("<h1>What changed in Demo Engine 2.0</h1>"),
        "{step}"
    );
    assert!(step.contains("demo.new-in-two"), "{step}");
    assert!(step.contains("compared with 1.1"), "{step}");
    assert!(page(&files, "changes-1.1.html").contains("demo.checkpoint.dir"));
    // The first release has nothing before it.
    assert!(!files.contains_key(Path::new("changes-1.0.html")));
}

#[test]
fn each_release_that_removed_options_has_a_page_saying_what_replaces_them() {
    let files = files("2.0");
    let removed = page(&files, "removed-2.0.html");
    assert!(removed.contains("<code>demo.heap</code>"), "{removed}");
    assert!(
        removed.contains("use <code>demo.memory</code>"),
        "{removed}"
    );
    let renamed = page(&files, "removed-1.1.html");
    assert!(
        renamed.contains("Still read, as an old spelling, by"),
        "{renamed}"
    );
    assert!(renamed.contains("demo.checkpoint.dir"), "{renamed}");
}

#[test]
fn an_option_shows_its_history_and_what_the_release_brought() {
    let files = files("2.0");
    let section = page(&files, "demo.html");
    assert!(section.contains("badge-new\">New in 2.0<"), "{section}");
    assert!(
        section.contains("badge-changed\">Changed in 2.0<"),
        "{section}"
    );
    assert!(
        section.contains("Default changed in 2.0; it was <code>true</code>."),
        "{section}"
    );
    assert!(
        section.contains("Type changed in 1.1; it was Long."),
        "{section}"
    );
    // An older release's page does not show later history.
    let old = files_for_history("1.1");
    assert!(!old.contains("Default changed in 2.0"), "{old}");
}

fn files_for_history(version: &str) -> String {
    page(&files(version), "demo.html").to_owned()
}

#[test]
fn the_index_lists_the_release_pages() {
    let files = files("2.0");
    let index = page(&files, "index.html");
    assert!(
        index.contains(
            "This reference documents Demo Engine 1.0 to 2.0 and shows <span class=\"release-shown\">2.0</span>."
        ),
        "{index}"
    );
    assert!(index.contains("href=\"changes-1.1.html\""), "{index}");
    assert!(index.contains("href=\"removed-2.0.html\""), "{index}");
}

#[test]
fn a_catalogue_read_back_from_json_renders_the_same_files() {
    let written = files("2.0");
    let doc = options_docs::render::read_catalogue_json(page(&written, "catalogue.json")).unwrap();
    let again = options_docs::render(&doc, &options_docs::Templates::builtin().unwrap()).unwrap();
    assert_eq!(written, again);
}

#[test]
fn validate_reports_keys_of_other_releases_as_errors() {
    let loaded = Loaded::from_catalogue(catalogue("1.0"));
    let problems =
        options_check::validate::check_text(&loaded, "demo.checkpoint.dir: /x\ndemo.heap: 1g\n");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(
        problems[0].message,
        "configuration key \"demo.checkpoint.dir\" is not read by Demo Engine 1.0: it was added in 1.1; choose release 1.1 or later to use it"
    );
    let loaded = Loaded::from_catalogue(catalogue("2.0"));
    let problems =
        options_check::validate::check_text(&loaded, "demo.heap: 1g\ndemo.old-dir: /x\n");
    let messages: Vec<&str> = problems.iter().map(|p| p.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "configuration key \"demo.heap\" is not read by Demo Engine 2.0: it was removed in 2.0 (use demo.memory)",
            "\"demo.old-dir\" is a deprecated key; use \"demo.checkpoint.dir\" instead"
        ]
    );
}

#[test]
fn the_live_catalogue_knows_every_removed_key_of_its_model() {
    // `Loaded::absent` asks the live catalogue alone when it has a release: it must know every
    // key its model lists as removed, and word it as the model would.
    let mut seen = 0;
    for release in options_flink::FLINK_RELEASES.versions() {
        let loaded = options_check::builtin::for_checking(Some(release)).unwrap();
        seen += loaded.doc.removed.len();
        for removed in &loaded.doc.removed {
            let live = loaded.live.absent(&removed.key);
            assert!(
                live.is_some(),
                "{release}: {} removed but not absent",
                removed.key
            );
            let message = loaded.absent(&removed.key).unwrap();
            assert!(
                message.contains(&format!("removed in {}", removed.release)),
                "{release}: {message}"
            );
        }
    }
    assert!(
        seen > 100,
        "Flink 2 removed hundreds of options; {seen} seen"
    );
    let demo = Loaded::from_catalogue(catalogue("2.0"));
    assert!(!demo.doc.removed.is_empty());
    for removed in &demo.doc.removed {
        assert!(demo.live.absent(&removed.key).is_some(), "{}", removed.key);
    }
}

#[test]
fn a_catalogue_file_reports_removed_keys_too() {
    let written = files("2.0");
    let doc = options_docs::render::read_catalogue_json(page(&written, "catalogue.json")).unwrap();
    let loaded = Loaded::from_doc(doc).unwrap();
    assert_eq!(
        loaded.absent("demo.heap").as_deref(),
        Some("configuration key \"demo.heap\" is not read by Demo Engine 2.0: it was removed in 2.0 (use demo.memory)")
    );
    assert_eq!(loaded.check_release("2.0.4"), Ok(()));
    assert!(loaded
        .check_release("1.1")
        .unwrap_err()
        .contains("documents Demo Engine 2.0 only"));
}

#[test]
fn an_upgrade_renames_comments_out_and_keeps_what_the_new_release_reads() {
    use options_check::migrate::upgrade::{upgrade, InputFormat};
    let old = Loaded::from_catalogue(catalogue("1.0"));
    let new = Loaded::from_catalogue(catalogue("2.0"));
    let text = "# Where checkpoints go\ndemo.old-dir: /ckpt\n# sizing\ndemo.heap: 1g # big\ndemo.heartbeat.timeout: 30000\ns3.access-key: AKIA\n";
    let migration = upgrade(&old, &new, text, InputFormat::Legacy, Default::default()).unwrap();
    assert_eq!(
        migration.yaml,
        "# Standard YAML (config.yaml) for Demo Engine 2.0, migrated from 1.0 by `flinkconf migrate --from 1.0 --to 2.0`.\n\
         # Where checkpoints go\n\
         demo:\n  checkpoint:\n    dir: /ckpt\n  heartbeat:\n    timeout: 30 s\n\
         s3:\n  access-key: AKIA\n\
         \n# Settings Demo Engine 2.0 does not read, kept as comments (see the notes of `flinkconf migrate`):\n\
         \n# sizing\n# not read by Demo Engine 2.0: it was removed in 2.0 (use demo.memory):\n# demo.heap: 1g # big\n"
    );
    let report =
        options_check::migrate::render_report(&migration, "flink-conf.yaml", Some("config.yaml"));
    assert!(report.contains("flink-conf.yaml:2: note: \"demo.old-dir\" is read by 2.0 only as an old spelling; written as \"demo.checkpoint.dir\""), "{report}");
    assert!(
        report.contains("flink-conf.yaml:4: warning: \"demo.heap\" is not read by Demo Engine 2.0"),
        "{report}"
    );
    assert!(
        report.contains("demo.verify-hostname: true -> false"),
        "{report}"
    );
    assert!(!report.contains("demo.heartbeat.timeout:"), "{report}");
    assert!(
        report.contains("flinkconf validate --release 2.0 config.yaml"),
        "{report}"
    );
    // Migrating the result again changes nothing.
    let again = upgrade(
        &new,
        &new,
        &migration.yaml,
        InputFormat::Standard,
        Default::default(),
    )
    .unwrap();
    assert_eq!(
        again.yaml.lines().skip(1).collect::<Vec<_>>(),
        migration.yaml.lines().skip(1).collect::<Vec<_>>()
    );
}

#[test]
fn the_builtin_removed_options_pages_list_configuration_keys_only() {
    // Flink declares a reporter's old class key as `class`, relative to the reporter's prefix; a
    // configuration writes it as `metrics.reporter.<name>.class`, and so does the page.
    let doc = options_docs::CatalogueDoc::from_catalogue(&options_flink::builtin::catalogue());
    let files = options_docs::render(&doc, &options_docs::Templates::builtin().unwrap()).unwrap();
    let removed = page(&files, "removed-2.0.html");
    assert!(
        removed.contains("<code>metrics.reporter.&lt;name&gt;.class</code>"),
        "{removed}"
    );
    for (name, text) in &files {
        if !name.to_string_lossy().starts_with("removed-") {
            continue;
        }
        for row in text.split("<th scope=\"row\" class=\"key\"><code>").skip(1) {
            let key = &row[..row.find("</code>").unwrap()];
            assert!(
                key.contains('.'),
                "{}: {key} is not a configuration key",
                name.display()
            );
        }
    }
}
