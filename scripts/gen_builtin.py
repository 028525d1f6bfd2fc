#!/usr/bin/env python3
"""Writes the generated built-in option groups under options-core/src/builtin/ from
tests/data/flink-1.19-all-options.tsv (facts) and scripts/builtin-descriptions/*.txt (this
project's own descriptions).

Usage: python3 scripts/gen_builtin.py && cargo fmt --all

(It writes unformatted Rust; `cargo fmt` makes the files byte-identical to the committed ones, so
`git diff` after both commands shows exactly what a description or fact change did.)

Only keys that no hand-written module declares are generated. A section is written only when every
one of its options has a description; otherwise it is skipped and its keys stay listed as `missing`
in tests/data/flink-differences.tsv. The generated files are ordinary Rust and may be edited by
hand afterwards; rerunning the script overwrites them, so change descriptions in the .txt files.
"""
import csv
import os
import re
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TSV = os.path.join(ROOT, "tests/data/flink-1.19-all-options.tsv")
DESC_DIR = os.path.join(ROOT, "scripts/builtin-descriptions")
BUILTIN = os.path.join(ROOT, "options-core/src/builtin")

# Hand-written modules (not generated): their keys are never generated again.
HAND_WRITTEN = ["table.rs", "execution.rs", "optimizer.rs", "python.rs", "sql.rs", "runtime.rs",
                "reporters.rs", "external_resources.rs", "passthrough.rs"]

# section id -> (module path under builtin/, struct, title, strip prefixes, summary)
SECTIONS = {}

# Rules Flink states for values (ports are TCP ports; a TaskManager offers at least one slot).
PORT = "min = 0, max = 65535"
CONSTRAINTS = {
    "rest.port": PORT,
    "historyserver.web.port": PORT,
    "taskmanager.data.port": PORT,
    "jobmanager.rpc.port": PORT,
    "jobmanager.rpc.bind-port": PORT,
    "taskmanager.rpc.bind-port": PORT,
    "resourcemanager.rpc.port": PORT,
    "taskmanager.collect-sink.port": PORT,
    "taskmanager.numberOfTaskSlots": "min = 1",
}

# Options whose values are secrets although their keys hold no secret word (a key with "password"
# is sensitive by its name). Every built-in description that mentions credentials, tokens,
# passwords, keys or headers was read for this list; options that only name a secret (a keytab
# path, a principal, a Kubernetes secret's name, a certificate fingerprint) are not secrets
# themselves. options-core/tests/builtin_sensitive.rs pins the resulting set.
SENSITIVE = {
    # Download headers: the description names an authorization header as their use.
    "user.artifacts.http-headers",
}


def is_sensitive(key):
    return "password" in key or key in SENSITIVE


# The site's navigation groups sections into families (one menu each).
FAMILIES = {'core': 'Core & pipeline', 'pipeline': 'Core & pipeline', 'checkpointing': 'Checkpoints & state', 'state-backend': 'Checkpoints & state', 'rocksdb': 'Checkpoints & state', 'rocksdb-metrics': 'Checkpoints & state', 'changelog': 'Checkpoints & state', 'queryable-state': 'Checkpoints & state', 'cluster': 'Cluster', 'jobmanager': 'Cluster', 'taskmanager': 'Cluster', 'resource-manager': 'Cluster', 'scheduler': 'Cluster', 'fault-tolerance': 'Cluster', 'rpc': 'Cluster', 'blob-server': 'Cluster', 'high-availability': 'Cluster', 'jobmanager-memory': 'Memory', 'taskmanager-memory': 'Memory', 'network': 'Network', 'network-netty': 'Network', 'deployment': 'Deployment', 'jvm-logging': 'Deployment', 'kubernetes': 'Deployment', 'yarn': 'Deployment', 'security': 'Security', 'ssl': 'Security', 'metrics': 'Observability', 'rest': 'Observability', 'web-ui': 'Observability', 'history-server': 'Observability', 'sql-client': 'Table & SQL'}


