"""The validating layer refuses what json and plain casts would let through."""

from __future__ import annotations

import pytest

from partie.core.inputs import (
    MESSAGE_LIMITS,
    BadInput,
    Seat,
    Seed,
    Strict,
    parse_json,
    validate,
)


class Sample(Strict):
    seed: Seed
    seat: Seat


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("[" * 100_000, "too_deep"),
        ('{"seed": Infinity}', "bad_number"),
        ('{"seed": NaN}', "bad_number"),
        ('{"seed": 1e400}', "bad_number"),
        ("1" * 5000, "bad_number"),
        ('{"a": 1, "a": 2}', "duplicate_key"),
        ('{"a": ', "bad_json"),
        ('"a\\u0000"', "binary_data"),
    ],
)
def test_parse_json_refuses(text: str, code: str) -> None:
    with pytest.raises(BadInput) as info:
        parse_json(text, what="record")
    assert info.value.code == code
    assert "\n" not in info.value.fr and info.value.fr.startswith("record")


def test_parse_json_refuses_non_utf8_and_nul_bytes() -> None:
    with pytest.raises(BadInput) as info:
        parse_json('{"a": 1}'.encode("utf-16"), what="record")
    assert info.value.code == "not_utf8"
    with pytest.raises(BadInput) as info:
        parse_json(b'{"a": 1}\x00', what="record")
    assert info.value.code == "binary_data"


def test_parse_json_bounds_size_and_strings() -> None:
    with pytest.raises(BadInput) as info:
        parse_json("[" + "1," * 40_000 + "1]", what="message", limits=MESSAGE_LIMITS)
    assert info.value.code == "too_large"
    with pytest.raises(BadInput) as info:
        parse_json('"' + "x" * 5000 + '"', what="message", limits=MESSAGE_LIMITS)
    assert info.value.code == "string_too_long"


def test_parse_json_keeps_brackets_inside_strings() -> None:
    assert parse_json('{"a": "[[[[[[", "b": [1]}', what="r") == {"a": "[[[[[[", "b": [1]}
    assert parse_json('\ufeff{"a": 2}', what="r") == {"a": 2}


@pytest.mark.parametrize(
    ("data", "where", "code"),
    [
        ({"seed": 7.9, "seat": 0}, "(seed)", "bad_input"),
        ({"seed": "7", "seat": 0}, "(seed)", "bad_input"),
        ({"seed": -7, "seat": 0}, "(seed)", "bad_input"),
        ({"seed": 7, "seat": 0.9}, "(seat)", "bad_input"),
        ({"seed": 7, "seat": True}, "(seat)", "bad_input"),
        ({"seed": 7, "seat": 0, "extra": 1}, "(extra)", "unknown_field"),
        ({"seat": 1}, "(seed)", "bad_input"),
    ],
)
def test_validate_is_strict_and_names_the_field(data: dict, where: str, code: str) -> None:
    with pytest.raises(BadInput) as info:
        validate(Sample, data, what="record")
    assert info.value.code == code
    assert where in info.value.fr and where in info.value.en


def test_validate_accepts_good_data() -> None:
    assert validate(Sample, {"seed": 7, "seat": 1}, what="record") == Sample(seed=7, seat=1)
