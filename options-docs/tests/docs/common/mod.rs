//! A small fixed catalogue that exercises every rendering rule, shared by the docs tests (and, through a path, the CLI's).
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use options_core::engine::{Engine, EnvRule, SetForms, SqlSet, ValueSpelling};
use options_core::{
    Catalogue, DefaultDoc, GroupMeta, MemorySize, OptionKey, OptionMeta, Scope, TypeInfo,
};

/// A few of Flink's options, so the fixture's engine spells things as Flink's does (this crate
/// cannot depend on `options-flink`): every way to set an option, `FLINK_` variables.
const ENGINE: Engine = Engine {
    name: "Apache Flink",
    site_title: "Configuration Reference",
    search_example: "mini-batch",
    env: EnvRule::prefixed_names("FLINK_", "__", &["FLINK_HOME"], &["FLINK_ENV_"]),
    values: ValueSpelling {
        no_value: "(none)",
        quote_strings: true,
    },
    set: SetForms {
        sql: SqlSet::Quoted,
        config_file: Some("config.yaml"),
        argument: Some("-D"),
    },
};

/// An option whose documented type differs from its parser (the fixture only needs the docs).
const fn typed(mut meta: OptionMeta, value_type: TypeInfo) -> OptionMeta {
    meta.value_type = value_type;
    meta
}

const EXECUTION: &[OptionMeta] = &[
    OptionMeta::new::<bool>("table.exec.mini-batch.enabled")
        .default_doc(DefaultDoc::Value("false"))
        .scope(Scope::Streaming)
        .description("Buffers input records to reduce state access.\n\nWhen enabled, also set `table.exec.mini-batch.allow-latency` and\n`table.exec.mini-batch.size`."),
    OptionMeta::new::<Duration>("table.exec.mini-batch.allow-latency")
        .default_doc(DefaultDoc::Value("0 ms"))
        .scope(Scope::Streaming)
        .description("The longest time mini-batch buffers a record before it is processed."),
    OptionMeta::new::<Duration>("table.exec.async-lookup.timeout")
        .default_doc(DefaultDoc::Value("3 min"))
        .scope(Scope::Both)
        .description("How long an async lookup may take before it fails."),
    OptionMeta::new::<MemorySize>("table.exec.spill-compression.block-size")
        .default_doc(DefaultDoc::Value("64 kb"))
        .scope(Scope::Batch)
        .description("Block size used when compressing spilled data. Values look like `a | b` in\nsome shells; the pipe must not break a table."),
    OptionMeta::new::<i32>("table.exec.resource.default-parallelism")
        .default_doc(DefaultDoc::Value("-1"))
        .scope(Scope::Both)
        .deprecated_keys(&[OptionKey::new("table.exec.default-parallelism")])
        .since("1.10")
        .description("Default parallelism of every operator; `-1` uses the environment's.\n\nThe description may mention <script>alert(1)</script>, which shows as text."),
    typed(
        OptionMeta::new::<String>("table.exec.shuffle-mode"),
        TypeInfo::enumeration(&["ALL_EDGES_BLOCKING", "ALL_EDGES_PIPELINED"]),
    )
    .default_doc(DefaultDoc::Value("ALL_EDGES_BLOCKING"))
    .scope(Scope::Batch)
    .deprecated()
    .description("How data is exchanged between operators:\n- `ALL_EDGES_BLOCKING`: stage by stage\n- `ALL_EDGES_PIPELINED`: all at once"),
    OptionMeta::new::<Option<String>>("table.exec.disabled-operators")
        .scope(Scope::Batch)
        .fallback_keys(&[OptionKey::new("table.exec.disabled-operators.legacy")])
        .description("Comma-separated operator names to disable, for testing."),
    OptionMeta::new::<String>("table.exec.internal.debug-name")
        .default_doc(DefaultDoc::Value("x"))
        .hidden()
        .description("Not documented."),
];

const PYTHON: &[OptionMeta] = &[
    OptionMeta::new::<String>("python.executable")
        .default_doc(DefaultDoc::Value("python"))
        .startup_only()
        .description("The Python interpreter that runs user functions."),
    OptionMeta::new::<String>("python.client.auth-token")
        .sensitive()
        .description("Token sent to the Python client."),
    OptionMeta::new::<Vec<String>>("python.archives")
        .default_doc(DefaultDoc::Value("a.zip;b.zip"))
        .description("Archives shipped to the workers."),
    OptionMeta::new::<String>("python.tmp-dir")
        .default_doc(DefaultDoc::Override("the system temporary directory"))
        .description("Where Python workers write temporary files."),
];

static EXECUTION_GROUP: GroupMeta = GroupMeta {
    id: "execution",
    title: "Execution Options",
    description: "Options that tune how queries execute.",
    family: "Table & SQL",
    options: EXECUTION,
    releases: None,
};

static PYTHON_GROUP: GroupMeta = GroupMeta {
    id: "python",
    title: "Python Options",
    description: "",
    family: "",
    options: PYTHON,
    releases: None,
};

/// The fixture catalogue: an `execution` and a `python` section.
pub fn catalogue() -> Arc<Catalogue> {
    let mut catalogue = Catalogue::new().with_engine(ENGINE);
    catalogue.add_group(&EXECUTION_GROUP).unwrap();
    catalogue.add_group(&PYTHON_GROUP).unwrap();
    Arc::new(catalogue)
}

/// The fixture's model.
pub fn doc() -> options_docs::CatalogueDoc {
    options_docs::CatalogueDoc::from_catalogue(&catalogue())
}

/// The fixture rendered with the built-in templates.
pub fn files() -> options_docs::Files {
    options_docs::render(&doc(), &options_docs::Templates::builtin().unwrap()).unwrap()
}

/// The fixture's `catalogue.json` written to a file in `dir`.
pub fn write_catalogue(dir: &Path) -> PathBuf {
    let path = dir.join("fixture.json");
    std::fs::write(&path, &files()[Path::new("catalogue.json")]).unwrap();
    path
}
