//! Command-line arguments: mode, `-D key=value` settings, extra catalogs and databases.

use std::path::PathBuf;

use options_core::catalogue::KeyStatus;
use options_core::layers::{LayeredConfig, Strictness};
use options_core::session::{EnvironmentSettings, TableEnvironment};
use options_core::{startup, Source};

/// Usage text for `--help` and argument errors.
pub const USAGE: &str = "\
Usage: options-shell [OPTIONS]

Runs SET / RESET / USE / SHOW OPTIONS statements. Interactive on a terminal (Tab completes keys,
long results go through $PAGER or less, Ctrl-D exits); otherwise reads statements from standard
input, prints their results whole and exits with 1 when any statement failed.

Options:
  -D key=value              start with this setting (startup-only options too), buffered like
                            values set before an environment exists
      --config FILE         start from this config.yaml (below -D settings)
      --batch               run in batch mode (default: streaming)
      --streaming           run in streaming mode
      --catalog NAME[:DB]   register a catalog with its default database (default: \"default\")
      --database CAT.DB     register a database in a catalog
      --script              read statements from standard input even on a terminal
  -h, --help                print this help
";

/// Parsed arguments.
#[derive(Debug, Default)]
pub struct Args {
    /// `-D` settings, in order.
    pub settings: Vec<(String, String)>,
    /// A `config.yaml` to load.
    pub config_file: Option<PathBuf>,
    /// Batch mode.
    pub batch: bool,
    /// Catalogs to register: name and default database.
    pub catalogs: Vec<(String, String)>,
    /// Databases to register: catalog and name.
    pub databases: Vec<(String, String)>,
    /// Read statements from stdin even on a terminal.
    pub script: bool,
    /// Print help.
    pub help: bool,
}

/// Parses the arguments (without the program name).
pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Args, String> {
    let mut out = Args::default();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "-h" | "--help" => out.help = true,
            "--batch" => out.batch = true,
            "--streaming" => out.batch = false,
            "--script" => out.script = true,
            "-D" => out.settings.push(setting(&value("-D")?)?),
            "--config" => out.config_file = Some(PathBuf::from(value("--config")?)),
            "--catalog" => {
                let v = value("--catalog")?;
                let (name, db) = v.split_once(':').unwrap_or((&v, "default"));
                out.catalogs.push((name.to_owned(), db.to_owned()));
            }
            "--database" => {
                let v = value("--database")?;
                let (catalog, db) = v
                    .split_once('.')
                    .ok_or_else(|| format!("--database needs CATALOG.DATABASE, got \"{v}\""))?;
                out.databases.push((catalog.to_owned(), db.to_owned()));
            }
            other if other.starts_with("-D") => out.settings.push(setting(&other[2..])?),
            other => return Err(format!("unknown argument \"{other}\"")),
        }
    }
    Ok(out)
}

fn setting(text: &str) -> Result<(String, String), String> {
    text.split_once('=')
        .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
        .filter(|(k, _)| !k.is_empty())
        .ok_or_else(|| format!("-D needs key=value, got \"{text}\""))
}

impl Args {
    /// The environment these arguments describe. The `-D` settings go through the process-wide
    /// startup buffer ([`startup::config()`]), as values a program buffers before its environment
    /// exists do: they are applied when the environment is created, startup-only options too,
    /// and listings name them as `-D`.
    pub fn environment(&self) -> Result<TableEnvironment, String> {
        let catalogue = options_core::builtin::catalogue();
        // Unknown keys are typos here too: load strictly.
        let mut root = LayeredConfig::builder()
            .catalogue(catalogue.clone())
            .strictness(Strictness::Strict);
        if let Some(path) = &self.config_file {
            root = root.config_yaml_file(path);
        }
        let root = root.build().map_err(|e| e.to_string())?;
        let buffer = startup::config();
        for (key, value) in &self.settings {
            if let KeyStatus::Unknown { .. } = catalogue.classify(key) {
                return Err(format!(
                    "command-line argument: {}",
                    catalogue.unknown_key_error(key)
                ));
            }
            buffer
                .set_with_source(key, value, Source::Argument)
                .map_err(|e| format!("command-line argument: {e}"))?;
        }
        let mut settings = EnvironmentSettings::new().with_root(root);
        if self.batch {
            settings = settings.in_batch_mode();
        }
        let mut env = buffer
            .create_table_environment(settings)
            .map_err(|e| e.to_string())?;
        for (name, db) in &self.catalogs {
            env.register_catalog(name, db)
                .map_err(|e| format!("--catalog {name}: {e}"))?;
        }
        for (catalog, db) in &self.databases {
            env.register_database(catalog, db)
                .map_err(|e| format!("--database {catalog}.{db}: {e}"))?;
        }
        Ok(env)
    }
}
