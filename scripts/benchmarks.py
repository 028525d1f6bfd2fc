#!/usr/bin/env python3
"""Regenerates BENCHMARKS.md from criterion's results, so the figures are never typed by hand.

Usage (from the repository root):

    scripts/benchmarks.py --run     # runs `cargo bench` for both groups and the compile-cost
                                    # script, then writes BENCHMARKS.md
    scripts/benchmarks.py --run --skip-compile   # the same without the compile-cost part
    scripts/benchmarks.py --run --skip-flink     # the same without Flink's side (loader, config_ops)
    scripts/benchmarks.py           # only rewrites BENCHMARKS.md from the last results
    scripts/benchmarks.py --run --only config_ops   # runs config_ops and Flink's side, and
                                    # rewrites only their two sections
    scripts/benchmarks.py --run --only lookups      # runs lookups and validate, and rewrites
                                    # only the section of suggestions and lookups

Reads `<target>/criterion/<group>/<bench>/new/estimates.json` (median point estimates). The target
directory is $CARGO_TARGET_DIR or ./target. The compile-cost figures are the output of
`../shared/bench/compile-scale/run.sh`, kept in `<target>/compile-scale.txt` so a rewrite without
`--run` still shows them; the same for `../shared/bench/flink-load/run.sh` (our loaders' whole
processes next to Flink 2.3.0's loader in one run) in `<target>/flink-load.txt`, and for
`../shared/bench/flink-ops/run.sh` (Flink 1.19.3's own `Configuration` per call, run right after
`config_ops`, so both sides come from one run) in `<target>/flink-ops.txt`.
"""

import json
import os
import platform
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
CRITERION = TARGET / "criterion"
COMMANDS = [
    ["cargo", "bench", "-p", "options-flink", "--bench", "config_ops"],
    ["cargo", "bench", "-p", "options-docs", "--bench", "render"],
    ["cargo", "bench", "-p", "options-flink", "--bench", "lookups"],
    ["cargo", "bench", "-p", "options-check", "--bench", "validate"],
    ["cargo", "bench", "-p", "options-flink", "--bench", "load"],
]

# The Python package's comparison with plain dicts (python/bench.py), run with the interpreter
# $PYTHON_BENCH names (one with a release build of the package installed: `pip install ./python`);
# its figures are kept in <target>/python-bench.json so a rewrite without --run still shows them.
PYTHON_BENCH = ["python/bench.py", "--json"]
PYTHON_RESULTS = TARGET / "python-bench.json"

# What a downstream crate pays: examples/connector (the derive and typed reads) built cold beside
# the same options declared with confique, in one run; kept in <target>/downstream.txt.
DOWNSTREAM = ROOT.parent / "shared" / "bench" / "downstream" / "run.sh"
DOWNSTREAM_RESULTS = TARGET / "downstream.txt"
# Targets of the architecture issue: at most 1.2x confique's cold build (goal 1.0x), at most 18
# crates compiled.
MAX_DOWNSTREAM_RATIO = 1.2
MAX_DOWNSTREAM_CRATES = 18

COMPILE_SCALE = ROOT.parent / "shared" / "bench" / "compile-scale" / "run.sh"
# groups x options per group: 1,000 options (the ratio target), then 10,000 (growth stays linear)
COMPILE_SIZES = [["10", "100"], ["100", "100"]]
COMPILE_RESULTS = TARGET / "compile-scale.txt"
# Targets of issue 15: our derive no slower than DataFusion's config_namespace! (ratio <= 1), and
# ten times the options at most twelve times the build (linear, with the noise allowed render_all).
MAX_COMPILE_RATIO = 1.0
MAX_COMPILE_GROWTH = 12.0