def section(sid, module, struct, title, strip, summary):
    SECTIONS[sid] = dict(module=module, struct=struct, title=title, strip=strip, summary=summary)


section("core", "core.rs", "CoreOptions", "Core Options", ["classloader.", ""],
        "Options every Flink process reads: default parallelism, class loading, file systems and temporary directories.")

section("pipeline", "pipeline.rs", "PipelineOptions", "Pipeline Options", ["pipeline.", "execution."],
        "How a job's pipeline is built: names, ids, chaining, serialization, watermarks and the files it ships.")
section("checkpointing", "checkpointing.rs", "CheckpointingOptions", "Checkpointing Options",
        ["execution.checkpointing.", "execution.", "state."],
        "When and how checkpoints and savepoints are taken, where they are stored and how many are kept.")
section("state-backend", "state/backend.rs", "StateBackendOptions", "State Backend Options",
        ["state.backend.", "state."],
        "Which state backend keeps keyed state, local recovery, and latency tracking of state access.")
section("rocksdb", "state/rocksdb.rs", "RocksDbOptions", "RocksDB State Backend Options",
        ["state.backend.rocksdb."],
        "Tuning of the embedded RocksDB state backend: memory, compaction, files, threads and logging.")
section("rocksdb-metrics", "state/rocksdb_metrics.rs", "RocksDbMetricsOptions", "RocksDB Native Metrics Options",
        ["state.backend.rocksdb.metrics."],
        "Which of RocksDB's own statistics are reported as metrics. Each one costs a little; all are off by default.")
section("changelog", "state/changelog.rs", "ChangelogOptions", "State Changelog Options",
        ["state.backend.changelog.", "dstl.dfs."],
        "The changelog state backend, which writes state changes continuously so checkpoints finish quickly.")
section("queryable-state", "state/queryable.rs", "QueryableStateOptions", "Queryable State Options",
        ["queryable-state."],
        "The deprecated queryable state service, which lets clients read keyed state of a running job.")
section("jobmanager-memory", "memory/jobmanager.rs", "JobManagerMemoryOptions", "JobManager Memory Options",
        ["jobmanager.memory.", "jobmanager."],
        "How much memory the JobManager process gets and how it is divided between heap, off-heap, metaspace and overhead.")
section("taskmanager-memory", "memory/taskmanager.rs", "TaskManagerMemoryOptions", "TaskManager Memory Options",
        ["taskmanager.memory.", "taskmanager."],
        "How much memory a TaskManager process gets and how it is divided: heap, managed, network, metaspace and overhead.")
section("jobmanager", "cluster/jobmanager.rs", "JobManagerOptions", "JobManager Options",
        ["jobmanager.", "$internal.", "internal."],
        "The JobManager's address, RPC, failover, archiving and the job result store.")
section("scheduler", "cluster/scheduler.rs", "SchedulerOptions", "Scheduler Options",
        ["jobmanager.adaptive-batch-scheduler.", "jobmanager.adaptive-scheduler.", "execution.batch.", "jobmanager."],
        "How the JobManager schedules tasks: the adaptive scheduler, automatic parallelism for batch jobs and speculative execution.")
section("fault-tolerance", "cluster/fault_tolerance.rs", "FaultToleranceOptions", "Fault Tolerance Options",
        ["restart-strategy.", ],
        "How failed jobs are restarted and how the resources of finished jobs are cleaned up.")
section("taskmanager", "cluster/taskmanager.rs", "TaskManagerOptions", "TaskManager Options",
        ["taskmanager.", "internal.taskmanager."],
        "The TaskManager's slots, addresses, registration, task cancellation and batch runtime algorithms.")
section("resource-manager", "cluster/resource_manager.rs", "ResourceManagerOptions", "Resource Manager Options",
        ["resourcemanager.", ],
        "How the resource manager starts, keeps and releases workers and slots, and which external resources they have.")
