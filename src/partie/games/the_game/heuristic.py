"""The strong heuristic for The Game: plan the whole turn, then signal.

The idea, in four parts:

- **Cost of a play counts cards, not numbers.** Laying 40 on an ascending pile at 30
  wastes the cards 31..39 that are still *alive* (not yet played, wherever they are);
  cards already played in between cost nothing. Skipping a card of one's own hand costs
  a little more (``own_weight``). A trick of 10 (the pile goes back) has a negative cost.
  A pile another seat asked to keep (signal "keep") costs ``signal_penalty`` more: a
  cost, not a ban.
- **The whole turn is planned at once.** A depth-first search over sets of plays (pile
  by pile, so that orders which give the same piles are tried once) finds the plan
  with the smallest ``sum(costs) - threshold * extra_cards``: the required cards (2, or 3
  in expert, 1 once the draw pile is empty) at whatever cost, and extra cards only when
  each earns its keep under a threshold that depends on the size of the draw pile and on
  the player count. Set-ups come out of the search by themselves: holding 45 and 35 with
  a pile at 30, "45 then 35" costs less than "35".
- **Tricks are kept for later.** Breaking a pair (c, c ± 10) of the hand by playing one
  half away from its trick costs ``pair_penalty``.
- **Signals.** Before ending its turn a seat puts "keep" on every pile where a card it
  still holds would go cheaply (or as a trick), and clears its other signals; at most one
  change per pile per turn, so the driver's loop always ends. A stand-in (a bot playing
  a person's seat while they are away) leaves the person's own signals as they are. The
  other seats' signals are read as ``signals.py`` says: a person's "garde" is avoided
  unless nothing else reaches the minimum.

All of it runs as compiled kernels (numba) on small integer arrays, so the same code
serves the bot (one decision from one view) and the fast simulator in ``fast.py``, and
the two cannot drift apart.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from partie.core.game import Bot
from partie.games.the_game import native
from partie.games.the_game.bots import expected_after
from partie.games.the_game.kernels import (
    MAX_PLAN,
    PARAMS,
    SIGNAL_GAP,
    SIGNAL_PENALTY,
    plan_turn,
    wanted_signals,
)
from partie.games.the_game.rules import END_TURN, PILE_NAMES, EndTurn, Play, Signal
from partie.games.the_game.signals import people, pile_costs, signal_key
from partie.games.the_game.warm import wait_for_warm_up

# The bot ----------------------------------------------------------------------------


def params_for(players: int, table: np.ndarray = PARAMS) -> np.ndarray:
    """The row of ``table`` (one per player count) for a table of ``players``."""
    return table[min(max(players, 1), 5) - 1]


def view_arrays(view: dict[str, Any]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Hand, pile tops, alive flags and "kept by someone else" flags from a view."""
    hand = np.array(view["hand"], np.int64)
    tops = np.array([pile["top"] for pile in view["piles"]], np.int64)
    alive = np.ones(101, np.bool_)
    alive[:2] = False
    alive[100] = False
    for card in view["played"]:
        alive[card] = False
    kept = np.zeros(4, np.bool_)
    seat = view["seat"]
    for signal in view["signals"]:
        if signal["seat"] != seat and signal["kind"] == "keep":
            kept[PILE_NAMES.index(signal["pile"])] = True
    return hand, tops, alive, kept


