"""The validating layer at each of its bounds, against values written here: sizes, depth,
digits, string lengths, the field named in a refusal and its French wording, bot names."""

from __future__ import annotations

import enum
from typing import Annotated, Any, Literal

import pytest
from pydantic import BaseModel, Field, ValidationError, field_validator

from partie.core.errors import BadOptions, IllegalAction
from partie.core.inputs import (
    MAX_SEED,
    MESSAGE_LIMITS,
    RECORD_LIMITS,
    BadInput,
    Limits,
    Seat,
    Seed,
    Strict,
    check_bot_spec,
    check_depth,
    decode_text,
    parse_json,
    validate,
)

SMALL = Limits(max_bytes=40, max_depth=3, max_string=5, max_int_digits=4)


def refusal(call: Any, *args: Any, **kwargs: Any) -> BadInput:
    with pytest.raises(BadInput) as caught:
        call(*args, **kwargs)
    return caught.value


def test_the_limits_written_in_the_hardening_rules() -> None:
    assert (
        RECORD_LIMITS.max_bytes,
        RECORD_LIMITS.max_depth,
        RECORD_LIMITS.max_string,
        RECORD_LIMITS.max_int_digits,
    ) == (8 * 1024 * 1024, 32, 100_000, 20)
    assert (
        MESSAGE_LIMITS.max_bytes,
        MESSAGE_LIMITS.max_depth,
        MESSAGE_LIMITS.max_string,
        MESSAGE_LIMITS.max_int_digits,
    ) == (64 * 1024, 12, 4_000, 20)
    assert MAX_SEED == 18_446_744_073_709_551_615
    assert BadInput("x").code == "bad_input"


class Seats(Strict):
    seat: Seat
    seed: Seed


@pytest.mark.parametrize(
    ("seat", "seed", "ok"),
    [
        (0, 0, True),
        (63, 2**64 - 1, True),
        (64, 0, False),
        (-1, 0, False),
        (0, 2**64, False),
        (0, -1, False),
    ],
)
def test_seat_and_seed_bounds(seat: int, seed: int, ok: bool) -> None:
    if ok:
        assert validate(Seats, {"seat": seat, "seed": seed}, what="m").seat == seat
    else:
        refusal(validate, Seats, {"seat": seat, "seed": seed}, what="m")


def test_text_size_is_bounded_in_characters_and_bytes() -> None:
    assert decode_text("x" * 40, what="f", limits=SMALL) == "x" * 40
    assert decode_text(b"x" * 40, what="f", limits=SMALL) == "x" * 40
    for data in ("x" * 41, b"x" * 41):
        error = refusal(decode_text, data, what="f", limits=SMALL)
        assert error.code == "too_large"
        assert error.fr == "f : trop gros (au plus 40 octets)"
        assert error.en == "f: too large (at most 40 octets)"


@pytest.mark.parametrize(
    ("max_bytes", "shown"),
    [
        (8 * 1024 * 1024, "8 Mio"),
        (1024 * 1024, "1 Mio"),
        (1024 * 1024 + 1, "1048577 octets"),
        (1024 * 1024 - 1, "1023 Kio"),
        (64 * 1024, "64 Kio"),
        (1024, "1 Kio"),
        (1023, "1023 octets"),
    ],
)
def test_sizes_are_shown_in_readable_units(max_bytes: int, shown: str) -> None:
    error = refusal(decode_text, "x" * (max_bytes + 1), what="f", limits=Limits(max_bytes))
    assert error.fr == f"f : trop gros (au plus {shown})"