CONFIG_OPS = [
    "get_duration_from_string",
    "get_long_from_string",
    "get_duration_typed",
    "get_unset_default",
    "get_two_layers",
    "set_string",
    "set_string_then_get",
    "set_string_four_values",
    "snapshot_field_read",
]
# Targets of issue 8: (bench, limit in ns) and the minimum speed-up over the baseline.
ABSOLUTE_NS = {
    "get_duration_typed": 5.0,
    "get_unset_default": 5.0,
    "snapshot_field_read": 1.0,
    "set_string": 20.0,
    "set_string_then_get": 25.0,
}
MIN_SPEEDUP = 5.0
RENDER_SIZES = [100, 1000, 10000]
RENDER_10000_MS = 150.0  # issue 15
# Targets of issue 18: a typo's suggestions, Tab completion, and what an unknown key costs in
# `validate` next to a key a pattern accepts.
SUGGEST_US = 5.0
COMPLETE_US = 50.0
VALIDATE_RATIO = 3.0
# Targets of issue 28: a 60,000-key config.yaml loads (options-shell --config) and validates
# (flinkconf validate) at least 3x faster than Flink 2.3.0's loader, measured side by side in one run
# by ../shared/bench/flink-load/run.sh; the load's peak memory at most 16x the file; a known key
# validates in at most 2 µs.
FLINK_LOAD = ROOT.parent / "shared" / "bench" / "flink-load" / "run.sh"
FLINK_RESULTS = TARGET / "flink-load.txt"
FLINK_SPEEDUP = 3.0
FLINK_FILE_BYTES = 2_543_960  # the size of the file gen.py writes
MAX_RSS_FACTOR = 16
# Issue 51: every operation of the seed's TableConfig against Flink 1.19.3's own Configuration in a
# warm JVM (../shared/bench/flink-ops/run.sh, run right after config_ops): (line Flink prints, our
# benchmark, least speed-up asked). Flink's set cycles through four values; so does
# set_string_four_values.
FLINK_OPS = ROOT.parent / "shared" / "bench" / "flink-ops" / "run.sh"
FLINK_OPS_RESULTS = TARGET / "flink-ops.txt"
FLINK_OPS_ROWS = [
    ("get Duration option stored as string", "get_duration_from_string", 5.0),
    ("get Duration option stored typed", "get_duration_typed", 5.0),
    ("get Long option stored as string", "get_long_from_string", 5.0),
    ("TableConfig.get, value in root layer", "get_two_layers", 5.0),
    ("get unset option (default)", "get_unset_default", 5.0),
    ("set(String key, String value)", "set_string", 1.0),
    ("set(String key, String value)", "set_string_four_values", 1.0),
    ("set(String,String) then get typed", "set_string_then_get", 4.0),
]
KNOWN_PER_KEY_US = 2.0


def median_ns(*parts):
    path = CRITERION.joinpath(*parts, "new", "estimates.json")
    if not path.exists():
        return None
    return json.loads(path.read_text())["median"]["point_estimate"]


def fmt_time(ns):
    if ns is None:
        return "not run"
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.2f} µs"
    return f"{ns:.2f} ns"


def cpu_model():
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def rustc_version():
    try:
        return subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "unknown"


def run_compile_scale():
    """Runs the compile-cost script for each size (its own target directory under target/) and
    keeps its output."""
    env = dict(os.environ, SCALE_DIR=str(TARGET / "compile-scale"))
    out = ""
    for size in COMPILE_SIZES:
        cmd = [str(COMPILE_SCALE), ".", *size]
        print("+", " ".join(cmd), file=sys.stderr)
        run = subprocess.run(cmd, cwd=ROOT, env=env, check=True, capture_output=True, text=True)
        sys.stderr.write(run.stdout)
        out += run.stdout
    COMPILE_RESULTS.write_text(out)


def run_downstream():
    """Runs the downstream build script (cold builds, alternating) and keeps its output."""
    cmd = [str(DOWNSTREAM), "."]
    print("+ RUNS=3", " ".join(cmd), file=sys.stderr)
    env = dict(os.environ, RUNS="3")
    run = subprocess.run(cmd, cwd=ROOT, env=env, check=True, capture_output=True, text=True)
    sys.stderr.write(run.stdout)
    DOWNSTREAM_RESULTS.write_text(run.stdout)


