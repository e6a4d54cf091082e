"""Deals files: the same deals for every bot, so comparisons are fair.

One JSON array per line: the cards in the order they leave the deck (for The Game, the
98 cards: seat 0's hand first, then seat 1's, and so on, then the draw pile from the
top). Blank lines and lines starting with ``#`` are skipped. The game itself judges
each deal (through its ``deal`` option), so a bad line is reported as
``file:line: reason`` in one line.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from partie.core.errors import PartieError
from partie.core.files import read_bounded, write_atomic
from partie.core.game import Game
from partie.core.inputs import Limits, decode_text, parse_json
from partie.sim.chunks import Deal, no_deals_error, supports_deals

DEALS_LIMITS = Limits(max_bytes=64 * 1024 * 1024, max_depth=4, max_string=1_000, max_int_digits=6)
"""A deals file: at most 64 MiB (about 200,000 deals), each line a flat array of small
integers."""


class BadDeals(PartieError):
    """A deals file that cannot be read, or a line that is not a deal of this game."""

    code = "bad_deals"


def read_deals(path: str | Path, game: Game, players: int | None = None) -> tuple[Deal, ...]:
    """Every deal of the file at ``path``, checked by ``game``; raises ``BadDeals``."""
    if not supports_deals(game):
        raise no_deals_error(game)
    path = Path(path)
    try:
        raw = read_bounded(path, DEALS_LIMITS.max_bytes, what="--deals")
        text = decode_text(raw, what=str(path), limits=DEALS_LIMITS)
    except PartieError as exc:
        raise BadDeals(exc.fr, exc.en) from None
    base: dict[str, Any] = {"players": players or game.min_players}
    deals: list[Deal] = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        deals.append(parse_deal_line(stripped, game, base, f"{path}:{number}"))
    if not deals:
        raise BadDeals(f"{path} : aucune donne", f"{path}: no deal in the file")
    return tuple(deals)


def parse_deal_line(text: str, game: Game, base: dict[str, Any], where: str) -> Deal:
    """One line of a deals file; ``where`` (``file:line``) starts any error message."""
    try:
        data = parse_json(text, what=where, limits=DEALS_LIMITS)
    except PartieError as exc:
        raise BadDeals(exc.fr, exc.en) from None
    if not isinstance(data, list) or not all(
        isinstance(c, int) and not isinstance(c, bool) for c in data
    ):
        raise BadDeals(
            f"{where}: une donne est un tableau JSON d'entiers",
            f"{where}: a deal is a JSON array of integers",
        )
    try:
        game.parse_options({**base, "deal": data}, trusted=False)
    except PartieError as exc:
        raise BadDeals(f"{where}: {exc.fr}", f"{where}: {exc.en}") from None
    return tuple(data)


def write_deals(path: str | Path, deals: Iterable[Deal], *, force: bool = True) -> None:
    """Write ``deals`` in the file format ``read_deals`` reads (atomically)."""
    lines = [json.dumps(list(deal), separators=(",", ":")) for deal in deals]
    write_atomic(path, "\n".join(lines) + "\n", force=force)
