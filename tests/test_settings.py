from pathlib import Path

import pytest

from app.errors import ConfigError
from app.settings import load_settings


def test_defaults_match_the_contract():
    s = load_settings({})
    assert s.database_url is None
    assert s.default_timezone == "Asia/Shanghai"
    assert s.api_tokens == ()
    assert not str(s.data_dir).startswith(str(Path.home()))


def test_values_are_read_and_typed():
    s = load_settings({"MEINPUT_URL": "http://127.0.0.1:9/", "RECALL_API_TOKENS": "a, b,,",
                       "SOURCE_TIMEOUT_S": "1.5", "DEFAULT_TIMEZONE": "Europe/Berlin"})
    assert s.meinput_url == "http://127.0.0.1:9"
    assert s.api_tokens == ("a", "b")
    assert s.source_timeout_s == 1.5
    assert s.zone.key == "Europe/Berlin"


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"DEFAULT_TIMEZONE": "Mars/Base"}, "DEFAULT_TIMEZONE='Mars/Base' is not an IANA time zone name"),
        ({"SOURCE_TIMEOUT_S": "fast"}, "SOURCE_TIMEOUT_S='fast' is not a number"),
        ({"SOURCE_TIMEOUT_S": "-1"}, "SOURCE_TIMEOUT_S='-1' must be greater than 0"),
        ({"DB_POOL_SIZE": "1.5"}, "DB_POOL_SIZE='1.5' is not a whole number"),
        ({"SOURCE_RETRIES": "-1"}, "SOURCE_RETRIES='-1' must be 0 or more"),
        ({"SOURCE_RETRIES": "two"}, "SOURCE_RETRIES='two' is not a whole number"),
        ({"MEINPUT_URL": "ftp://x"}, "MEINPUT_URL='ftp://x' must be an http:// or https:// URL"),
        ({"DATABASE_URL": "mysql://x"}, "DATABASE_URL must be a postgresql:// URL"),
        ({"RECALL_DATA_DIR": "rel/dir"}, "RECALL_DATA_DIR='rel/dir' must be an absolute path"),
    ],
)
def test_bad_values_give_one_clear_line(env, message):
    with pytest.raises(ConfigError) as err:
        load_settings(env)
    assert str(err.value).startswith(message)
    assert "\n" not in str(err.value)


def test_every_setting_has_one_variable_and_its_default_lives_on_settings():
    from app.settings import VARIABLES, Settings

    fields = [field for _, field, _ in VARIABLES]
    assert sorted(fields) == sorted(Settings.__struct_fields__), "a setting no variable fills, or a variable twice"
    assert load_settings({name: "  " for name, _, _ in VARIABLES}) == load_settings({}), "blank keeps the default"


def test_log_level_is_a_setting():
    assert load_settings({}).log_level == "INFO"
    assert load_settings({"RECALL_LOG_LEVEL": "debug"}).log_level == "DEBUG"
    with pytest.raises(ConfigError, match="RECALL_LOG_LEVEL='loud' must be one of INFO, DEBUG"):
        load_settings({"RECALL_LOG_LEVEL": "loud"})
