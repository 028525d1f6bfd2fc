//! One secret value, given through every entry point, never appears in any output: `Debug` and
//! `Display` of every type that held it, errors of bad values and bad syntax around it,
//! explanations, `SET;`, `SET 'key';` and `SHOW OPTIONS`, validation and migration reports and log
//! records. (Shell history is tested in `shell/src/history.rs`: it uses the same secret spans.)
//!
//! The secret options are declared by a group here: `vault.seal` is secret only because the group
//! declares it `sensitive` (its key has no secret word), `vault.db-password` by its key word too,
//! and `vault.headers` is a Map, so a bad value can be written around the secret.

use options_flink::legacy::FlinkSources;
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use options_core::layers::LayeredConfig;
use options_core::layers::Strictness;
use options_core::sql::parse_statements;
use options_core::yaml::{load_config_yaml, YamlReader};
use options_core::{Catalogue, Configuration, OptionGroup, Options, ReadableConfig, Secret};
use options_flink::session::{EnvironmentSettings, TableEnvironment};
use options_flink::startup::StartupConfig;
use options_flink::TableConfig;

/// The secret every entry receives.
const CANARY: &str = "CANARY7f3a";

/// Options of a secret store.
#[derive(Clone, Debug, PartialEq, Options)]
#[options(section = "vault", title = "Vault Options")]
pub struct VaultOptions {
    /// The key that seals the store.
    #[option(key = "vault.seal", sensitive)]
    pub seal: Option<Secret<String>>,

    /// The database password.
    #[option(key = "vault.db-password", sensitive)]
    pub db_password: Option<Secret<String>>,

    /// Headers sent with every request.
    #[option(key = "vault.headers", sensitive)]
    pub headers: Option<Secret<BTreeMap<String, String>>>,

    /// How many requests run at once.
    #[option(key = "vault.parallelism", default = 1)]
    pub parallelism: i32,
}

fn catalogue() -> Arc<Catalogue> {
    let mut catalogue = (*options_flink::builtin::catalogue()).clone();
    catalogue.add_group(VaultOptions::group()).unwrap();
    Arc::new(catalogue)
}

/// The catalogue of Flink 1.20, the last release that reads a legacy `flink-conf.yaml`.
fn legacy_catalogue() -> Arc<Catalogue> {
    let release = options_flink::FLINK_RELEASES.release("1.20").unwrap();
    let mut catalogue = (*options_flink::builtin::catalogue_at(release)).clone();
    catalogue.add_group(VaultOptions::group()).unwrap();
    Arc::new(catalogue)
}

/// The log records of the test running on this thread, kept from its [`capture_logs`] on. Records
/// are kept per thread, so each test checks its own records whatever runs beside it or before it.
fn take_records() -> Vec<String> {
    RECORDS.with(|r| std::mem::take(&mut *r.borrow_mut()))
}

thread_local! {
    static RECORDS: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

struct CapturingLogger;

impl log::Log for CapturingLogger {
    fn enabled(&self, _: &log::Metadata<'_>) -> bool {
        true
    }

    fn log(&self, record: &log::Record<'_>) {
        let line = format!("{} {}: {}", record.level(), record.target(), record.args());
        RECORDS.with(|r| r.borrow_mut().push(line));
    }

    fn flush(&self) {}
}

/// Installs the logger (once per binary) and starts this thread's record afresh. Every test calls
/// it first; [`Outputs::assert_no_leak`] checks the records of the test.
fn capture_logs() {
    static INSTALLED: OnceLock<()> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        static LOGGER: CapturingLogger = CapturingLogger;
        log::set_logger(&LOGGER).unwrap();
        log::set_max_level(log::LevelFilter::Trace);
    });
    take_records();
}

/// Outputs that must not hold the canary, by what produced them; reports all leaks at once.
#[derive(Default)]
struct Outputs(Vec<(String, String)>);

