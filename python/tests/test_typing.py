"""The shipped stubs work in a type checker: mypy knows what ``get`` returns per key, and the
option constants' types. Skipped when mypy is not installed (.ci/python-test.sh installs it)."""

import re

import pytest

mypy_api = pytest.importorskip("mypy.api")

SAMPLE = '''
import declared_options.dataframe as pf
from declared_options import TableEnvironment, catalogue, options, validate

config = TableEnvironment.create().get_config()
reveal_type(config.get("table.exec.mini-batch.enabled"))
reveal_type(config.get("table.exec.async-lookup.timeout"))
reveal_type(config.get("table.exec.disabled-operators"))
reveal_type(config.get("taskmanager.memory.network.min"))
reveal_type(config.get("pipeline.jars"))
reveal_type(config.get("security.ssl.rest.keystore-password"))
reveal_type(config.get(options.TABLE_EXEC_MINI_BATCH_SIZE))
reveal_type(config.get("metrics.reporter.prom.interval"))
reveal_type(options.TABLE_EXEC_ASYNC_LOOKUP_TIMEOUT)
reveal_type(pf.config.set("parallelism.default", 4).get("parallelism.default"))
reveal_type(validate("config.yaml")[0].line)
reveal_type(catalogue()["parallelism.default"].scope)
reveal_type(catalogue(engine="operator").engine)
'''

EXPECTED = [
    "bool",
    "datetime.timedelta",
    "str | None",
    "int",
    "list[str] | None",
    "declared_options._native.Secret | None",
    "int",
    "Any",
    "declared_options._option.ConfigOption[datetime.timedelta]",
    "str | declared_options._native.Secret | None",
    "int",
    "tuple[str, ...]",
    "Literal['flink'] | Literal['operator']",
]


def test_mypy_knows_each_keys_python_type(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(SAMPLE)
    stdout, stderr, status = mypy_api.run(
        ["--no-incremental", "--cache-dir", str(tmp_path / "cache"), str(sample)]
    )
    revealed = re.findall(r'Revealed type is "([^"]*)"', stdout)
    assert revealed == EXPECTED, stdout + stderr
    assert status == 0, stdout + stderr
