#!/usr/bin/env python3
"""Writes the generated built-in option groups under options-flink/src/builtin/ from the option tables of
every Flink release the catalogue knows (tests/data/flink-versions/flink-VERSION-all-options.tsv: the
facts) and scripts/builtin-descriptions/ (this project's own descriptions, deprecation and removal
notes).

Usage: python3 scripts/gen_builtin.py && cargo fmt --all

(It writes unformatted Rust; `cargo fmt` makes the files byte-identical to the committed ones, so
`git diff` after both commands shows exactly what a description or fact change did.)

Every kind=config key of any release is declared once, in its newest shape (a removed option in its
last one), with its history: `since` (the first release that has it, when after the oldest),
`deprecated` (the note from deprecations.tsv; its version is the first release that marks the option
deprecated, when after the oldest), `removed` (the first release without it, with the note from
removals.tsv) and one `changed(release = R, ...)` per release step that changed its type, default,
documentation, enum values, deprecated keys or fallback keys, stating the facts before R.

Not generated: keys that a hand-written module declares (`table.*`, `python.*`, pattern keys such as
`metrics.reporter.<name>.interval`, `execution.runtime-mode`); the script prints the history
attributes those need and whether their module has them. Dot-less keys of Flink's `StreamConfig`
(`chainEnd`, `vertexID`, ...: per-task settings Flink writes itself) are not declared at all.

Nothing is written when a generated option has no description, a deprecated one no note or a removed
one no removal note: the script lists them all and exits with 1.

It also rewrites the rows it owns in tests/data/differences/flink-RELEASE.tsv (table-with options,
per-task settings, `$internal.*` keys kept hidden) and keeps every other row as written.
"""
import csv
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from gen_builtin_history import History, deprecated_pairs, hidden  # noqa: E402
from gen_builtin_sections import CONSTRAINTS, FAMILIES, SECTIONS, section_of  # noqa: E402
import gen_builtin_render as render  # noqa: E402
from gen_table_with import CONFIGURATION_TOO  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VERSIONS_DIR = os.path.join(ROOT, "tests/data/flink-versions")
DIFFERENCES_DIR = os.path.join(ROOT, "tests/data/differences")
DESC_DIR = os.path.join(ROOT, "scripts/builtin-descriptions")
BUILTIN = os.path.join(ROOT, "options-flink/src/builtin")

# The releases of `options_flink::FLINK_RELEASES`, oldest first: (release, the patch release the table is of).
RELEASES = [("1.19", "1.19.3"), ("1.20", "1.20.5"), ("2.0", "2.0.2"), ("2.1", "2.1.3"), ("2.2", "2.2.1"),
            ("2.3", "2.3.0")]
SHORT = [r for r, _ in RELEASES]

# Hand-written modules (not generated): their keys are never generated again.
HAND_WRITTEN = ["table.rs", "execution.rs", "optimizer.rs", "python.rs", "sql.rs", "runtime.rs",
                "reporters.rs", "external_resources.rs", "passthrough.rs", "filesystems.rs",
                "reporter_parameters.rs", "sql_gateway.rs", "table_services.rs"]
# Keys only hand-written modules declare; a release adding one needs a declaration there.
HAND_PREFIXES = ("table.", "python.")

# Keys Flink declares relative to the prefix it reads them under (`MetricOptions.REPORTER_CLASS` is
# `class`, read under `metrics.reporter.<name>.`): each is declared, described and noted under the key a
# configuration file writes. options-core/tests/builtin_reference.rs reads the tables through the same map.
RELATIVE_KEYS = {"class": "metrics.reporter.<name>.class"}

# Options whose values are secrets although their keys hold no secret word (a key with "password"
# is sensitive by its name). Every built-in description that mentions credentials, tokens,
# passwords, keys or headers was read for this list; options that only name a secret (a keytab
# path, a principal, a Kubernetes secret's name, a certificate fingerprint) are not secrets
# themselves. options-flink/tests/builtin_sensitive.rs pins the resulting set.
SENSITIVE = {
    # Download headers: the description names an authorization header as their use.
    "user.artifacts.http-headers",
    # ZooKeeper AuthInfo pairs, `scheme:credentials` (for example `digest:user:secret`).
    "high-availability.zookeeper.client.authorization",
}