impl Outputs {
    fn check(&mut self, what: &str, shown: impl Into<String>) {
        self.0.push((what.to_owned(), shown.into()));
    }

    fn debug_and_display<T: std::fmt::Debug + std::fmt::Display>(&mut self, what: &str, v: &T) {
        self.check(&format!("Debug of {what}"), format!("{v:?}"));
        self.check(&format!("Display of {what}"), format!("{v}"));
    }

    fn debug<T: std::fmt::Debug>(&mut self, what: &str, v: &T) {
        self.check(&format!("Debug of {what}"), format!("{v:?}"));
    }

    /// Checks every output, and every log record of this test so far.
    #[track_caller]
    fn assert_no_leak(mut self) {
        for record in take_records() {
            self.check("a log record", record);
        }
        assert!(self.0.len() > 3, "nothing was checked");
        let leaks: Vec<String> = self
            .0
            .iter()
            .filter(|(_, shown)| shown.contains(CANARY))
            .map(|(what, shown)| format!("{what}:\n{shown}"))
            .collect();
        assert!(
            leaks.is_empty(),
            "the secret leaked through:\n\n{}",
            leaks.join("\n\n")
        );
    }
}

/// For tests that check their outputs by hand: this test's log records hold no secret.
#[track_caller]
fn assert_no_logged_leak() {
    let records = take_records();
    let leaks: Vec<&String> = records.iter().filter(|r| r.contains(CANARY)).collect();
    assert!(
        leaks.is_empty(),
        "the secret leaked into the log: {leaks:?}"
    );
}

fn seal() -> Option<Secret<String>> {
    Some(Secret::new(CANARY.to_owned()))
}

#[test]
fn a_typed_set_never_shows_the_secret() {
    capture_logs();
    let mut out = Outputs::default();
    let mut config = Configuration::with_catalogue(catalogue());
    config.set(&VaultOptions::SEAL, seal()).unwrap();
    config.set(&VaultOptions::DB_PASSWORD, seal()).unwrap();
    let snapshot = VaultOptions::from_config(&config).unwrap();
    assert_eq!(snapshot.seal.as_ref().unwrap().expose(), CANARY);
    out.debug("the snapshot struct", &snapshot);
    out.debug("the configuration", &config);
    out.check("to_display_map", format!("{:?}", config.to_display_map()));
    for entry in config.iter() {
        out.debug("an entry", &entry);
        out.check("an entry's display value", entry.display_value());
    }
    out.assert_no_leak();
}

#[test]
fn set_str_and_its_errors_never_show_the_secret() {
    capture_logs();
    let mut out = Outputs::default();
    let mut config = Configuration::with_catalogue(catalogue());
    config.set_str("vault.seal", CANARY).unwrap();
    assert_eq!(config.get(&VaultOptions::SEAL).unwrap().expose(), CANARY);
    out.debug("the configuration", &config);
    for bad in [
        CANARY.to_owned(),
        format!("{CANARY}:a,{CANARY}:b"),
        format!("'{CANARY}"),
    ] {
        let e = config.set_str("vault.headers", &bad).unwrap_err();
        out.debug_and_display("a bad Map value", &e);
    }
    // The same key without a catalogue: masked because a catalogue declared it.
    let mut bare = Configuration::new();
    bare.set_str("vault.seal", CANARY).unwrap();
    out.debug("a configuration without a catalogue", &bare);
    let mut table = TableConfig::default();
    table.set_str("vault.seal", CANARY).unwrap();
    out.debug("a table config", &table);
    out.check(
        "a table config's display map",
        format!("{:?}", table.to_display_map()),
    );
    out.assert_no_leak();
}