section("cluster", "cluster/common.rs", "ClusterOptions", "Cluster Options",
        ["cluster."],
        "Cluster-wide behaviour: registration timeouts, heartbeats, working directories and fatal-error handling.")
section("rpc", "cluster/rpc.rs", "RpcOptions", "RPC Options",
        ["pekko.", "akka."],
        "The actor-based RPC system (Pekko) that JobManager and TaskManagers talk through.")
section("blob-server", "cluster/blob.rs", "BlobServerOptions", "Blob Server Options",
        ["blob."],
        "The blob server, which distributes jars and large messages to TaskManagers.")
section("network", "network/shuffle.rs", "NetworkOptions", "Network and Shuffle Options",
        ["taskmanager.network.", "taskmanager."],
        "Data exchange between tasks: network buffers, buffer debloating, compression and the blocking and hybrid shuffles.")
section("network-netty", "network/netty.rs", "NettyOptions", "Netty Transport Options",
        ["taskmanager.network.netty."],
        "Threads, sockets and keep-alive of the Netty transport that carries shuffle data.")
section("rest", "web/rest.rs", "RestOptions", "REST Options",
        ["rest."],
        "The REST endpoint of the JobManager and the REST client: addresses, ports, limits, retries and profiling.")
section("web-ui", "web/ui.rs", "WebUiOptions", "Web UI Options",
        ["web."],
        "The web dashboard: what it allows (submit, cancel, rescale) and what it shows.")
section("high-availability", "high_availability.rs", "HighAvailabilityOptions", "High Availability Options",
        ["high-availability.", "zookeeper."],
        "Leader election and recovery metadata storage with ZooKeeper or Kubernetes.")
section("kubernetes", "deployment/kubernetes.rs", "KubernetesOptions", "Kubernetes Options",
        ["kubernetes."],
        "Native Kubernetes deployment: the cluster id, images, pods, services, resources and mounts.")
section("yarn", "deployment/yarn.rs", "YarnOptions", "YARN Options",
        ["yarn.", "$internal.yarn."],
        "Deployment on Hadoop YARN: the application, containers, shipped files and queues.")
section("security", "security/kerberos.rs", "SecurityOptions", "Security Options",
        ["security.", "zookeeper.sasl."],
        "Kerberos login, delegation tokens, security modules and ZooKeeper SASL.")
section("ssl", "security/ssl.rs", "SslOptions", "SSL Options",
        ["security.ssl."],
        "TLS for internal connections (RPC, blob, data) and for the REST endpoint: keystores, truststores and protocols.")
section("metrics", "metrics.rs", "MetricsOptions", "Metrics and Traces Options",
        ["metrics.", "traces."],
        "Which metrics and traces are collected, how they are scoped and named, and which reporters send them.")
section("history-server", "history_server.rs", "HistoryServerOptions", "History Server Options",
        ["historyserver."],
        "The history server, which serves the web UI of finished jobs from their archives.")
section("deployment", "deployment/client.rs", "DeploymentOptions", "Deployment and Client Options",
        ["execution.", "client.", "$internal."],
        "Where and how jobs are submitted: the deployment target, attached mode, client timeouts and user artifacts.")
section("jvm-logging", "deployment/jvm.rs", "JvmLoggingOptions", "JVM and Logging Options",
        ["env."],
        "Settings read by Flink's start scripts: JVM arguments, configuration directories and log files.")
section("sql-client", "sql_client.rs", "SqlClientOptions", "SQL Client and Gateway Options",
        ["sql-client.", "sql-gateway."],
        "The SQL client's display and result modes, and the SQL gateway's sessions and worker threads.")


# A key that is both an option and an old key of another option stays in that option's group:
# the catalogue rejects such pairs across groups.
SAME_GROUP_AS = {
    "akka.client.timeout": "deployment",
    "taskmanager.network.memory.fraction": "taskmanager-memory",
    "taskmanager.network.memory.max": "taskmanager-memory",
    "taskmanager.network.memory.min": "taskmanager-memory",
    "jobmanager.web.address": "rest",
    "web.address": "rest",
    "web.port": "rest",
}