# The `class` of a row no release table has: a key only the launch scripts read in that release.
LAUNCH_SCRIPTS = "bin/config.sh"

# Type and default of the keys that only the launch scripts read in every release (the scripts'
# own defaults: config.sh's `readFromConfig KEY DEFAULT`).
SCRIPT_TYPES = {
    "taskmanager.compute.numa": ("Boolean", "false"),
    "zookeeper.heap.mb": ("Integer", "0"),
}


def is_sensitive(key):
    return "password" in key or key in SENSITIVE


def version_key(v):
    return tuple(int(p) for p in v.split("."))


def read_table(full):
    """Every row of one release's table (all kinds)."""
    path = os.path.join(VERSIONS_DIR, f"flink-{full}-all-options.tsv")
    return list(csv.DictReader(open(path, encoding="utf-8"), delimiter="\t", quoting=csv.QUOTE_NONE))


def config_tables():
    """One dict per release (oldest first): key -> row, kind=config rows only, with the keys the
    release's launch scripts read themselves (script-keys.tsv) where no option of it declares them."""
    tables = [{RELATIVE_KEYS.get(r["key"], r["key"]): r for r in read_table(full) if r["kind"] == "config"}
              for _, full in RELEASES]
    for key, releases in script_keys().items():
        declared = next((t[key] for t in reversed(tables) if key in t), None)
        for (release, _), table in zip(RELEASES, tables):
            spelled = {k for row in table.values() for k in row["deprecated_keys"].split(";") if k}
            if release not in releases or key in table or key in spelled:
                continue
            if declared is None and key not in SCRIPT_TYPES:
                sys.exit(f"script-keys.tsv: {key} is read by the launch scripts only; give its type and default "
                         "in SCRIPT_TYPES")
            kind, default = (declared["type"], declared["default"]) if declared else SCRIPT_TYPES[key]
            table[key] = dict(key=key, type=kind, default=default, documented="true", deprecated="false",
                              fallback_keys="", deprecated_keys="", enum_values="", kind="config",
                              **{"class": LAUNCH_SCRIPTS})
    return tables


def script_keys():
    """key -> the releases whose launch scripts read it (tests/data/flink-versions/script-keys.tsv)."""
    path = os.path.join(VERSIONS_DIR, "script-keys.tsv")
    rows = csv.DictReader((l for l in open(path, encoding="utf-8") if not l.startswith("#")), delimiter="\t")
    return {r["key"]: set(r["releases"].split(",")) for r in rows}


def script_only(h):
    """The releases where only the launch scripts read `h`'s key (no ConfigOption declares it)."""
    return [r for r, row in zip(h.releases, h.rows) if row["class"] == LAUNCH_SCRIPTS]


def is_task_setting(key, row):
    """A dot-less key of Flink's StreamConfig: a per-task setting Flink writes itself, not an option."""
    return "." not in key and row["class"] == "StreamConfig"


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


# deprecations.tsv `check` column: how the note was verified (see the file's header).
DEPRECATION_CHECKS = ("confirmed", "corrected", "unverified")


def read_deprecations():
    """key -> deprecation note. Columns: key, note, check, source; the source column is for readers
    and is ignored here. A note whose version no source confirmed says so, unless the version is a
    release after the oldest one: that version is read from the release tables, a fact."""
    notes = {}
    for n, line in enumerate(open(os.path.join(DESC_DIR, "deprecations.tsv"), encoding="utf-8"), 1):
        if line.strip() and not line.startswith("#"):
            cols = line.rstrip("\n").split("\t")
            if len(cols) != 4 or cols[2] not in DEPRECATION_CHECKS:
                sys.exit(f"deprecations.tsv:{n}: expected key, note, check ({'/'.join(DEPRECATION_CHECKS)}), source")
            key, note, check, _source = cols
            version = note.split(":", 1)[0].strip()
            from_tables = version in SHORT[1:]
            notes[key] = note + " (version not confirmed)" if check == "unverified" and not from_tables else note
    return notes


