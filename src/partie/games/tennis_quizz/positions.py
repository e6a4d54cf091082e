"""Tennis Quizz's text form of a position: the score of a match (as FEN is for chess).

    sets 6-2; games 5 0; points 30 15; deck fr-starter; seed 4

- ``sets``: the finished sets, side A's games first (``6-2 4-6``);
- ``games``: the games of the set in play; ``points``: the points of the game in play,
  as called (0 15 30 40);
- ``players N``, ``deck NAME``, ``jeu-decisif``, ``tactique``, ``sets-to-win N``: the
  table's options; ``seed N``: the seed of the deal of the questions (default 0).

The questions come from the seed's deal, not from a game that reached this score: a
position is a score to play on from (end of a set, the jeu décisif, match points).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from partie.core.errors import BadPosition
from partie.games.tennis_quizz.rules import CALLS, FLAGS, TennisQuizzState, position_text

EXAMPLE = "sets 6-2; games 5 0; points 30 15; seed 4"


def _bad(text: str, fr: str, en: str) -> BadPosition:
    return BadPosition(
        f"position illisible ({fr}) : {text!r}, ex. « {EXAMPLE} »",
        f"unreadable position ({en}): {text!r}, e.g. '{EXAMPLE}'",
    )


def _pair(text: str, words: list[str], name: str) -> tuple[int, int]:
    if len(words) != 2 or not all(w.isdigit() for w in words):
        raise _bad(text, f"{name} : deux nombres", f"{name}: two numbers")
    return int(words[0]), int(words[1])


def from_position(game: Any, text: str) -> TennisQuizzState:
    """The state a score position describes (see the module's docstring)."""
    fields: dict[str, list[str]] = {}
    options: dict[str, Any] = {}
    for part in text.split(";"):
        name, _, rest = part.strip().partition(" ")
        name = name.lower()
        if not name:
            continue
        if name in FLAGS and not rest:
            options[FLAGS[name]] = True
        elif name in ("sets", "games", "points", "players", "deck", "seed", "sets-to-win"):
            fields[name] = rest.split()
        else:
            raise _bad(text, f"champ {part.strip()!r}", f"field {part.strip()!r}")
    for name, key in (("players", "players"), ("sets-to-win", "sets_to_win")):
        if name in fields:
            options[key] = _pair(text, [*fields[name], "0"], name)[0]
    if fields.get("deck"):
        options["deck"] = " ".join(fields["deck"])
    seed = _pair(text, [*fields.get("seed", ["0"]), "0"], "seed")[0]
    state: TennisQuizzState = game.setup(game.parse_options(options), seed)
    fmt = state.score.fmt
    sets: list[tuple[int, int]] = []
    for word in fields.get("sets", []):
        a, _, b = word.partition("-")
        if not (a.isdigit() and b.isdigit()):
            raise _bad(text, f"set {word!r}", f"set {word!r}")
        sets.append((int(a), int(b)))
    games = _pair(text, fields.get("games", ["0", "0"]), "games")
    called = fields.get("points", ["0", "0"])
    if len(called) != 2 or any(c not in CALLS for c in called):
        raise _bad(text, "points : 0 15 30 ou 40", "points: 0 15 30 or 40")
    points = (CALLS[called[0]], CALLS[called[1]])
    won = [sum(1 for s in sets if s[side] > s[1 - side]) for side in (0, 1)]
    finished = all(max(s) >= fmt.games and s[0] != s[1] for s in sets)
    if not finished or max(won) >= fmt.sets_to_win:
        raise _bad(text, "sets impossibles", "impossible sets")
    if max(games) > fmt.games or games == (fmt.games, fmt.games):
        raise _bad(text, "jeux impossibles (6-6 se joue)", "impossible games (6-6 is played)")
    state.score = replace(state.score, sets=tuple(sets), games=games, points=points)
    return state


__all__ = ["from_position", "position_text"]