#[test]
fn sources_of_a_layered_config_never_show_the_secret() {
    capture_logs();
    let mut out = Outputs::default();
    let yaml = format!("vault.seal: {CANARY}\nvault:\n  db-password: {CANARY}\n");
    let args = [
        format!("-Dvault.seal={CANARY}"),
        "-D".into(),
        format!("vault.db-password={CANARY}"),
    ];
    let env = [("FLINK_VAULT_SEAL", CANARY)];
    let builder = LayeredConfig::builder()
        .catalogue(catalogue())
        .config_yaml(yaml.clone(), "conf/config.yaml")
        .env(env)
        .args(&args);
    out.debug("the builder", &builder);
    let layered = builder.build().unwrap();
    assert_eq!(layered.resolved().get_str("vault.seal"), Some(CANARY));
    out.debug("the layered config", &layered);
    let explanation = layered.explain("vault.seal");
    out.debug_and_display("an explanation", &explanation);
    for setting in YamlReader::new(&yaml).settings().into_result().unwrap() {
        out.debug("a YAML setting", &setting);
    }
    for setting in options_flink::env::env_settings(env) {
        out.debug("an environment setting", &setting);
    }
    let load = load_config_yaml(
        &yaml,
        "config.yaml".as_ref(),
        &catalogue(),
        Strictness::Strict,
    );
    out.debug("a YAML load", &load.unwrap());
    out.assert_no_leak();
}

#[test]
fn bad_sources_around_the_secret_never_show_it() {
    capture_logs();
    let mut out = Outputs::default();
    let bad_yamls = [
        format!("vault.headers: {CANARY}\n"),
        format!("vault.seal: {CANARY}\nvault.seal: {CANARY}\n"),
        format!("vault:\n  seal: {CANARY}\nvault.seal: x\n"),
        format!("vault.seal: '{CANARY}\n"),
        format!("vault.seal: [{CANARY}\n"),
        format!("vault.seal: {{{CANARY}: [}}\n"),
        format!("vault.seal: *{CANARY}\n"),
        format!("vault.seal:\n  - {CANARY}\n  x: y\n"),
    ];
    for yaml in &bad_yamls {
        let errors = load_config_yaml(yaml, "c.yaml".as_ref(), &catalogue(), Strictness::Strict)
            .expect_err(yaml);
        out.debug_and_display(&format!("errors of {yaml:?}"), &errors);
        let built = LayeredConfig::builder()
            .catalogue(catalogue())
            .config_yaml(yaml.clone(), "c.yaml")
            .build();
        out.debug_and_display(&format!("build errors of {yaml:?}"), &built.unwrap_err());
    }
    let bad_args = [
        format!("-Dvault.headers={CANARY}"),
        "-D".into(),
        format!("vault.seal {CANARY}"),
    ];
    let built = LayeredConfig::builder()
        .catalogue(catalogue())
        .args(&bad_args)
        .build();
    out.debug_and_display("bad -D arguments", &built.unwrap_err());
    let built = LayeredConfig::builder()
        .catalogue(catalogue())
        .env([("FLINK_VAULT_HEADERS", CANARY)])
        .build();
    out.debug_and_display("a bad environment variable", &built.unwrap_err());
    out.assert_no_leak();
}

#[test]
fn statements_never_show_the_secret() {
    capture_logs();
    let mut out = Outputs::default();
    let settings = EnvironmentSettings::new().with_catalogue(catalogue());
    let mut env = TableEnvironment::create(settings);
    let inputs = [
        format!("SET 'vault.seal' = '{CANARY}';"),
        format!("SET 'vault.seal' '{CANARY}';"),
        format!("SET vault.seal = {CANARY};"),
        format!("SET 'vault.headers' = '{CANARY}';"),
        format!("SET 'vault.seal' = '{CANARY}' '{CANARY}';"),
        format!("SET 'vault.seal' = '{CANARY}"),
        format!("SET 'vault.seal = {CANARY}"),
        format!("SET 'vault.seal' = \"{CANARY}\";"),
        format!("SET 'vault.seal' = '{CANARY}'; SET 'vault.nope' = 'x'; BAD;"),
        "SET;".to_owned(),
        "SET 'vault.seal';".to_owned(),
        "SHOW OPTIONS;".to_owned(),
        "SHOW OPTIONS LIKE 'vault%';".to_owned(),
    ];
    for input in &inputs {
        let (rendered, _) = env.execute_to_string(input);
        out.check(&format!("the output of {input:?}"), rendered);
        for outcome in env.execute(input) {
            out.check(&format!("the outcome of {input:?}"), format!("{outcome:?}"));
            match outcome {
                Ok(result) => out.check("a result", result.to_string()),
                Err(e) => out.check("an error", e.error.to_string()),
            }
        }
        let is_sensitive = |key: &str| env.is_sensitive_key(key);
        out.check(
            "parsed statements",
            format!("{:?}", parse_statements(input, &is_sensitive)),
        );
    }
    assert_eq!(env.get(&VaultOptions::SEAL).unwrap().expose(), CANARY);
    out.debug("the environment", &env);
    out.debug("its table config", env.config());
    out.debug_and_display("an explanation", &env.config().explain("vault.seal"));
    out.assert_no_leak();
}