def read_removals():
    """key -> (release, note) from removals.tsv (columns: key, release, note, check, source)."""
    path = os.path.join(DESC_DIR, "removals.tsv")
    out = {}
    if not os.path.exists(path):
        return out
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        if line.strip() and not line.startswith("#"):
            cols = line.rstrip("\n").split("\t")
            if len(cols) != 5 or cols[3] not in ("confirmed", "unverified"):
                sys.exit(f"removals.tsv:{n}: expected key, release, note, check (confirmed/unverified), source")
            out[cols[0]] = (cols[1], cols[2])
    return out


def hand_written_keys():
    return set(hand_written_files())


def hand_written_files():
    """key -> module file (relative to builtin/) of every key a hand-written module declares."""
    keys = {}
    for root, _, files in os.walk(BUILTIN):
        for f in files:
            rel = os.path.relpath(os.path.join(root, f), BUILTIN)
            if rel in HAND_WRITTEN or rel.startswith("execution/"):
                for m in re.finditer(r'\bkey = "([^"]+)"', open(os.path.join(root, f)).read()):
                    keys[m.group(1)] = rel
    return keys


class Problems:
    """Everything that keeps the script from writing, reported together."""

    def __init__(self):
        self.lists = {}

    def add(self, what, item):
        self.lists.setdefault(what, []).append(item)

    def exit_if_any(self):
        if not self.lists:
            return
        for what, items in self.lists.items():
            print(f"{what} ({len(items)}):", file=sys.stderr)
            for item in items:
                print(f"  {item}", file=sys.stderr)
        sys.exit("gen_builtin.py: nothing written; fix the lists above")


def deprecation_note(h, notes, problems):
    """The `deprecated = "..."` note of a deprecated option, checked against the tables' release."""
    note = notes.get(h.key)
    if note is None:
        problems.add("deprecated without a note in deprecations.tsv", f"{h.key} (deprecated from {h.deprecated_in})")
        return None
    version = note.split(":", 1)[0].strip()
    if h.deprecated_in != SHORT[0] and version != h.deprecated_in:
        problems.add("deprecation note with the wrong version",
                     f"{h.key}: the note says {version}, the tables say {h.deprecated_in}")
    elif h.deprecated_in == SHORT[0] and version in SHORT[1:]:
        problems.add("deprecation note with the wrong version",
                     f"{h.key}: the note says {version}, but {SHORT[0]} already marks it deprecated")
    return note


def removal_note(h, removals, problems):
    found = removals.get(h.key)
    if found is None:
        problems.add("removed without a note in removals.tsv", f"{h.key} (removed in {h.removed})")
        return None
    release, note = found
    if release != h.removed:
        problems.add("removal note with the wrong release", f"{h.key}: removals.tsv says {release}, the tables say {h.removed}")
    return note


def history_attrs(h, notes, removals, problems, hand=False):
    """The history attributes of one option: since, deprecated, removed, changed(...)."""
    attrs = []
    if h.since:
        attrs.append(f"since = {render.rust_str(h.since)}")
    if h.deprecated_in and hand and h.key not in notes:
        # A hand-written module words its own note; only the version is the tables' fact.
        version = h.deprecated_in if h.deprecated_in != SHORT[0] else ""
        attrs.append(f"deprecated = {render.rust_str(version + ': ...' if version else '...')}")
    elif h.deprecated_in:
        note = deprecation_note(h, notes, problems)
        if note:
            attrs.append(f"deprecated = {render.rust_str(note)}")
    if h.removed:
        note = removal_note(h, removals, problems)
        if note:
            attrs.append(f"removed = {render.rust_str(h.removed + ': ' + note)}")
    for release, change in h.changes:
        attrs.append(render.changed_attr(release, change, h.newest["type"]))
    return attrs


CHANGE_CLASSES = os.path.join(ROOT, "scripts/builtin-change-classes.tsv")
# Where Flink's change classes are declared (options-flink/src/engine/change.rs).
CLASS_PATH = "crate::engine::change::"


def read_change_classes():
    """(java class -> change class, key -> change class) from scripts/builtin-change-classes.tsv."""
    by_class, by_key = {}, {}
    with open(CHANGE_CLASSES, encoding="utf-8") as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            match, change, _why = line.rstrip("\n").split("\t")
            kind, _, name = match.partition(":")
            {"class": by_class, "key": by_key}[kind][name] = change
    return by_class, by_key


