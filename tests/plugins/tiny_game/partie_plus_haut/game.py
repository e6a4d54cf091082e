"""The rules of Plus haut (``rules/plus-haut.fr.md`` for players).

Fifteen cards numbered 1 to 15, one of each. Each of 2 to 4 players is dealt three;
the others stay face down, unseen. Three rounds: from the round's leader (seat 0 first,
then the winner of the round before) each player lays one card face up; the highest
card takes the round. After three rounds the players who took the most rounds win.
Hidden information: the hands and the undealt cards, so views matter.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from partie.core.errors import BadOptions, GameOver, IllegalAction, InvalidAction, NotYourTurn
from partie.core.game import Bot, Game, Result, State
from partie.core.options import options_from_json
from partie.core.rng import make_rng

CARDS = tuple(range(1, 16))
HAND = 3
ROUNDS = 3

REFUSALS = (
    ("plus_haut_not_in_hand", "cette carte n'est pas dans votre main", "card not in your hand"),
)
END_REASONS = {"rounds_played": ("trois manches jouées", "three rounds played")}


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay ``card`` face up in the current round."""

    card: int
    type: ClassVar[str] = "lay"

    def to_json(self) -> dict[str, Any]:
        return {"type": "lay", "card": self.card}

    def text(self) -> str:
        return str(self.card)


@dataclass(frozen=True)
class PlusHautOptions:
    players: int = 2


class PlusHautState(State):
    def __init__(self, game: PlusHaut, options: PlusHautOptions, seed: int) -> None:
        self.game = game
        self._options = options
        self.seed = seed
        self.history: list[tuple[int, Lay]] = []
        deck = list(CARDS)
        make_rng(seed).shuffle(deck)
        n = options.players
        self.hands = [sorted(deck[i * HAND : (i + 1) * HAND]) for i in range(n)]
        self.unseen = sorted(deck[n * HAND :])
        self.leader = 0
        self.table: list[tuple[int, int]] = []  # (seat, card) of the round being played
        self.rounds: list[dict[str, Any]] = []
        self.taken = [0] * n

    @property
    def options(self) -> PlusHautOptions:
        return self._options

    @property
    def players(self) -> int:
        return self._options.players

    @property
    def is_over(self) -> bool:
        return len(self.rounds) == ROUNDS

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.is_over:
            return ()
        return ((self.leader + len(self.table)) % self.players,)

    def legal_actions(self, seat: int) -> list[Lay]:
        if seat not in self.to_act:
            return []
        return [Lay(card) for card in self.hands[seat]]

    def apply(self, seat: int, action: Any) -> None:
        if self.is_over:
            raise GameOver("la partie est finie", "the game is over")
        if seat not in self.to_act:
            raise NotYourTurn("ce n'est pas votre tour", "it is not your turn")
        if not isinstance(action, Lay):
            raise InvalidAction("action inconnue", "unknown action", code="unknown_action")
        if action.card not in self.hands[seat]:
            raise IllegalAction(
                f"le {action.card} n'est pas dans votre main",
                f"the {action.card} is not in your hand",
                code="plus_haut_not_in_hand",
            )
        self.hands[seat].remove(action.card)
        self.table.append((seat, action.card))
        self.history.append((seat, action))
        if len(self.table) == self.players:
            winner = max(self.table, key=lambda laid: laid[1])[0]
            self.taken[winner] += 1
            self.rounds.append({"cards": [list(laid) for laid in self.table], "winner": winner})
            self.table = []
            self.leader = winner

    def view(self, seat: int | None) -> dict[str, Any]:
        over = self.is_over
        return {
            "seat": seat,
            "players": self.players,
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "table": [list(laid) for laid in self.table],
            "rounds": [dict(r) for r in self.rounds],
            "taken": list(self.taken),
            "to_act": list(self.to_act),
            "over": over,
            "unseen": list(self.unseen) if over else None,
        }

    @property
    def result(self) -> Result | None:
        if not self.is_over:
            return None
        best = max(self.taken)
        winners = tuple(s for s, n in enumerate(self.taken) if n == best)
        return Result(winners, tuple(float(n) for n in self.taken), "rounds_played")

    def clone(self) -> PlusHautState:
        copy = PlusHautState.__new__(PlusHautState)
        copy.game, copy._options, copy.seed = self.game, self._options, self.seed
        copy.history = list(self.history)
        copy.hands = [list(h) for h in self.hands]
        copy.unseen = list(self.unseen)
        copy.leader, copy.table = self.leader, list(self.table)
        copy.rounds = [dict(r) for r in self.rounds]
        copy.taken = list(self.taken)
        return copy

    def fingerprint(self) -> Any:
        return (self.hands, self.unseen, self.leader, self.table, self.rounds, self.taken)