def downstream_section(failures, margins):
    """The downstream build's section, from the last run (nothing when there is none)."""
    if not DOWNSTREAM_RESULTS.exists():
        return []
    m = re.search(
        r"example-connector (\d+) ms \((\d+) crates\); confique-three (\d+) ms \((\d+) crates\)",
        DOWNSTREAM_RESULTS.read_text(),
    )
    if not m:
        return []
    ours, ours_crates, theirs, theirs_crates = (int(g) for g in m.groups())
    ratio = ours / theirs
    ok_ratio = ratio <= MAX_DOWNSTREAM_RATIO
    ok_crates = ours_crates <= MAX_DOWNSTREAM_CRATES
    if not ok_ratio:
        failures.append(f"downstream build {ratio:.2f}x confique")
    margins.append((1 - ratio / MAX_DOWNSTREAM_RATIO, f"downstream build {ratio:.2f}x confique vs ≤ {MAX_DOWNSTREAM_RATIO:g}x"))
    return [
        "",
        "## Downstream build",
        "",
        "What a crate that declares a few options pays before it has written a line: the cold debug",
        "build of `examples/connector` (the derive and typed reads: `options-core` without features,",
        "so no YAML parser, no time zones, no Flink catalogue) beside three options declared with",
        "`confique`, each in a fresh target directory, best of 3, alternating",
        "(`RUNS=3 ../shared/bench/downstream/run.sh .`).",
        "",
        "| crate | cold build | crates compiled |",
        "|---|---:|---:|",
        f"| `example-connector` | {ours / 1000:.2f} s | {ours_crates} |",
        f"| `confique-three` | {theirs / 1000:.2f} s | {theirs_crates} |",
        "",
        f"Ratio {ratio:.2f}x (target ≤ {MAX_DOWNSTREAM_RATIO:g}x, goal 1.0x): {verdict(ok_ratio)}; crates compiled "
        f"{ours_crates} (target ≤ {MAX_DOWNSTREAM_CRATES}): {verdict(ok_crates)}. Before the core was split from",
        "Flink's catalogue the same build took 24.7 s and 30 crates (3.3x).",
    ]


def run_flink_load():
    """Runs the side-by-side load script and keeps its output."""
    cmd = [str(FLINK_LOAD), "."]
    print("+", " ".join(cmd), file=sys.stderr)
    run = subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True)
    sys.stderr.write(run.stdout)
    FLINK_RESULTS.write_text(run.stdout)


def run_flink_ops():
    """Runs Flink's side of config_ops and keeps its output."""
    cmd = [str(FLINK_OPS)]
    print("+", " ".join(cmd), file=sys.stderr)
    run = subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True)
    sys.stderr.write(run.stdout)
    FLINK_OPS_RESULTS.write_text(run.stdout)


def flink_ops_section(failures, margins):
    """Our config_ops next to Flink 1.19.3's Configuration from the same run."""
    if not FLINK_OPS_RESULTS.exists():
        return []
    flink = {}
    for line in FLINK_OPS_RESULTS.read_text().splitlines():
        m = re.match(r"(.*\S)\s+([0-9.]+) ns/op", line)
        if m:
            flink[m.group(1)] = float(m.group(2))
    lines = [
        "",
        "## `config_ops` beside Flink",
        "",
        "The same operations on Flink 1.19.3's own `Configuration` and `TableConfig` in a warm JVM",
        "(`../shared/bench/flink-ops/run.sh`: best of 5 rounds of 2 million calls), run right after",
        "`config_ops`, so both columns come from one run. Flink's `set` stores the text unchecked;",
        "ours parses and validates it. On this virtual machine the JVM's figures move more between runs",
        "than ours (up to 3x across days): compare the ratios within one run.",
        "",
        "| operation | Flink | ours | speed-up | goal | met |",
        "|---|---:|---:|---:|---|---|",
    ]
    for label, name, goal in FLINK_OPS_ROWS:
        theirs = next((v for k, v in flink.items() if k.startswith(label)), None)
        ours = median_ns("config_ops", name)
        if theirs is None or ours is None:
            continue
        speedup = theirs / ours
        ok = speedup >= goal
        failures += [] if ok else [f"{name} vs Flink"]
        margins.append((speedup / goal - 1, f"`{name}` {speedup:.1f}x Flink vs ≥ {goal:g}x"))
        lines.append(
            f"| {label} (`{name}`) | {theirs:.1f} ns | {fmt_time(ours)} | {speedup:.1f}x "
            f"| ≥ {goal:g}x | {verdict(ok)} |"
        )
    return lines


def flink_load():
    """(validate ms, load ms, peak RSS KB, Flink ms) from the last side-by-side run."""
    if not FLINK_RESULTS.exists():
        return None
    m = re.search(
        r"docgen validate (\d+) ms; options-shell --config (\d+) ms, peak RSS (\d+) KB; Flink 2.3.0 loader (\d+) ms",
        FLINK_RESULTS.read_text(),
    )
    return tuple(int(g) for g in m.groups()) if m else None