def section_of(key, cls):
    if key in SAME_GROUP_AS:
        return SAME_GROUP_AS[key]
    p = key.startswith
    if p("execution.checkpointing.") or p("state.checkpoint") or p("state.savepoints.") or p("state.storage.fs.") or p("execution.savepoint"):
        return "checkpointing"
    if p("state.backend.rocksdb.metrics."):
        return "rocksdb-metrics"
    if p("state.backend.rocksdb."):
        return "rocksdb"
    if p("state.backend.changelog.") or p("dstl."):
        return "changelog"
    if p("state.backend.") or key in ("taskmanager.state.local.root-dirs", "statebackend.useManagedMemory"):
        return "state-backend"
    if p("queryable-state."):
        return "queryable-state"
    if p("jobmanager.memory.") or p("jobmanager.heap."):
        return "jobmanager-memory"
    if p("taskmanager.memory.") or p("taskmanager.heap.") or p("taskmanager.debug.memory."):
        return "taskmanager-memory"
    if p("taskmanager.network.netty."):
        return "network-netty"
    if p("taskmanager.network.") or p("taskmanager.data.") or key == "shuffle-service-factory.class":
        return "network"
    if p("jobmanager.adaptive-batch-scheduler.") or p("jobmanager.adaptive-scheduler.") or p("execution.batch.") or p("slow-task-detector.") or key == "scheduler-mode" or key in ("jobmanager.scheduler", "jobmanager.partition.hybrid.partition-data-consume-constraint", "jobmanager.execution.failover-strategy"):
        return "scheduler"
    if p("restart-strategy.") or p("cleanup-strategy."):
        return "fault-tolerance"
    if p("jobmanager.") or p("job-result-store.") or p("jobstore.") or p("slot.") or key in ("$internal.dispatcher.client-aliveness-check.interval", "internal.jobgraph-path"):
        return "jobmanager"
    if p("taskmanager.") or p("task.") or p("minicluster.") or p("internal.taskmanager."):
        return "taskmanager"
    if p("resourcemanager.") or p("slotmanager.") or key in ("external-resources", "local.number-resourcemanager"):
        return "resource-manager"
    if p("pekko.") or p("akka."):
        return "rpc"
    if p("cluster.") or p("fine-grained.") or p("process.") or p("heartbeat.") or p("internal.cluster.") or p("jmx."):
        return "cluster"
    if p("blob."):
        return "blob-server"
    if p("rest."):
        return "rest"
    if p("web."):
        return "web-ui"
    if p("high-availability.") or (p("zookeeper.") and not p("zookeeper.sasl.")) or p("recovery."):
        return "high-availability"
    if p("kubernetes."):
        return "kubernetes"
    if p("yarn.") or p("$internal.yarn."):
        return "yarn"
    if p("security.ssl."):
        return "ssl"
    if p("security.") or p("zookeeper.sasl."):
        return "security"
    if p("metrics.") or p("traces.") or key == "class":
        return "metrics"
    if p("historyserver."):
        return "history-server"
    if p("execution.") and cls in ("DeploymentOptions",) or p("client.") or p("user.artifacts.") or p("$internal.application.") or p("$internal.deployment."):
        return "deployment"
    if p("sql-client.") or p("sql-gateway."):
        return "sql-client"
    if p("env."):
        return "jvm-logging"
    if p("pipeline.") or p("$internal.pipeline.") or p("hidden.execution.") or p("execution.") or key == "sink.committer.retries":
        return "pipeline"
    return "core"