class HeuristicBot(Bot):
    """Plans the whole turn (see the module docstring), then sets its pile signals."""

    name = "heuristic"
    table: np.ndarray = PARAMS
    """Settings per player count when none are given (the search keeps its own)."""

    def __init__(
        self,
        seed: int = 0,
        params: np.ndarray | None = None,
        *,
        reads: bool = True,
        gives: bool = True,
    ) -> None:
        super().__init__(seed)
        self.params = params
        self.reads = reads
        """Whether the other seats' signals count (``False``: a deaf bot, for measures)."""
        self.gives = gives
        """Whether it sets signals (``False``: a silent bot, for measures)."""
        self._plan: list[Play] = []
        self._expect: tuple[Any, ...] | None = None
        self._mine: dict[int, str] = {}  # the signals this bot set, by pile

    def _params(self, view: dict[str, Any]) -> np.ndarray:
        return self.params if self.params is not None else params_for(view["players"], self.table)

    def act(self, view: dict[str, Any]) -> Play | EndTurn | Signal:
        wait_for_warm_up()
        key = (tuple(view["hand"]), tuple(p["top"] for p in view["piles"]))
        key += (view["played_this_turn"], view["draw_count"], signal_key(view))
        if self._expect != key:
            self._plan = self.plan(view)
        if self._plan:
            play = self._plan.pop(0)
            self._expect = expected_after(key, play)
            return play
        self._expect = key
        if view["players"] > 1 and self.gives:
            signal = self.signal(view)
            if signal is not None:
                return signal
        return END_TURN

    def signal_weights(
        self, view: dict[str, Any], kept: np.ndarray, params: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """The planner's "kept" argument and settings for this view: the plain flags and
        ``params`` when only bots signal "keep", else each pile's signal cost as a weight
        of a penalty of 1 (``signals.pile_costs``); no signal at all for a deaf bot."""
        if not self.reads:
            return np.zeros(4, np.bool_), params
        costs = pile_costs(view, float(params[SIGNAL_PENALTY]))
        if costs is None:
            return kept, params
        weighted = params.copy()
        weighted[SIGNAL_PENALTY] = 1.0
        return np.array(costs, np.float64), weighted

    def plan(self, view: dict[str, Any]) -> list[Play]:
        """This turn's plays from the view (what remains of the turn)."""
        hand, tops, alive, kept = view_arrays(view)
        kept, params = self.signal_weights(view, kept, self._params(view))
        need = max(0, view["min_cards"] - view["played_this_turn"])
        cards = np.zeros(MAX_PLAN, np.int64)
        piles = np.zeros(MAX_PLAN, np.int64)
        built = native.module()
        # the C build plans an ascending hand of at most 8 cards (the engine's hands)
        usable = built is not None and len(hand) <= 8 and bool(np.all(hand[1:] > hand[:-1]))
        n = (built.plan_turn if usable else plan_turn)(
            hand,
            tops,
            alive,
            need,
            view["draw_count"],
            view["players"],
            kept,
            params,
            cards,
            piles,
        )
        return [Play(int(cards[k]), int(piles[k])) for k in range(n)]

    def wanted(self, view: dict[str, Any], gap: float | None = None) -> np.ndarray:
        """1 for each pile where a card of the hand goes within the signal gap (or within
        ``gap`` alive cards) or as a trick, else 0."""
        hand, tops, alive, _ = view_arrays(view)
        params = self._params(view)
        if gap is not None:
            params = params.copy()
            params[SIGNAL_GAP] = gap
        want = np.zeros(4, np.int64)
        built = native.module()
        signals = built.wanted_signals if built is not None else wanted_signals
        signals(hand, tops, alive, params, want)
        return want

    def signal(self, view: dict[str, Any]) -> Signal | None:
        """The first pile whose own signal differs from what the hand wants ("keep"
        where a card fits closely, nothing elsewhere)."""
        return self.first_change(view, ["keep" if w else None for w in self.wanted(view)])

    def first_change(self, view: dict[str, Any], want: list[str | None]) -> Signal | None:
        """The first signal to set or clear so that this seat's signals become ``want``
        (a kind or ``None`` per pile). A stand-in (its seat is a person's) keeps the
        person's signals: it changes only those it set itself."""
        mine = {s["pile"]: s["kind"] for s in view["signals"] if s["seat"] == view["seat"]}
        stand_in = view["seat"] in people(view)
        for p in range(4):
            have = mine.get(PILE_NAMES[p])
            if stand_in and have is not None and self._mine.get(p) != have:
                continue  # the person's own signal
            wished = want[p]
            if wished is not None and have != wished:
                self._mine[p] = wished
                return Signal(p, wished)
            if wished is None and have is not None:
                self._mine.pop(p, None)
                return Signal(p, "clear")
        return None


class PersonModel(HeuristicBot):
    """A stand-in for a person at the table, for measures: it plays as ``heuristic``
    does and signals as people tend to, more often than the bots: "garde" on a pile
    where it holds a card within ``KEEP_GAP`` alive cards (or a trick), "bon ici" where
    one is within ``GOOD_GAP``. Its seat should be listed in the views' ``people``."""

    name = "person"
    KEEP_GAP = 2.0
    GOOD_GAP = 3.0

    def signal(self, view: dict[str, Any]) -> Signal | None:
        keep = self.wanted(view, self.KEEP_GAP)
        good = self.wanted(view, self.GOOD_GAP)
        want = ["keep" if k else "good" if g else None for k, g in zip(keep, good, strict=True)]
        return self.first_change(view, want)


__all__ = ["PARAMS", "HeuristicBot", "PersonModel", "params_for", "view_arrays"]