def compile_seconds():
    """options -> {style: seconds} from the last compile-cost run."""
    if not COMPILE_RESULTS.exists():
        return {}
    found = {}
    for line in COMPILE_RESULTS.read_text().splitlines():
        m = re.match(r"(\w+)\s+(\d+) options:\s+([\d.]+) s", line)
        if m:
            found.setdefault(int(m.group(2)), {})[m.group(1)] = float(m.group(3))
    return found


def verdict(ok):
    return "yes" if ok else "**no**"


def python_section(failures, margins):
    """The "Python" section from the last python/bench.py figures; misses go to `failures`,
    headroom to `margins`."""
    lines = []
    lines += [
        "",
        "## Python",
        "",
        "The Python package (`python/`, a release build) against plain `dict`s holding the same",
        "values, each case and its baseline interleaved round by round in one run, timed by the",
        "measuring thread's CPU time (`python/bench.py`). `TableConfig.get` answers from the",
        "environment's cache of converted values in Python; the second row is the extension's own",
        "method, called directly, for comparison.",
        "",
    ]
    if PYTHON_RESULTS.exists():
        python = json.loads(PYTHON_RESULTS.read_text())
        lines += [
            python["setup"],
            "",
            "| case | ns/call | baseline | ns/call | ratio | target | met |",
            "|---|---:|---|---:|---:|---|---|",
        ]
        for r in python["rows"]:
            ratio = r["ns"] / r["baseline_ns"]
            target, met = "–", "–"
            if r["target"]:
                ok = ratio <= r["target"]
                if not ok:
                    failures.append(f"Python {r['name']}")
                margins.append((1 - ratio / r["target"], f"Python `{r['name']}` {ratio:.2f}x vs ≤ {r['target']:g}x"))
                target, met = f"≤ {r['target']:g}x", verdict(ok)
            lines.append(
                f"| `{r['name']}` | {r['ns']:.1f} ns | `{r['baseline']}` | {r['baseline_ns']:.1f} ns "
                f"| {ratio:.2f}x | {target} | {met} |"
            )
    else:
        lines.append("Not run (set PYTHON_BENCH and run `scripts/benchmarks.py --run`).")

    return lines


# Sections measured by scripts outside criterion (the fleet's run.sh, /usr/bin/time) or written
# from a bench's report by hand: carried over from the current BENCHMARKS.md as they are.
HAND_MEASURED = (
    "## `flinkconf validate` over a fleet",
    "## The language server (`flinkconf lsp`)",
)


def hand_measured_sections():
    path = ROOT / "BENCHMARKS.md"
    if not path.exists():
        return []
    kept, keeping = [], False
    for line in path.read_text().splitlines():
        if line.startswith("## "):
            keeping = line.strip() in HAND_MEASURED
            if keeping:
                kept.append("")
        if keeping:
            kept.append(line)
    while kept and not kept[-1].strip():
        kept.pop()
    return kept


# The groups `--only` refreshes alone: their commands, and the sections of BENCHMARKS.md they
# rewrite (from one heading up to the next one named).
ONLY = {
    "config_ops": (["config_ops"], "## `config_ops`\n", "## `docgen`"),
    "lookups": (["lookups", "validate"], "\n## Suggestions and lookups\n", "\n## Loading a large config.yaml"),
}


def refresh_only(group, args):
    """`--only <group>`: runs the group's benches (with `--run`; for `config_ops` Flink's side
    too), then replaces only its sections of BENCHMARKS.md, keeping the rest of the file and its
    verdict as they are. For a change that touches one area, where a full run takes an hour."""
    benches, first, after = ONLY[group]
    if "--run" in args:
        for bench in benches:
            cmd = next(c for c in COMMANDS if c[-1] == bench)
            print("+", " ".join(cmd), file=sys.stderr)
            subprocess.run(cmd, cwd=ROOT, check=True)
        if group == "config_ops" and "--skip-flink" not in args:
            run_flink_ops()
    path = ROOT / "BENCHMARKS.md"
    text = path.read_text()
    start = text.index(first)
    end = text.index(after)
    failures, margins = [], []
    sections = {"config_ops": config_ops_sections, "lookups": lookups_section}[group]
    section = "\n".join(sections(failures, margins)).strip("\n") + "\n"
    if group == "config_ops":
        section += "\n"
    else:
        section = "\n" + section
    path.write_text(text[:start] + section + text[end:])
    print(f"rewrote the {group} sections of {path}", file=sys.stderr)
    print("missed:", ", ".join(failures) or "none", file=sys.stderr)


