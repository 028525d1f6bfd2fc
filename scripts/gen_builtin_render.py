"""Writes the Rust of the generated built-in groups: one module per section, and the generated block
of builtin/mod.rs. Used by gen_builtin.py, which decides what each option is; this module only
spells it.
"""
import os
import re
import textwrap

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

# Enum types named other than after their field: ForSt's enums are its own Java types, with
# values of their own (`ForStDB` timers), beside RocksDB's of the same field names; one name
# means one type in the workspace.
ENUM_NAMES = {
    "state.backend.forst.compaction.style": "ForStCompactionStyle",
    "state.backend.forst.compression.per.level": "ForStCompressionPerLevel",
    "state.backend.forst.log.level": "ForStLogLevel",
    "state.backend.forst.timer-service.factory": "ForStTimerServiceFactory",
}


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


def rust_list(items):
    return "[" + ", ".join(rust_str(i) for i in items) + "]"


def default_literal(type_name, default):
    """`default = ...` of a value in the option's config grammar: numbers and booleans bare, the rest
    quoted."""
    if type_name in ("Boolean", "Integer", "Long"):
        return default
    if type_name in ("Float", "Double"):
        return default if "." in default or "e" in default.lower() or not re.fullmatch(r"-?\d+", default) \
            else default + ".0"
    return rust_str(default)


def changed_attr(release, change, newest_type):
    """`changed(release = "1.20", ...)`: the facts as they were before `release`."""
    parts = [f"release = {rust_str(release)}"]
    old_type = change.get("type", newest_type)
    if "type" in change:
        parts.append(f"value_type = {rust_str(change['type'])}")
    if "default" in change:
        if change["default"] == "(none)":
            parts.append("no_default")
        else:
            parts.append(f"default = {default_literal(old_type, change['default'])}")
    if "documented" in change:
        parts.append(change["documented"])
    if "enum_values" in change:
        parts.append(f"values = {rust_list(change['enum_values'])}")
    for field in ("deprecated_keys", "fallback_keys"):
        if field in change:
            parts.append(f"{field} = {rust_list(change[field])}")
    return "changed(" + ", ".join(parts) + ")"


def render(sid, info, family, options, enums):
    """The module of section `sid`: `options` are dicts with name, rust (field type), attrs (list of
    attribute texts) and doc; `enums` are (name, key, [(value, doc)])."""
    uses = set()
    for o in options:
        for word, use in (("Duration", "std::time::Duration"), ("BTreeMap", "std::collections::BTreeMap"),
                          ("MemorySize", "MemorySize")):
            if word in o["rust"]:
                uses.add(use)
    out = []
    out.append(f"//! {info['title']}: generated by `scripts/gen_builtin.py` from")
    out.append("//! `tests/data/flink-versions/` (facts of each release: keys, types, defaults, old keys, enum")
    out.append("//! values) and `scripts/builtin-descriptions/` (this project's own descriptions). Edit the")
    out.append("//! description files and rerun the script rather than editing this file.")
    out.append("")
    std_uses = sorted(u for u in uses if u.startswith("std"))
    for u in std_uses:
        out.append(f"use {u};")
    if std_uses:
        out.append("")
    core_items = ["Options"]
    if enums:
        core_items.insert(0, "ConfigEnum")
    if "MemorySize" in uses:
        core_items.insert(0, "MemorySize")
    out.append("use options_core::{" + ", ".join(core_items) + "};" if len(core_items) > 1 else "use options_core::Options;")
    out.append("")
    out.extend(doc_lines(info["summary"], ""))
    out.append("#[derive(Clone, Debug, PartialEq, Options)]")
    change = f", change_class = {info['change_class']}" if info.get("change_class") else ""
    out.append(
        f"#[options(section = {rust_str(sid)}, title = {rust_str(info['title'])}, "
        f"family = {rust_str(family)}, engine = crate::ENGINE{change})]"
    )
    out.append(f"pub struct {info['struct']} {{")
    for i, o in enumerate(options):
        if i:
            out.append("")
        out.extend(doc_lines(o["doc"], "    "))
        one = "    #[option(" + ", ".join(o["attrs"]) + ")]"
        if len(one) <= 100:
            out.append(one)
        else:
            out.append("    #[option(")
            for a in o["attrs"]:
                out.append(f"        {a},")
            out[-1] = out[-1].rstrip(",")
            out.append("    )]")
        out.append(f"    pub {o['name']}: {o['rust']},")
    out.append("}")
    for ename, key, values in enums:
        out.append("")
        out.extend(doc_lines(f"The values of `{key}`.", ""))
        out.append("#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ConfigEnum)]")
        out.append(f"pub enum {ename} {{")
        for v, vdoc in values:
            ident = variant_ident(v)
            out.extend(doc_lines(vdoc, "    "))
            if screaming_snake(ident) != v:
                out.append(f"    #[config(name = {rust_str(v)})]")
            out.append(f"    {ident},")
        out.append("}")
    return "\n".join(out) + "\n"


BEGIN = "// BEGIN generated by scripts/gen_builtin.py"
END = "// END generated by scripts/gen_builtin.py"

FOLDER_DOCS = {
    "state": "State backends: which one, RocksDB and ForSt, RocksDB's native metrics, the changelog, queryable state.",
    "memory": "Memory of the JobManager and TaskManager processes.",
    "cluster": "The processes of a cluster: JobManager, scheduler, TaskManager, resource manager, RPC, blobs.",
    "network": "Data exchange between tasks: buffers, shuffles and the Netty transport.",
    "web": "The REST endpoint and the web UI.",
    "deployment": "Submitting and deploying: clients, Kubernetes, YARN, the start scripts.",
    "security": "Kerberos, delegation tokens and SSL.",
}


def write_mods(builtin, written):
    """Rewrites the generated block of builtin/mod.rs: modules, re-exports and `add_generated`.
    `written` lists (section id, section info) in docs order."""
    mods = {}
    for sid, info in written:
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
    for sid, info in written:
        mod = info["module"][:-3].replace("/", "::")
        out.append(f"pub use {mod}::{info['struct']};")
    out.append("")
    out.append("/// Adds every generated group to `catalogue`, in docs order.")
    out.append("fn add_generated(catalogue: Catalogue) -> Result<Catalogue, ConfigError> {")
    if written:
        out.append(f"    catalogue.with::<{written[0][1]['struct']}>()")
        for sid, info in written[1:]:
            out.append(f"        .and_then(Catalogue::with::<{info['struct']}>)")
    else:
        out.append("    Ok(catalogue)")
    out.append("}")
    out.append(END)
    path = os.path.join(builtin, "mod.rs")
    text = open(path).read()
    a, b = text.index(BEGIN), text.index(END) + len(END)
    open(path, "w").write(text[:a] + "\n".join(out) + text[b:])
