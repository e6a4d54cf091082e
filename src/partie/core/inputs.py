"""One way in for untrusted data: records, deals files, decks, importer files and the web
service's messages are read here before any work starts.

Two steps, each bounded:

1. ``parse_json`` turns bytes or text into plain data with limits on size, nesting depth,
   string length and number range, refusing what ``json`` would let through silently
   (``NaN``, ``Infinity``, ``1e400``, 5,000-digit integers, duplicate keys) and what would
   crash it (100,000 nested brackets).
2. ``validate`` checks that data against a pydantic model (strict: ``7.9``, ``"7"`` and
   ``true`` are not the integer 7; unknown keys are refused) and turns the first problem
   into one ``BadInput`` line in French and English that names the field at fault.

Why pydantic: it is already the web framework's own validation library (no new
dependency), its strict mode refuses the coercions that let tampered records replay, and
its errors carry the path of the field, which our one-line messages name.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from partie.core.errors import BadOptions, PartieError

M = TypeVar("M", bound=BaseModel)


class BadInput(PartieError):
    """Untrusted data (a file, a message, an option) that cannot be used as it is."""

    code = "bad_input"


@dataclass(frozen=True)
class Limits:
    """What a piece of untrusted JSON may hold at most."""

    max_bytes: int = 8 * 1024 * 1024
    max_depth: int = 32
    max_string: int = 100_000
    max_int_digits: int = 20


RECORD_LIMITS = Limits()
MESSAGE_LIMITS = Limits(max_bytes=64 * 1024, max_depth=12, max_string=4_000)

#: The largest seed a record or a message may carry (a 64-bit unsigned integer).
MAX_SEED = 2**64 - 1

Seed = Annotated[int, Field(ge=0, le=MAX_SEED)]
Seat = Annotated[int, Field(ge=0, le=63)]


class Strict(BaseModel):
    """Base of every model of untrusted data: no coercion, no unknown keys, immutable."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


def decode_text(data: bytes | str, *, what: str, limits: Limits = RECORD_LIMITS) -> str:
    """``data`` as text: UTF-8 only (a byte-order mark is dropped), no NUL byte, bounded."""
    if isinstance(data, str):
        if len(data) > limits.max_bytes:
            raise _too_big(what, limits)
        text = data
    else:
        if len(data) > limits.max_bytes:
            raise _too_big(what, limits)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadInput(
                f"{what} : ce n'est pas du texte UTF-8 (octet {exc.start + 1})",
                f"{what}: not UTF-8 text (byte {exc.start + 1})",
                code="not_utf8",
            ) from None
    text = text.removeprefix("\ufeff")
    if "\x00" in text:
        raise BadInput(
            f"{what} : contient un caractère nul (fichier binaire ?)",
            f"{what}: contains a NUL character (a binary file?)",
            code="binary_data",
        )
    return text


def _too_big(what: str, limits: Limits) -> BadInput:
    size = _human_size(limits.max_bytes)
    return BadInput(
        f"{what} : trop gros (au plus {size})",
        f"{what}: too large (at most {size})",
        code="too_large",
    )


def _human_size(n: int) -> str:
    if n >= 1024 * 1024:
        return f"{n // (1024 * 1024)} Mio" if n % (1024 * 1024) == 0 else f"{n} octets"
    if n >= 1024:
        return f"{n // 1024} Kio"
    return f"{n} octets"


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


def check_depth(text: str, *, what: str, limits: Limits = RECORD_LIMITS) -> None:
    """Refuse JSON nested deeper than ``limits.max_depth`` before the parser recurses."""
    depth = 0
    for match in _BRACKETS.finditer(_STRING.sub('""', text)):
        if match.group() in "[{":
            depth += 1
            if depth > limits.max_depth:
                raise too_deep(what, limits)
        else:
            depth -= 1


def parse_json(data: bytes | str, *, what: str, limits: Limits = RECORD_LIMITS) -> Any:
    """Plain data from untrusted JSON, within ``limits``; raises ``BadInput``."""
    text = decode_text(data, what=what, limits=limits)
    check_depth(text, what=what, limits=limits)

    def bad_number(token: str) -> BadInput:
        shown = token if len(token) <= 24 else token[:20] + "…"
        return BadInput(
            f"{what} : nombre refusé : {shown}",
            f"{what}: number refused: {shown}",
            code="bad_number",
        )

    def parse_int(token: str) -> int:
        if len(token.lstrip("-")) > limits.max_int_digits:
            raise bad_number(token)
        return int(token)

    def parse_float(token: str) -> float:
        if len(token) > 64:
            raise bad_number(token)
        value = float(token)
        if not math.isfinite(value):
            raise bad_number(token)
        return value

    def parse_constant(token: str) -> Any:
        raise bad_number(token)

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in items:
            if key in out:
                raise BadInput(
                    f"{what} : la clé {key[:40]!r} apparaît deux fois",
                    f"{what}: key {key[:40]!r} appears twice",
                    code="duplicate_key",
                )
            out[key] = value
        return out

    try:
        value = json.loads(
            text,
            parse_int=parse_int,
            parse_float=parse_float,
            parse_constant=parse_constant,
            object_pairs_hook=pairs,
        )
    except json.JSONDecodeError as exc:
        raise BadInput(
            f"{what} : JSON invalide ({exc.msg}, ligne {exc.lineno}, colonne {exc.colno})",
            f"{what}: invalid JSON ({exc.msg}, line {exc.lineno}, column {exc.colno})",
            code="bad_json",
        ) from None
    except RecursionError:  # pragma: no cover - check_depth stops this first
        raise BadInput(
            f"{what} : imbriqué trop profondément", f"{what}: nested too deeply", code="too_deep"
        ) from None
    _check_strings(value, what=what, limits=limits)
    return value


