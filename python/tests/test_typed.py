"""Typed access: ``TableConfig.get`` returns each option type as its Python type, ``set`` takes
the Python type or Flink's string form, and bad input raises without changing anything."""

from datetime import timedelta

import pytest

from declared_options import (
    ConfigError,
    EnvironmentActiveError,
    EnvironmentSettings,
    InvalidValueError,
    NotSetError,
    StatementError,
    TableEnvironment,
    UnknownCatalogError,
    UnknownKeyError,
)


@pytest.fixture
def env():
    return TableEnvironment.create()


@pytest.fixture
def config(env):
    return env.get_config()


@pytest.mark.parametrize(
    "key, text, python",
    [
        ("table.exec.mini-batch.enabled", "TRUE", True),  # Boolean
        ("table.exec.async-lookup.buffer-capacity", "250", 250),  # Integer
        ("table.exec.mini-batch.size", "5000", 5000),  # Long
        ("table.optimizer.join.broadcast-threshold", "1048576", 1048576),  # Long
        ("taskmanager.memory.managed.fraction", "0.25", 0.25),  # Float
        ("pipeline.name", "nightly", "nightly"),  # String
        ("table.exec.sink.not-null-enforcer", "drop", "DROP"),  # Enum, declared spelling
        ("table.exec.async-lookup.timeout", "3 min", timedelta(minutes=3)),  # Duration
        ("taskmanager.memory.network.min", "64 mb", 64 * 1024 * 1024),  # MemorySize
        ("pipeline.jars", "a.jar;'b;c.jar'", ["a.jar", "b;c.jar"]),  # List<String>
        ("pipeline.global-job-parameters", "k1:v1,k2:v2", {"k1": "v1", "k2": "v2"}),  # Map
    ],
)
def test_a_string_set_reads_back_as_its_python_type(config, key, text, python):
    config.set(key, text)
    value = config.get(key)
    assert value == python
    assert type(value) is type(python)


@pytest.mark.parametrize(
    "key, python, text",
    [
        ("table.exec.mini-batch.enabled", True, "true"),
        ("table.exec.async-lookup.buffer-capacity", 250, "250"),
        ("taskmanager.memory.managed.fraction", 0.25, "0.25"),
        ("table.exec.async-lookup.timeout", timedelta(minutes=3), "3 min"),
        ("table.exec.async-lookup.timeout", timedelta(seconds=1, microseconds=500), "1000500 µs"),
        ("taskmanager.memory.network.min", 64 * 1024 * 1024, "64 mb"),
        ("pipeline.jars", ["a.jar", "b;c.jar"], "a.jar;'b;c.jar'"),
        ("pipeline.global-job-parameters", {"k1": "v1", "n": 2}, "k1:v1,n:2"),
    ],
)
def test_a_python_value_is_set_in_flinks_grammar(config, key, python, text):
    config.set(key, python)
    assert config.get_string(key) == text
    assert config.get(key) == (
        {k: str(v) for k, v in python.items()} if isinstance(python, dict) else python
    )


def test_unset_options_read_their_default_or_none(config):
    assert config.get("table.exec.async-lookup.timeout") == timedelta(minutes=3)
    assert config.get("table.exec.mini-batch.enabled") is False
    assert config.get("table.exec.disabled-operators") is None


def test_a_fallback_key_is_read_through_the_option(config):
    config.set("table.exec.state.ttl", timedelta(hours=1))
    assert config.get("sql.state-ttl") == timedelta(hours=1)


def test_a_pattern_instance_is_typed_by_its_pattern(config):
    config.set("metrics.reporter.prom.interval", "15 s")
    assert config.get("metrics.reporter.prom.interval") == timedelta(seconds=15)
    assert config.get("metrics.reporter.other.interval") == timedelta(seconds=10)


def test_option_constants_work_as_keys(config):
    from declared_options import options

    config.set(options.TABLE_EXEC_MINI_BATCH_ENABLED, True)
    assert config.get(options.TABLE_EXEC_MINI_BATCH_ENABLED) is True
    interval = options.METRICS_REPORTER_NAME_INTERVAL.instance("prom")
    config.set(interval, timedelta(seconds=30))
    assert config.get("metrics.reporter.prom.interval") == timedelta(seconds=30)


def test_a_bad_value_is_a_value_error_naming_key_value_and_what_is_accepted(config):
    with pytest.raises(ValueError) as raised:
        config.set("table.exec.async-lookup.timeout", "3 mins")
    error = raised.value
    assert isinstance(error, InvalidValueError) and isinstance(error, ConfigError)
    assert error.key == "table.exec.async-lookup.timeout"
    message = str(error)
    assert '"3 mins"' in message
    assert "table.exec.async-lookup.timeout" in message
    assert '"3 min"' in message  # an accepted example


def test_a_value_of_the_wrong_python_type_says_what_is_accepted(config):
    with pytest.raises(InvalidValueError) as raised:
        config.set("table.exec.async-lookup.timeout", 180)
    message = str(raised.value)
    assert "180" in message
    assert "timedelta" in message and '"3 min"' in message
    with pytest.raises(InvalidValueError, match="an int"):
        config.set("table.exec.async-lookup.buffer-capacity", True)


def test_a_constraint_is_enforced(config):
    with pytest.raises(InvalidValueError, match="at least 1"):
        config.set("table.exec.async-lookup.buffer-capacity", 0)


def test_a_negative_timedelta_is_refused(config):
    with pytest.raises(InvalidValueError):
        config.set("table.exec.async-lookup.timeout", timedelta(seconds=-1))


