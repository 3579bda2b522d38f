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
    assert s.api_tokens == (("token1", "a"), ("token2", "b"))
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
        ({"RECALL_API_TOKENS": "a:x,a:y"}, "RECALL_API_TOKENS: two entries have the same name"),
        ({"RECALL_API_TOKENS": "a:x,b:x"}, "RECALL_API_TOKENS: two entries have the same token"),
        ({"RECALL_API_TOKENS": "bad name:x"}, "RECALL_API_TOKENS: entry 1 must be `name:token`"),
        ({"RECALL_JWT_SECRET": "short"}, "RECALL_JWT_SECRET must be at least 32 bytes long"),
        ({"RECALL_LOG_KEY": "short"}, "RECALL_LOG_KEY must be at least 16 bytes long"),
        ({"RECALL_RATE_LIMIT": "10/fortnight"}, "RECALL_RATE_LIMIT='10/fortnight' must be like 120/minute"),
        ({"RECALL_RATE_LIMIT": "0/minute"}, "RECALL_RATE_LIMIT='0/minute' must be like 120/minute"),
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


def test_service_tokens_are_named_and_plain_ones_get_a_name():
    s = load_settings({"RECALL_API_TOKENS": "runtime:s3cret, legacy-token ,cron:other"})
    assert s.api_tokens == (("runtime", "s3cret"), ("token2", "legacy-token"), ("cron", "other"))


def test_rate_limit_reads_requests_per_unit():
    assert load_settings({}).rate_limit is None
    assert load_settings({"RECALL_RATE_LIMIT": "120/minute"}).rate_limit == (120, 60.0)
    assert load_settings({"RECALL_RATE_LIMIT": "5/second"}).rate_limit == (5, 1.0)
