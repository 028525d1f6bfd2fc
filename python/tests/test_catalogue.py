"""The catalogue from Python, and ``validate()`` giving what ``flinkconf validate`` gives."""

import os
import subprocess
from datetime import timedelta
from pathlib import Path

import pytest

import declared_options
from declared_options import InvalidValueError, UnknownKeyError, catalogue, validate

# The config.yaml each Flink release ships (kept once in the repository, for every test that reads
# it): the newest release's, which the catalogue answers for by default, and 1.19.3's.
VERSIONS = Path(__file__).parents[2] / "tests" / "data" / "flink-versions"
STOCK_CONFIG = VERSIONS / "flink-2.3.0-default-config.yaml"
STOCK_CONFIG_1_19 = VERSIONS / "flink-1.19.3-default-config.yaml"


def test_the_catalogue_lists_every_option_sorted_by_key():
    options = list(catalogue())
    assert len(options) == len(catalogue()) > 800
    keys = [o.key for o in options]
    assert keys == sorted(keys)
    assert "table.exec.mini-batch.enabled" in keys


def test_each_option_carries_its_facts():
    info = catalogue()["table.exec.async-lookup.buffer-capacity"]
    assert info.type == "Integer"
    assert info.python_type is int
    assert info.default == 100
    assert info.default_text == "100"
    assert info.scope == ("batch", "streaming")
    assert info.min == 1 and info.max is None
    assert "Accepts at least 1." in info.constraints
    assert info.description
    assert info.env_var == "FLINK_TABLE_EXEC_ASYNC__LOOKUP_BUFFER__CAPACITY"

    duration = catalogue()["table.exec.async-lookup.timeout"]
    assert duration.default == timedelta(minutes=3)
    assert duration.python_type is timedelta


def test_deprecation_and_relations_are_there():
    # Seed 001's closed set; Flink 2.0 removed the option, so 1.19 is where it is read.
    shuffle = catalogue(release="1.19")["table.exec.shuffle-mode"]
    assert shuffle.deprecated
    assert shuffle.deprecation.startswith("Deprecated since ")
    assert shuffle.one_of
    size = catalogue()["table.exec.mini-batch.size"]
    assert size.only_when == ("table.exec.mini-batch.enabled", "true")


def test_any_spelling_finds_its_option():
    assert catalogue()["metrics.reporter.prom.interval"].key == "metrics.reporter.<name>.interval"
    assert "metrics.reporter.prom.interval" in catalogue()
    assert "no.such.key" not in catalogue()
    assert catalogue().get("no.such.key") is None
    with pytest.raises(UnknownKeyError, match="did you mean"):
        catalogue()["table.exec.mini-batch.enabld"]


def test_a_secret_default_is_masked_in_text():
    secrets = [o for o in catalogue() if o.sensitive]
    assert secrets
    for info in secrets:
        assert info.default_text in ("(none)", "******", '""')
        assert "Secret" in repr(info.python_type)


def test_every_release_is_available_the_newest_by_default_and_others_are_refused():
    assert declared_options.releases() == ["1.19", "1.20", "2.0", "2.1", "2.2", "2.3"]
    assert declared_options.CURRENT_RELEASE == "2.3"
    assert catalogue(release=None).release == declared_options.CURRENT_RELEASE
    assert catalogue(release=declared_options.CURRENT_RELEASE) is catalogue()
    # A patch spelling means its release.
    assert catalogue(release="2.0.1").release == "2.0"
    with pytest.raises(InvalidValueError, match='"0.9" is not a release of Apache Flink'):
        catalogue(release="0.9")
    with pytest.raises(ValueError):
        validate(STOCK_CONFIG, release="0.9")


def test_the_stock_config_yaml_validates_clean():
    assert validate(STOCK_CONFIG) == []
    assert validate(str(STOCK_CONFIG), strict=True) == []
    assert validate(STOCK_CONFIG_1_19, release="1.19") == []


BROKEN = """\
parallelism.default: many
taskmanager.numberOfTaskSlot: 2
security.ssl.verify-hostname: true
security.ssl.keystore-password: [not, a, string]
myplugin.secret-key: hunter2-canary
"""