#[test]
fn the_startup_buffer_and_add_configuration_never_show_the_secret() {
    capture_logs();
    let mut out = Outputs::default();
    let startup = StartupConfig::with_catalogue(Some(catalogue()));
    startup.set("vault.seal", CANARY).unwrap();
    out.debug("the startup buffer", &startup);
    let e = startup.set("vault.headers", CANARY).unwrap_err();
    out.debug_and_display("a bad buffered value", &e);
    let table = startup.create_environment_config().unwrap();
    assert_eq!(table.get(&VaultOptions::SEAL).unwrap().expose(), CANARY);
    out.debug("the created table config", &table);
    out.debug("the buffer after creation", &startup);
    let e = startup.set("vault.seal", CANARY).unwrap_err();
    out.debug_and_display("a set after creation", &e);

    let mut added = Configuration::new();
    added.set_str("vault.seal", CANARY).unwrap();
    added.set_str("vault.headers", CANARY).unwrap();
    let mut table = TableConfig::default();
    let e = table.add_configuration(&added);
    out.check("add_configuration's result", format!("{e:?}"));
    out.debug("the table config", &table);
    out.assert_no_leak();
}

#[test]
fn a_legacy_file_and_its_migration_never_show_the_secret() {
    capture_logs();
    let mut out = Outputs::default();
    let legacy = format!(
        "vault.seal: {CANARY}\nvault.db-password: {CANARY}\nvault.headers: {CANARY}\nvault.seal {CANARY}\n  vault.seal: {CANARY}\nvault.seal: {CANARY}\n"
    );
    let errors = options_flink::legacy::load_flink_conf(
        &legacy,
        "flink-conf.yaml".as_ref(),
        &catalogue(),
        Strictness::Strict,
    )
    .unwrap_err();
    out.debug_and_display("errors of a legacy file", &errors);
    let good = format!("vault.seal: {CANARY}\nvault.seal {CANARY}\n# {CANARY} in a comment\n");
    let load = options_flink::legacy::load_flink_conf(
        &good,
        "flink-conf.yaml".as_ref(),
        &catalogue(),
        Strictness::Lenient,
    )
    .unwrap();
    out.debug("a legacy load", &load);
    let file = options_flink::legacy::parse_flink_conf(&good);
    out.debug("a parsed legacy file", &file);
    out.check("its settings", format!("{:?}", file.settings()));
    let builder = LayeredConfig::builder()
        .catalogue(legacy_catalogue())
        .flink_conf_yaml(good.clone(), "conf/flink-conf.yaml");
    out.debug("a builder with a legacy file", &builder);
    let layered = builder.build().unwrap();
    assert_eq!(layered.resolved().get_str("vault.seal"), Some(CANARY));
    out.debug("the layered config", &layered);
    out.debug_and_display("an explanation", &layered.explain("vault.seal"));
    let built = LayeredConfig::builder()
        .catalogue(legacy_catalogue())
        .flink_conf_yaml(legacy.clone(), "conf/flink-conf.yaml")
        .build();
    out.debug_and_display("build errors of a legacy file", &built.unwrap_err());

    let loaded = options_docs::source::Loaded::from_catalogue(catalogue());
    let migration = options_check::migrate::migrate(&loaded, &legacy, Default::default()).unwrap();
    assert!(
        migration.yaml.contains(CANARY),
        "the migrated file keeps the value"
    );
    out.debug("a migration", &migration);
    out.check(
        "a migration report",
        options_check::migrate::render_report(&migration, "flink-conf.yaml", Some("config.yaml")),
    );
    out.assert_no_leak();
}