def change_class_of(h, classes, problems):
    """The change class of a generated option: its key's row, else its declaring Java class's."""
    by_class, by_key = classes
    if h.key in by_key:
        return by_key[h.key]
    java = h.newest["class"]
    if java not in by_class:
        problems.add("a Java class without a row in scripts/builtin-change-classes.tsv", f"{java} ({h.key})")
        return None
    return by_class[java]


def section_change_class(opts, change_of):
    """The class most options of a section have (ties: the first in name order), the group's
    default; the others say theirs on the field."""
    counts = {}
    for h in opts:
        c = change_of[h.key]
        if c:
            counts[c] = counts.get(c, 0) + 1
    return max(sorted(counts), key=lambda c: counts[c]) if counts else None


def option_plan(h, name, enum_name, desc, notes, removals, problems):
    """The field of a generated option: name, Rust type, attributes and doc."""
    key, row = h.key, h.newest
    t = row["type"]
    if t in ("Enum", "List<Enum>"):
        rust = enum_name if t == "Enum" else f"Vec<{enum_name}>"
    else:
        rust = render.RUST_TYPES[t]
    attrs = [f"key = {render.rust_str(key)}"]
    if is_sensitive(key):
        # A secret's snapshot field masks itself in Debug and Display (the derive insists).
        rust = f"options_core::Secret<{rust}>"
    if row["default"] == "(none)":
        rust = f"Option<{rust}>"
    else:
        attrs.append(f"default = {render.default_literal(t, row['default'])}")
    fb = [k for k in row["fallback_keys"].split(";") if k]
    dk = [k for k in row["deprecated_keys"].split(";") if k]
    if dk:
        attrs.append(f"deprecated_keys = {render.rust_list(dk)}")
    if fb:
        attrs.append(f"fallback_keys = {render.rust_list(fb)}")
    if any(re.search("[A-Z]", k) for k in h.spellings()):
        attrs.append("mixed_case")
    if hidden(key, row):
        attrs.append("hidden")
    if is_sensitive(key):
        attrs.append("sensitive")
    if key in CONSTRAINTS:
        attrs.append(CONSTRAINTS[key])
    attrs.extend(history_attrs(h, notes, removals, problems))
    if key not in desc:
        problems.add("without a description in scripts/builtin-descriptions/*.txt",
                     f"{key} ({'added in ' + h.since if h.since else 'since ' + SHORT[0]})")
    doc = desc.get(key, "")
    only = script_only(h)
    if only:
        # The launch scripts read it from the file in these releases; no Java option does.
        span = "every release" if only == SHORT else (
            f"{only[0]}" if len(only) == 1 else f"{only[0]} to {only[-1]}")
        doc += ("\n\nRead by Flink's launch scripts (`bin/config.sh`) from the configuration file, not by a "
                f"Java `ConfigOption` ({span}).")
    return dict(name=name, rust=rust, attrs=attrs, doc=doc)


def place(histories, hand, problems):
    """section id -> histories of the options it declares. An option that another option reads as a
    deprecated key in the same release joins that option's section (the catalogue refuses such a pair
    across groups)."""
    section = {k: section_of(k, h.newest["class"]) for k, h in histories.items()}
    pairs = deprecated_pairs(SHORT, config_tables())
    # Options linked by such pairs, directly or through others, form one component (union-find).
    parent = {}

    def root(k):
        while parent.get(k, k) != k:
            k = parent[k]
        return k

    for old, new in sorted(pairs):
        if (old in section) != (new in section):
            if old in hand or new in hand:
                problems.add("one option is another's deprecated key across a hand-written and a generated group",
                             f"{old} -> {new}")
            continue
        if old in section:
            parent[root(old)] = root(new)
    components = {}
    for k in parent:
        components.setdefault(root(k), []).append(k)
    for members in components.values():
        members = set(members) | {root(members[0])}
        # The section of the option that lives longest (a replacement, not the key it replaced).
        targets = {new for _, new in pairs}
        keeper = max(sorted(members), key=lambda k: (SHORT.index(histories[k].releases[-1]), k in targets))
        for k in members:
            section[k] = section[keeper]
    unknown = sorted({s for s in section.values()} - set(SECTIONS))
    for s in unknown:
        problems.add("no such section", s)
    out = {}
    for k, s in section.items():
        out.setdefault(s, []).append(histories[k])
    return out


