"""First bots for The Game. Each sees only its seat's view (a dict), never the state."""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations
from typing import Any

from partie.core.game import Bot
from partie.games.the_game.rules import (
    ASCENDING,
    END_TURN,
    PILE_NAMES,
    TRICK,
    EndTurn,
    Play,
    is_trick,
    playable,
)


def tops_of(view: dict[str, Any]) -> list[int]:
    return [pile["top"] for pile in view["piles"]]


def plays_in(hand: list[int], tops: list[int]) -> list[Play]:
    """Every legal play of ``hand`` on piles showing ``tops``."""
    return [
        Play(card, p) for card in hand for p in range(4) if playable(card, tops[p], ASCENDING[p])
    ]


class RandomBot(Bot):
    """Uniform over the legal plays and, once the minimum is laid, ending the turn."""

    name = "random"

    def act(self, view: dict[str, Any]) -> Play | EndTurn:
        options: list[Play | EndTurn] = list(plays_in(view["hand"], tops_of(view)))
        if view["played_this_turn"] >= view["min_cards"]:
            options.append(END_TURN)
        if not options:  # cannot happen in a legal position: the engine ends such games
            return END_TURN
        return self.rng.choice(options)


def _best_pile(card: int, tops: list[int]) -> tuple[int, int]:
    """(jump, pile) of the pile ``card`` moves the least, or (BIG, -1) if none fits."""
    best_jump, best_pile = _BIG, -1
    for p in (0, 1):
        top = tops[p]
        j = card - top if card > top else (-TRICK if card == top - TRICK else _BIG)
        if j < best_jump:
            best_jump, best_pile = j, p
    for p in (2, 3):
        top = tops[p]
        j = top - card if card < top else (-TRICK if card == top + TRICK else _BIG)
        if j < best_jump:
            best_jump, best_pile = j, p
    return best_jump, best_pile


_BIG = 1 << 30


def cheapest_sequence(hand: list[int], tops: list[int], need: int) -> list[Play] | None:
    """The ``need`` plays with the smallest total jump, or ``None`` when there are none.
    Every order of ``need`` cards is tried (``need`` is at most 3), each card going on
    the pile it moves the least at that point."""
    best: tuple[tuple[int, int], ...] | None = None
    best_cost = _BIG
    for cards in permutations(hand, need):
        piles = list(tops)
        cost = 0
        seq = []
        for card in cards:
            j, p = _best_pile(card, piles)
            if p < 0:
                break
            piles[p] = card
            cost += j
            seq.append((card, p))
        else:
            if cost < best_cost:
                best, best_cost = tuple(seq), cost
    return None if best is None else [Play(card, p) for card, p in best]


class GreedyBot(Bot):
    """Plays every trick of 10 it has, then the minimum number of cards with the
    smallest total jump, then ends its turn. Greedy pile choice per card: the pile the
    card moves the least."""

    name = "greedy"

    def act(self, view: dict[str, Any]) -> Play | EndTurn:
        hand = view["hand"]
        tops = tops_of(view)
        for card in hand:
            for p in range(4):
                if is_trick(card, tops[p], ASCENDING[p]):
                    return Play(card, p)
        need = view["min_cards"] - view["played_this_turn"]
        if need <= 0:
            return END_TURN
        seq = cheapest_sequence(hand, tops, need)
        if seq is None:  # stuck: any play ends the game the same way
            plays = plays_in(hand, tops)
            return plays[0] if plays else END_TURN
        return seq[0]


def _heuristic(seed: int) -> Bot:
    from partie.games.the_game.heuristic import HeuristicBot  # compiled kernels: load late

    return HeuristicBot(seed)


def _search(seed: int, samples: int | None = None) -> Bot:
    from partie.games.the_game.search import DEFAULT_SAMPLES, SearchBot

    return SearchBot(seed, DEFAULT_SAMPLES if samples is None else samples)


def _best(seed: int) -> Bot:
    from partie.games.the_game.search import BEST_SAMPLES, SearchBot

    return SearchBot(seed, BEST_SAMPLES)


BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "heuristic": _heuristic,
    "mc": _search,
    "best": _best,
}
"""Bot factories by name, each called with a seed; ``mc`` also takes a budget (``mc:200``
= 200 sampled worlds per turn). ``best`` is the strongest bot that plays a game within
0.2 s on one core (see ``docs/the-game-bots.md``)."""
BUDGETED = frozenset({"mc"})
"""Bots whose name takes ``:N`` (a positive whole number)."""

__all__ = [
    "BOTS",
    "BUDGETED",
    "PILE_NAMES",
    "GreedyBot",
    "RandomBot",
    "cheapest_sequence",
    "plays_in",
]