def main():
    args = sys.argv[1:]
    if "--only" in args:
        group = args[args.index("--only") + 1 :][:1]
        if not group or group[0] not in ONLY:
            sys.exit(f"--only takes one of {', '.join(ONLY)} (the groups whose sections can be refreshed alone)")
        refresh_only(group[0], args)
        return
    if "--run" in args:
        for cmd in COMMANDS:
            print("+", " ".join(cmd), file=sys.stderr)
            subprocess.run(cmd, cwd=ROOT, check=True)
            if "config_ops" in cmd and "--skip-flink" not in args:
                run_flink_ops()
        if "--skip-compile" not in args:
            run_compile_scale()
        python = os.environ.get("PYTHON_BENCH")
        if python:
            cmd = [python, *PYTHON_BENCH, str(PYTHON_RESULTS)]
            print("+", " ".join(cmd), file=sys.stderr)
            subprocess.run(cmd, cwd=ROOT, check=True)
        else:
            print("PYTHON_BENCH not set: the Python figures are the last ones kept", file=sys.stderr)
        if "--skip-flink" not in args:
            run_flink_load()
        if "--skip-compile" not in args:
            run_downstream()

    lines = [
        "# Benchmarks",
        "",
        "<!-- Generated by scripts/benchmarks.py from criterion's results; do not edit. -->",
        "",
        "Regenerate with `scripts/benchmarks.py --run` (runs the commands below, then rewrites this",
        "file). Figures are criterion's median estimates.",
        "",
        "```sh",
        *(" ".join(c) for c in COMMANDS),
        *(f"../shared/bench/compile-scale/run.sh . {' '.join(size)}" for size in COMPILE_SIZES),
        f"$PYTHON_BENCH {' '.join(PYTHON_BENCH)} <target>/{PYTHON_RESULTS.name}",
        "```",
        "",
        f"Machine: {os.cpu_count()} cores, {cpu_model()}; {rustc_version()}; {platform.system()} {platform.release()}.",
        "",
    ]
    failures = []
    margins = []  # (headroom as a fraction of the target, description)
    lines += config_ops_sections(failures, margins)

    lines += [
        "",
        "## `docgen` (rendering, in options-docs)",
        "",
        "Renders every output (site pages, Markdown, HTML fragments, catalogue.json,",
        "config.schema.json) for a synthetic catalogue of N options in sections of 100.",
        "",
        "| benchmark | time | per option |",
        "|---|---:|---:|",
    ]
    render = {n: median_ns("docgen", "render_all", str(n)) for n in RENDER_SIZES}
    for n in RENDER_SIZES:
        t = render[n]
        lines.append(
            f"| `render_all/{n}` | {fmt_time(t)} | {fmt_time(t / n) if t else '–'} |"
        )
    big, mid = render[10000], render[1000]
    if big and mid:
        ratio = big / mid
        under_second = big <= RENDER_10000_MS * 1e6
        linear = ratio <= 12
        if not (under_second and linear):
            failures.append("render_all")
        margins.append((1 - big / (RENDER_10000_MS * 1e6), f"`render_all/10000` {fmt_time(big)} vs ≤ {RENDER_10000_MS:g} ms"))
        margins.append((1 - ratio / 12, f"`render_all/10000` {ratio:.1f}x `render_all/1000` vs ≤ 12x"))
        lines += [
            "",
            f"`render_all/10000` is {fmt_time(big)} (target ≤ {RENDER_10000_MS:g} ms: {verdict(under_second)}) and "
            f"{ratio:.1f}x `render_all/1000` (target ≤ 12x, linear: {verdict(linear)}).",
        ]

    lines += lookups_section(failures, margins)

    lines += load_section(failures, margins)

    lines += [
        "",
        "## Compile cost",
        "",
        "Seconds to build (debug, not incremental, best of 3, dependencies prebuilt) one crate",
        "declaring the same options with our derive, with DataFusion's `config_namespace!` and as",
        "plain structs; every derive feature is on (handles with rustdoc, snapshot, metadata).",
        "",
        "| options | ours | DataFusion | plain | ours / DataFusion | target | met |",
        "|---:|---:|---:|---:|---:|---|---|",
    ]
    built = compile_seconds()
    for count, styles in sorted(built.items()):
        if not {"derive", "datafusion"} <= styles.keys():
            continue
        ours, datafusion = styles["derive"], styles["datafusion"]
        plain = f"{styles['plain']:.2f} s" if "plain" in styles else "–"
        ratio = ours / datafusion
        if count == min(built):
            ok = ratio <= MAX_COMPILE_RATIO
            if not ok:
                failures.append("compile cost")
            margins.append((1 - ratio / MAX_COMPILE_RATIO, f"compile cost {ratio:.2f}x DataFusion vs ≤ {MAX_COMPILE_RATIO:g}x"))
            target, met = f"≤ {MAX_COMPILE_RATIO:g}x", verdict(ok)
        else:
            target, met = "linear (below)", "–"
        lines.append(
            f"| {count:,} | {ours:.2f} s | {datafusion:.2f} s | {plain} | {ratio:.2f}x | {target} | {met} |"
        )
    if not built:
        lines.append("| – | not run | not run | not run | – | ≤ 1x | – |")
    counts = sorted(c for c, styles in built.items() if "derive" in styles)
    if len(counts) >= 2:
        small, large = counts[0], counts[-1]
        growth = built[large]["derive"] / built[small]["derive"]
        allowed = MAX_COMPILE_GROWTH * large / small / 10
        ok = growth <= allowed
        if not ok:
            failures.append("compile cost growth")
        margins.append((1 - growth / allowed, f"compile cost growth {growth:.1f}x vs ≤ {allowed:g}x"))
        lines += [
            "",
            f"{large:,} options take {growth:.1f}x the build of {small:,} with our derive "
            f"(target ≤ {allowed:g}x, linear: {verdict(ok)}).",
        ]

    lines += downstream_section(failures, margins)

    lines += python_section(failures, margins)

    lines += hand_measured_sections()
    lines += [
        "",
        "## Verdict",
        "",
        "All targets met." if not failures else "Targets missed: " + ", ".join(failures) + ".",
        "",
        "Closest to their targets (headroom). This is a virtual machine with neighbours: on an idle guest, two full runs an hour apart differed by up to 60% on the nanosecond benchmarks and 10% on compile cost, so compare figures within one run: "
        + "; ".join(f"{d} ({h:.0%})" for h, d in sorted(margins)[:3])
        + ".",
        "",
    ]
    (ROOT / "BENCHMARKS.md").write_text("\n".join(lines))
    print(f"wrote {ROOT / 'BENCHMARKS.md'}", file=sys.stderr)


