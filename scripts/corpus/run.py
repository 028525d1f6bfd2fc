#!/usr/bin/env python3
"""Run `flinkconf validate` over the corpus fetched by fetch.sh, one file at a time, and write
every finding as a line of TSV (file, kind, level, rule, line, message) for judging by hand.

    scripts/corpus/run.py FLINKCONF [DIR] > findings.tsv

A legacy file (a name holding `flink-conf`) is checked under `--release 1.19`, the last release
that reads one; every other file under the release the tool picks (the newest, or a manifest's
spec.flinkVersion). The last line to standard error counts files, errors and warnings.
"""
import json, os, subprocess, sys

tool = sys.argv[1]
root = sys.argv[2] if len(sys.argv) > 2 else "/work/corpus/files"
files = sorted(os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs)
errors = warnings = 0
for path in files:
    rel = os.path.relpath(path, root)
    args = [tool, "validate", "--output-format", "json"]
    if "flink-conf" in os.path.basename(path):
        args += ["--release", "1.19"]
    run = subprocess.run(args + [path], capture_output=True, text=True)
    try:
        report = json.loads(run.stdout)
    except json.JSONDecodeError:
        message = (run.stderr.strip().splitlines() or ["no output"])[-1]
        print(f"{rel}\t-\terror\trun-failed\t0\t{message}")
        errors += 1
        continue
    for entry in report["files"]:
        kind = entry.get("kind") or "-"
        if entry.get("skipped"):
            print(f"{rel}\t{kind}\tskip\t-\t0\t{entry['skipped']}")
        for f in entry.get("findings", []):
            if f["level"] == "error":
                errors += 1
            elif f["level"] == "warning":
                warnings += 1
            message = f["message"].replace("\t", " ").replace("\n", " ")
            print(f"{rel}\t{kind}\t{f['level']}\t{f['rule']}\t{f['line']}\t{message}")
print(f"{len(files)} files, {errors} errors, {warnings} warnings", file=sys.stderr)
