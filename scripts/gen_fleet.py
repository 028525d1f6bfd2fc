#!/usr/bin/env python3
"""Writes a small fleet of Flink configuration files, as a platform team's repository holds them,
for smoke tests of an installed `flinkconf` (.ci/cli-wheel-test.sh).

Usage: gen_fleet.py DIR [N=200]

Half the files are `teams/tNN/jobNNNN/conf/config.yaml` (nested and dotted keys mixed), half
Kubernetes `FlinkDeployment` manifests `k8s/tNN/jobNNNN.yaml` (settings in
spec.flinkConfiguration, spec.flinkVersion v2_3). Every setting is a documented, undeprecated
option of Flink 2.3 set to its own default (read from
tests/data/flink-versions/flink-2.3.0-all-options.tsv), so it is valid, except in every 25th file,
which gets one bad value; those are printed, one a line: path, line and key, tab-separated. The same
N writes the same files. (Some files set an option whose switch is off by default, which validate
warns about: the fleet is checked for its errors.)
"""

import csv
import os
import random
import sys

REPO = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
TABLE = os.path.join(REPO, "tests", "data", "flink-versions", "flink-2.3.0-all-options.tsv")
# Types whose default is a plain scalar a YAML file can hold as written.
TYPES = {"Duration", "MemorySize", "Integer", "Long", "Boolean"}
BAD = {"Duration": "soon", "MemorySize": "lots", "Integer": "many", "Long": "ten", "Boolean": "maybe"}


def settings():
    """(key, type, default) of every option a file may set: leaves only, so that no key is the
    prefix of another and a nested file stays valid YAML."""
    with open(TABLE, newline="") as f:
        rows = [
            r
            for r in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE)
            if r["kind"] == "config"
            and r["documented"] == "true"
            and r["deprecated"] == "false"
            and r["type"] in TYPES
            and r["default"] not in ("", "(none)")
            and "<" not in r["key"]
            # Flink 2.x writes dot-less per-task settings (vertexID, chainEnd) itself: not options.
            and "." in r["key"]
            and not r["key"].startswith("$")
        ]
    keys = {r["key"] for r in rows}
    return sorted(
        (r["key"], r["type"], r["default"])
        for r in rows
        if not any(other.startswith(r["key"] + ".") for other in keys)
    )


def nested(pairs):
    """YAML lines, with the first segment of keys that share it nested and the rest dotted; each
    line with the key it sets (None for a line that only opens a mapping)."""
    groups = {}
    for key, value in pairs:
        head, _, rest = key.partition(".")
        groups.setdefault(head, []).append((key, rest, value))
    lines = []
    for head, members in groups.items():
        if len(members) == 1:
            lines += [(f"{key}: {value}", key) for key, _, value in members]
        else:
            lines.append((f"{head}:", None))
            lines += [(f"  {rest}: {value}", key) for key, rest, value in members]
    return lines


def main():
    out = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    rng = random.Random(n)
    pool = settings()
    planted = []
    for i in range(n):
        team = f"t{i % 10:02d}"
        chosen = rng.sample(pool, rng.randint(15, 40))
        bad = i % 25 == 24
        pairs = [(key, BAD[kind] if bad and j == 0 else default) for j, (key, kind, default) in enumerate(chosen)]
        if i % 2 == 0:
            path = f"teams/{team}/job{i:04d}/conf/config.yaml"
            lines = nested(pairs)
        else:
            path = f"k8s/{team}/job{i:04d}.yaml"
            head = [
                "apiVersion: flink.apache.org/v1beta1",
                "kind: FlinkDeployment",
                "metadata:",
                f"  name: job{i:04d}",
                "spec:",
                "  flinkVersion: v2_3",
                "  flinkConfiguration:",
            ]
            lines = [(text, None) for text in head] + [(f'    {key}: "{value}"', key) for key, value in pairs]
        if bad:
            key = chosen[0][0]
            line = next(number for number, (_, set_key) in enumerate(lines, 1) if set_key == key)
            planted.append((path, line, key))
        full = os.path.join(out, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write("".join(text + "\n" for text, _ in lines))
    sys.stdout.writelines(f"{path}\t{line}\t{key}\n" for path, line, key in planted)


if __name__ == "__main__":
    main()