def config_ops_sections(failures, margins):
    """The `config_ops` table and the same operations beside Flink."""
    lines = [
        "## `config_ops`",
        "",
        "Every configuration holds 16 other settings, so lookups probe a populated table. The",
        "baseline keeps a `HashMap<String, String>` and parses on every read (what a string-keyed",
        "config does); its `set_string` validates the value too, like ours.",
        "",
        "| benchmark | ours | baseline | speed-up | target | met |",
        "|---|---:|---:|---:|---|---|",
    ]
    for name in CONFIG_OPS:
        ours = median_ns("config_ops", name)
        base = median_ns("config_ops", f"baseline_{name}")
        speedup = base / ours if ours and base else None
        targets, ok = [], True
        if name.startswith("get_"):
            targets.append(f"≥ {MIN_SPEEDUP:g}x baseline")
            ok &= speedup is not None and speedup >= MIN_SPEEDUP
            if speedup:
                margins.append((speedup / MIN_SPEEDUP - 1, f"`{name}` {speedup:.1f}x vs ≥ {MIN_SPEEDUP:g}x"))
        if name in ABSOLUTE_NS:
            targets.append(f"< {ABSOLUTE_NS[name]:g} ns")
            ok &= ours is not None and ours < ABSOLUTE_NS[name]
            if ours:
                margins.append((1 - ours / ABSOLUTE_NS[name], f"`{name}` {fmt_time(ours)} vs < {ABSOLUTE_NS[name]:g} ns"))
        if not ok:
            failures.append(name)
        lines.append(
            f"| `{name}` | {fmt_time(ours)} | {fmt_time(base)} | "
            + (f"{speedup:.1f}x" if speedup else "–")
            + f" | {', '.join(targets) or '–'} | {verdict(ok) if targets else '–'} |"
        )

    return lines + flink_ops_section(failures, margins)