#[test]
fn validate_reports_never_show_the_secret() {
    capture_logs();
    let mut out = Outputs::default();
    let loaded = options_docs::source::Loaded::from_catalogue(catalogue());
    for text in [
        format!("vault.headers: {CANARY}\nvault.seal: {CANARY}\n"),
        format!("vault.seal: {CANARY}\nvault.seal: {CANARY}\n"),
        format!("-Dvault.headers={CANARY}\n-Dvault.seal={CANARY}\n"),
    ] {
        let problems = options_check::validate::check_text(&loaded, &text);
        assert!(!problems.is_empty(), "{text}");
        out.check(
            "a validate report",
            options_check::report::text::render_findings("c.yaml", &problems),
        );
        out.check("validate problems", format!("{problems:?}"));
        let read = options_check::settings::read_settings(&text, &loaded);
        out.check("settings read for validate", format!("{read:?}"));
    }
    out.assert_no_leak();
}

#[test]
fn log_records_never_show_the_secret() {
    capture_logs();
    let mut out = Outputs::default();
    // A value the file's catalogue did not know (kept, unchecked) but another rejects is logged
    // when left out.
    let yaml = format!("vault.headers: {CANARY}\nvault.seal: {CANARY}\n");
    let builtin = options_flink::builtin::catalogue();
    let load = load_config_yaml(&yaml, "c.yaml".as_ref(), &builtin, Strictness::Lenient).unwrap();
    let config = load.to_configuration(Some(catalogue()));
    assert_eq!(config.get(&VaultOptions::SEAL).unwrap().expose(), CANARY);
    let records = take_records();
    assert!(
        records.iter().any(|r| r.contains("vault.headers")),
        "the rejected value is logged: {records:?}"
    );
    for record in records {
        out.check("a log record of a rejected value", record);
    }

    // A typed read of a secret whose stored text does not parse (kept unchecked by a
    // configuration without a catalogue) logs the error and falls back.
    let mut bare = Configuration::new();
    bare.set_str("vault.headers", CANARY).unwrap();
    bare.set_str("vault.seal", CANARY).unwrap();
    assert_eq!(bare.get(&VaultOptions::HEADERS), None);
    assert_eq!(bare.get_optional(&VaultOptions::HEADERS), None);
    let records = take_records();
    assert_eq!(
        records.len(),
        2,
        "both failed reads are logged: {records:?}"
    );
    assert!(
        records.iter().all(|r| r.starts_with("ERROR")),
        "{records:?}"
    );
    for record in records {
        out.check("a log record of a failed typed read", record);
    }
    out.check("padding", "so the check counts");
    out.assert_no_leak();
}

/// The secret as a valid Map value, `auth:<secret>`: stored, not rejected, by every entry point.
fn header() -> String {
    format!("auth:{CANARY}")
}

