"""Speed of the Python API against plain dictionaries, measured side by side in one run.

    python python/bench.py            # a Markdown table for BENCHMARKS.md

Each case and its baseline run interleaved, round after round (timeit, best round of each), timed
by the CPU time of the measuring thread (``time.thread_time``), so other processes on a busy
machine do not count; caches they disturb still do, alike for both. Targets (issue 26): ``TableConfig.get`` of a set Duration at most 3x
``dict.get`` of the same key; ``config.set`` of a valid value at most 5x ``dict.__setitem__``.
"""

import argparse
import platform
import sys
import time
import timeit
from datetime import timedelta

import declared_options
import declared_options.dataframe as pf
from declared_options import TableEnvironment, _native

KEY = "table.exec.async-lookup.timeout"
SET_KEY = "parallelism.default"


def cases():
    """(name, statement, baseline name, baseline statement, shared globals)."""
    config = TableEnvironment.create().get_config()
    config.set(KEY, timedelta(minutes=3))
    plain = {KEY: timedelta(minutes=3)}
    _native._reset_startup()
    startup = pf.config
    env = {
        "config": config,
        "plain": plain,
        "startup": startup,
        "key": KEY,
        "set_key": SET_KEY,
        "value": "4",
        "typed": 4,
        "minutes": timedelta(minutes=3),
        # The extension's own get (what the package's Python subclass short-cuts).
        "native_get": _native.TableConfig.get,
    }
    return env, [
        ("TableConfig.get(key), a set Duration", "config.get(key)", "dict.get(key)", "plain.get(key)"),
        ("the same get, probing the cache in Rust", "native_get(config, key)",
         "dict.get(key)", "plain.get(key)"),
        ("config.set(key, '4') (seed 002 buffer)", "startup.set(set_key, value)",
         "dict.__setitem__(key, '4')", "plain.__setitem__(set_key, value)"),
        ("config.set(key, 4), a Python int", "startup.set(set_key, typed)",
         "dict.__setitem__(key, 4)", "plain.__setitem__(set_key, typed)"),
        ("config.set(key, '4')", "startup.set(set_key, value)",
         "dict[key] = '4'", "plain[set_key] = value"),
        ("TableConfig.set(key, timedelta)", "config.set(key, minutes)",
         "dict.__setitem__(key, timedelta)", "plain.__setitem__(key, minutes)"),
    ]


def best_ns(statement, env, number, rounds):
    timer = timeit.Timer(statement, timer=time.thread_time, globals=env)
    return min(timer.repeat(repeat=rounds, number=number)) / number * 1e9


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--number", type=int, default=100_000, help="calls per round")
    parser.add_argument("--rounds", type=int, default=30, help="rounds (the best one counts)")
    args = parser.parse_args()
    env, table = cases()
    print(
        f"Python {platform.python_version()} ({sys.implementation.name}), declared_options "
        f"for Flink {declared_options.CURRENT_RELEASE}; best of {args.rounds} rounds of "
        f"{args.number:,} calls (thread CPU time), case and baseline interleaved round by round.\n"
    )
    print("| case | ns/call | baseline | ns/call | ratio |")
    print("|---|---:|---|---:|---:|")
    for name, statement, base_name, base_statement in table:
        ours, base = [], []
        for _ in range(args.rounds):
            ours.append(best_ns(statement, env, args.number, 1))
            base.append(best_ns(base_statement, env, args.number, 1))
        a, b = min(ours), min(base)
        print(f"| `{name}` | {a:.1f} | `{base_name}` | {b:.1f} | {a / b:.2f}x |")


if __name__ == "__main__":
    main()
