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
from partie.games.the_game.signals import person_kept, respectful, signal_key, touches


def tops_of(view: dict[str, Any]) -> list[int]:
    return [pile["top"] for pile in view["piles"]]


def plays_in(hand: list[int], tops: list[int]) -> list[Play]:
    """Every legal play of ``hand`` on piles showing ``tops``."""
    return [
        Play(card, p) for card in hand for p in range(4) if playable(card, tops[p], ASCENDING[p])
    ]


class RandomBot(Bot):
    """Uniform over the legal plays and, once the minimum is laid, ending the turn;
    plays on a pile a person asks to keep only when nothing else keeps the game going."""

    name = "random"

    def act(self, view: dict[str, Any]) -> Play | EndTurn:
        plays = respectful(plays_in(view["hand"], tops_of(view)), view, person_kept(view))
        options: list[Play | EndTurn] = list(plays)
        if view["played_this_turn"] >= view["min_cards"]:
            options.append(END_TURN)
        if not options:  # cannot happen in a legal position: the engine ends such games
            return END_TURN
        return self.rng.choice(options)


def _best_pile(card: int, tops: list[int], avoid: frozenset[int] = frozenset()) -> tuple[int, int]:
    """(jump, pile) of the pile ``card`` moves the least, or (BIG, -1) if none fits;
    piles in ``avoid`` take tricks only."""
    best_jump, best_pile = _BIG, -1
    for p in (0, 1):
        top = tops[p]
        j = (
            card - top
            if card > top and p not in avoid
            else (-TRICK if card == top - TRICK else _BIG)
        )
        if j < best_jump:
            best_jump, best_pile = j, p
    for p in (2, 3):
        top = tops[p]
        j = (
            top - card
            if card < top and p not in avoid
            else (-TRICK if card == top + TRICK else _BIG)
        )
        if j < best_jump:
            best_jump, best_pile = j, p
    return best_jump, best_pile


_BIG = 1 << 30


