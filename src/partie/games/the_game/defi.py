"""The deal of the day: one seeded deal of The Game per player count and UTC date, and
how a day's board ranks the games played on it.

Pure: no clock, no storage. The seed is a plain function of the date and the player
count, so anyone can recompute a day's deal (and check a board) once the day is over;
the server never sends it before a game ends, as for any table.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from partie.core.rng import derive_seed

PLAYER_COUNTS = (1, 2, 3, 4, 5)


def day_seed(day: dt.date, players: int) -> int:
    """The seed of ``day``'s deal for ``players`` (``derive_seed(YYYYMMDD, ...)``)."""
    if players not in PLAYER_COUNTS:
        raise ValueError(f"players must be 1-5, not {players}")
    return derive_seed(int(day.strftime("%Y%m%d")), "the-game", "defi", players)


def cards_left(result: dict[str, Any]) -> int:
    """Cards not laid at the end (the rules' score: 0 is a win), from a result's JSON."""
    return int(result["details"]["score"])


def rank_key(entry: dict[str, Any]) -> tuple[int, float, float]:
    """Fewer cards left first, then less time taken, then the earlier finish."""
    return (int(entry["cards_left"]), float(entry["seconds"]), float(entry.get("ended", 0.0)))


def ranked(entries: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries in board order, each with its ``rank`` (ties share a rank)."""
    out: list[dict[str, Any]] = []
    previous: tuple[int, float] | None = None
    for index, entry in enumerate(sorted(entries, key=rank_key)):
        key = (int(entry["cards_left"]), round(float(entry["seconds"])))
        rank = out[-1]["rank"] if previous == key else index + 1
        out.append({**entry, "rank": rank})
        previous = key
    return out


def verdict(day: dt.date) -> dict[str, Any]:
    """What is known of ``day``'s deals once the day is over, computed once: the
    oracle's verdict on the solo deal (it sees every card; ``plies`` is the length of the
    winning line it found) and the cards ``heuristic`` and ``best`` left on each count's
    deal, every seat played by that bot (seeded as ``partie simulate`` seeds them).
    Slow (seconds): the server runs it off its event loop."""
    from partie.core.registry import get_game
    from partie.games.the_game.oracle import Position, Verdict, solve_positions

    game = get_game("the-game")
    solo = game.setup(game.parse_options({"players": 1}), day_seed(day, 1))  # type: ignore[attr-defined]
    found = solve_positions([Position.from_state(solo)])[0]
    oracle = {
        "verdict": found.verdict.value,
        "nodes": found.nodes,
        "plies": len(found.line) if found.verdict is Verdict.WIN and found.line else None,
    }
    bots: dict[str, list[int]] = {}
    for name in ("heuristic", "best"):
        bots[name] = []
        for players in PLAYER_COUNTS:
            seed = day_seed(day, players)
            state = game.setup(game.parse_options({"players": players}), seed)  # type: ignore[attr-defined]
            seats = [game.make_bot(name, derive_seed(seed, "bot", s)) for s in range(players)]
            while not state.is_over:
                seat = state.to_act[0]
                state.apply(seat, seats[seat].act(state.view(seat)))
            assert state.result is not None
            bots[name].append(cards_left(state.result.to_json()))
    return {"oracle": oracle, "bots": bots}