KEYWORDS = {"type", "async", "ref", "mod", "fn", "struct", "enum", "match", "use", "move", "self", "static",
            "loop", "impl", "trait", "where", "in", "for", "as", "box", "const", "crate", "dyn", "else",
            "extern", "false", "true", "if", "let", "pub", "return", "super", "unsafe", "while", "yield",
            "abstract", "become", "do", "final", "macro", "override", "priv", "typeof", "unsized",
            "virtual", "try", "await", "class"}

RUST_TYPES = {
    "Boolean": "bool", "Integer": "i32", "Long": "i64", "Float": "f32", "Double": "f64",
    "String": "String", "Duration": "Duration", "MemorySize": "MemorySize",
    "List<String>": "Vec<String>", "Map": "BTreeMap<String, String>",
    "List<Map>": "Vec<BTreeMap<String, String>>",
}

# Names a Flink user looks for (seed 000's example).
FIELD_NAMES = {
    "parallelism.default": "default_parallelism",
    "pipeline.auto-watermark-interval": "auto_watermark_interval",
    "execution.checkpointing.interval": "checkpointing_interval",
    "state.backend.type": "state_backend",
    "high-availability.type": "ha_type",
    "restart-strategy.type": "restart_strategy",
    "cleanup-strategy.type": "cleanup_strategy",
    "class": "reporter_class",
    "kubernetes.container.image.ref": "container_image",
}

ENUM_NAMES = {}


def snake(text):
    text = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", text)
    text = re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_").lower()
    return text


def pascal(text):
    return "".join(w[:1].upper() + w[1:] for w in re.split(r"[^A-Za-z0-9]+", snake(text)) if w)


def screaming_snake(ident):
    out = []
    for i, c in enumerate(ident):
        if c.isupper() and i > 0:
            prev = ident[i - 1]
            nxt = ident[i + 1] if i + 1 < len(ident) else ""
            if prev.islower() or prev.isdigit() or (prev.isupper() and nxt.islower()):
                out.append("_")
        out.append(c.upper())
    return "".join(out)


def variant_ident(value):
    parts = [p for p in re.split(r"[^A-Za-z0-9]+", value) if p]
    if len(parts) == 1 and re.search("[a-z]", value) and re.search("[A-Z]", value[1:]):
        parts = [value]  # already camel case: ProcessingTime
    ident = "".join(p[:1].upper() + (p[1:] if p is value else p[1:].lower()) for p in parts)
    if ident[:1].isdigit():
        ident = "V" + ident
    return ident


def field_name(key, strip):
    if key in FIELD_NAMES:
        return FIELD_NAMES[key]
    rest = key
    for prefix in strip:
        if key.startswith(prefix) and len(key) > len(prefix):
            rest = key[len(prefix):]
            break
    name = snake(rest.replace("$", ""))
    if name[:1].isdigit():
        name = "n" + name
    if name in KEYWORDS:
        name = snake(key.replace("$", "")).split("_")[-2] + "_" + name
    return name


def read_descriptions():
    desc, variants = {}, {}
    for name in sorted(os.listdir(DESC_DIR)):
        if not name.endswith(".txt"):
            continue
        key, lines = None, []

        def flush():
            if key is None:
                return
            text = "\n".join(lines).strip()
            if "#" in key and not key.startswith("#"):
                k, v = key.split("#", 1)
                variants[(k, v)] = text
            else:
                if key in desc:
                    sys.exit(f"{name}: {key} described twice")
                desc[key] = text

        for line in open(os.path.join(DESC_DIR, name), encoding="utf-8"):
            line = line.rstrip("\n")
            if line.startswith("@ "):
                flush()
                key, lines = line[2:].strip(), []
            elif line.startswith("//"):
                continue
            else:
                lines.append(line)
        flush()
    return desc, variants


# deprecations.tsv `check` column: how the note's version was verified (see the file's header).
DEPRECATION_CHECKS = ("confirmed", "corrected", "unverified")