def test_an_unknown_key_is_a_key_error_with_did_you_mean(config):
    with pytest.raises(KeyError) as raised:
        config.get("table.exec.mini-batch.enabld")
    assert isinstance(raised.value, UnknownKeyError)
    assert str(raised.value) == (
        'unknown configuration key "table.exec.mini-batch.enabld"; '
        'did you mean "table.exec.mini-batch.enabled"?'
    )
    with pytest.raises(UnknownKeyError):
        config.set("table.exec.mini-batch.enabld", True)


def test_a_startup_only_option_cannot_change_after_startup(config):
    with pytest.raises(RuntimeError) as raised:
        config.set("execution.runtime-mode", "batch")
    assert isinstance(raised.value, EnvironmentActiveError)
    assert "execution.runtime-mode" in str(raised.value)
    assert config.get("execution.runtime-mode") == "STREAMING"


def test_startup_only_options_take_effect_through_the_settings():
    settings = EnvironmentSettings().with_configuration(
        {"execution.runtime-mode": "batch", "parallelism.default": 3}
    )
    env = TableEnvironment.create(settings)
    assert not env.is_streaming_mode()
    assert env.get_config().get("parallelism.default") == 3
    assert not TableEnvironment.create(EnvironmentSettings().in_batch_mode()).is_streaming_mode()


def test_a_rejected_set_leaves_the_old_value(config):
    config.set("table.exec.async-lookup.timeout", "1 min")
    assert config.get("table.exec.async-lookup.timeout") == timedelta(minutes=1)
    with pytest.raises(InvalidValueError):
        config.set("table.exec.async-lookup.timeout", "soon")
    assert config.get("table.exec.async-lookup.timeout") == timedelta(minutes=1)


def test_add_configuration_takes_all_or_nothing(config):
    with pytest.raises(InvalidValueError):
        config.add_configuration(
            {"table.exec.mini-batch.enabled": True, "table.exec.mini-batch.size": "lots"}
        )
    assert config.get("table.exec.mini-batch.enabled") is False
    config.add_configuration({"table.exec.mini-batch.enabled": True, "table.exec.mini-batch.size": 10})
    assert config.get("table.exec.mini-batch.size") == 10


def test_settings_with_a_bad_entry_are_refused():
    with pytest.raises(UnknownKeyError):
        EnvironmentSettings().with_configuration({"parallelism.defualt": 2})


def test_set_chains(config):
    assert config.set("pipeline.name", "a").set("parallelism.default", 2) is config


def test_a_list_read_is_a_fresh_list(config):
    config.set("pipeline.jars", ["a.jar"])
    config.get("pipeline.jars").append("b.jar")
    assert config.get("pipeline.jars") == ["a.jar"]


def test_statements_follow_the_rust_session(env, config):
    # Mini-batch on without a latency and a size: the session says what Flink would refuse.
    assert env.execute_sql("SET 'table.exec.mini-batch.enabled' = 'true'") == (
        "configuration updated successfully.\n"
        'warning: "table.exec.mini-batch.enabled" is "true", but "table.exec.mini-batch.allow-latency" '
        'is "0 ms", and it must be above "0 ms" then; Apache Flink refuses to plan such a job.\n'
        'warning: "table.exec.mini-batch.enabled" is "true", but "table.exec.mini-batch.size" '
        'is "-1", and it must be above "0" then; Apache Flink refuses to plan such a job.'
    )
    assert config.get("table.exec.mini-batch.enabled") is True
    listing = env.execute_sql("SHOW OPTIONS LIKE '%mini-batch.enabled'")
    assert "table.exec.mini-batch.enabled" in listing and "true" in listing
    assert env.execute_sql("RESET 'table.exec.mini-batch.enabled'") == (
        "configuration reset successfully."
    )
    assert config.get("table.exec.mini-batch.enabled") is False
    env.register_catalog("cat1", "db1")
    env.execute_sql("USE CATALOG cat1")
    assert env.get_current_catalog() == "cat1"
    assert env.get_current_database() == "db1"
    assert config.get("sql.current-catalog") == "cat1"


def test_a_failing_statement_raises_with_its_position_and_changes_nothing(env, config):
    with pytest.raises(UnknownKeyError) as raised:
        env.execute_sql("SET 'table.local-time-zon' = 'UTC'")
    message = str(raised.value)
    assert 'did you mean "table.local-time-zone"' in message
    assert "1 | SET 'table.local-time-zon' = 'UTC';" in message or "^" in message
    with pytest.raises(InvalidValueError):
        env.execute_sql("SET 'table.exec.mini-batch.size' = 'lots'")
    assert config.get("table.exec.mini-batch.size") == -1
    with pytest.raises(NotSetError):
        env.execute_sql("RESET 'table.exec.mini-batch.size'")
    with pytest.raises(UnknownCatalogError):
        env.execute_sql("USE CATALOG nowhere")
    with pytest.raises(StatementError):
        env.execute_sql("SET 'a' = ")


def test_execute_sql_runs_one_statement_only(env, config):
    with pytest.raises(StatementError, match="exactly one statement"):
        env.execute_sql("SET 'pipeline.name' = 'a'; SET 'pipeline.name' = 'b';")
    assert config.get("pipeline.name") is None


def test_a_read_sees_changes_made_by_statements(env, config):
    assert config.get("table.exec.mini-batch.enabled") is False
    env.execute_sql("SET 'table.exec.mini-batch.enabled' = 'true'")
    assert config.get("table.exec.mini-batch.enabled") is True
    other_view = env.get_config()
    other_view.reset("table.exec.mini-batch.enabled")
    assert config.get("table.exec.mini-batch.enabled") is False


def test_describe_shows_the_option_in_full(config):
    text = config.describe("table.exec.mini-batch.enabled")
    assert "table.exec.mini-batch.enabled" in text and "Boolean" in text