def _check_strings(value: Any, *, what: str, limits: Limits) -> None:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            strings: Any = (item,)
        elif isinstance(item, dict):
            strings = item.keys()
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
            continue
        else:
            continue
        for text in strings:
            if "\x00" in text:
                raise BadInput(
                    f"{what} : un texte contient un caractère nul",
                    f"{what}: a text contains a NUL character",
                    code="binary_data",
                )
            if len(text) > limits.max_string:
                raise BadInput(
                    f"{what} : texte trop long ({len(text)} caractères, au plus "
                    f"{limits.max_string})",
                    f"{what}: text too long ({len(text)} characters, at most {limits.max_string})",
                    code="string_too_long",
                )


# French wording of pydantic's error types; anything else falls back to its English text.
_FRENCH = {
    "missing": "champ manquant",
    "extra_forbidden": "champ inconnu",
    "int_type": "un nombre entier est attendu",
    "int_parsing": "un nombre entier est attendu",
    "int_from_float": "un nombre entier est attendu",
    "float_type": "un nombre est attendu",
    "finite_number": "un nombre fini est attendu",
    "string_type": "un texte est attendu",
    "bool_type": "vrai ou faux (true/false) est attendu",
    "list_type": "une liste est attendue",
    "tuple_type": "une liste est attendue",
    "dict_type": "un objet est attendu",
    "model_type": "un objet est attendu",
    "literal_error": "valeur inconnue",
    "enum": "valeur inconnue",
    "greater_than_equal": "trop petit",
    "greater_than": "trop petit",
    "less_than_equal": "trop grand",
    "less_than": "trop grand",
    "string_too_long": "texte trop long",
    "string_too_short": "texte trop court",
    "too_long": "trop d'éléments",
    "too_short": "pas assez d'éléments",
    "string_pattern_mismatch": "forme refusée",
    "union_tag_invalid": "type inconnu",
    "union_tag_not_found": "le champ de type manque",
    "value_error": "valeur refusée",
}


def _where(loc: tuple[Any, ...]) -> str:
    parts = []
    for part in loc:
        if isinstance(part, int):
            parts.append(f"[{part}]")
        else:
            parts.append(("." if parts else "") + str(part))
    return "".join(parts)


def validate(model: type[M], data: Any, *, what: str) -> M:
    """``data`` checked against ``model``; the first problem becomes one ``BadInput``."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        error = exc.errors(include_url=False)[0]
        where = _where(tuple(error.get("loc", ())))
        at_fr = f" ({where})" if where else ""
        at_en = f" ({where})" if where else ""
        kind = error.get("type", "value_error")
        ctx = error.get("ctx") or {}
        limit = next((ctx[k] for k in ("le", "ge", "lt", "gt", "max_length") if k in ctx), None)
        french = _FRENCH.get(kind, "valeur refusée")
        if kind == "value_error" and isinstance(ctx.get("error"), PartieError):
            inner = ctx["error"]
            raise BadInput(f"{what}{at_fr} : {inner.fr}", f"{what}{at_en}: {inner.en}") from None
        if limit is not None:
            french += f" (limite : {limit})"
        english = str(error.get("msg", "invalid value"))
        raise BadInput(
            f"{what}{at_fr} : {french}",
            f"{what}{at_en}: {english}",
            code="unknown_field" if kind == "extra_forbidden" else "bad_input",
        ) from None


#: The longest bot name accepted, and the largest number it may carry (a search budget,
#: a vocabulary size): ``mc:99999999999`` would run for days.
MAX_BOT_SPEC = 100
MAX_BOT_NUMBER = 1_000_000
MAX_BOT_BUDGET = 100_000
_BOT_SPEC = re.compile(r"^[A-Za-z0-9_.:/@=,+-]+$")


def check_bot_spec(spec: str, *, game: str) -> None:
    """Refuse a bot name that no game could mean before a game parses it: empty, too
    long, odd characters, a ``name:`` with nothing after the colon, a huge number."""
    shown = spec if len(spec) <= 40 else spec[:37] + "..."
    why: tuple[str, str] | None = None
    if not spec or len(spec) > MAX_BOT_SPEC or not _BOT_SPEC.match(spec):
        why = ("nom de bot illisible", "unreadable bot name")
    elif spec.endswith((":", "@", "=", ",")) or "::" in spec:
        why = ("réglage manquant après le nom", "setting missing after the name")
    elif any(int(n) > MAX_BOT_NUMBER for n in re.findall(r"\d{1,20}", spec)) or re.search(
        r"\d{21}", spec
    ):
        why = (
            f"nombre trop grand (au plus {MAX_BOT_NUMBER})",
            f"number too large (at most {MAX_BOT_NUMBER})",
        )
    if why is not None:
        raise BadOptions(
            f"bot refusé pour {game} : {shown!r} ({why[0]})",
            f"bot refused for {game}: {shown!r} ({why[1]})",
            code="bad_bot",
        )


def too_deep(what: str, limits: Limits) -> BadInput:
    """The refusal of data nested deeper than ``limits.max_depth`` (JSON here, a deck's
    TOML in the decks module: both count brackets before a parser recurses)."""
    return BadInput(
        f"{what} : imbriqué trop profondément (au plus {limits.max_depth} niveaux)",
        f"{what}: nested too deeply (at most {limits.max_depth} levels)",
        code="too_deep",
    )
