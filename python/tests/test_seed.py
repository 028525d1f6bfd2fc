"""Seed 002, as written: the module-level ``config`` buffers any Flink key until
``get_or_create_table_environment()`` creates the environment, and raises once one is active."""

import doctest
import warnings

import pytest

import declared_options.dataframe as pf
from declared_options import (
    EnvironmentActiveError,
    TableEnvironment,
    UnknownKeyError,
    UnknownKeyWarning,
)


def test_set_returns_the_config_so_calls_chain():
    returned = pf.config.set("parallelism.default", "4")
    assert returned is pf.config or type(returned) is type(pf.config)
    returned.set("execution.runtime-mode", "batch")
    assert pf.config.get("execution.runtime-mode") == "batch"


def test_get_returns_the_string_that_was_set():
    pf.config.set("parallelism.default", "4")
    assert pf.config.get("parallelism.default") == "4"
    assert pf.config.get("pipeline.name") is None


def test_a_typed_value_is_buffered_as_its_string_form():
    pf.config.set("parallelism.default", 8)
    assert pf.config.get("parallelism.default") == "8"


def test_buffered_values_are_applied_at_creation_startup_only_ones_included():
    pf.config.set("parallelism.default", "4").set("execution.runtime-mode", "batch")
    env = pf.get_or_create_table_environment()
    assert not env.is_streaming_mode()
    assert env.get_config().get("parallelism.default") == 4
    assert env.get_config().get("execution.runtime-mode") == "BATCH"


def test_without_buffered_values_the_environment_streams():
    assert pf.get_or_create_table_environment().is_streaming_mode()


def test_every_call_returns_the_same_environment():
    first = pf.get_or_create_table_environment()
    assert pf.get_or_create_table_environment() is first


def test_set_raises_once_an_environment_is_active():
    pf.config.set("parallelism.default", "4")
    pf.get_or_create_table_environment()
    with pytest.raises(RuntimeError) as raised:
        pf.config.set("parallelism.default", "8")
    assert isinstance(raised.value, EnvironmentActiveError)
    assert "parallelism.default" in str(raised.value)
    assert "already exists" in str(raised.value)
    assert pf.config.phase == "created"


def test_an_injected_environment_gets_no_buffered_values():
    pf.config.set("parallelism.default", "4").set("execution.runtime-mode", "batch")
    own = TableEnvironment.create()
    with pytest.warns(UserWarning, match="parallelism.default"):
        pf.set_table_environment(own)
    env = pf.get_or_create_table_environment()
    assert env is own
    assert env.is_streaming_mode()
    assert env.get_config().get("parallelism.default") == 1
    with pytest.raises(EnvironmentActiveError):
        pf.config.set("parallelism.default", "8")


def test_injecting_with_nothing_buffered_warns_nothing():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pf.set_table_environment(TableEnvironment.create())


def test_an_unknown_key_is_kept_with_a_warning_that_suggests_the_known_one():
    with pytest.warns(UnknownKeyWarning, match='did you mean "parallelism.default"'):
        pf.config.set("parallelism.defualt", "4")
    assert pf.config.get("parallelism.defualt") == "4"


def test_a_plugin_key_is_passed_through_as_flink_does():
    # Keys of Flink's own plugins are declared (S3's typed, Hadoop's passed through): no warning.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pf.config.set("s3.endpoint", "http://minio:9000").set("s3.path.style.access", True)
        pf.config.set("fs.s3a.connection.maximum", "64")
    assert pf.config.get("s3.path.style.access") == "true"  # buffered as written
    # A key of a plugin no group declares is kept, with a warning.
    with pytest.warns(UnknownKeyWarning, match="passed through"):
        pf.config.set("myfs.endpoint", "http://store:9000")
    env = pf.get_or_create_table_environment()
    settings = env.get_config().to_dict()
    assert settings["s3.endpoint"] == "http://minio:9000"
    assert settings["myfs.endpoint"] == "http://store:9000"


def test_a_key_with_an_empty_placeholder_is_refused():
    with pytest.raises(UnknownKeyError, match="empty"):
        pf.config.set("metrics.reporter..interval", "10 s")


def test_a_bad_value_is_refused_and_nothing_is_buffered():
    with pytest.raises(ValueError, match='invalid value "many" for parallelism.default'):
        pf.config.set("parallelism.default", "many")
    assert pf.config.get("parallelism.default") is None


def test_the_seed_example_runs_as_a_doctest():
    result = doctest.testmod(pf, verbose=False)
    assert result.attempted == 3
    assert result.failed == 0
