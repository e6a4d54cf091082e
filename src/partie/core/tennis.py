"""Tennis scoring, pure and reusable: points, games, sets, the match, and the calls a
player knows ("15-0", "40-40, point décisif", "jeu, set et match").

A ``Score`` is an immutable value: ``score.point(side)`` returns the next score and what
the point completed (a point, a game, a set or the match). Sides are 0 and 1. The
``TennisFormat`` says which rules apply:

- ``no_ad``: at 40-40 one deciding point wins the game (Tennis Quizz); otherwise the
  usual advantage game.
- at ``games`` all (6-6), either one normal game decides the set 7-6 (Tennis Quizz),
  or, with ``decider=True``, the set waits for a *decider* played outside this module
  (a tie-break, or Tennis Quizz's question-count *jeu décisif*) whose winner is given
  to ``score.decider_won(side)``.
- ``sets_to_win`` (2: best of three).

The service alternates game by game across sets; a decider counts as one game for the
rotation, so the side that did not serve first in the decider serves the next game.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

POINT_NAMES = ("0", "15", "30", "40")

MATCH_WON = "match_won"
"""``Result.reason`` of a game that ends when a side wins the match."""
MATCH_WON_WORDS = ("match gagné", "match won")
"""``MATCH_WON`` in French and English."""


class Event(Enum):
    """What a point completed. Ordered: a match is also a set and a game."""

    POINT = 0
    GAME = 1
    SET = 2
    MATCH = 3


@dataclass(frozen=True)
class TennisFormat:
    """The scoring rules in force."""

    no_ad: bool = True
    games: int = 6
    """Games to win a set (with a two-game lead, or ``games + 1`` to ``games`` at most)."""
    decider: bool = False
    """At ``games``-``games`` the set goes to a decider instead of one more normal game."""
    sets_to_win: int = 2

    def __post_init__(self) -> None:
        if self.games < 1 or self.sets_to_win < 1:
            raise ValueError("a set needs at least one game and a match at least one set")


QUIZZ = TennisFormat()
"""Tennis Quizz: no-ad games, one normal game at 6-6, best of three."""


def other(side: int) -> int:
    return 1 - side


@dataclass(frozen=True)
class Score:
    """The score of a match in progress. ``points``/``games`` are raw counts for the
    current game and set; ``sets`` holds the game scores of finished sets."""

    fmt: TennisFormat = QUIZZ
    server: int = 0
    points: tuple[int, int] = (0, 0)
    games: tuple[int, int] = (0, 0)
    sets: tuple[tuple[int, int], ...] = ()
    winner: int | None = None

    # -- reading ------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def sets_won(self) -> tuple[int, int]:
        a = sum(1 for g in self.sets if g[0] > g[1])
        return (a, len(self.sets) - a)

    @property
    def in_decider(self) -> bool:
        """Games are level at ``games`` all and the format sends the set to a decider."""
        g = self.fmt.games
        return (not self.is_over) and self.fmt.decider and self.games == (g, g)

    @property
    def final_game(self) -> bool:
        """The one normal game that decides the set at 6-6 (no decider)."""
        g = self.fmt.games
        return (not self.is_over) and not self.fmt.decider and self.games == (g, g)

    @property
    def deciding_point(self) -> bool:
        """40-40 in a no-ad game: the next point wins the game."""
        return self.fmt.no_ad and self.points == (3, 3)

    @property
    def receiver(self) -> int:
        return other(self.server)

    @property
    def games_played(self) -> int:
        """Games played in the whole match (a decider counts as one)."""
        return sum(a + b for a, b in self.sets) + sum(self.games)

    # -- scoring ------------------------------------------------------------------

    def point(self, side: int) -> tuple[Score, Event]:
        """The score after ``side`` wins a point, and what that point completed."""
        if side not in (0, 1):
            raise ValueError(f"side must be 0 or 1, not {side!r}")
        if self.is_over:
            raise ValueError("the match is over")
        if self.in_decider:
            raise ValueError("the set is in its decider: use decider_won")
        pts = list(self.points)
        pts[side] += 1
        if not _game_won(pts[side], pts[other(side)], self.fmt.no_ad):
            return replace(self, points=(pts[0], pts[1])), Event.POINT
        return self._game_won(side)

    def decider_won(self, side: int) -> tuple[Score, Event]:
        """The score after ``side`` wins the decider of a set at ``games`` all."""
        if not self.in_decider:
            raise ValueError("no decider is being played")
        return self._game_won(side)

    def _game_won(self, side: int) -> tuple[Score, Event]:
        games = list(self.games)
        games[side] += 1
        nxt = other(self.server)
        if not _set_won(games[side], games[other(side)], self.fmt.games):
            return replace(self, points=(0, 0), games=(games[0], games[1]), server=nxt), Event.GAME
        sets = (*self.sets, (games[0], games[1]))
        won = sum(1 for g in sets if (g[0] > g[1]) == (side == 0))
        if won >= self.fmt.sets_to_win:
            done = replace(self, points=(0, 0), games=(0, 0), sets=sets, winner=side, server=nxt)
            return done, Event.MATCH
        return replace(self, points=(0, 0), games=(0, 0), sets=sets, server=nxt), Event.SET

    # -- calls --------------------------------------------------------------------

    def game_call(self, lang: str = "fr") -> str:
        """The points of the current game, server first: "15-0", "40-40, point décisif",
        "avantage" in an advantage game, "jeu décisif" during a decider."""
        if self.in_decider:
            return "jeu décisif" if lang == "fr" else "deciding game"
        s, r = self.points[self.server], self.points[self.receiver]
        if self.fmt.no_ad or (s < 3 or r < 3):
            text = f"{POINT_NAMES[min(s, 3)]}-{POINT_NAMES[min(r, 3)]}"
            if self.deciding_point:
                text += ", point décisif" if lang == "fr" else ", deciding point"
            return text
        if s == r:
            return "égalité" if lang == "fr" else "deuce"
        lead = "serveur" if s > r else "relanceur"
        lead_en = "in" if s > r else "out"
        return f"avantage {lead}" if lang == "fr" else f"advantage {lead_en}"

    def board(self) -> dict[str, object]:
        """Plain data for a score board (JSON-ready)."""
        return {
            "points": [POINT_NAMES[min(p, 3)] for p in self.points],
            "raw_points": list(self.points),
            "games": list(self.games),
            "sets": [list(s) for s in self.sets],
            "sets_won": list(self.sets_won),
            "server": self.server,
            "winner": self.winner,
            "deciding_point": self.deciding_point,
            "in_decider": self.in_decider,
            "final_game": self.final_game,
        }


def call(after: Score, event: Event, lang: str = "fr") -> str:
    """What the umpire says after a point: the new points, or "jeu", "jeu et set",
    "jeu, set et match"."""
    if event is Event.POINT:
        return after.game_call(lang)
    fr = {Event.GAME: "jeu", Event.SET: "jeu et set", Event.MATCH: "jeu, set et match"}
    en = {Event.GAME: "game", Event.SET: "game and set", Event.MATCH: "game, set and match"}
    return (fr if lang == "fr" else en)[event]


def _game_won(mine: int, theirs: int, no_ad: bool) -> bool:
    if no_ad:
        return mine >= 4
    return mine >= 4 and mine - theirs >= 2


def _set_won(mine: int, theirs: int, games: int) -> bool:
    """6 games with a two-game lead, or 7-6 after the deciding game or decider."""
    return (mine >= games and mine - theirs >= 2) or (mine == games + 1 and theirs == games)


__all__ = ["QUIZZ", "Event", "Score", "TennisFormat", "call", "other"]
