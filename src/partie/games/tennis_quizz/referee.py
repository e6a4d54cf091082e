"""Referee mode: the app keeps the score of a match played with paper cards.

People ask and answer from printed cards; the referee taps who won each point (the
server's side or the receiver's side) and the app says the score and which question
of which card the server reads next. Everything is a pure function of the options and
the list of taps, so undo is "the same taps but the last" and a match restored from
storage is the same match.

Card order follows ``docs/rules/tennis-quizz.md``: each side reads its own pile in
order; a card is read question 1 to 7; a game that ends mid-card leaves the card with
its server, who resumes at the next question on their next service game; a finished
card is replaced by the next one of the pile. *Tactique*: the server picks any
question of the card and the card is put away after each game. *Jeu décisif* at 6-6:
each side takes a new card, one side asks its 7 questions, then the other; the side
with more right answers wins the set 7-6, a tie means new cards and another round
(the other side asking first). The card started before it is resumed afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from partie.core.errors import GameOver, IllegalAction, InvalidAction
from partie.core.tennis import Event, Score, TennisFormat, call

QUESTIONS_PER_CARD = 7
TAPS: tuple[str, ...] = ("server", "receiver")
MAX_TAPS = 2000
"""Far above the longest possible best-of-five match (each game takes at most 7 points)."""


@dataclass(frozen=True)
class RefereeOptions:
    """What the referee sets before the first point: who serves first (the toss was
    made with a coin at the table), the variants and the match length."""

    first_server: int = 0
    tactique: bool = False
    jeu_decisif: bool = False
    sets_to_win: int = 2

    def __post_init__(self) -> None:
        if self.first_server not in (0, 1):
            raise IllegalAction(
                "le premier serveur est le côté 0 ou 1",
                "the first server is side 0 or 1",
                code="bad_first_server",
            )
        if self.sets_to_win not in (1, 2, 3):
            raise IllegalAction(
                "sets gagnants : 1, 2 ou 3", "sets to win: 1, 2 or 3", code="bad_options"
            )

    @property
    def fmt(self) -> TennisFormat:
        return TennisFormat(
            no_ad=True, games=6, decider=self.jeu_decisif, sets_to_win=self.sets_to_win
        )


@dataclass(frozen=True)
class Reading:
    """The question the server reads next: the side that asks, the card (its rank in
    that side's pile, 1 for the first card drawn), the question on it (1-7, or None in
    tactique where the server chooses) and whether it belongs to a jeu décisif."""

    side: int
    card: int
    number: int | None
    decider: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "card": self.card,
            "number": self.number,
            "decider": self.decider,
        }


@dataclass(frozen=True)
class PointPlayed:
    """One tap as the match log keeps it."""

    reading: Reading
    winner: int
    right: bool
    call_fr: str
    call_en: str
    set_index: int

    def to_json(self) -> dict[str, Any]:
        return {
            **self.reading.to_json(),
            "winner": self.winner,
            "right": self.right,
            "call": self.call_fr,
            "call_en": self.call_en,
            "set": self.set_index,
        }


@dataclass
class _Decider:
    first: int
    turn: int = 0  # 0: ``first`` asks; 1: the other side asks
    right: list[int] = field(default_factory=lambda: [0, 0])
    asked: int = 0
    round: int = 1
    tie: int | None = None  # the right answers of each side in the tied round before


class Referee:
    """The match after some taps. Build it with ``Referee.replay(options, taps)``;
    ``tap`` adds one point and refuses a tap after the end."""

    def __init__(self, options: RefereeOptions | None = None) -> None:
        self.options = options or RefereeOptions()
        self.score = Score(fmt=self.options.fmt, server=self.options.first_server)
        self.taps: list[str] = []
        self.log: list[PointPlayed] = []
        self.drawn = [0, 0]  # cards each side has taken from its pile
        self.current: list[int | None] = [None, None]  # rank of the card in play
        self.asked = [0, 0]  # questions read from that card
        self.decider: _Decider | None = None
        self.decider_card: list[int | None] = [None, None]
        self.decider_asked = 0
        self.last_call = ""
        self.last_call_en = ""

    @classmethod
    def replay(cls, options: RefereeOptions, taps: list[str]) -> Referee:
        """The match after ``taps``; the same taps always give the same match."""
        if len(taps) > MAX_TAPS:
            raise InvalidAction(
                f"trop de points ({len(taps)}, au plus {MAX_TAPS})",
                f"too many points ({len(taps)}, at most {MAX_TAPS})",
                code="too_many_points",
            )
        referee = cls(options)
        for tap in taps:
            referee.tap(tap)
        return referee

    def undone(self) -> Referee:
        """The match without its last point."""
        if not self.taps:
            raise IllegalAction("aucun point à annuler", "no point to undo", code="nothing_to_undo")
        return Referee.replay(self.options, self.taps[:-1])

    # -- reading -------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.score.is_over

    @property
    def serving(self) -> int:
        """The side asking now (in a jeu décisif, the side whose turn it is)."""
        d = self.decider
        if d is not None:
            return d.first if d.turn == 0 else 1 - d.first
        return self.score.server

    def next_reading(self) -> Reading | None:
        """What the server reads next; None once the match is over."""
        if self.is_over:
            return None
        side = self.serving
        if self.decider is not None:
            card = self.decider_card[side]
            assert card is not None
            return Reading(side, card, self.decider_asked + 1, decider=True)
        card = self.current[side]
        if card is None or self.asked[side] >= QUESTIONS_PER_CARD:
            card = self.drawn[side] + 1
            number = 1
        else:
            number = self.asked[side] + 1
        return Reading(side, card, None if self.options.tactique else number)

    # -- scoring ---------------------------------------------------------------------

    def tap(self, who: str) -> PointPlayed:
        """The point went to the server's side (``"server"``: a wrong answer) or the
        receiver's side (``"receiver"``: a right answer)."""
        if who not in TAPS:
            raise InvalidAction(
                f"point inconnu : {who!r} (server ou receiver)",
                f"unknown point: {who!r} (server or receiver)",
                code="unknown_point",
            )
        if self.is_over:
            raise GameOver("le match est fini", "the match is over")
        if len(self.taps) >= MAX_TAPS:
            raise IllegalAction(
                f"trop de points ({MAX_TAPS} au plus)",
                f"too many points (at most {MAX_TAPS})",
                code="too_many_points",
            )
        reading = self.next_reading()
        assert reading is not None
        right = who == "receiver"
        side = reading.side
        winner = 1 - side if right else side
        set_index = len(self.score.sets)
        if reading.decider:
            self._decider_point(1 - side, right)
        else:
            if self.current[side] is None or self.asked[side] >= QUESTIONS_PER_CARD:
                self._draw(side)
            self.asked[side] += 1
            self._point(side, winner)
        played = PointPlayed(reading, winner, right, self.last_call, self.last_call_en, set_index)
        self.taps.append(who)
        self.log.append(played)
        return played

    def _draw(self, side: int) -> int:
        self.drawn[side] += 1
        self.current[side] = self.drawn[side]
        self.asked[side] = 0
        return self.drawn[side]

    def _point(self, side: int, winner: int) -> None:
        self.score, event = self.score.point(winner)
        self.last_call = call(self.score, event)
        self.last_call_en = call(self.score, event, "en")
        if event is Event.POINT:
            return
        if self.options.tactique:
            self.current[side] = None  # the card is put away after each game
        if self.score.in_decider:
            self._start_decider(self.score.server)

    def _start_decider(self, first: int) -> None:
        round_ = self.decider.round + 1 if self.decider is not None else 1
        self.decider = _Decider(first=first, round=round_)
        for side in (0, 1):
            self.drawn[side] += 1
            self.decider_card[side] = self.drawn[side]
        self.decider_asked = 0
        self.last_call = "jeu décisif"
        self.last_call_en = "jeu décisif (deciding game)"

    def _decider_point(self, receivers: int, right: bool) -> None:
        d = self.decider
        assert d is not None
        if right:
            d.right[receivers] += 1
        self.decider_asked += 1
        self.last_call = f"jeu décisif {d.right[0]}-{d.right[1]}"
        self.last_call_en = f"jeu décisif {d.right[0]}-{d.right[1]}"
        if self.decider_asked < QUESTIONS_PER_CARD:
            return
        self.decider_asked = 0
        if d.turn == 0:
            d.turn = 1
            return
        a, b = d.right
        if a == b:
            self._start_decider(1 - d.first)  # a tie: new cards, the other side first
            assert self.decider is not None
            self.decider.tie = a
            return
        self.decider = None
        self.decider_card = [None, None]
        self.score, event = self.score.decider_won(0 if a > b else 1)
        self.last_call = call(self.score, event)
        self.last_call_en = call(self.score, event, "en")

    # -- output ----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Plain data for the referee's screen and the projector."""
        reading = self.next_reading()
        d = self.decider
        return {
            "options": {
                "first_server": self.options.first_server,
                "tactique": self.options.tactique,
                "jeu_decisif": self.options.jeu_decisif,
                "sets_to_win": self.options.sets_to_win,
            },
            "points_played": len(self.taps),
            "score": self.score.board(),
            "serving": self.serving if not self.is_over else None,
            "call": self.score.game_call() if d is None else self.last_call,
            "call_en": self.score.game_call("en") if d is None else self.last_call_en,
            "last_call": self.last_call,
            "last_call_en": self.last_call_en,
            "next": reading.to_json() if reading is not None else None,
            "decider": (
                {
                    "first": d.first,
                    "turn": d.turn,
                    "right": list(d.right),
                    "round": d.round,
                    "asked": self.decider_asked,
                    "tie": d.tie,
                }
                if d is not None
                else None
            ),
            "cards_drawn": list(self.drawn),
            "over": self.is_over,
            "winner": self.score.winner,
            "log": [p.to_json() for p in self.log],
        }


__all__ = [
    "MAX_TAPS",
    "TAPS",
    "PointPlayed",
    "Reading",
    "Referee",
    "RefereeOptions",
]
