"""A secret never shows: not in the repr or str of values, configs, settings, diagnostics or
exceptions."""

import pytest

import declared_options.dataframe as pf
from declared_options import (
    EnvironmentSettings,
    InvalidValueError,
    Secret,
    TableEnvironment,
    catalogue,
    validate,
)

CANARY = "canary-7f3a9"
SENSITIVE = "security.ssl.rest.keystore-password"


def shown(*objects):
    return " ".join(repr(o) + " " + str(o) for o in objects)


def test_the_key_is_declared_sensitive():
    assert catalogue()[SENSITIVE].sensitive


def test_a_secret_value_reads_back_as_a_secret():
    config = TableEnvironment.create().get_config()
    config.set(SENSITIVE, CANARY)
    value = config.get(SENSITIVE)
    assert isinstance(value, Secret)
    assert value.expose() == CANARY
    assert CANARY not in shown(value, config, config.to_dict(), config.get_string(SENSITIVE))
    assert repr(value) == "Secret('******')" and str(value) == "******"


def test_a_secret_passed_as_a_secret_is_taken():
    config = TableEnvironment.create().get_config()
    config.set(SENSITIVE, Secret(CANARY))
    assert config.get(SENSITIVE).expose() == CANARY


def test_the_startup_buffer_masks_secrets():
    # s3.secret-key is declared sensitive by the S3 plugin group; a key of a plugin no group
    # declares is kept with a warning, and masked by its name.
    pf.config.set(SENSITIVE, CANARY).set("s3.secret-key", CANARY)
    with pytest.warns(UserWarning):
        pf.config.set("myplugin.secret-key", CANARY)
    assert CANARY not in shown(
        pf.config,
        pf.config.get(SENSITIVE),
        pf.config.get("s3.secret-key"),
        pf.config.get("myplugin.secret-key"),
    )
    assert pf.config.get(SENSITIVE).expose() == CANARY


def test_settings_mask_secrets():
    settings = EnvironmentSettings().with_configuration({SENSITIVE: CANARY})
    assert CANARY not in shown(settings)


def test_errors_about_secrets_mask_the_value():
    config = TableEnvironment.create().get_config()
    with pytest.raises(InvalidValueError) as raised:
        config.set(SENSITIVE, 12345)
    assert "12345" not in shown(raised.value)
    assert "******" in str(raised.value)
    env = TableEnvironment.create()
    with pytest.raises(Exception) as raised:
        # A misspelt key that still names a secret ("password"): its value stays hidden.
        env.execute_sql(f"SET 'security.ssl.keystore-password2' = '{CANARY}'")
    assert CANARY not in shown(raised.value)


def test_statement_output_masks_secrets():
    env = TableEnvironment.create()
    env.execute_sql(f"SET '{SENSITIVE}' = '{CANARY}'")
    assert CANARY not in env.execute_sql("SET")
    assert CANARY not in env.execute_sql(f"SET '{SENSITIVE}'")
    listing = env.execute_sql("SHOW OPTIONS LIKE '%rest.keystore-password%'")
    assert SENSITIVE in listing and "******" in listing and CANARY not in listing


def test_diagnostics_never_show_a_secret(tmp_path):
    path = tmp_path / "config.yaml"
    path.write_text(
        f"{SENSITIVE}: [{CANARY}]\nmy.password.typo: {CANARY}\nsecurity.ssl.keystore-password: 5\n"
    )
    for strict in (False, True):
        assert CANARY not in shown(*validate(path, strict=strict))