def read_deprecations():
    """key -> deprecation note. Columns: key, note, check, source; the source column is for readers
    and is ignored here. A note whose version no source confirmed says so."""
    notes = {}
    for n, line in enumerate(open(os.path.join(DESC_DIR, "deprecations.tsv"), encoding="utf-8"), 1):
        if line.strip() and not line.startswith("#"):
            cols = line.rstrip("\n").split("\t")
            if len(cols) != 4 or cols[2] not in DEPRECATION_CHECKS:
                sys.exit(f"deprecations.tsv:{n}: expected key, note, check ({'/'.join(DEPRECATION_CHECKS)}), source")
            key, note, check, _source = cols
            notes[key] = note + " (version not confirmed)" if check == "unverified" else note
    return notes


DEPRECATIONS = read_deprecations()


def hand_written_keys():
    keys = set()
    for root, _, files in os.walk(BUILTIN):
        for f in files:
            rel = os.path.relpath(os.path.join(root, f), BUILTIN)
            if rel in HAND_WRITTEN or rel.startswith("execution/"):
                for m in re.finditer(r'key = "([^"]+)"', open(os.path.join(root, f)).read()):
                    keys.add(m.group(1))
    return keys


def doc_lines(text, indent):
    out = []
    width = 100 - len(indent) - 4
    for i, para in enumerate(text.split("\n\n")):
        if i:
            out.append(indent + "///")
        para = " ".join(para.split())
        for line in textwrap.wrap(para, width=width, break_long_words=False, break_on_hyphens=False):
            out.append(indent + "/// " + line)
    return out


def rust_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def main():
    if sys.argv[1:]:
        sys.exit(f"gen_builtin.py takes no arguments (got {' '.join(sys.argv[1:])}); see its docstring")
    rows = [r for r in csv.DictReader(open(TSV, encoding="utf-8"), delimiter="\t", quoting=csv.QUOTE_NONE)
            if r["kind"] == "config" and "<" not in r["key"]]
    taken = hand_written_keys()
    desc, variant_docs = read_descriptions()
    by_section = {}
    for r in rows:
        if r["key"] in taken:
            continue
        by_section.setdefault(section_of(r["key"], r["class"]), []).append(r)
    unknown = set(by_section) - set(SECTIONS)
    if unknown:
        for s in unknown:
            print(f"no section {s}: {[r['key'] for r in by_section[s]]}")
        sys.exit(1)
    stale = sorted(k for k in SENSITIVE if not any(r["key"] == k for r in rows))
    if stale:
        sys.exit(f"SENSITIVE names keys the TSV does not have: {stale}")
    written, skipped = [], []
    for sid, info in SECTIONS.items():
        opts = sorted(by_section.get(sid, []), key=lambda r: r["key"])
        missing = [r["key"] for r in opts if r["key"] not in desc]
        path = os.path.join(BUILTIN, info["module"])
        if missing or not opts:
            skipped.append((sid, len(opts), missing))
            if os.path.exists(path):
                os.remove(path)
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        open(path, "w", encoding="utf-8").write(render(sid, info, opts, desc, variant_docs))
        written.append((sid, info, len(opts)))
    write_mods(written)
    write_missing(rows_all(), taken | {r["key"] for sid, _, _ in written for r in by_section[sid]})
    for sid, info, n in written:
        print(f"wrote {sid}: {n} options -> {info['module']}")
    for sid, n, missing in skipped:
        print(f"skipped {sid}: {n} options, {len(missing)} without description")


