"""Typed game options from plain data, with a clear error for the field at fault."""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, TypeVar

from partie.core.errors import BadOptions

T = TypeVar("T")

#: Bounds every option value obeys before a game looks at it: a player count of 10**14
#: must be refused before anything is sized by it.
MAX_OPTION_INT = 1_000_000
MAX_OPTION_ITEMS = 1_000
MAX_OPTION_TEXT = 2 * 1024 * 1024


def _type_ok(value: Any, annotation: Any) -> bool:
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        return any(_type_ok(value, arg) for arg in typing.get_args(annotation))
    if annotation is type(None):
        return value is None
    if annotation is bool:
        return isinstance(value, bool)
    if annotation is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if annotation is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if origin in (tuple, list):
        if not isinstance(value, list | tuple):
            return False
        args = typing.get_args(annotation)
        if (origin is tuple and len(args) == 2 and args[1] is Ellipsis) or (
            origin is list and args
        ):
            return all(_type_ok(item, args[0]) for item in value)
        if origin is tuple and args:
            return len(value) == len(args) and all(map(_type_ok, value, args))
        return True
    if isinstance(annotation, type):
        return isinstance(value, annotation)
    return True


def options_from_json(cls: type[T], data: dict[str, Any] | None) -> T:
    """Build the options dataclass ``cls`` from ``data``; unknown keys and wrong types
    raise ``BadOptions`` naming the option."""
    if data is not None and not isinstance(data, dict):
        raise BadOptions("les options forment un objet JSON", "options must be a JSON object")
    data = dict(data or {})
    hints = typing.get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    for key, value in data.items():
        if key not in fields:
            known = ", ".join(sorted(fields))
            raise BadOptions(
                f"option inconnue : {key!r} (options : {known})",
                f"unknown option: {key!r} (options: {known})",
            )
        if not _type_ok(value, hints[key]):
            shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
            raise BadOptions(
                f"option {key!r} : valeur {shown} du mauvais type",
                f"option {key!r}: value {shown} has the wrong type",
            )
        _check_bounds(key, value)
        if isinstance(value, list):
            data[key] = tuple(value)
    return cls(**data)


def _check_bounds(key: str, value: Any) -> None:
    """Refuse huge numbers, long lists and long texts, whatever the option."""
    items = value if isinstance(value, list | tuple) else (value,)
    if len(items) > MAX_OPTION_ITEMS:
        raise BadOptions(
            f"option {key!r} : au plus {MAX_OPTION_ITEMS} éléments",
            f"option {key!r}: at most {MAX_OPTION_ITEMS} items",
        )
    for item in items:
        if isinstance(item, bool):
            continue
        if isinstance(item, int | float) and not abs(item) <= MAX_OPTION_INT:
            raise BadOptions(
                f"option {key!r} : nombre hors limites (au plus {MAX_OPTION_INT})",
                f"option {key!r}: number out of range (at most {MAX_OPTION_INT})",
            )
        if isinstance(item, str) and len(item) > MAX_OPTION_TEXT:
            raise BadOptions(f"option {key!r} : texte trop long", f"option {key!r}: text too long")


def options_to_json(options: Any) -> dict[str, Any]:
    out = {}
    for f in dataclasses.fields(options):
        value = getattr(options, f.name)
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out
