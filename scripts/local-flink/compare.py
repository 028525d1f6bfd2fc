#!/usr/bin/env python3
"""Compare `flinkconf effective --output-format json` with a JobManager's `GET /jobmanager/config`.

Every key flinkconf shows must be in the JobManager's configuration with the same meaning:
`42s` and `42 s` agree (durations), `1024m` and `1 gb` agree (memory sizes), `[a, b]` and `a;b`
agree (lists), `TRUE` and `true` agree, and a masked secret agrees with a masked secret. Keys
only the JobManager has (those it adds itself, the lower spelling of an option whose higher
one flinkconf shows) are listed, not failed.

Usage: compare.py FLINKCONF_JSON JOBMANAGER_CONFIG_JSON   (exit 1 on a disagreement)
"""
import json
import re
import sys

DURATION = {
    "d": 86400e9, "day": 86400e9, "days": 86400e9,
    "h": 3600e9, "hour": 3600e9, "hours": 3600e9,
    "min": 60e9, "m": 60e9, "minute": 60e9, "minutes": 60e9,
    "s": 1e9, "sec": 1e9, "secs": 1e9, "second": 1e9, "seconds": 1e9,
    "ms": 1e6, "milli": 1e6, "millis": 1e6, "millisecond": 1e6, "milliseconds": 1e6, "": 1e6,
    "µs": 1e3, "micro": 1e3, "micros": 1e3, "microsecond": 1e3, "microseconds": 1e3,
    "ns": 1, "nano": 1, "nanos": 1, "nanosecond": 1, "nanoseconds": 1,
}
MEMORY = {
    "": 1, "b": 1, "bytes": 1,
    "k": 1 << 10, "kb": 1 << 10, "kibibytes": 1 << 10,
    "m": 1 << 20, "mb": 1 << 20, "mebibytes": 1 << 20,
    "g": 1 << 30, "gb": 1 << 30, "gibibytes": 1 << 30,
    "t": 1 << 40, "tb": 1 << 40, "tebibytes": 1 << 40,
}
AMOUNT = re.compile(r"^\s*(\d+)\s*([a-zµ]*)\s*$", re.I)


def with_unit(text, units):
    m = AMOUNT.match(text)
    if not m or m[2].lower() not in units:
        return None
    return int(m[1]) * units[m[2].lower()]


def items(text):
    text = text.strip()
    if text.startswith("[") and text.endswith("]"):
        return [i.strip().strip("'\"") for i in text[1:-1].split(",") if i.strip()]
    return [i.strip() for i in text.split(";") if i.strip()]


def same(a, b):
    if a.strip() == b.strip() or a.strip().lower() == b.strip().lower():
        return True
    for units in (DURATION, MEMORY):
        x, y = with_unit(a, units), with_unit(b, units)
        if x is not None and y is not None:
            return x == y
    try:
        return float(a) == float(b)
    except ValueError:
        pass
    if ";" in a + b or a.strip().startswith("[") or b.strip().startswith("["):
        return items(a) == items(b)
    return False


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    ours = json.load(open(sys.argv[1]))["deployments"][0]["settings"]
    flink = {e["key"]: e["value"] for e in json.load(open(sys.argv[2]))}
    passed = failed = 0
    for s in ours:
        key, value = s["key"], s["value"]
        layer = s["source"]["layer"]
        if key not in flink:
            print(f"FAIL {key}: flinkconf says {value!r} ({layer}); the JobManager does not have it")
            failed += 1
        elif not same(value, flink[key]):
            print(f"FAIL {key}: flinkconf says {value!r} ({layer}); the JobManager says {flink[key]!r}")
            failed += 1
        else:
            print(f"ok   {key} = {flink[key]!r} ({layer}: {value!r})")
            passed += 1
    shown = {s["key"] for s in ours}
    for key in sorted(set(flink) - shown):
        print(f"only in the JobManager: {key} = {flink[key]!r}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