#[test]
fn a_valid_secret_map_never_shows_by_any_entry_point() {
    capture_logs();
    let mut out = Outputs::default();
    let expected = BTreeMap::from([("auth".to_owned(), CANARY.to_owned())]);

    // set_str
    let mut config = Configuration::with_catalogue(catalogue());
    config.set_str("vault.headers", &header()).unwrap();
    let stored = config.get(&VaultOptions::HEADERS).unwrap();
    assert_eq!(stored.expose(), &expected, "the map is stored");
    out.debug("a configuration holding the map", &config);
    out.debug("the typed map", &stored);
    out.check("to_display_map", format!("{:?}", config.to_display_map()));
    for entry in config.iter() {
        out.debug("an entry", &entry);
        out.check("an entry's display value", entry.display_value());
    }
    out.debug("the snapshot", &VaultOptions::from_config(&config).unwrap());
    let mut table = TableConfig::default();
    table.set_str("vault.headers", &header()).unwrap();
    out.debug("a table config", &table);
    out.check("its display map", format!("{:?}", table.to_display_map()));

    // YAML (a flow mapping and a block mapping), -D and the environment
    for yaml in [
        format!("vault.headers: {}\n", header()),
        format!("vault.headers: {{auth: {CANARY}}}\n"),
        format!("vault:\n  headers:\n    auth: {CANARY}\n"),
    ] {
        let layered = LayeredConfig::builder()
            .catalogue(catalogue())
            .config_yaml(yaml.clone(), "conf/config.yaml")
            .build()
            .unwrap();
        let read = layered.resolved().get(&VaultOptions::HEADERS).unwrap();
        assert_eq!(read.expose(), &expected, "{yaml}");
        out.debug("a layered config from YAML", &layered);
        out.debug_and_display("its explanation", &layered.explain("vault.headers"));
        let load = load_config_yaml(&yaml, "c.yaml".as_ref(), &catalogue(), Strictness::Strict);
        out.debug("a YAML load", &load.unwrap());
        out.debug(
            "YAML settings",
            &YamlReader::new(&yaml).settings().into_result().unwrap(),
        );
    }
    let args = [format!("-Dvault.headers={}", header())];
    let builder = LayeredConfig::builder().catalogue(catalogue()).args(&args);
    out.debug("a builder with -D", &builder);
    let layered = builder.build().unwrap();
    assert_eq!(
        layered
            .resolved()
            .get(&VaultOptions::HEADERS)
            .unwrap()
            .expose(),
        &expected
    );
    out.debug("a layered config from -D", &layered);
    out.debug_and_display("its explanation", &layered.explain("vault.headers"));
    let env_vars = [("FLINK_VAULT_HEADERS", header())];
    let layered = LayeredConfig::builder()
        .catalogue(catalogue())
        .env(env_vars.clone())
        .build()
        .unwrap();
    out.debug("a layered config from the environment", &layered);

    // SET, then every statement that shows values
    let settings = EnvironmentSettings::new().with_catalogue(catalogue());
    let mut env = TableEnvironment::create(settings);
    for input in [
        format!("SET 'vault.headers' = '{}';", header()),
        "SET;".to_owned(),
        "SET 'vault.headers';".to_owned(),
        "SHOW OPTIONS;".to_owned(),
        "SHOW OPTIONS LIKE 'vault.h%';".to_owned(),
    ] {
        let (rendered, ok) = env.execute_to_string(&input);
        assert!(ok, "{input}: {rendered}");
        out.check(&format!("the output of {input:?}"), rendered);
        let is_sensitive = |key: &str| env.is_sensitive_key(key);
        out.check(
            "parsed statements",
            format!("{:?}", parse_statements(&input, &is_sensitive)),
        );
    }
    assert_eq!(
        env.get(&VaultOptions::HEADERS).unwrap().expose(),
        &expected,
        "SET stored the map"
    );
    out.debug("the environment", &env);
    out.debug_and_display("an explanation", &env.config().explain("vault.headers"));

    // options-check: validate, migrate, and the migration's own types
    let loaded = options_docs::source::Loaded::from_catalogue(catalogue());
    let legacy = format!("vault.headers: {}\n", header());
    let migration = options_check::migrate::migrate(&loaded, &legacy, Default::default()).unwrap();
    assert!(migration.yaml.contains(CANARY), "{}", migration.yaml);
    out.debug("a migration", &migration);
    let option = loaded
        .doc
        .options()
        .find(|(_, o)| o.key == "vault.headers")
        .unwrap()
        .1;
    let value =
        options_docs::yaml::value::convert(&loaded, "vault.headers", option, &header()).unwrap();
    out.debug("a migrated value", &value);
    let entry = options_docs::yaml::emit::Entry {
        key: "vault.headers".to_owned(),
        value,
        comment: Some(format!(" was {CANARY}")),
        before: vec![options_docs::yaml::emit::Before::Comment(format!(
            " vault.headers: old:{CANARY}"
        ))],
    };
    out.debug("a migration entry", &entry);
    let read =
        options_check::settings::read_settings(&format!("vault.headers: {}\n", header()), &loaded);
    out.check("settings read for validate", format!("{read:?}"));
    out.assert_no_leak();
}