def test_text_is_utf8_without_bom_or_nul() -> None:
    assert decode_text(b"\xef\xbb\xbf{}", what="f") == "{}"
    assert decode_text("\ufeff{}", what="f") == "{}"
    assert decode_text("\ufeff\ufeff", what="f") == "\ufeff"  # one mark only
    error = refusal(decode_text, b"ab\xff", what="f")
    assert error.code == "not_utf8" and "octet 3" in error.fr and "byte 3" in error.en
    assert refusal(decode_text, "a\x00b", what="f").code == "binary_data"
    assert refusal(decode_text, b"a\x00b", what="f").code == "binary_data"


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("[[[1]]]", True),
        ("[[[[1]]]]", False),
        ('{"a": {"b": [1]}}', True),
        ('{"a": {"b": [{}]}}', False),
        ('[[["[[[["]]]', True),  # brackets inside a string are text
        ('[[["\\"[[[["]]]', True),  # after an escaped quote too
        ("[][][][][][]", True),  # depth, not count
        ("[[[]]][[[]]]", True),
    ],
)
def test_depth_bound(text: str, ok: bool) -> None:
    if ok:
        check_depth(text, what="f", limits=SMALL)
    else:
        error = refusal(parse_json, text, what="f", limits=SMALL)
        assert error.code == "too_deep" and "3" in error.fr and "3" in error.en


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1234", 1234),
        ("-1234", -1234),
        ("1.5", 1.5),
        ("-0.25", -0.25),
        ('"abcde"', "abcde"),
        ('{"abcde": ["abcde"]}', {"abcde": ["abcde"]}),
    ],
)
def test_values_at_the_bounds_are_kept(text: str, value: Any) -> None:
    assert parse_json(text, what="f", limits=SMALL) == value


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("12345", "bad_number"),
        ("-12345", "bad_number"),
        ("NaN", "bad_number"),
        ("-Infinity", "bad_number"),
        ("1e400", "bad_number"),
        ('"abcdef"', "string_too_long"),
        ('{"abcdef": 1}', "string_too_long"),  # keys are texts too
        ('[["abcdef"]]', "string_too_long"),
        ('{"a": {"b": "abcdef"}}', "string_too_long"),
        ('["\\u0000"]', "binary_data"),
        ('{"\\u0000": 1}', "binary_data"),
        ('{"a": 1, "a": 2}', "duplicate_key"),
        ("[1,]", "bad_json"),
    ],
)
def test_refusals_by_code(text: str, code: str) -> None:
    assert refusal(parse_json, text, what="f", limits=SMALL).code == code


def test_number_tokens_are_bounded_and_quoted_short() -> None:
    assert parse_json("1" * 20, what="f") == int("1" * 20)
    assert parse_json("-" + "1" * 20, what="f") == -int("1" * 20)
    error = refusal(parse_json, "1" * 21, what="f")
    assert error.fr == "f : nombre refusé : " + "1" * 21
    long = "1" * 30
    assert refusal(parse_json, long, what="f").en == "f: number refused: " + "1" * 20 + "…"
    assert refusal(parse_json, "1" * 24, what="f").en.endswith("1" * 24)
    assert refusal(parse_json, "1" * 25, what="f").en.endswith("1" * 20 + "…")
    assert parse_json("0." + "5" * 62, what="f") == pytest.approx(5 / 9)  # 64 characters
    assert refusal(parse_json, "0." + "5" * 63, what="f").code == "bad_number"
    dup = refusal(parse_json, '{"k": 1, "k": 2}', what="f")
    assert dup.fr == "f : la clé 'k' apparaît deux fois" and dup.en == "f: key 'k' appears twice"
    bad = refusal(parse_json, "[1,]", what="f")
    assert "ligne 1, colonne 4" in bad.fr and "line 1, column 4" in bad.en
    text_long = refusal(parse_json, '"abcdef"', what="f", limits=SMALL)
    assert text_long.fr == "f : texte trop long (6 caractères, au plus 5)"


class Move(Strict):
    kind: Literal["play", "end"]
    card: Annotated[int, Field(ge=2, le=99)] = 2


class Doc(Strict):
    name: Annotated[str, Field(max_length=3)] = "a"
    moves: list[Move] = Field(default_factory=list)
    flag: bool = False
    ratio: float = 0.0
    tags: Annotated[list[int], Field(max_length=2)] = Field(default_factory=list)
    pair: tuple[int, int] = (0, 0)
    inner: Move | None = None
    count: Annotated[int, Field(gt=0, lt=10)] = 1


