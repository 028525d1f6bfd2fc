#!/usr/bin/env python3
"""Checks the description files of the Flink releases after 1.19 against the release option tables.

Usage: python3 scripts/check_release_descriptions.py [FLINK_VERSIONS_DIR]
(default: tests/data/flink-versions, the copy gen_builtin.py generates from)

For each release step it checks that scripts/builtin-descriptions/added-<release>.txt describes every
kind=config key the release adds (dot-less internal keys such as `chainEnd` excepted) exactly once,
describes nothing else, and documents every value of the Enum options it adds; that every option a
release marks deprecated has a note in deprecations.tsv; and that removals.tsv has one row per removed
key with the release that removed it. The files are read with gen_builtin.py's own readers, so a file
they reject fails here too. Exit code 0 when all holds, 1 otherwise.
"""
import csv
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import gen_builtin  # noqa: E402  (reads deprecations.tsv at import and exits if it is malformed)

RELEASES = [("1.19", "1.19.3"), ("1.20", "1.20.5"), ("2.0", "2.0.2"), ("2.1", "2.1.3"), ("2.2", "2.2.1"), ("2.3", "2.3.0")]
DESC_DIR = gen_builtin.DESC_DIR


def load(folder, version):
    path = os.path.join(folder, f"flink-{version}-all-options.tsv")
    rows = csv.DictReader(open(path, encoding="utf-8"), delimiter="\t", quoting=csv.QUOTE_NONE)
    return {gen_builtin.RELATIVE_KEYS.get(r["key"], r["key"]): r for r in rows if r["kind"] == "config"}


def entries(name):
    """Keys and `key#VALUE` entries of one description file, in order (duplicates kept)."""
    keys, values = [], []
    for line in open(os.path.join(DESC_DIR, name), encoding="utf-8"):
        if line.startswith("@ "):
            key = line[2:].strip()
            (values if "#" in key else keys).append(key)
    return keys, values


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else gen_builtin.VERSIONS_DIR
    tables = [load(folder, full) for _, full in RELEASES]
    desc, variants = gen_builtin.read_descriptions()  # exits on a key described twice across files
    notes = gen_builtin.read_deprecations()
    problems = []
    removed_expected = {}
    for i in range(1, len(RELEASES)):
        short, prev, cur = RELEASES[i][0], tables[i - 1], tables[i]
        added = sorted(k for k in cur if k not in prev)
        in_scope = [k for k in added if "." in k]
        internal = [k for k in added if "." not in k]
        for k in prev:
            if k not in cur and "." in k:
                removed_expected[k] = short
        name = f"added-{short}.txt"
        if not os.path.exists(os.path.join(DESC_DIR, name)):
            problems.append(f"{name}: missing ({len(in_scope)} keys to describe)")
            continue
        keys, values = entries(name)
        twice = sorted({k for k in keys if keys.count(k) > 1})
        missing = [k for k in in_scope if k not in keys]
        extra = [k for k in keys if k not in in_scope]
        empty = [k for k in keys if not desc.get(k, "").strip()]
        undocumented = [f"{k}#{v}" for k in in_scope if cur[k]["type"] in ("Enum", "List<Enum>")
                        for v in cur[k]["enum_values"].split(";") if (k, v) not in variants]
        unknown = [e for e in values if e.split("#")[0] not in cur
                   or e.split("#", 1)[1] not in cur[e.split("#")[0]]["enum_values"].split(";")]
        for label, found in [("twice", twice), ("missing", missing), ("not added by the release", extra),
                             ("empty", empty), ("values without a line", undocumented), ("unknown values", unknown)]:
            if found:
                problems.append(f"{name}: {label}: {', '.join(found)}")
        print(f"{name}: {len(keys)} descriptions for {len(in_scope)} added keys, {len(values)} value lines; "
              f"not described (internal, no dot): {', '.join(internal) or 'none'}")
    for (short, _), table in zip(RELEASES, tables):
        without = sorted(k for k, r in table.items() if r["deprecated"] == "true" and k not in notes
                         and k not in gen_builtin.hand_written_keys())
        if without:
            problems.append(f"deprecations.tsv: no note for options {short} deprecates: {', '.join(without)}")
    rows = [line.rstrip("\n").split("\t") for line in open(os.path.join(DESC_DIR, "removals.tsv"), encoding="utf-8")
            if line.strip() and not line.startswith("#")]
    bad = [r[0] for r in rows if len(r) != 5 or r[3] not in ("confirmed", "unverified")]
    seen = {r[0]: r[1] for r in rows if len(r) == 5}
    wrong = [f"{k} ({seen.get(k)} instead of {v})" for k, v in removed_expected.items() if seen.get(k) != v]
    extra = [k for k in seen if k not in removed_expected]
    for label, found in [("malformed rows", bad), ("missing or wrong release", wrong), ("not removed", extra)]:
        if found:
            problems.append(f"removals.tsv: {label}: {', '.join(found)}")
    print(f"removals.tsv: {len(rows)} rows for {len(removed_expected)} removed keys; "
          f"deprecations.tsv: {len(notes)} notes")
    for p in problems:
        print("PROBLEM", p)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