def lookups_section(failures, margins):
    """The suggestion, completion and `validate` benchmarks (`lookups` and `validate`)."""
    suggest = median_ns("suggest", "unknown_key")
    full_scan = median_ns("suggest", "unknown_key_full_scan")
    complete = median_ns("complete", "key_prefix")
    known = median_ns("validate", "known_10000")
    unknown = median_ns("validate", "unknown_10000")
    misspelt = median_ns("validate", "misspelt_10000")
    lines = [
        "",
        "## Suggestions and lookups",
        "",
        "Against the built-in catalogue (every option of Flink 2.3, its newest release). `suggest/unknown_key` is the",
        "did-you-mean of `table.exec.mini-batch.enabeld7` through the suggestion index;",
        "`unknown_key_full_scan` scores every key, as suggestions did before the index (the",
        "baseline, same run). `complete/key_prefix` completes `SET 'table.exec.`. The `validate`",
        "pair checks 10,000 lines each: keys a pattern accepts (`flink.hadoop.<key>`) and unknown",
        "keys, each with its suggestions; `validate/misspelt_10000` holds one typing mistake in each",
        "of the catalogue's keys (every kind of key, where `unknown_10000` repeats one family).",
        "",
        "| benchmark | time | target | met |",
        "|---|---:|---|---|",
    ]
    if suggest:
        ok = suggest <= SUGGEST_US * 1e3
        failures += [] if ok else ["suggest/unknown_key"]
        margins.append((1 - suggest / (SUGGEST_US * 1e3), f"`suggest/unknown_key` {fmt_time(suggest)} vs ≤ {SUGGEST_US:g} µs"))
        lines.append(f"| `suggest/unknown_key` | {fmt_time(suggest)} | ≤ {SUGGEST_US:g} µs | {verdict(ok)} |")
    if full_scan:
        lines.append(f"| `suggest/unknown_key_full_scan` (baseline) | {fmt_time(full_scan)} | – | – |")
    if complete:
        ok = complete <= COMPLETE_US * 1e3
        failures += [] if ok else ["complete/key_prefix"]
        margins.append((1 - complete / (COMPLETE_US * 1e3), f"`complete/key_prefix` {fmt_time(complete)} vs ≤ {COMPLETE_US:g} µs"))
        lines.append(f"| `complete/key_prefix` | {fmt_time(complete)} | ≤ {COMPLETE_US:g} µs | {verdict(ok)} |")
    if known and unknown:
        ratio = unknown / known
        ok = ratio <= VALIDATE_RATIO
        failures += [] if ok else ["validate ratio"]
        margins.append((1 - ratio / VALIDATE_RATIO, f"`validate` unknown/known {ratio:.2f}x vs ≤ {VALIDATE_RATIO:g}x"))
        per_key = known / 10000
        ok_known = per_key <= KNOWN_PER_KEY_US * 1e3
        failures += [] if ok_known else ["validate/known_10000"]
        margins.append((1 - per_key / (KNOWN_PER_KEY_US * 1e3), f"`validate/known_10000` {fmt_time(per_key)} a key vs ≤ {KNOWN_PER_KEY_US:g} µs"))
        lines.append(f"| `validate/known_10000` | {fmt_time(known)} ({fmt_time(per_key)} a key) | ≤ {KNOWN_PER_KEY_US:g} µs a key | {verdict(ok_known)} |")
        lines.append(f"| `validate/unknown_10000` | {fmt_time(unknown)} | ≤ {VALIDATE_RATIO:g}x known ({ratio:.2f}x) | {verdict(ok)} |")
        if misspelt:
            ratio = misspelt / known
            ok = ratio <= VALIDATE_RATIO
            failures += [] if ok else ["validate misspelt ratio"]
            margins.append((1 - ratio / VALIDATE_RATIO, f"`validate` misspelt/known {ratio:.2f}x vs ≤ {VALIDATE_RATIO:g}x"))
            lines.append(f"| `validate/misspelt_10000` | {fmt_time(misspelt)} | ≤ {VALIDATE_RATIO:g}x known ({ratio:.2f}x) | {verdict(ok)} |")
    return lines


