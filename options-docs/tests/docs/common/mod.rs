//! A small fixed catalogue that exercises every rendering rule, shared by the docs tests (and, through a path, the CLI's).
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use options_core::engine::{Engine, EnvRule, SetForms, SqlSet, ValueSpelling};
use options_core::{
    Catalogue, DefaultDoc, GroupMeta, MemorySize, OptionKey, OptionMeta, Scope, TypeInfo,
};
use options_core::{ChangeClass, Reach};

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
    releases: None,
};

/// An option whose documented type differs from its parser (the fixture only needs the docs).
const fn typed(mut meta: OptionMeta, value_type: TypeInfo) -> OptionMeta {
    meta.value_type = value_type;
    meta
}

/// `meta` with the facts most options here set: a documented default, a scope, a description.
const fn described(
    mut meta: OptionMeta,
    default: DefaultDoc,
    scope: Scope,
    description: &'static str,
) -> OptionMeta {
    meta.default = default;
    meta.scope = scope;
    meta.description = description;
    meta
}

const EXECUTION: &[OptionMeta] = &[
    described(
        OptionMeta::new::<bool>("table.exec.mini-batch.enabled"),
        DefaultDoc::Value("false"),
        Scope::Streaming,
        "Buffers input records to reduce state access.\n\nWhen enabled, also set `table.exec.mini-batch.allow-latency` and\n`table.exec.mini-batch.size`.",
    ),
    described(
        OptionMeta::new::<Duration>("table.exec.mini-batch.allow-latency"),
        DefaultDoc::Value("0 ms"),
        Scope::Streaming,
        "The longest time mini-batch buffers a record before it is processed.",
    ),
    described(
        OptionMeta::new::<Duration>("table.exec.async-lookup.timeout"),
        DefaultDoc::Value("3 min"),
        Scope::Both,
        "How long an async lookup may take before it fails.",
    ),
    described(
        OptionMeta::new::<MemorySize>("table.exec.spill-compression.block-size"),
        DefaultDoc::Value("64 kb"),
        Scope::Batch,
        "Block size used when compressing spilled data. Values look like `a | b` in\nsome shells; the pipe must not break a table.",
    ),
    {
        let mut m = described(
            OptionMeta::new::<i32>("table.exec.resource.default-parallelism"),
            DefaultDoc::Value("-1"),
            Scope::Both,
            "Default parallelism of every operator; `-1` uses the environment's.\n\nThe description may mention <script>alert(1)</script>, which shows as text.",
        );
        m.deprecated_keys = &[OptionKey::new("table.exec.default-parallelism")];
        m.since = Some("1.10");
        m
    },
    {
        let mut m = described(
            typed(
                OptionMeta::new::<String>("table.exec.shuffle-mode"),
                TypeInfo::enumeration(&["ALL_EDGES_BLOCKING", "ALL_EDGES_PIPELINED"]),
            ),
            DefaultDoc::Value("ALL_EDGES_BLOCKING"),
            Scope::Batch,
            "How data is exchanged between operators:\n- `ALL_EDGES_BLOCKING`: stage by stage\n- `ALL_EDGES_PIPELINED`: all at once",
        );
        // Deprecated without a version or a replacement, as a hand-built catalogue may be.
        m.deprecated = true;
        m
    },
    {
        let mut m = described(
            OptionMeta::new::<Option<String>>("table.exec.disabled-operators"),
            DefaultDoc::None,
            Scope::Batch,
            "Comma-separated operator names to disable, for testing.",
        );
        m.fallback_keys = &[OptionKey::new("table.exec.disabled-operators.legacy")];
        m
    },
    {
        let mut m = described(
            OptionMeta::new::<String>("table.exec.internal.debug-name"),
            DefaultDoc::Value("x"),
            Scope::None,
            "Not documented.",
        );
        m.hidden = true;
        m
    },
];

/// A change class of the fixture's engine: read when a worker starts.
pub const WORKER_START: ChangeClass = ChangeClass {
    id: "worker-start",
    label: "worker start",
    summary: "Read when a Python worker starts.",
    reach: Reach::Restart,
};

const PYTHON: &[OptionMeta] = &[
    {
        let mut m = described(
            OptionMeta::new::<String>("python.executable"),
            DefaultDoc::Value("python"),
            Scope::None,
            "The Python interpreter that runs user functions.",
        );
        m.startup_only = true;
        m.change_class = Some(&WORKER_START);
        m
    },
    {
        let mut m = described(
            OptionMeta::new::<String>("python.client.auth-token"),
            DefaultDoc::None,
            Scope::None,
            "Token sent to the Python client.",
        );
        m.sensitive = true;
        m
    },
    described(
        OptionMeta::new::<Vec<String>>("python.archives"),
        DefaultDoc::Value("a.zip;b.zip"),
        Scope::None,
        "Archives shipped to the workers.",
    ),
    described(
        OptionMeta::new::<String>("python.tmp-dir"),
        DefaultDoc::Override("the system temporary directory"),
        Scope::None,
        "Where Python workers write temporary files.",
    ),
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