def render(sid, info, opts, desc, variant_docs):
    struct = info["struct"]
    uses, enums, fields, names = set(), [], [], set()
    enum_names = set()
    for r in opts:
        key, t = r["key"], r["type"]
        name = field_name(key, info["strip"])
        while name in names:
            name = name + "_option"
        names.add(name)
        if t in ("Enum", "List<Enum>"):
            ename = ENUM_NAMES.get(key) or pascal(name)
            if ename in enum_names:
                ename = pascal(key)
            enum_names.add(ename)
            values = r["enum_values"].split(";")
            enums.append((ename, key, values))
            rust = ename if t == "Enum" else f"Vec<{ename}>"
        else:
            rust = RUST_TYPES[t]
        if "Duration" in rust:
            uses.add("std::time::Duration")
        if "BTreeMap" in rust:
            uses.add("std::collections::BTreeMap")
        if "MemorySize" in rust:
            uses.add("MemorySize")
        default = r["default"]
        attrs = [f"key = {rust_str(key)}"]
        if is_sensitive(key):
            # A secret's snapshot field masks itself in Debug and Display (the derive insists).
            rust = f"options_core::Secret<{rust}>"
        if default == "(none)":
            rust = f"Option<{rust}>"
        elif t in ("Boolean", "Integer", "Long", "Float", "Double"):
            lit = default
            if t in ("Float", "Double") and "." not in lit and "e" not in lit.lower():
                lit += ".0"
            attrs.append(f"default = {lit}")
        else:
            attrs.append(f"default = {rust_str(default)}")
        fb = [k for k in r["fallback_keys"].split(";") if k]
        dk = [k for k in r["deprecated_keys"].split(";") if k]
        if dk:
            attrs.append("deprecated_keys = [" + ", ".join(rust_str(k) for k in dk) + "]")
        if fb:
            attrs.append("fallback_keys = [" + ", ".join(rust_str(k) for k in fb) + "]")
        if any(re.search("[A-Z]", k) for k in [key] + fb + dk):
            attrs.append("mixed_case")
        if r["documented"] == "false" or key.startswith("$internal."):
            attrs.append("hidden")
        if r["deprecated"] == "true":
            if key not in DEPRECATIONS:
                sys.exit(f"{key}: deprecated, but scripts/builtin-descriptions/deprecations.tsv has no note")
            attrs.append(f"deprecated = {rust_str(DEPRECATIONS[key])}")
        if is_sensitive(key):
            attrs.append("sensitive")
        if key in CONSTRAINTS:
            attrs.append(CONSTRAINTS[key])
        fields.append((name, rust, attrs, desc[key]))
    out = []
    out.append(f"//! {info['title']}: generated by `scripts/gen_builtin.py` from")
    out.append("//! `tests/data/flink-1.19-all-options.tsv` (facts: keys, types, defaults, old keys, enum values)")
    out.append("//! and `scripts/builtin-descriptions/` (this project's own descriptions). Edit the description")
    out.append("//! files and rerun the script rather than editing this file.")
    out.append("")
    std_uses = sorted(u for u in uses if u.startswith("std"))
    for u in std_uses:
        out.append(f"use {u};")
    if std_uses:
        out.append("")
    crate = ["Options"]
    if enums:
        crate.insert(0, "ConfigEnum")
    if "MemorySize" in uses:
        crate.insert(0, "MemorySize")
    out.append("use crate::{" + ", ".join(crate) + "};" if len(crate) > 1 else "use crate::Options;")
    out.append("")
    out.extend(doc_lines(info["summary"], ""))
    out.append("#[derive(Clone, Debug, PartialEq, Options)]")
    out.append(
        f"#[options(section = {rust_str(sid)}, title = {rust_str(info['title'])}, "
        f"family = {rust_str(FAMILIES[sid])})]"
    )
    out.append(f"pub struct {struct} {{")
    for i, (name, rust, attrs, text) in enumerate(fields):
        if i:
            out.append("")
        out.extend(doc_lines(text, "    "))
        one = "    #[option(" + ", ".join(attrs) + ")]"
        if len(one) <= 100:
            out.append(one)
        else:
            out.append("    #[option(")
            for a in attrs:
                out.append(f"        {a},")
            out[-1] = out[-1].rstrip(",")
            out.append("    )]")
        out.append(f"    pub {name}: {rust},")
    out.append("}")
    for ename, key, values in enums:
        out.append("")
        out.extend(doc_lines(f"The values of `{key}`.", ""))
        out.append("#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ConfigEnum)]")
        out.append(f"pub enum {ename} {{")
        for v in values:
            ident = variant_ident(v)
            vdoc = variant_docs.get((key, v), f"`{v}`.")
            out.extend(doc_lines(vdoc, "    "))
            if screaming_snake(ident) != v:
                out.append(f"    #[config(name = {rust_str(v)})]")
            out.append(f"    {ident},")
        out.append("}")
    return "\n".join(out) + "\n"