def cheapest_sequence(
    hand: list[int], tops: list[int], need: int, avoid: frozenset[int] = frozenset()
) -> list[Play] | None:
    """The ``need`` plays with the smallest total jump, or ``None`` when there are none.
    Every order of ``need`` cards is tried (``need`` is at most 3), each card going on
    the pile it moves the least at that point; piles in ``avoid`` take tricks only."""
    best: tuple[tuple[int, int], ...] | None = None
    best_cost = _BIG
    for cards in permutations(hand, need):
        piles = list(tops)
        cost = 0
        seq = []
        for card in cards:
            j, p = _best_pile(card, piles, avoid)
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
    card moves the least, keeping off the piles people ask to keep (tricks aside) unless
    the minimum cannot be laid elsewhere."""

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
        avoid = person_kept(view)
        seq = cheapest_sequence(hand, tops, need, avoid) if avoid else None
        if seq is None:
            seq = cheapest_sequence(hand, tops, need)
        if seq is None:  # stuck: any play ends the game the same way
            plays = plays_in(hand, tops)
            return plays[0] if plays else END_TURN
        return seq[0]


class MinJumpBot(Bot):
    """The memoryless strategy of issue #17, kept as a yardstick: each turn the required
    cards with the smallest total jump (ties split the fewest pairs ten apart), then
    more cards while the smallest jump left is at most ``r`` (draw pile not empty) or
    ``e`` (draw pile empty). The turn is planned once, by the kernel the fast path uses
    (``cheap.minjump_turn``), so the two play the same moves. When that plan would lay on
    a pile a person asks to keep (tricks aside), the turn is the required cards with the
    smallest total jump elsewhere instead, if there are such (``GreedyBot``'s choice)."""

    name = "minjump"

    def __init__(self, seed: int = 0, r: int = 1, e: int = 1) -> None:
        super().__init__(seed)
        self.r, self.e = r, e
        self._plan: list[Play] = []
        self._expect: tuple[Any, ...] | None = None

    def act(self, view: dict[str, Any]) -> Play | EndTurn:
        import numpy as np

        from partie.games.the_game import native
        from partie.games.the_game.cheap import minjump_turn
        from partie.games.the_game.warm import wait_for_warm_up

        wait_for_warm_up()

        hand = view["hand"]
        key = (tuple(hand), tuple(tops_of(view)), view["played_this_turn"], view["draw_count"])
        key += (signal_key(view),)
        if self._expect != key:
            need = max(0, view["min_cards"] - view["played_this_turn"])
            limit = self.r if view["draw_count"] > 0 else self.e
            cards = np.zeros(16, np.int64)
            piles = np.zeros(16, np.int64)
            built = native.module()
            if built is not None and len(hand) <= 16:
                n = built.minjump_turn(
                    np.array(hand, np.int64), np.array(key[1], np.int64), need, limit, cards, piles
                )
            else:
                n = minjump_turn(
                    np.array(hand, np.int64),
                    len(hand),
                    np.array(key[1], np.int64),
                    need,
                    limit,
                    cards,
                    piles,
                    np.zeros(32, np.int64),
                )
            self._plan = [Play(int(cards[k]), int(piles[k])) for k in range(n)]
            self._plan = self._respect(view, need, self._plan)
        if not self._plan:
            self._expect = key
            return END_TURN
        play = self._plan.pop(0)
        self._expect = expected_after(key, play)
        return play

    @staticmethod
    def _respect(view: dict[str, Any], need: int, plan: list[Play]) -> list[Play]:
        """``plan``, or the cheapest required cards elsewhere when ``plan`` lays on a
        pile a person asks to keep and such cards exist."""
        avoid = person_kept(view)
        if not avoid:
            return plan
        tops = tops_of(view)
        for play in plan:
            if touches(play.card, play.pile, tops, avoid):
                break
            tops[play.pile] = play.card
        else:
            return plan
        if need <= 0:
            return plan[: plan.index(play)]
        return cheapest_sequence(view["hand"], tops_of(view), need, avoid) or plan


def expected_after(key: tuple[Any, ...], play: Play) -> tuple[Any, ...]:
    """The key (hand, pile tops, cards laid this turn, draw count) of the view a bot
    that planned its whole turn expects after laying ``play``: when the next view has it,
    the rest of the plan still holds and the turn is not planned again. Any further
    parts of the key (the signals a bot reads) are expected unchanged."""
    hand = list(key[0])
    hand.remove(play.card)
    tops = list(key[1])
    tops[play.pile] = play.card
    return (tuple(hand), tuple(tops), key[2] + 1, key[3], *key[4:])


MINJUMP_MAX = 97
"""Largest ``R`` or ``E`` of ``minjump:R,E`` (no jump is larger)."""


def minjump_setting(param: str) -> tuple[int, int]:
    """``"R,E"`` as two whole numbers 0..97; ``ValueError`` otherwise."""
    parts = param.split(",")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise ValueError(param)
    r, e = (int(p) for p in parts)
    if r > MINJUMP_MAX or e > MINJUMP_MAX:
        raise ValueError(param)
    return r, e


def _minjump(seed: int, param: str = "1,1") -> Bot:
    r, e = minjump_setting(param)
    return MinJumpBot(seed, r, e)


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
    "minjump": _minjump,
    "mc": _search,
    "best": _best,
}
"""Bot factories by name, each called with a seed; ``mc`` also takes a budget (``mc:200``
= 200 sampled worlds per turn). ``best`` is the strongest bot that plays a game within
0.2 s on one core (see ``docs/the-game-bots.md``)."""
BUDGETED = frozenset({"mc"})
"""Bots whose name takes ``:N`` (a positive whole number)."""
SETTINGS = frozenset({"minjump"})
"""Bots whose name takes their own setting after ``:`` (``minjump:2,5``), read by the
factory; a factory raises ``ValueError`` on a setting it cannot read."""

__all__ = [
    "BOTS",
    "BUDGETED",
    "PILE_NAMES",
    "SETTINGS",
    "GreedyBot",
    "MinJumpBot",
    "RandomBot",
    "cheapest_sequence",
    "minjump_setting",
    "plays_in",
]