def names_of(sid, opts):
    """Field and enum names of a section's options. Keys the oldest release has are named first, so a
    key added later never takes the name an older option had."""
    strip = SECTIONS[sid]["strip"]
    names, fields, enums, enum_names = set(), {}, {}, set()
    for h in sorted(opts, key=lambda h: (h.since is not None, h.key)):
        name = render.field_name(h.key, strip)
        while name in names:
            name = name + "_option"
        names.add(name)
        fields[h.key] = name
        if h.newest["type"] in ("Enum", "List<Enum>"):
            ename = render.ENUM_NAMES.get(h.key) or render.pascal(name)
            if ename in enum_names:
                ename = render.pascal(h.key)
            enum_names.add(ename)
            enums[h.key] = ename
    return fields, enums


def main():
    if sys.argv[1:]:
        sys.exit(f"gen_builtin.py takes no arguments (got {' '.join(sys.argv[1:])}); see its docstring")
    tables = config_tables()
    problems = Problems()
    hand = hand_written_files()
    every = sorted(set().union(*tables))
    histories, hand_histories = {}, {}
    for key in every:
        last = next(t[key] for t in reversed(tables) if key in t)
        if is_task_setting(key, last):
            continue
        try:
            h = History(key, SHORT, tables)
        except ValueError as e:
            problems.add("facts a declaration cannot state", str(e))
            continue
        if key in hand:
            hand_histories[key] = h
        elif "<" in key or key.startswith(HAND_PREFIXES):
            problems.add("to declare by hand (table.rs, execution.rs, optimizer.rs, python.rs, reporters.rs, ...)",
                         f"{key} ({'added in ' + h.since if h.since else 'in every release'})")
        else:
            histories[key] = h
    stale = sorted(k for k in SENSITIVE if k not in every)
    if stale:
        sys.exit(f"SENSITIVE names keys no release table has: {stale}")
    desc, variant_docs = read_descriptions()
    notes = read_deprecations()
    removals = read_removals()
    by_section = place(histories, hand, problems)
    classes = read_change_classes()
    change_of = {k: change_class_of(h, classes, problems) for k, h in histories.items()}
    modules = []
    for sid, info in SECTIONS.items():
        opts = sorted(by_section.get(sid, []), key=lambda h: h.key)
        if not opts:
            continue
        fields, enum_of = names_of(sid, opts)
        plans, enums = [], []
        group_class = section_change_class(opts, change_of)
        info = dict(info, change_class=CLASS_PATH + group_class if group_class else None)
        for h in opts:
            plan = option_plan(h, fields[h.key], enum_of.get(h.key), desc, notes, removals, problems)
            if change_of[h.key] and change_of[h.key] != group_class:
                plan["attrs"].append(f"change_class = {CLASS_PATH}{change_of[h.key]}")
            plans.append(plan)
            if h.key in enum_of:
                values = [(v, variant_docs.get((h.key, v), f"`{v}`.")) for v in h.newest["enum_values"].split(";")]
                enums.append((enum_of[h.key], h.key, values))
        modules.append((sid, info, plans, enums))
    hand_report = [hand_written_needs(h, hand[h.key], notes, removals, problems) for h in hand_histories.values()]
    problems.exit_if_any()
    written = []
    for sid, info, plans, enums in modules:
        path = os.path.join(BUILTIN, info["module"])
        os.makedirs(os.path.dirname(path), exist_ok=True)
        open(path, "w", encoding="utf-8").write(render.render(sid, info, FAMILIES[sid], plans, enums))
        written.append((sid, info))
        print(f"wrote {sid}: {len(plans)} options -> {info['module']}")
    for sid, info in SECTIONS.items():
        path = os.path.join(BUILTIN, info["module"])
        if sid not in {s for s, _ in written} and os.path.exists(path):
            os.remove(path)
    render.write_mods(BUILTIN, written)
    write_differences()
    report_hand_written(hand_report)


def normalized(text):
    return re.sub(r"\s+", "", text).replace(",)", ")").replace(",]", "]")