def test_diagnostics_carry_severity_line_column_and_message(tmp_path):
    path = tmp_path / "config.yaml"
    path.write_text(BROKEN)
    problems = validate(path)
    assert [(p.severity, p.line, p.column) for p in problems] == [
        ("error", 1, 1),
        ("warning", 2, 1),
        ("warning", 3, 1),
        ("warning", 4, 1),  # a list where the password's text is expected
        ("warning", 5, 1),
    ]
    assert 'invalid value "many" for parallelism.default' in problems[0].message
    assert 'did you mean "taskmanager.numberOfTaskSlots"' in problems[1].message
    assert str(problems[0]).startswith(f"{path}:1:1: error: ")
    strict = validate(path, strict=True)
    assert [p.severity for p in strict].count("error") == 3
    for p in problems + strict:
        assert "hunter2-canary" not in str(p) + repr(p)


def test_diagnostics_are_the_lines_flinkconf_validate_prints(tmp_path):
    flinkconf = os.environ.get("FLINKCONF")
    if not flinkconf:
        pytest.skip("set FLINKCONF to a flinkconf binary to compare with it (.ci/run does)")
    path = tmp_path / "config.yaml"
    path.write_text(BROKEN)
    for strict in (False, True):
        command = [flinkconf, "validate", str(path)] + (["--strict"] if strict else [])
        printed = subprocess.run(command, capture_output=True, text=True).stdout.splitlines()
        ours = [str(p) for p in validate(path, strict=strict)]
        assert printed[:-1] == ours  # the last line is flinkconf's summary


def test_a_missing_file_is_a_file_not_found_error(tmp_path):
    with pytest.raises(FileNotFoundError):
        validate(tmp_path / "nowhere.yaml")


def test_reprs_read_as_python():
    assert repr(catalogue()["parallelism.default"]) == (
        "OptionInfo(key='parallelism.default', type='Integer', default='1')"
    )
    assert repr(catalogue()).startswith("Catalogue(engine='flink', release='2.3', options=")
    assert repr(catalogue(engine="operator")).startswith(
        "Catalogue(engine='operator', release='1.15', options="
    )


def test_the_operator_catalogue_holds_the_operators_options_not_flinks():
    operator = catalogue(engine="operator")
    assert operator.engine == "operator" and catalogue().engine == "flink"
    assert operator.release == declared_options.releases(engine="operator")[-1] == "1.15"
    assert 50 < len(operator) < len(catalogue())
    assert "job.autoscaler.enabled" in operator
    assert "parallelism.default" not in operator
    assert "job.autoscaler.enabled" not in catalogue()
    target = operator["job.autoscaler.utilization.target"]
    assert target.type == "Double" and target.python_type is float
    assert isinstance(target.default, float)
    assert target.section
    # The operator's old spelling of an autoscaler key finds the option it now reads.
    assert operator["kubernetes.operator.job.autoscaler.enabled"].key == "job.autoscaler.enabled"
    with pytest.raises(UnknownKeyError, match='did you mean "job.autoscaler.enabled"'):
        operator["job.autoscaler.enabeld"]
    # Built once per engine and release.
    assert catalogue(engine="operator") is operator
    assert catalogue(engine="operator") is not catalogue()


def test_an_operator_release_reads_its_own_keys():
    assert declared_options.releases(engine="operator") == [
        "1.10", "1.11", "1.12", "1.13", "1.14", "1.15",
    ]
    old = catalogue(release="1.10", engine="operator")
    assert old.release == "1.10"
    assert "job.autoscaler.target.utilization" in old
    assert "job.autoscaler.utilization.target" not in old
    # A patch spelling means its release, as for Flink.
    assert catalogue("1.12.1", engine="operator").release == "1.12"


def test_an_unknown_engine_or_a_release_of_the_other_engine_is_refused():
    with pytest.raises(InvalidValueError, match='"2.3" is not a release of Apache Flink Kubernetes Operator'):
        catalogue(release="2.3", engine="operator")
    with pytest.raises(ValueError, match='engine is "flink" .* or "operator" .*, not "spark"'):
        catalogue(engine="spark")
    with pytest.raises(InvalidValueError):
        declared_options.releases(engine="spark")
    with pytest.raises(TypeError):
        catalogue("2.3", "operator")  # engine= is a keyword