#[test]
fn files_read_from_disk_never_show_the_secret() {
    capture_logs();
    // `vault.seal` is secret by declaration only: a raw file is masked by the catalogues built.
    let _ = catalogue();
    let mut out = Outputs::default();
    let dir = tempfile::tempdir().unwrap();
    let text = format!(
        "vault.seal: {CANARY}\n# s3.secret-key: {CANARY}\n#vault.seal:{CANARY}\n  #  -Dvault.db-password={CANARY}\nvault.parallelism: 2 # vault.headers: auth:{CANARY}\n"
    );
    for name in ["flink-conf.yaml", "config.yaml"] {
        let path = dir.path().join(name);
        std::fs::write(&path, &text).unwrap();
        let file = options_flink::legacy::read_conf_file(&path, None).unwrap();
        assert_eq!(file.text, text, "the file was read");
        out.debug(&format!("a read {name}"), &file);
    }
    let file = options_flink::legacy::parse_flink_conf(&text);
    assert_eq!(file.settings().len(), 2, "{:?}", file.settings());
    out.debug("a parsed legacy file", &file);
    for line in &file.lines {
        out.debug("a legacy line", line);
    }
    let shown = format!("{file:?}");
    out.assert_no_leak();
    assert!(
        shown.contains("Comment(\" s3.secret-key: ******\")"),
        "a commented-out secret shows masked: {shown}"
    );
}

/// A commented-out secret whose value no setting of the file repeats: only the comment's own key
/// says it is secret, and that is enough.
#[test]
fn a_commented_out_secret_is_masked_by_its_own_key() {
    let text = "# s3.secret-key: first-hidden-value\n#security.ssl.keystore-password:second-hidden-value\n  #  -Dmy.db-password=third-hidden-value\nparallelism.default: 2\n";
    let file = options_flink::legacy::parse_flink_conf(text);
    let shown = format!("{file:?}");
    let lines: Vec<String> = file.lines.iter().map(|l| format!("{l:?}")).collect();
    for secret in [
        "first-hidden-value",
        "second-hidden-value",
        "third-hidden-value",
    ] {
        assert!(!shown.contains(secret), "{secret} in {shown}");
        assert!(
            lines.iter().all(|l| !l.contains(secret)),
            "{secret} in {lines:?}"
        );
    }
    assert!(shown.contains("s3.secret-key: ******"), "{shown}");
}