def option_block(path, key):
    """The `#[option(...)]` text of `key` in a hand-written module."""
    text = open(os.path.join(BUILTIN, path), encoding="utf-8").read()
    at = text.find(f'key = "{key}"')
    start = text.rfind("#[option(", 0, at)
    end = text.find("pub ", at)
    return text[start:end]


def hand_written_needs(h, path, notes, removals, problems):
    """(key, module, [(attribute, present in the module?)]) for a hand-written option's history."""
    local = Problems()
    needs = history_attrs(h, notes, removals, local, hand=True)
    for what, items in local.lists.items():
        for item in items:
            problems.add(what, item)
    block = normalized(option_block(path, h.key))
    checked = []
    for attr in needs:
        if attr.startswith("deprecated = \"...") :
            found = "deprecated=" in block
        elif attr.startswith(("deprecated = ", "removed = ")):
            # The version must match; the note is the module's own words.
            found = normalized(attr.split(":", 1)[0]) in block
        else:
            found = normalized(attr) in block
        checked.append((attr, found))
    return (h.key, path, checked)


def report_hand_written(report):
    """Prints what the history of each hand-written option needs, and whether its module has it."""
    missing = 0
    for key, path, checked in sorted(report):
        if not checked:
            continue
        print(f"hand-written {key} ({path}):")
        for attr, found in checked:
            missing += not found
            print(f"    {'ok     ' if found else 'MISSING'} {attr}")
    if missing:
        print(f"hand-written modules lack {missing} history attribute(s) listed above as MISSING")


# Rows of the differences files that the script owns: (reason, what makes a row one of them).
TABLE_WITH = ("a table's WITH (...) option (kind=table-with), not a configuration key: config.yaml, -D or SET "
              "naming it does nothing in Flink, so the configuration catalogue leaves it to connector crates "
              "(see examples/connector)")
TASK_SETTING = ("a per-task setting Flink writes into each task's configuration itself (a dot-less StreamConfig "
                "field), not an option a user sets")
INTERNAL = ("$internal.* keys are set by Flink itself (deployment, application and planning internals); Flink's "
            "table marks them documented because no annotation excludes them, but its docs never list them, and "
            "hiding them keeps users from being invited to set them")
SCRIPT_ONLY = ("read by the release's launch scripts from the configuration file (bin/config.sh or "
               "bin/bash-java-utils.sh; tests/data/flink-versions/script-keys.tsv), though no ConfigOption of "
               "the release declares it")
OWNED = (TABLE_WITH, TASK_SETTING, INTERNAL, SCRIPT_ONLY)
HEADER = "key\tfield\tours\tflink\treason"


def write_differences():
    """Rewrites the script's own rows in each release's differences file, keeping all others."""
    os.makedirs(DIFFERENCES_DIR, exist_ok=True)
    # A table-with key a hand-written module declares anyway (the gateway's endpoint type, which
    # its start script reads from the configuration) is no difference.
    hand = hand_written_keys()
    tables = config_tables()
    for (short, full), table in zip(RELEASES, tables):
        path = os.path.join(DIFFERENCES_DIR, f"flink-{short}.tsv")
        kept = []
        if os.path.exists(path):
            kept = [line for line in open(path, encoding="utf-8").read().splitlines()[1:]
                    if line.strip() and line.split("\t")[-1] not in OWNED]
        rows = []
        for r in read_table(full):
            key = r["key"]
            if r["kind"] == "table-with" and key not in hand and key not in CONFIGURATION_TOO:
                rows.append([key, "missing", "(not declared)", "declared", TABLE_WITH])
            elif is_task_setting(key, r):
                rows.append([key, "missing", "(not declared)", "declared", TASK_SETTING])
            elif key.startswith("$internal.") and r["documented"] == "true":
                rows.append([key, "hidden", "true", "false", INTERNAL])
        for key, row in table.items():
            if row["class"] == LAUNCH_SCRIPTS:
                rows.append([key, "extra", "declared", "(not an option of this release)", SCRIPT_ONLY])
        lines = [HEADER] + kept + ["\t".join(r) for r in sorted(rows)]
        open(path, "w", encoding="utf-8").write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
