"""Referee and teacher modes as a game state, so a table of the web service (seats,
storage, replay) can keep the score of a match the app does not judge.

- ``referee``: people play with printed cards; the one seat taps who won each point and
  the view says which card and question the server reads next.
- ``teacher``: the app's deck gives the question (and the answer, to the teacher's seat
  only); pupils answer aloud and the teacher taps "bonne réponse" (the receivers win
  the point) or "mauvaise réponse" (the server's side wins it).

The scoring is ``referee.Referee``, rebuilt from the taps; an undo is an action too, so
(game id, options, seed, actions) still replays the same match.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from partie.core.errors import GameOver, IllegalAction, InvalidAction, NotYourTurn
from partie.core.game import Result, State
from partie.core.rng import make_rng
from partie.games.tennis_quizz.decks import Deck, Question
from partie.games.tennis_quizz.referee import TAPS, Reading, Referee, RefereeOptions

MODES = ("match", "referee", "teacher")
SCORER = 0
"""The one seat of a referee or teacher table."""


@dataclass(frozen=True, slots=True)
class Point:
    """The point went to the server's side or to the receiver's side."""

    winner: str
    type: ClassVar[str] = "point"

    def to_json(self) -> dict[str, Any]:
        return {"type": "point", "winner": self.winner}

    def text(self) -> str:
        return "point au serveur" if self.winner == "server" else "point au relanceur"


@dataclass(frozen=True, slots=True)
class Undo:
    """Take the last point back."""

    type: ClassVar[str] = "undo"

    def to_json(self) -> dict[str, Any]:
        return {"type": "undo"}

    def text(self) -> str:
        return "annuler le dernier point"


def scoring_action_from_json(data: dict[str, Any]) -> Point | Undo:
    if data.get("type") == "undo" and set(data) == {"type"}:
        return Undo()
    winner = data.get("winner")
    if data.get("type") == "point" and winner in TAPS and set(data) == {"type", "winner"}:
        return Point(winner)
    raise InvalidAction(
        f"action de marque illisible : {data!r}",
        f"unreadable scoring action: {data!r}",
        code="unreadable_scoring_action",
    )


class ScoringState(State):
    """A referee or teacher table: one seat taps points; ``deck`` is None on paper."""

    def __init__(self, game: Any, options: Any, deck: Deck | None, seed: int) -> None:
        self.game = game
        self._options = options
        self.deck = deck
        self.seed = seed
        rng = make_rng(seed)
        toss = rng.randrange(2)
        first = options.first_server if options.first_server in (0, 1) else toss
        self.rules = RefereeOptions(
            first_server=first,
            tactique=options.tactique and deck is None,
            jeu_decisif=options.jeu_decisif,
            sets_to_win=options.sets_to_win,
        )
        self.piles: list[list[int]] = [[], []]
        if deck is not None:
            order = list(range(len(deck.cards)))
            rng.shuffle(order)
            self.piles = [order[0::2], order[1::2]]
        self.history: list[tuple[int, Any]] = []
        self.referee = Referee(self.rules)

    @property
    def taps(self) -> list[str]:
        return self.referee.taps

    # -- the contract ------------------------------------------------------------------

    @property
    def options(self) -> Any:
        return self._options

    @property
    def is_over(self) -> bool:
        return self.referee.is_over

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over else (SCORER,)

    @property
    def result(self) -> Result | None:
        score = self.referee.score
        if score.winner is None:
            return None
        return Result(
            winners=(),  # the one seat keeps the score: the sides are not seats here
            scores=(float(score.sets_won[0]),),
            reason="match_won",
            details={
                "winner_side": score.winner,
                "sets": [list(s) for s in score.sets],
                "points": len(self.taps),
                "right_answers": sum(1 for t in self.taps if t == "receiver"),
            },
        )

    def legal_actions(self, seat: int) -> list[Any]:
        if seat != SCORER or self.is_over:
            return []  # a finished match is final, as the table's other games are
        return [Point("server"), Point("receiver")] + ([Undo()] if self.taps else [])

    def apply(self, seat: int, action: Any) -> None:
        if seat != SCORER:
            raise NotYourTurn(
                "seule la table de marque compte les points", "only the scorer's seat keeps score"
            )
        if self.is_over:
            raise GameOver("le match est fini", "the match is over")
        if isinstance(action, Undo):
            self.referee = self.referee.undone()  # refuses when there is nothing to undo
        elif isinstance(action, Point):
            if action.winner not in TAPS:
                raise IllegalAction(
                    f"point inconnu : {action.winner!r}",
                    f"unknown point: {action.winner!r}",
                    code="unknown_point",
                )
            self.referee.tap(action.winner)
        else:
            raise InvalidAction(
                "en mode arbitre, on marque des points ou on annule",
                "in referee mode, points are scored or undone",
                code="not_a_scoring_action",
            )
        self.history.append((seat, action))

    # -- the deck (teacher mode) ----------------------------------------------------------

    def question_of(self, reading: Reading) -> tuple[str, Question] | None:
        """The deck's card and question for a reading: the side's pile read in order,
        from the top again when it runs out."""
        if self.deck is None or reading.number is None:
            return None
        pile = self.piles[reading.side]
        card = self.deck.cards[pile[(reading.card - 1) % len(pile)]]
        return card.id, card.questions[reading.number - 1]

    def _shown(self, question: Question, index: int) -> list[str]:
        """The three choices in an order drawn for this point alone, so undoing and
        replaying a point shows them the same way."""
        order = [0, 1, 2]
        random.Random(f"{self.seed}:{index}").shuffle(order)
        return [question.choices[k] for k in order]

    # -- views ---------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        data = self.referee.to_json()
        view: dict[str, Any] = {
            "game": "tennis-quizz",
            "mode": self._options.mode,
            "seat": seat,
            "players": 1,
            "to_act": list(self.to_act),
            "to_move": self.to_act[0] if self.to_act else None,
            "over": self.is_over,
            "deck": {"id": self.deck.id, "title": self.deck.title} if self.deck else None,
            "team_names": list(self._options.team_names) or None,
            **data,
            "question": None,
        }
        log = data["log"]
        if self.deck is not None:
            for k, entry in enumerate(log):
                found = self.question_of(self.referee.log[k].reading)
                if found is not None:
                    entry["card_id"], q = found
                    entry["text"] = q.text
                    entry["answer"] = q.answer
            reading = self.referee.next_reading()
            found = self.question_of(reading) if reading is not None else None
            if found is not None:
                card_id, q = found
                view["question"] = {
                    "card": card_id,
                    "number": reading.number,  # type: ignore[union-attr]
                    "text": q.text,
                    "category": q.category,
                    "difficulty": q.difficulty,
                    "choices": self._shown(q, len(self.taps)),
                }
                if seat == SCORER:
                    view["question"]["answer"] = q.answer
        return view

    def clone(self) -> ScoringState:
        other = object.__new__(ScoringState)
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other.referee = Referee.replay(self.rules, self.taps)
        return other

    def fingerprint(self) -> Any:
        return {
            "taps": list(self.taps),
            "history": list(self.history),
            "referee": self.referee.to_json(),
        }

    def __repr__(self) -> str:
        score = self.referee.score
        return f"<ScoringState mode={self._options.mode} sets={score.sets} games={score.games}>"


__all__ = ["MODES", "SCORER", "Point", "ScoringState", "Undo", "scoring_action_from_json"]