#[test]
fn a_misspelt_secret_key_never_shows_the_secret() {
    capture_logs();
    let mut out = Outputs::default();
    let settings = EnvironmentSettings::new().with_catalogue(catalogue());
    let mut env = TableEnvironment::create(settings);
    // A typo of a sensitive option, a typo of a secret word, and a built-in Map declared
    // sensitive for what its description says it carries (an authorization header).
    for input in [
        format!("SET 'vault.sael' = '{CANARY}';"),
        format!("SET 'vault.sael' '{CANARY}';"),
        format!("SET 'my.pasword' = '{CANARY}';"),
        format!("SET 'security.ssl.internal.keystore-pasword' = '{CANARY}';"),
        format!("SET 'user.artifacts.http-header' = 'Authorization:{CANARY}';"),
    ] {
        let (rendered, ok) = env.execute_to_string(&input);
        assert!(!ok, "{input} is rejected");
        out.check(&format!("the output of {input:?}"), rendered);
    }
    let (rendered, ok) = env.execute_to_string(&format!(
        "SET 'user.artifacts.http-headers' = 'Authorization:{CANARY}'; SET; SHOW OPTIONS LIKE 'user.artifacts%';"
    ));
    assert!(ok, "{rendered}");
    out.check("a built-in header map", rendered);

    // Kept as undeclared keys by a configuration: masked in Debug and the display map.
    let mut config = Configuration::with_catalogue(catalogue());
    config.set_str("vault.sael", CANARY).unwrap();
    config.set_str("my.secert", CANARY).unwrap();
    out.debug("a configuration with misspelt keys", &config);
    out.check("its display map", format!("{:?}", config.to_display_map()));
    let mut bare = Configuration::new();
    bare.set_str("my.tokn", CANARY).unwrap();
    out.debug("a configuration without a catalogue", &bare);
    // Lenient loading keeps them too.
    let yaml = format!("vault.sael: {CANARY}\nmy.pasword: {CANARY}\n");
    let layered = LayeredConfig::builder()
        .catalogue(catalogue())
        .config_yaml(yaml.clone(), "c.yaml")
        .build()
        .unwrap();
    out.debug("a layered config", &layered);
    out.debug_and_display("an explanation", &layered.explain("vault.sael"));
    out.debug(
        "YAML settings",
        &YamlReader::new(&yaml).settings().into_result().unwrap(),
    );
    out.assert_no_leak();
}

/// Leak 1 of issue 16: the builder printed the YAML text and the `-D` arguments.
#[test]
fn regression_builder_debug_printed_yaml_text_and_arguments() {
    capture_logs();
    let builder = LayeredConfig::builder()
        .config_yaml(format!("db.password: {CANARY}\n"), "config.yaml")
        .args([
            format!("-Dvault.seal={CANARY}"),
            format!("-Ddb.password={CANARY}"),
        ]);
    let _ = catalogue();
    let shown = format!("{builder:?}");
    assert!(!shown.contains(CANARY), "{shown}");
    assert!(shown.contains("-Dvault.seal=******"), "{shown}");
    assert_no_logged_leak();
}

/// Leak 2 of issue 16: settings masked only keys holding a secret word, not options a catalogue
/// declares `sensitive`.
#[test]
fn regression_settings_debug_masks_keys_declared_sensitive() {
    capture_logs();
    let _ = catalogue();
    let yaml = YamlReader::new(&format!("vault.seal: {CANARY}\n"))
        .settings()
        .into_result()
        .unwrap();
    let env = options_flink::env::env_settings([("FLINK_VAULT_SEAL", CANARY)]);
    let shown = format!("{yaml:?} {env:?}");
    assert!(!shown.contains(CANARY), "{shown}");
    assert_eq!(shown.matches("******").count(), 2, "{shown}");
    assert_no_logged_leak();
}

/// Leak 3 of issue 16: a snapshot's `sensitive` field printed the secret through the user's own
/// `#[derive(Debug)]`; the field is now a `Secret`, and `sensitive` on a plain `String` does not
/// compile (tests/ui/sensitive-plain-string.rs).
#[test]
fn regression_snapshot_debug_masks_the_sensitive_field() {
    capture_logs();
    let mut config = Configuration::new();
    config.set(&VaultOptions::SEAL, seal()).unwrap();
    let snapshot = VaultOptions::from_config(&config).unwrap();
    assert_eq!(
        format!("{:?}", snapshot.seal),
        "Some(******)",
        "the field prints masked"
    );
    assert!(!format!("{snapshot:?}").contains(CANARY));
    assert_eq!(snapshot.seal.unwrap().expose(), CANARY);
    assert_no_logged_leak();
}