def load_section(failures, margins):
    """Loading the 60,000-key config.yaml of ../shared/bench/flink-load/gen.py: criterion's figures
    in process, the parser alone as the floor, and the whole processes next to Flink's loader."""
    load = median_ns("load", "pattern_keys_60000")
    validate = median_ns("validate", "pattern_keys_60000")
    events = median_ns("load", "yaml_rust2_events_60000")
    document = median_ns("load", "yaml_rust2_document_60000")
    lines = [
        "",
        "## Loading a large config.yaml",
        "",
        "The file of `../shared/bench/flink-load/gen.py`: 60,000 keys in 2.5 MB (24,000 metrics",
        "reporters with a port and an interval, 12,000 `flink.hadoop.*` keys), every one an instance",
        "of a pattern key. In process (criterion): `load/pattern_keys_60000` builds the layered",
        "configuration `options-shell --config` builds, `validate/pattern_keys_60000` is `flinkconf",
        "validate`'s check; the YAML parser alone on the same text is the floor. Whole processes",
        "(`../shared/bench/flink-load/run.sh .`, best of 5 each, one run): our release binaries and",
        "Flink 2.3.0's `GlobalConfiguration.loadConfiguration` in a warm JVM (which checks nothing).",
        "Both of ours read a file this large on two threads: one reads the YAML while the other",
        "checks (and the shell stores) each setting. Flink's best of five moves far more from run",
        "to run than ours: over 25 runs on 2026-12-02 it took 194 to 360 ms (148 ms at its lowest",
        "on 2026-12-01), while the shell took 51 to 87 ms and `flinkconf validate` 49 to 82 ms on a",
        "machine whose neighbours were often busy. Every run met the shell's ratio (at most 0.32x);",
        "`flinkconf validate` met its ratio in 24 of them (0.38x once, its best of five 79 ms where a",
        "quiet minute later it took 49). Each ratio below is that one run's.",
        "",
        "| benchmark | time | target | met |",
        "|---|---:|---|---|",
        f"| `load/pattern_keys_60000` | {fmt_time(load)} | – | – |",
        f"| `validate/pattern_keys_60000` | {fmt_time(validate)} | – | – |",
        f"| `load/yaml_rust2_events_60000` (floor: the parser's events) | {fmt_time(events)} | – | – |",
        f"| `load/yaml_rust2_document_60000` (the parser to a document) | {fmt_time(document)} | – | – |",
    ]
    side = flink_load()
    if side is None:
        lines.append("| side by side with Flink | not run | – | – |")
        return lines
    v, s, rss, f = side
    bound = f / FLINK_SPEEDUP
    ok_s, ok_v = s <= bound, v <= bound
    ok_rss = rss * 1024 <= MAX_RSS_FACTOR * FLINK_FILE_BYTES
    failures += [n for n, ok in [("load vs Flink", ok_s), ("validate vs Flink", ok_v), ("load memory", ok_rss)] if not ok]
    margins.append((1 - s / bound, f"`options-shell --config` {s} ms vs ≤ {bound:.0f} ms (Flink / {FLINK_SPEEDUP:g})"))
    margins.append((1 - v / bound, f"`flinkconf validate` {v} ms vs ≤ {bound:.0f} ms (Flink / {FLINK_SPEEDUP:g})"))
    margins.append((1 - rss * 1024 / (MAX_RSS_FACTOR * FLINK_FILE_BYTES), f"load peak memory {rss * 1024 / FLINK_FILE_BYTES:.1f}x the file vs ≤ {MAX_RSS_FACTOR}x"))
    lines += [
        f"| `options-shell --config` (whole process) | {s} ms ({s / f:.2f}x Flink) | ≤ {1 / FLINK_SPEEDUP:.2f}x Flink | {verdict(ok_s)} |",
        f"| `flinkconf validate` (whole process) | {v} ms ({v / f:.2f}x Flink) | ≤ {1 / FLINK_SPEEDUP:.2f}x Flink | {verdict(ok_v)} |",
        f"| Flink 2.3.0 loader (warm JVM) | {f} ms | – | – |",
        f"| peak memory of `options-shell --config` | {rss / 1024:.1f} MB ({rss * 1024 / FLINK_FILE_BYTES:.1f}x the file) | ≤ {MAX_RSS_FACTOR}x the file | {verdict(ok_rss)} |",
    ]
    return lines


if __name__ == "__main__":
    main()
