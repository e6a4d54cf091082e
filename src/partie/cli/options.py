"""Parsing of the generic ``-o KEY=VALUE`` game options."""

from __future__ import annotations

import json
from typing import Any

import click


def parse_option_pairs(pairs: tuple[str, ...]) -> dict[str, Any]:
    """``("expert=true", "weight=7")`` → ``{"expert": True, "weight": 7}``; a value that
    is not JSON stays a string."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"expected KEY=VALUE, got {pair!r}", param_hint="--option")
        try:
            value: Any = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        options[key.strip().replace("-", "_")] = value
    return options
