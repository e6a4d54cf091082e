"""Bots for Tennis Quizz. Each sees only its seat's view, never the state.

- ``random``: any legal action; as an answerer it guesses (1 in 3).
- ``quiz:P`` (``quiz`` alone is ``quiz:0.7``): answers right with probability ``P``;
  ``quiz:P1/P2/P3`` gives one accuracy per difficulty (1 easy, 2 medium, 3 hard).
  The bot plays a person who has learnt the published decks: it recalls a question
  by the text it reads in its view (``decks.recall``), never from the state, and gives
  a wrong choice when its accuracy draw fails. As a server in the *tactique* variant
  it asks the hardest question of the card first: highest difficulty, then the
  lowest success rate measured so far (from ``rates`` given at construction, e.g.
  computed by ``success_rates`` over game records, and from the points it watched).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from partie.core.errors import BadOptions
from partie.core.game import Bot
from partie.games.tennis_quizz.decks import fold, recall
from partie.games.tennis_quizz.rules import (
    DONT_KNOW,
    Ask,
    Choose,
    ChooseAnswerer,
    ChooseServer,
    Reply,
    Rule,
)


def unasked(view: dict[str, Any]) -> list[int]:
    asked = set(view["card"]["asked"]) if view.get("card") else set()
    return [k for k in range(1, 8) if k not in asked]


def fewest(counts: dict[int, int], seats: Iterable[int]) -> int:
    """The seat with the smallest count (the lowest seat on a tie)."""
    return min(seats, key=lambda s: (counts.get(s, 0), s))


def no_scoring(view: dict[str, Any]) -> None:
    """A referee or teacher table is scored by a person: no bot takes that seat."""
    if view.get("mode") in ("referee", "teacher"):
        raise BadOptions(
            "en mode arbitre ou enseignant, seule une personne marque les points",
            "in referee or teacher mode only a person keeps the score",
        )


class QuizzBot(Bot):
    """Shared moves: serving and answering turns, choosing teammates, rulings."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.answers: dict[int, int] = {}

    def act(self, view: dict[str, Any]) -> Any:
        no_scoring(view)
        phase = view["phase"]
        if phase == "server":
            serves = dict(enumerate(view["serves"]))
            return ChooseServer(fewest(serves, view["teams"][view["serving"]]))
        if phase == "answerer":
            return ChooseAnswerer(self.pick_answerer(view))
        if phase == "ask":
            return Ask(self.pick_question(view))
        if phase == "ruling":
            return Rule(bool(view["ruling"]["judged"]))
        return self.answer(view)

    def pick_answerer(self, view: dict[str, Any]) -> int:
        team = view["teams"][1 - view["serving"]]
        return self.rng.choice(team)

    def pick_question(self, view: dict[str, Any]) -> int:
        return self.rng.choice(unasked(view))

    def answer(self, view: dict[str, Any]) -> Any:
        q = view["question"]
        if q["open"]:
            return Reply(DONT_KNOW)
        return Choose(self.rng.randrange(3))


class RandomBot(QuizzBot):
    name = "random"


