"""Parsing of the generic ``-o KEY=VALUE`` game options."""

from __future__ import annotations

from typing import Any

import click

from partie.core.inputs import MESSAGE_LIMITS, BadInput, parse_json

MAX_PAIRS = 32


def parse_option_pairs(pairs: tuple[str, ...]) -> dict[str, Any]:
    """``("expert=true", "weight=7")`` → ``{"expert": True, "weight": 7}``; a value that
    is not JSON stays a string."""
    options: dict[str, Any] = {}
    if len(pairs) > MAX_PAIRS:
        raise click.BadParameter(f"at most {MAX_PAIRS} options", param_hint="--option")
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        shown = pair if len(pair) <= 40 else pair[:37] + "..."
        if not sep or not key.strip() or not key.strip().replace("-", "_").isidentifier():
            raise click.BadParameter(f"expected KEY=VALUE, got {shown!r}", param_hint="--option")
        try:
            value: Any = parse_json(raw, what=key.strip(), limits=MESSAGE_LIMITS)
        except BadInput as exc:
            if exc.code != "bad_json":  # NaN, 1e400, 5,000 digits, too deep, too long
                raise click.BadParameter(exc.en, param_hint="--option") from None
            if raw[:1] in "[{":
                raise click.BadParameter(exc.en, param_hint="--option") from None
            value = raw
        key = key.strip().replace("-", "_")
        if key in options:
            raise click.BadParameter(f"option {key!r} given twice", param_hint="--option")
        options[key] = value
    return options