def rows_all():
    return [r for r in csv.DictReader(open(TSV, encoding="utf-8"), delimiter="\t", quoting=csv.QUOTE_NONE)
            if r["kind"] == "config"]


DIFFERENCES = os.path.join(ROOT, "tests/data/flink-differences.tsv")


def write_missing(rows, declared):
    """Keeps the hand-written lines of the differences file and relists the undeclared keys."""
    lines = [l for l in open(DIFFERENCES, encoding="utf-8").read().splitlines() if l.split("\t")[1:2] != ["missing"]]
    for r in rows:
        if r["key"] in declared:
            continue
        if "<" in r["key"]:
            reason = "pattern key: declared once pattern keys are supported by the derive (issue 11, pattern-key part)"
        else:
            reason = "not declared yet: the descriptions of its section are still to be written"
        lines.append("\t".join([r["key"], "missing", "(not declared)", "declared", reason]))
    open(DIFFERENCES, "w", encoding="utf-8").write("\n".join(lines) + "\n")


def write_mods(written):
    """Rewrites the generated block of builtin/mod.rs: modules, re-exports and `add_generated`."""
    mods = {}
    for sid, info, _ in written:
        parts = info["module"][:-3].split("/")
        mods.setdefault(parts[0] if len(parts) > 1 else None, []).append(parts[-1])
    out = [BEGIN]
    for leaf in sorted(mods.get(None, [])):
        out.append(f"pub mod {leaf};")
    for folder in sorted(k for k in mods if k):
        out.append(f"/// {FOLDER_DOCS[folder]}")
        out.append(f"pub mod {folder} {{")
        for leaf in sorted(mods[folder]):
            out.append(f"    pub mod {leaf};")
        out.append("}")
    out.append("")
    for sid, info, _ in written:
        mod = info["module"][:-3].replace("/", "::")
        out.append(f"pub use {mod}::{info['struct']};")
    out.append("")
    out.append("/// Adds every generated group to `catalogue`, in docs order.")
    out.append("fn add_generated(catalogue: Catalogue) -> Result<Catalogue, ConfigError> {")
    if written:
        out.append(f"    catalogue.with::<{written[0][1]['struct']}>()")
        for sid, info, _ in written[1:]:
            out.append(f"        .and_then(Catalogue::with::<{info['struct']}>)")
    else:
        out.append("    Ok(catalogue)")
    out.append("}")
    out.append(END)
    path = os.path.join(BUILTIN, "mod.rs")
    text = open(path).read()
    a, b = text.index(BEGIN), text.index(END) + len(END)
    open(path, "w").write(text[:a] + "\n".join(out) + text[b:])


BEGIN = "// BEGIN generated by scripts/gen_builtin.py"
END = "// END generated by scripts/gen_builtin.py"

FOLDER_DOCS = {
    "state": "State backends: which one, RocksDB, its native metrics, the changelog, queryable state.",
    "memory": "Memory of the JobManager and TaskManager processes.",
    "cluster": "The processes of a cluster: JobManager, scheduler, TaskManager, resource manager, RPC, blobs.",
    "network": "Data exchange between tasks: buffers, shuffles and the Netty transport.",
    "web": "The REST endpoint and the web UI.",
    "deployment": "Submitting and deploying: clients, Kubernetes, YARN, the start scripts.",
    "security": "Kerberos, delegation tokens and SSL.",
}

if __name__ == "__main__":
    main()
