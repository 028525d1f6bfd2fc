#!/usr/bin/env python3
"""Writes options-check/tests/data/plan/operator-diff-rules.tsv: how the Flink Kubernetes Operator
classifies a change of each spec field and of each spec.flinkConfiguration key, per release, read
from the operator's own source at each release tag, with the source lines quoted.

Usage: python3 scripts/operator_diff_rules.py OPERATOR_GIT_DIR
(OPERATOR_GIT_DIR: a clone of apache/flink-kubernetes-operator with its release tags.)

options-check's plan rules (options-check/src/plan/rules.rs) are written by hand; the test
`plan_rules::every_rule_of_every_release_matches_the_operators_source` reads this file and checks
each row against them, so a rule that drifts from the source, or a release whose source changes
a rule, fails.

What is read (paths under flink-kubernetes-operator-api/.../api/spec/):
* every `private` field of AbstractFlinkSpec, FlinkDeploymentSpec, FlinkSessionJobSpec, JobSpec,
  TaskManagerSpec and JobManagerSpec with the annotations right above it: `@SpecDiff(value, mode,
  onNullIgnore)` gives the field's diff type in the modes it names and UPGRADE in the others; a
  field of a type that implements Diffable (JobSpec, TaskManagerSpec) is compared field by field
  when both sides are set; any other field is one UPGRADE when it changes
  (ReflectiveDiffBuilder.appendFields);
* the `@SpecDiff.Entry(prefix, type, mode)` entries on `flinkConfiguration`, in order (first
  match wins, an entry whose mode does not apply is skipped, no match is UPGRADE:
  ReflectiveDiffBuilder.getType).
"""
import re
import subprocess
import sys

TAGS = ["1.10.0", "1.11.0", "1.12.0", "1.12.1", "1.13.0", "1.14.0", "1.15.0"]
API = "flink-kubernetes-operator-api/src/main/java/org/apache/flink/kubernetes/operator/api/spec/"
CLASSES = {
    "AbstractFlinkSpec": "spec",
    "FlinkDeploymentSpec": "spec",
    "FlinkSessionJobSpec": "spec",
    "JobSpec": "spec.job",
    "TaskManagerSpec": "spec.taskManager",
    "JobManagerSpec": "spec.jobManager",
}
DIFFABLE = {"JobSpec", "TaskManagerSpec"}
DIFF = "flink-kubernetes-operator-api/src/main/java/org/apache/flink/kubernetes/operator/api/diff/DiffType.java"
BUILDER = ("flink-kubernetes-operator/src/main/java/org/apache/flink/kubernetes/operator/reconciler/diff/"
           "ReflectiveDiffBuilder.java")
# (fact, file, a pattern of the line that states it): whether each release's source states it.
BUILDER_FACTS = [
    ("diff-types-in-order", DIFF, r"^\s*(IGNORE|SCALE|UPGRADE|SAVEPOINT_REDEPLOY)[,;]"),
    ("largest-diff-wins", DIFF, r"max\(Comparator\.comparing\(DiffType::ordinal\)\)"),
    ("unmatched-key-is-upgrade", BUILDER, r"DiffType diffType = UPGRADE;"),
    ("first-prefix-wins", BUILDER, r"key\.startsWith\(entry\.prefix\(\)\)"),
    ("mode-not-applying-is-upgrade", BUILDER, r"modeApplies \? annotation\.value\(\) : UPGRADE"),
    ("null-ignored-when-on-null-ignore", BUILDER, r"rightField != null \|\| !annotation\.onNullIgnore\(\)"),
    ("diffable-compared-when-both-set", BUILDER, r"allNotNull\(leftField, rightField\)"),
    ("flink-configuration-flattened", BUILDER, r"asFlatMap\(\)"),
]
OUT = "options-check/tests/data/plan/operator-diff-rules.tsv"


def show(repo, tag, path):
    return subprocess.run(["git", "-C", repo, "show", f"release-{tag}:{path}"], check=True,
                          capture_output=True, text=True).stdout


def fields(text):
    """(line number, field name, type, annotation text, quoted lines) of each private field."""
    lines = text.split("\n")
    out, pending, quoted = [], [], []
    depth = 0
    for n, line in enumerate(lines, 1):
        s = line.strip()
        if depth == 0 and s.startswith("@") or depth > 0:
            pending.append(s)
            quoted.append((n, s))
            depth += s.count("(") - s.count(")")
            continue
        m = re.match(r"private\s+(?:final\s+)?([\w<>\[\], ]+?)\s+(\w+)\s*(=.*)?;", s)
        if m:
            quoted.append((n, s))
            out.append((n, m.group(2), m.group(1), " ".join(pending), list(quoted)))
        if s and not s.startswith(("/", "*")):
            pending, quoted = [], []
    return out