class QuizBot(QuizzBot):
    """Answers with an accuracy (per difficulty), serves the hardest question first."""

    name = "quiz"

    def __init__(
        self,
        seed: int = 0,
        accuracy: tuple[float, float, float] = (0.7, 0.7, 0.7),
        rates: dict[str, float] | None = None,
    ) -> None:
        super().__init__(seed)
        self.accuracy = accuracy
        self.rates = dict(rates or {})
        self.seen: dict[str, list[int]] = {}
        self.seen_count = 0

    def watch(self, view: dict[str, Any]) -> None:
        """Learn from the points played since the last look (public log)."""
        total = view["questions_asked"]
        fresh = view["log"][-(total - self.seen_count) :] if total > self.seen_count else []
        for entry in fresh:
            tally = self.seen.setdefault(fold(entry["text"]), [0, 0])
            tally[0] += int(entry["right"])
            tally[1] += 1
        self.seen_count = total

    def act(self, view: dict[str, Any]) -> Any:
        no_scoring(view)
        self.watch(view)
        return super().act(view)

    def pick_answerer(self, view: dict[str, Any]) -> int:
        team = view["teams"][1 - view["serving"]]
        counts: dict[int, int] = {}
        for entry in view["log"]:
            counts[entry["answerer"]] = counts.get(entry["answerer"], 0) + 1
        return fewest(counts, team)

    def success_rate(self, text: str) -> float | None:
        key = fold(text)
        tally = self.seen.get(key)
        if tally and tally[1]:
            return tally[0] / tally[1]
        return self.rates.get(key)

    def pick_question(self, view: dict[str, Any]) -> int:
        questions = {q["number"]: q for q in view["card"].get("questions", [])}
        left = [n for n in unasked(view) if n in questions]
        if not left:
            return unasked(view)[0]

        def hardness(number: int) -> tuple[int, float, int]:
            q = questions[number]
            rate = self.success_rate(q["text"])
            return (-q["difficulty"], rate if rate is not None else 0.5, number)

        return min(left, key=hardness)

    def answer(self, view: dict[str, Any]) -> Any:
        q = view["question"]
        known = recall(q["text"])
        p = self.accuracy[max(1, min(3, q["difficulty"])) - 1]
        knows = self.rng.random() < p
        if q["open"]:
            if known is None:
                return Reply(DONT_KNOW)
            return Reply(known.answer if knows else known.wrong[self.rng.randrange(2)])
        choices = q["choices"]
        right = [
            i for i, c in enumerate(choices) if known is not None and fold(c) == fold(known.answer)
        ]
        if not right:  # a question it never learnt: a guess
            return Choose(self.rng.randrange(3))
        if knows:
            return Choose(right[0])
        return Choose(self.rng.choice([i for i in range(3) if i != right[0]]))


def parse_accuracy(text: str) -> tuple[float, float, float]:
    """``"0.7"`` → (0.7, 0.7, 0.7); ``"0.9/0.7/0.5"`` → by difficulty."""
    parts = text.split("/")
    try:
        values = [float(p) for p in parts]
    except ValueError:
        values = []
    if len(values) not in (1, 3) or not all(0.0 <= v <= 1.0 for v in values):
        raise BadOptions(
            f"précision de bot illisible : {text!r} (ex. quiz:0.7 ou quiz:0.9/0.7/0.5)",
            f"unreadable bot accuracy: {text!r} (e.g. quiz:0.7 or quiz:0.9/0.7/0.5)",
        )
    if len(values) == 1:
        values = values * 3
    return (values[0], values[1], values[2])


def make_bot(spec: str, seed: int = 0) -> QuizzBot:
    from partie.core.inputs import check_bot_spec

    check_bot_spec(spec, game="Tennis Quizz")
    name, _, param = spec.partition(":")
    if name == "random" and not param:
        return RandomBot(seed)
    if name == "quiz":
        return QuizBot(seed, parse_accuracy(param or "0.7"))
    raise BadOptions(
        f"bot inconnu pour Tennis Quizz : {spec!r} (bots : random, quiz, quiz:0.7, "
        "quiz:0.9/0.7/0.5)",
        f"unknown bot for Tennis Quizz: {spec!r} (bots: random, quiz, quiz:0.7, quiz:0.9/0.7/0.5)",
    )


def success_rates(logs: Iterable[dict[str, Any]]) -> dict[str, float]:
    """Measured success rate of each question (by folded text) over point logs, e.g.
    the ``log`` of finished matches' views."""
    tally: dict[str, list[int]] = {}
    for entry in logs:
        t = tally.setdefault(fold(entry["text"]), [0, 0])
        t[0] += int(entry["right"])
        t[1] += 1
    return {k: r / n for k, (r, n) in tally.items() if n}


BOT_NAMES = ["quiz", "quiz:P", "quiz:P1/P2/P3", "random"]

__all__ = ["BOT_NAMES", "QuizBot", "RandomBot", "make_bot", "parse_accuracy", "success_rates"]