class LowFirstBot(Bot):
    """Lays its lowest card, unless it can take the round with a card in hand."""

    name = "prudent"

    def act(self, view: dict[str, Any]) -> Lay:
        hand = view["hand"]
        top = max((card for _, card in view["table"]), default=0)
        winning = [card for card in hand if card > top]
        return Lay(min(winning) if winning and view["table"] else min(hand))


class RandomBot(Bot):
    name = "random"

    def act(self, view: dict[str, Any]) -> Lay:
        return Lay(self.rng.choice(view["hand"]))


BOTS: dict[str, type[Bot]] = {"prudent": LowFirstBot, "random": RandomBot}


class PlusHaut(Game):
    id = "plus-haut"
    name = "Plus haut"
    min_players = 2
    max_players = 4
    default_bot = "prudent"
    refusals = REFUSALS
    end_reasons: ClassVar[dict[str, tuple[str, str]]] = END_REASONS
    score_meaning = ("manches prises par la place 1", "rounds taken by seat 1")
    terminal_screen = "partie_plus_haut.terminal:PlusHautScreen"
    print_cards = "partie_plus_haut.faces:cards"
    web_screen = "partie_plus_haut.static"
    rules_text = "partie_plus_haut.rules"

    def parse_options(
        self, data: dict[str, Any] | None = None, *, trusted: bool = True
    ) -> PlusHautOptions:
        options = options_from_json(PlusHautOptions, data)
        self.check_players(options.players)
        return options

    def setup(self, options: PlusHautOptions, seed: int) -> PlusHautState:
        return PlusHautState(self, options, seed)

    def action_from_json(self, data: Any) -> Lay:
        if (
            not isinstance(data, dict)
            or data.get("type") != "lay"
            or set(data) != {"type", "card"}
            or type(data["card"]) is not int
        ):
            raise InvalidAction(
                "action illisible : {type: lay, card: N}",
                "unreadable action: {type: lay, card: N}",
                code="unreadable_action",
            )
        return Lay(data["card"])

    def parse_action(self, view: dict[str, Any], text: str) -> Lay:
        word = text.strip()
        if not word.isdigit() or len(word) > 2:
            raise InvalidAction(
                f"tapez le numéro d'une carte de votre main, pas {text[:20]!r}",
                f"type the number of a card in your hand, not {text[:20]!r}",
                code="unreadable_move",
            )
        return Lay(int(word))

    def bot_names(self) -> list[str]:
        return sorted(BOTS)

    def make_bot(self, spec: str, seed: int = 0) -> Bot:
        if spec not in BOTS:
            raise BadOptions(
                f"bot inconnu : {spec[:30]!r} (bots : {', '.join(sorted(BOTS))})",
                f"unknown bot: {spec[:30]!r} (bots: {', '.join(sorted(BOTS))})",
            )
        return BOTS[spec](seed)

    # -- conformance hooks ------------------------------------------------------------

    def probe_actions(self, state: State, seat: int, rng: random.Random) -> Iterator[Lay]:
        yield from state.legal_actions(seat)
        yield Lay(rng.choice(CARDS))
        yield Lay(0)

    def check_invariants(self, state: State) -> None:
        assert isinstance(state, PlusHautState)
        laid = [card for r in state.rounds for _, card in r["cards"]]
        laid += [card for _, card in state.table]
        everything = laid + state.unseen + [c for h in state.hands for c in h]
        assert sorted(everything) == list(CARDS), "a card appeared or vanished"
        assert sum(state.taken) == len(state.rounds)

    def reshuffle_hidden(self, state: State, seat: int | None, rng: random.Random) -> State:
        """Other hands and the undealt cards drawn again from the cards ``seat`` cannot see."""
        assert isinstance(state, PlusHautState)
        copy = state.clone()
        if copy.is_over:
            return copy
        others = [s for s in range(copy.players) if s != seat]
        pool = [c for s in others for c in copy.hands[s]] + copy.unseen
        rng.shuffle(pool)
        for s in others:
            size = len(copy.hands[s])
            copy.hands[s], pool = sorted(pool[:size]), pool[size:]
        copy.unseen = sorted(pool)
        return copy


GAME = PlusHaut()
