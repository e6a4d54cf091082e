"""Typed game options from plain data, with a clear error for the field at fault."""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, TypeVar

from partie.core.errors import BadOptions

T = TypeVar("T")


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
        return isinstance(value, list | tuple)
    if isinstance(annotation, type):
        return isinstance(value, annotation)
    return True


def options_from_json(cls: type[T], data: dict[str, Any] | None) -> T:
    """Build the options dataclass ``cls`` from ``data``; unknown keys and wrong types
    raise ``BadOptions`` naming the option."""
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
            raise BadOptions(
                f"option {key!r} : valeur {value!r} du mauvais type",
                f"option {key!r}: value {value!r} has the wrong type",
            )
        if isinstance(value, list):
            data[key] = tuple(value)
    return cls(**data)


def options_to_json(options: Any) -> dict[str, Any]:
    out = {}
    for f in dataclasses.fields(options):
        value = getattr(options, f.name)
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out