# data → (where, French wording, code)
VALIDATION = [
    ({"moves": [{"card": 5}]}, "moves[0].kind", "champ manquant", "bad_input"),
    ({"extra": 1}, "extra", "champ inconnu", "unknown_field"),
    (
        {"moves": [{"kind": "play", "card": "5"}]},
        "moves[0].card",
        "un nombre entier est attendu",
        "bad_input",
    ),
    (
        {"moves": [{"kind": "play", "card": 5.5}]},
        "moves[0].card",
        "un nombre entier est attendu",
        "bad_input",
    ),
    ({"ratio": "x"}, "ratio", "un nombre est attendu", "bad_input"),
    ({"name": 5}, "name", "un texte est attendu", "bad_input"),
    ({"flag": 1}, "flag", "vrai ou faux (true/false) est attendu", "bad_input"),
    ({"moves": {}}, "moves", "une liste est attendue", "bad_input"),
    ({"pair": 5}, "pair", "une liste est attendue", "bad_input"),
    ({"inner": 5}, "inner", "un objet est attendu", "bad_input"),
    ({"moves": [{"kind": "jump"}]}, "moves[0].kind", "valeur inconnue", "bad_input"),
    (
        {"moves": [{"kind": "play", "card": 1}]},
        "moves[0].card",
        "trop petit (limite : 2)",
        "bad_input",
    ),
    (
        {"moves": [{"kind": "play", "card": 100}]},
        "moves[0].card",
        "trop grand (limite : 99)",
        "bad_input",
    ),
    ({"count": 0}, "count", "trop petit (limite : 0)", "bad_input"),
    ({"count": 10}, "count", "trop grand (limite : 10)", "bad_input"),
    ({"name": "abcd"}, "name", "texte trop long (limite : 3)", "bad_input"),
    ({"tags": [1, 2, 3]}, "tags", "trop d'éléments (limite : 2)", "bad_input"),
]


@pytest.mark.parametrize(("data", "where", "french", "code"), VALIDATION)
def test_validation_names_the_field_in_french(
    data: dict, where: str, french: str, code: str
) -> None:
    error = refusal(validate, Doc, data, what="doc")
    assert error.fr == f"doc ({where}) : {french}"
    assert error.en.startswith(f"doc ({where}): ")
    assert error.code == code


def test_the_english_line_is_pydantic_s_own_message() -> None:
    error = refusal(validate, Doc, {"extra": 1}, what="doc")
    assert error.en == "doc (extra): Extra inputs are not permitted"


def test_a_problem_with_the_whole_document_names_no_field() -> None:
    error = refusal(validate, Doc, [1], what="doc")
    assert error.fr == "doc : un objet est attendu" and error.en.startswith("doc: ")


class Checked(Strict):
    word: str

    @field_validator("word")
    @classmethod
    def no_digits(cls, value: str) -> str:
        if any(c.isdigit() for c in value):
            raise IllegalAction("chiffre interdit", "no digits")
        return value


def test_an_error_of_the_game_family_is_passed_on_in_both_languages() -> None:
    error = refusal(validate, Checked, {"word": "a1"}, what="msg")
    assert error.fr == "msg (word) : chiffre interdit" and error.en == "msg (word): no digits"
    assert validate(Checked, {"word": "ab"}, what="msg").word == "ab"


@pytest.mark.parametrize(
    ("spec", "why"),
    [
        ("", "nom de bot illisible"),
        ("a" * 101, "nom de bot illisible"),
        ("mc 5", "nom de bot illisible"),
        ("mc;5", "nom de bot illisible"),
        ("mc:", "réglage manquant après le nom"),
        ("mc@", "réglage manquant après le nom"),
        ("mc:a=", "réglage manquant après le nom"),
        ("mc:1,", "réglage manquant après le nom"),
        ("mc::5", "réglage manquant après le nom"),
        ("mc:1000001", "nombre trop grand (au plus 1000000)"),
        ("mc:1," + "9" * 21, "nombre trop grand (au plus 1000000)"),
        ("mc:" + "0" * 21, "nombre trop grand (au plus 1000000)"),
    ],
)
def test_bot_names_refused(spec: str, why: str) -> None:
    with pytest.raises(BadOptions) as caught:
        check_bot_spec(spec, game="the-game")
    assert caught.value.code == "bad_bot"
    assert caught.value.fr.endswith(f"({why})") and caught.value.fr.startswith(
        "bot refusé pour the-game : "
    )


