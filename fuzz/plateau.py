#!/usr/bin/env python3
"""Reads libFuzzer logs and says how much coverage each run still gained near its end.

Usage: python3 fuzz/plateau.py LOG [LOG ...]   (the output of a run with -print_final_stats=1)

For each log: executions, the coverage (`cov`, edges) when the corpus was loaded, at the middle of
the run (by executions) and at its end, the growth over the second half, and how far into the run
the last new edge came. fuzz/README.md calls a run a plateau when its second half added under 1%.
"""
import re
import sys

LINE = re.compile(r"#(\d+)\s+(\w+)\s+cov: (\d+)")
TOTAL = re.compile(r"stat::number_of_executed_units:\s+(\d+)")


def report(path: str) -> str:
    points, loaded, total = [], None, None
    with open(path, errors="replace") as log:
        for line in log:
            if m := LINE.match(line):
                runs, kind, cov = int(m[1]), m[2], int(m[3])
                if kind == "INITED":
                    loaded = cov
                points.append((runs, cov))
            elif m := TOTAL.search(line):
                total = int(m[1])
    if not points:
        return f"{path}: no coverage lines"
    last = points[-1][0]
    middle = [cov for runs, cov in points if runs <= last / 2] or [points[0][1]]
    half, end = middle[-1], max(cov for _, cov in points)
    first_at_end = min(runs for runs, cov in points if cov == end)
    growth = (end - half) / half * 100
    verdict = "plateau" if growth < 1 else "still growing"
    return (
        f"{path}: {total or last:,} runs; cov {loaded} loaded, {half} at half, {end} at the end "
        f"(+{growth:.2f}% over the second half: {verdict}); last new edge at "
        f"{first_at_end / last * 100:.0f}% of the run"
    )


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for arg in sys.argv[1:]:
        print(report(arg))
