"""Speed of the Python API against plain dictionaries, measured side by side in one run.

    python python/bench.py            # a Markdown table
    python python/bench.py --json target/python-bench.json   # what scripts/benchmarks.py reads

Run it with a release build installed (``pip install ./python``): the wheel .ci/python-test.sh
builds for the tests is a debug one.

Each case and its baseline run interleaved, round after round (timeit, best round of each), timed
by the CPU time of the measuring thread (``time.thread_time``), so other processes on a busy
machine do not count; caches they disturb still do, alike for both. Targets (issue 26): ``TableConfig.get`` of a set Duration at most 3x
``dict.get`` of the same key; ``config.set`` of a valid value at most 5x ``dict.__setitem__``.
"""

import argparse
import json
import os
import platform
import sys
import time
import timeit
from datetime import timedelta

# Run as `python python/bench.py` (as scripts/benchmarks.py runs it), the script's own folder comes
# first on the path, and `declared_options` would be the source tree: without the extension (an
# import error), or with the debug one `maturin develop` leaves there. Measure the installed
# package, the release build.
_here = os.path.realpath(os.path.dirname(os.path.abspath(__file__)))
sys.path[:] = [p for p in sys.path if os.path.realpath(p or os.curdir) != _here]

import declared_options  # noqa: E402
import declared_options.dataframe as pf  # noqa: E402
from declared_options import TableEnvironment, _native  # noqa: E402

KEY = "table.exec.async-lookup.timeout"
SET_KEY = "parallelism.default"


def cases():
    """The shared globals, and (name, statement, baseline name, baseline statement, target ratio
    or None) per case."""
    config = TableEnvironment.create().get_config()
    config.set(KEY, timedelta(minutes=3))
    plain = {KEY: timedelta(minutes=3)}
    _native._reset_startup()
    env = {
        "config": config,
        "plain": plain,
        "startup": pf.config,
        "key": KEY,
        "set_key": SET_KEY,
        "value": "4",
        "typed": 4,
        "minutes": timedelta(minutes=3),
        # The extension's own get (what the package's Python subclass short-cuts).
        "native_get": _native.TableConfig.get,
    }
    return env, [
        ("TableConfig.get(key), a set Duration", "config.get(key)",
         "dict.get(key)", "plain.get(key)", 3.0),
        ("the same get through the extension's own method", "native_get(config, key)",
         "dict.get(key)", "plain.get(key)", None),
        ("config.set(key, '4') (seed 002 buffer)", "startup.set(set_key, value)",
         "dict.__setitem__(key, '4')", "plain.__setitem__(set_key, value)", 5.0),
        ("config.set(key, 4), a Python int", "startup.set(set_key, typed)",
         "dict.__setitem__(key, 4)", "plain.__setitem__(set_key, typed)", 5.0),
        ("config.set(key, '4')", "startup.set(set_key, value)",
         "dict[key] = '4'", "plain[set_key] = value", None),
        ("TableConfig.set(key, timedelta)", "config.set(key, minutes)",
         "dict.__setitem__(key, timedelta)", "plain.__setitem__(key, minutes)", None),
    ]


def best_ns(statement, env, number):
    timer = timeit.Timer(statement, timer=time.thread_time, globals=env)
    return timer.timeit(number=number) / number * 1e9


def measure(number, rounds):
    """Each case against its baseline, interleaved round by round; the best round of each."""
    env, table = cases()
    rows = []
    for name, statement, base_name, base_statement, target in table:
        ours, base = [], []
        for _ in range(rounds):
            ours.append(best_ns(statement, env, number))
            base.append(best_ns(base_statement, env, number))
        rows.append(
            {
                "name": name,
                "ns": min(ours),
                "baseline": base_name,
                "baseline_ns": min(base),
                "target": target,
            }
        )
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--number", type=int, default=100_000, help="calls per round")
    parser.add_argument("--rounds", type=int, default=30, help="rounds (the best one counts)")
    parser.add_argument("--json", metavar="FILE", help="also write the figures here")
    args = parser.parse_args()
    setup = (
        f"Python {platform.python_version()} ({sys.implementation.name}), declared_options "
        f"for Flink {declared_options.CURRENT_RELEASE}; best of {args.rounds} rounds of "
        f"{args.number:,} calls (thread CPU time), case and baseline interleaved round by round."
    )
    rows = measure(args.number, args.rounds)
    print(setup + "\n")
    print("| case | ns/call | baseline | ns/call | ratio | target |")
    print("|---|---:|---|---:|---:|---|")
    for r in rows:
        ratio = r["ns"] / r["baseline_ns"]
        target = f"≤ {r['target']:g}x" if r["target"] else "–"
        print(
            f"| `{r['name']}` | {r['ns']:.1f} | `{r['baseline']}` | {r['baseline_ns']:.1f} "
            f"| {ratio:.2f}x | {target} |"
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"setup": setup, "rows": rows}, out, indent=1)


if __name__ == "__main__":
    main()
