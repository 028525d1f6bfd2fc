//! Command-line arguments: mode, `-D key=value` settings, extra catalogs and databases.

use std::path::PathBuf;

use std::sync::Arc;

use options_core::layers::{parse_arguments, LayeredConfig, Strictness};
use options_core::KeyStatus;
use options_core::{Catalogue, Source};
use options_flink::legacy::FlinkSources;
use options_flink::session::{EnvironmentSettings, TableEnvironment};
use options_flink::startup;
use options_flink::startup::StartupConfig;

/// Usage text for `--help` and argument errors.
pub const USAGE: &str = "\
Usage: options-shell [OPTIONS]

Runs SET / RESET / USE / SHOW OPTIONS statements. Interactive on a terminal (Tab completes keys,
long results go through $PAGER or less, Ctrl-D exits); otherwise reads statements from standard
input, prints their results whole and exits with 1 when any statement failed.

Options:
  -D key=value              start with this setting (startup-only options too), buffered like
                            values set before an environment exists
      --config PATH         start from this config.yaml, legacy flink-conf.yaml or conf
                            directory (below -D settings)
      --strict              unknown keys in --config and -D are errors (default: warnings,
                            as Flink passes them through to plugins)
      --release V           answer for this release of the engine (Flink 1.19 ... 2.3, the
                            operator 1.10 ... 1.15; a patch spelling such as 2.0.1 means 2.0):
                            its options, types and defaults (default: the newest)
      --engine NAME         the built-in catalogue to run against: flink (default) or operator
                            (the Flink Kubernetes Operator's options)
      --batch               run in batch mode (default: streaming; Flink's option)
      --streaming           run in streaming mode
      --catalogue FILE      the options of another engine, from the catalogue.json its docs
                            export (default: the built-in catalogue of --engine)
      --sql-catalog NAME[:DB]
                            register a SQL catalog with its default database (default:
                            \"default\")
      --database CAT.DB     register a database in a SQL catalog
      --script              read statements from standard input even on a terminal
  -h, --help                print this help

Environment variables set options too, named by the catalogue's engine (Flink's:
FLINK_PARALLELISM_DEFAULT=4, a '.' is '_', a '-' is '__'; DataFusion's:
DATAFUSION_EXECUTION_BATCH_SIZE=1024), above --config and below -D.
";

/// A built-in catalogue the shell runs against (`--engine`): the checker's registry of engines,
/// so `--engine` and `--release` read as every front end reads them.
pub use options_check::registry::BuiltIn;

/// Parsed arguments.
#[derive(Debug, Default)]
pub struct Args {
    /// The `-D` arguments as given, in order (`-Dkey=value`, or `-D` followed by `key=value`):
    /// the runtime's loader parses them, so the shell reads `-D` exactly as every other
    /// entry point does.
    pub settings: Vec<String>,
    /// A `config.yaml`, a legacy `flink-conf.yaml` or a conf directory to load.
    pub config_file: Option<PathBuf>,
    /// A `catalogue.json` whose options the session knows instead of the built-in ones.
    pub catalogue_file: Option<PathBuf>,
    /// Batch mode.
    pub batch: bool,
    /// Catalogs to register: name and default database.
    pub catalogs: Vec<(String, String)>,
    /// Databases to register: catalog and name.
    pub databases: Vec<(String, String)>,
    /// Read statements from stdin even on a terminal.
    pub script: bool,
    /// Unknown keys in the config file and `-D` settings are errors, not warnings.
    pub strict: bool,
    /// The built-in catalogue (`--engine`).
    pub engine: BuiltIn,
    /// The release of that engine to answer for (`None`: the newest).
    pub release: Option<options_core::Release>,
    /// Print help.
    pub help: bool,
}

/// Parses the arguments (without the program name).
pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Args, String> {
    let mut out = Args::default();
    // Read once every flag is: `--engine` says which releases `--release` names.
    let mut release = None;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "-h" | "--help" => out.help = true,
            "--batch" => out.batch = true,
            "--streaming" => out.batch = false,
            "--script" => out.script = true,
            "--strict" => out.strict = true,
            "-D" => {
                let pair = value("-D")?;
                out.settings.extend(["-D".to_owned(), pair]);
            }
            "--config" => out.config_file = Some(PathBuf::from(value("--config")?)),
            "--release" => release = Some(value("--release")?),
            "--engine" => {
                out.engine = BuiltIn::parse(&value("--engine")?).map_err(|e| {
                    format!("--{e}; --catalogue FILE reads another engine's catalogue.json")
                })?
            }
            "--catalogue" => out.catalogue_file = Some(PathBuf::from(value("--catalogue")?)),
            "--sql-catalog" => {
                let v = value("--sql-catalog")?;
                if v.ends_with(".json") {
                    return Err(format!(
                        "--sql-catalog registers a SQL catalog; \"{v}\" names a file: \
                         --catalogue {v} reads the options of a catalogue.json"
                    ));
                }
                let (name, db) = v.split_once(':').unwrap_or((&v, "default"));
                out.catalogs.push((name.to_owned(), db.to_owned()));
            }
            // One letter from `--catalogue`, and it once meant either: whatever follows it, say
            // which of the two flags is meant rather than guess.
            "--catalog" => {
                let v = value("--catalog")?;
                return Err(format!(
                    "--catalog is not an option: --catalogue {v} reads the options of a \
                     catalogue.json, --sql-catalog {v} registers a SQL catalog"
                ));
            }
            "--database" => {
                let v = value("--database")?;
                let (catalog, db) = v
                    .split_once('.')
                    .ok_or_else(|| format!("--database needs CATALOG.DATABASE, got \"{v}\""))?;
                out.databases.push((catalog.to_owned(), db.to_owned()));
            }
            other if other.starts_with("-D") => out.settings.push(arg),
            other => return Err(format!("unknown argument \"{other}\"")),
        }
    }
    if let Some(v) = release {
        out.release = Some(
            out.engine
                .releases()
                .release(&v)
                .map_err(|e| format!("--release: {e}"))?,
        );
    }
    if out.engine != BuiltIn::Flink && out.catalogue_file.is_some() {
        return Err(
            "--engine chooses a built-in catalogue; --catalogue FILE reads another one: give one of the two"
                .to_owned(),
        );
    }
    Ok(out)
}