def spec_diff(annotation):
    """(value, modes, on_null_ignore) of a `@SpecDiff(...)`, or None."""
    m = re.search(r"@SpecDiff\((.*?)\)(?:\s|$)", annotation + " ")
    if not m or "@SpecDiff.Config" in annotation:
        return None
    args = m.group(1)
    value = re.search(r"DiffType\.(\w+)", args)
    modes = re.findall(r"KubernetesDeploymentMode\.(\w+)", args)
    return (value.group(1) if value else "UPGRADE", modes, "onNullIgnore = true" in args)


def quote(quoted):
    return " | ".join(f"{n}: {s}" for n, s in quoted)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    repo = sys.argv[1]
    rows = []
    for tag in TAGS:
        release = ".".join(tag.split(".")[:2])
        for cls, prefix in CLASSES.items():
            path = API + cls + ".java"
            text = show(repo, tag, path)
            for n, name, typ, annotation, quoted in fields(text):
                where = f"{cls}.java:{n}"
                if name == "flinkConfiguration":
                    entries = re.findall(r"@SpecDiff\.Entry\((.*?)\)(?=,\s*@|\s*\}|$)", annotation)
                    for order, entry in enumerate(entries, 1):
                        p = re.search(r'prefix = "([^"]+)"', entry).group(1)
                        t = re.search(r"type = DiffType\.(\w+)", entry).group(1)
                        modes = re.findall(r"KubernetesDeploymentMode\.(\w+)", entry)
                        for mode in ("NATIVE", "STANDALONE"):
                            diff = t if not modes or mode in modes else "(skipped)"
                            rows.append((release, "config-prefix", f"{order}:{p}", mode, diff, "", where,
                                         quote(quoted)))
                    continue
                annotated = spec_diff(annotation)
                for mode in ("NATIVE", "STANDALONE"):
                    if annotated:
                        value, modes, on_null = annotated
                        diff = value if not modes or mode in modes else "UPGRADE"
                        null = "on-null-ignore" if on_null else ""
                    elif typ in DIFFABLE:
                        diff, null = "recurse", ""
                    else:
                        diff, null = "UPGRADE", ""
                    rows.append((release, "field", f"{prefix}.{name}", mode, diff, null, where, quote(quoted)))
        # How the builder reads the annotations, and the order of the diff types.
        for fact, path, pattern in BUILDER_FACTS:
            text = show(repo, tag, path)
            found = [(n, l.strip()) for n, l in enumerate(text.split("\n"), 1) if re.search(pattern, l)]
            where = f"{path.rsplit('/', 1)[-1]}:{found[0][0]}" if found else path.rsplit("/", 1)[-1]
            rows.append((release, "builder", fact, "-", "yes" if found else "no", "", where, quote(found[:3])))
    # The same release read twice (1.12.0 and 1.12.1): one row each, identical, kept as the patch's.
    seen, unique = set(), []
    for row in rows:
        if row[:6] in seen:
            continue
        seen.add(row[:6])
        unique.append(row)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("# Generated by scripts/operator_diff_rules.py from apache/flink-kubernetes-operator at tags "
                + ", ".join("release-" + t for t in TAGS) + ".\n")
        f.write("# Each row: how the operator's ReflectiveDiffBuilder classifies a change of a spec field or of a\n"
                "# spec.flinkConfiguration key prefix, in a deployment mode, and the source lines it is read from\n"
                "# (file:line, annotation and declaration, quoted). `recurse`: a Diffable type, compared field by field\n"
                "# when both sides are set (UPGRADE as a whole otherwise). `(skipped)`: a prefix entry whose mode does not\n"
                "# apply (the key falls through to the next entry, else UPGRADE). Paths under\n"
                "# flink-kubernetes-operator-api/src/main/java/org/apache/flink/kubernetes/operator/api/spec/.\n")
        f.write("release\trule\tsubject\tmode\tdiff\tnull\tsource\tquoted\n")
        for row in unique:
            f.write("\t".join(row) + "\n")
    print(f"wrote {len(unique)} rows to {OUT}")


if __name__ == "__main__":
    main()
