"""One answer: `validate(path)` reports, for every file of a small fleet, exactly the errors and
warnings `flinkconf validate DIR --output-format json` reports (rule, severity, line, column,
message), with the fleet's `flinkconf.toml` applying to both."""

import json
import os
import subprocess

import pytest

from declared_options import validate

FILES = {
    "teams/a/conf/config.yaml": "parallelism.default: many\ntaskmanager.numberOfTaskSlot: 2\n",
    "teams/b/conf/flink-conf.yaml": "state.backend: rocksdb\njobmanager.heap.size: 1g\n",
    "k8s/job.yaml": (
        "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: job\n"
        "spec:\n  flinkVersion: v2_0\n  flinkConfiguration:\n"
        "    taskmanager.heap.size: 1g\n    execution.checkpointing.interval: soon\n"
    ),
    "sql/setup.sql": "SET 'parallelism.default' = 'x';\nSET 'paralelism.default' = '2';\n",
}


def test_validate_reports_what_the_command_line_reports_for_every_file(tmp_path):
    flinkconf = os.environ.get("FLINKCONF")
    if not flinkconf:
        pytest.skip("set FLINKCONF to a flinkconf binary to compare with it (.ci/run does)")
    for rel, text in FILES.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    # A release for files that name none (the manifest names its own), and a rule left out.
    (tmp_path / "flinkconf.toml").write_text('release = "1.20"\nignore = ["deprecated-key"]\n')
    run = subprocess.run(
        [flinkconf, "validate", ".", "--output-format", "json"],
        cwd=tmp_path, capture_output=True, text=True,
    )
    report = json.loads(run.stdout)
    compared = 0
    for file in report["files"]:
        expected = [
            (f["rule"], f["level"], f["line"], f["column"], f["message"])
            for f in file["findings"]
            if f["level"] != "note"
        ]
        got = [
            (p.rule, p.severity, p.line, p.column, p.message)
            for p in validate(tmp_path / file["path"])
        ]
        assert got == expected, file["path"]
        compared += len(expected)
    assert len(report["files"]) == len(FILES)
    assert compared >= 6
    assert not any(f["rule"] == "deprecated-key" for x in report["files"] for f in x["findings"])