impl Args {
    /// The environment these arguments describe, and the warnings loading it gave (unknown keys
    /// kept, deprecated keys; never a value). The `-D` settings go through the process-wide
    /// startup buffer ([`startup::config()`]), as values a program buffers before its environment
    /// exists do: they are applied when the environment is created, startup-only options too,
    /// and listings name them as `-D`.
    pub fn environment(&self) -> Result<(TableEnvironment, Vec<String>), String> {
        let catalogue = self.catalogue()?;
        // Unknown keys are warnings, as Flink passes them through (file-system plugins bring keys
        // of their own); `--strict` makes them errors. `SET` checks keys strictly either way.
        let strictness = if self.strict {
            Strictness::Strict
        } else {
            Strictness::Lenient
        };
        let mut root = LayeredConfig::builder()
            .catalogue(catalogue.clone())
            .strictness(strictness);
        if let Some(path) = &self.config_file {
            root = root.config_file(path);
        }
        // The engine's variables (`FLINK_*` for the built-in catalogue) sit between the file and
        // `-D`, as in every entry point.
        let root = root.process_env();
        let root = root.build().map_err(|e| e.to_string())?;
        let mut warnings: Vec<String> = root.notices().iter().map(ToString::to_string).collect();
        // The process-wide buffer knows the built-in options of the newest release; another
        // release or catalogue buffers in one of its own, validating `-D` as it does.
        let own_buffer;
        let buffer = if self.catalogue_file.is_some()
            || self.release.is_some()
            || self.engine != BuiltIn::Flink
        {
            own_buffer = StartupConfig::with_catalogue(Some(catalogue.clone()));
            &own_buffer
        } else {
            startup::config()
        };
        for setting in parse_arguments(&self.settings) {
            let (key, value) =
                setting.map_err(|arg| format!("-D needs key=value, got \"{arg}\""))?;
            let error = || {
                format!(
                    "command-line argument: {}",
                    catalogue.unknown_key_error(key)
                )
            };
            match catalogue.classify(key) {
                KeyStatus::EmptyPlaceholder { .. } | KeyStatus::Absent(_) => return Err(error()),
                KeyStatus::Unknown { .. } if self.strict => return Err(error()),
                KeyStatus::Unknown { .. } => warnings.push(format!("{} (kept)", error())),
                _ => {}
            }
            buffer
                .set_with_source(key, value, Source::Argument)
                .map_err(|e| format!("command-line argument: {e}"))?;
        }
        let mut settings = EnvironmentSettings::new()
            .with_root(root)
            .with_catalogue(catalogue.clone());
        if self.batch && catalogue.resolve("execution.runtime-mode").is_none() {
            return Err(format!(
                "--batch sets Flink's execution.runtime-mode, which {} does not declare",
                catalogue.engine().name
            ));
        }
        if self.batch {
            settings = settings.in_batch_mode();
        }
        let mut env = buffer
            .create_table_environment(settings)
            .map_err(|e| e.to_string())?;
        for (name, db) in &self.catalogs {
            env.register_catalog(name, db)
                .map_err(|e| format!("--sql-catalog {name}: {e}"))?;
        }
        for (catalog, db) in &self.databases {
            env.register_database(catalog, db)
                .map_err(|e| format!("--database {catalog}.{db}: {e}"))?;
        }
        Ok((env, warnings))
    }

    /// The catalogue of `--catalogue FILE` (read with options-docs' reader of the format options-docs
    /// writes), else the built-in one of `--engine`.
    fn catalogue(&self) -> Result<Arc<Catalogue>, String> {
        let Some(path) = &self.catalogue_file else {
            let release = self
                .release
                .unwrap_or_else(|| self.engine.releases().newest());
            return Ok(self.engine.catalogue(release));
        };
        if self.release.is_some() {
            return Err(
                "--release chooses a release of the built-in catalogue; a --catalogue file documents one release of its own"
                    .to_owned(),
            );
        }
        let loaded = options_docs::source::Loaded::from_json_file(path).map_err(|e| {
            // `--catalogue mycat` where a SQL catalog was meant: no such file, and no file name.
            if !path.exists() && path.extension().is_none() {
                format!(
                    "{e} (--catalogue reads a catalogue.json; --sql-catalog {} registers a SQL catalog)",
                    path.display()
                )
            } else {
                e.to_string()
            }
        })?;
        options_docs::runtime::runtime_catalogue(&loaded.doc)
            .map(Arc::new)
            .map_err(|e| format!("{}: {e}", path.display()))
    }
}
