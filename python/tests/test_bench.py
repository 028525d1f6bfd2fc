"""python/bench.py measures the installed package, whichever folder it is run from, and says which
release's catalogue the figures are for."""

import subprocess
import sys
from pathlib import Path

import declared_options

ROOT = Path(__file__).resolve().parents[2]


def test_the_benchmark_runs_from_the_repository_root_on_the_installed_package():
    run = subprocess.run(
        [sys.executable, "python/bench.py", "--number", "10", "--rounds", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert f"declared_options for Flink {declared_options.CURRENT_RELEASE};" in run.stdout