@pytest.mark.parametrize(
    "spec", ["a" * 100, "mc:1000000", "minjump:1,1", "mc:0" + "0" * 19, "x.y/z@w=1+2-3_4"]
)
def test_bot_names_accepted(spec: str) -> None:
    check_bot_spec(spec, game="the-game")


def test_a_long_bot_name_is_shown_cut() -> None:
    with pytest.raises(BadOptions) as caught:
        check_bot_spec("a" * 41 + " ", game="g")
    assert repr("a" * 37 + "...") in caught.value.fr
    with pytest.raises(BadOptions) as caught:
        check_bot_spec("a" * 39 + " ", game="g")
    assert repr("a" * 39 + " ") in caught.value.fr


class Colour(enum.Enum):
    RED = "red"


class Cat(Strict):
    kind: Literal["cat"]


class Dog(Strict):
    kind: Literal["dog"]


class More(Strict):
    meta: dict[str, int] = Field(default_factory=dict)
    nick: Annotated[str, Field(min_length=2)] = "ab"
    few: Annotated[list[int], Field(min_length=1)] = Field(default_factory=lambda: [1])
    code: Annotated[str, Field(pattern=r"^[a-z]+$")] = "a"
    pet: Annotated[Cat | Dog, Field(discriminator="kind")] = Cat(kind="cat")
    odd: int = 1

    @field_validator("odd")
    @classmethod
    def must_be_odd(cls, value: int) -> int:
        if value % 2 == 0:
            raise ValueError("even")
        return value


class Lax(BaseModel):
    n: int = 0
    x: Annotated[float, Field(allow_inf_nan=False)] = 0.0
    colour: Colour = Colour.RED


@pytest.mark.parametrize(
    ("model", "data", "where", "french"),
    [
        (More, {"meta": []}, "meta", "un objet est attendu"),
        (Lax, {"colour": "blue"}, "colour", "valeur inconnue"),
        (More, {"nick": "a"}, "nick", "texte trop court"),
        (More, {"few": []}, "few", "pas assez d'éléments"),
        (More, {"code": "A1"}, "code", "forme refusée"),
        (More, {"pet": {"kind": "cow"}}, "pet", "type inconnu"),
        (More, {"pet": {}}, "pet", "le champ de type manque"),
        (More, {"odd": 2}, "odd", "valeur refusée"),
        (Lax, {"n": "abc"}, "n", "un nombre entier est attendu"),
        (Lax, {"n": 1.5}, "n", "un nombre entier est attendu"),
        (Lax, {"x": float("inf")}, "x", "un nombre fini est attendu"),
    ],
)
def test_more_kinds_of_refusal_in_french(model: Any, data: dict, where: str, french: str) -> None:
    error = refusal(validate, model, data, what="doc")
    assert error.fr == f"doc ({where}) : {french}"
    assert error.code == "bad_input"


def test_a_kind_of_error_without_french_wording_is_a_refused_value() -> None:
    error = refusal(validate, Strictly, {"colour": "blue"}, what="doc")
    assert error.fr == "doc (colour) : valeur refusée"


class Strictly(Strict):
    colour: Colour = Colour.RED


def test_validated_data_cannot_be_changed_afterwards() -> None:
    seats = validate(Seats, {"seat": 1, "seed": 2}, what="m")
    with pytest.raises(ValidationError):
        seats.seat = 3  # type: ignore[misc]


def test_closing_brackets_count_one_level_each() -> None:
    check_depth("[[[]]][[[]]]", what="f", limits=SMALL)
    assert refusal(check_depth, "[[]][[[[]]]]", what="f", limits=SMALL).code == "too_deep"


def test_bot_refusals_in_english_and_the_cut_at_forty_characters() -> None:
    with pytest.raises(BadOptions) as caught:
        check_bot_spec("a" * 40 + " ", game="g")
    assert repr("a" * 37 + "...") in caught.value.fr
    assert caught.value.en.endswith("(unreadable bot name)")
    with pytest.raises(BadOptions) as caught:
        check_bot_spec("mc:", game="g")
    assert caught.value.en == "bot refused for g: 'mc:' (setting missing after the name)"
