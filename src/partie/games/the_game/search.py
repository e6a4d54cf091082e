"""A search bot for The Game: determinized Monte Carlo over whole-turn plans.

The idea: the heuristic's planner, run with a few different settings (stricter and
looser thresholds for extra cards, no pair rule, a smaller trick bonus), proposes a
handful of distinct plans for the turn; the cheapest plans of exactly the required
cards (``MIN_PLANS`` of them, by the heuristic's cost) are added. Each plan is then tried
on ``samples`` sampled worlds: the cards this seat cannot see (every card not yet played
and not in its own hand) are shuffled into the other hands (whose sizes are public) and
the draw pile, the plan is laid, and the game is played out to the end by a fast greedy
policy at every seat (alone at the table, once the draw pile is empty, an exact solver
finishes the playout). A plan's value is the cards left summed over its playouts, minus
``WIN_WEIGHT`` per won playout; the lowest value is played. Every plan meets the same
sampled worlds, so the comparison is paired. Alone with the draw pile empty, the bot
itself knows everything and lays the longest sequence the solver finds.

The bot sees only its view; the sampling is consistent with it (own hand, played cards,
hand sizes, draw count). Signals are set as the heuristic sets them, and read as it
reads them (``signals.py``): the candidates come from its planner with the signal costs,
and a candidate laying on a pile a person asks to keep (tricks aside) is dropped while
another candidate avoids it. ``mc:N`` takes N
samples per turn; ``best`` is ``mc`` with the budget that keeps a whole game within
0.2 s on one core.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from partie.games.the_game.heuristic import HeuristicBot, view_arrays
from partie.games.the_game.kernels import (
    MAX_PLAN,
    OWN_WEIGHT,
    PAIR_PENALTY,
    SEARCH_PARAMS,
    THR_EMPTY,
    THR_EMPTYING,
    THR_FULL,
    TRICK_BONUS,
    plan_turn,
)
from partie.games.the_game.rules import Play
from partie.games.the_game.search_kernels import endgame_solve, min_plans, search_choose
from partie.games.the_game.signals import person_kept, touches

SOLVE_BITS = 18
SOLVE_CAP = 150_000
"""Positions the bot's own endgame solver may visit (rollouts use their own cap)."""
WIN_WEIGHT = 5.0
"""A won playout counts as this many cards fewer left (-1: wins first, then cards)."""
MIN_PLANS = 4
"""Candidates added besides the planner's: the cheapest plans of exactly the minimum."""
ROLLOUT_SOLVE_CAP = 2000
"""Positions the solo endgame solver may visit in a playout (0: greedy to the end)."""
DEFAULT_SAMPLES = 40
BEST_SAMPLES = 60
"""Samples per turn of ``best``: the largest that keeps a game under 0.2 s (bench)."""


def variants(params: np.ndarray, wide: bool = False) -> list[np.ndarray]:
    """The planner settings whose plans become the candidates (``wide``: more of them)."""
    out = [params]
    for extra in (-10.0, 1.0, 2.0, 3.5, 5.0, 8.0) if wide else (-10.0, 2.0, 5.0):
        v = params.copy()
        for k in (THR_FULL, THR_EMPTYING, THR_EMPTY):
            v[k] = max(0.0, v[k] + extra)
        out.append(v)
    v = params.copy()
    v[PAIR_PENALTY] = 0.0
    out.append(v)
    v = params.copy()
    v[TRICK_BONUS] = params[TRICK_BONUS] / 3.0
    out.append(v)
    if wide:
        v = params.copy()
        v[PAIR_PENALTY] = params[PAIR_PENALTY] * 2.0
        out.append(v)
        v = params.copy()
        v[TRICK_BONUS] = params[TRICK_BONUS] * 2.0
        out.append(v)
        v = params.copy()
        v[OWN_WEIGHT] = params[OWN_WEIGHT] + 1.0
        out.append(v)
    return out


class SearchBot(HeuristicBot):
    """Chooses among the heuristic's candidate plans by sampled playouts (see module)."""

    name = "mc"
    table = SEARCH_PARAMS

    def __init__(
        self,
        seed: int = 0,
        samples: int = DEFAULT_SAMPLES,
        heuristic_rollouts: bool = False,
        *,
        heuristic_below: int | None = None,
        win_weight: float = WIN_WEIGHT,
        halving: int = 0,
        min_plans: int = MIN_PLANS,
        wide: bool = False,
        solve: int = ROLLOUT_SOLVE_CAP,
        by_players: dict[int, dict[str, Any]] | None = None,
        budget: int = 0,
    ) -> None:
        super().__init__(seed)
        self.samples = samples
        self.heuristic_rollouts = heuristic_rollouts
        if heuristic_below is None:
            heuristic_below = 99 if heuristic_rollouts else -1
        self.heuristic_below = heuristic_below
        self.win_weight = win_weight
        self.halving = halving
        self.min_plans = min_plans
        self.wide = wide
        self.solve = solve
        self.by_players = by_players
        self.budget = budget

    def plan(self, view: dict[str, Any]) -> list[Play]:
        if self.by_players is not None:  # settings for this table's size, once
            for key, value in self.by_players.get(view["players"], {}).items():
                setattr(self, key, value)
            self.by_players = None
        if view["played_this_turn"] > 0 or self.samples < 1:
            return super().plan(view)
        hand, tops, alive, kept = view_arrays(view)
        kept, weighted = self.signal_weights(view, kept, self._params(view))
        need = view["min_cards"]
        if self.solve > 0 and view["players"] == 1 and view["draw_count"] == 0:
            return self._solve(hand, tops)
        plans: list[tuple[tuple[int, int], ...]] = []
        cards = np.zeros(MAX_PLAN, np.int64)
        piles = np.zeros(MAX_PLAN, np.int64)
        for params in variants(weighted, self.wide):
            n = plan_turn(
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
            plan = tuple((int(cards[k]), int(piles[k])) for k in range(n))
            if plan and plan not in plans:
                plans.append(plan)
        if self.min_plans > 0 and 0 < need <= 3:
            self._add_min_plans(plans, hand, tops, alive, need, view)
        plans = _respectful(
            plans, [int(t) for t in tops], person_kept(view) if self.reads else frozenset()
        )
        if len(plans) <= 1:
            return [Play(c, p) for c, p in (plans[0] if plans else ())]
        k_count = len(plans)
        cand_cards = np.zeros((k_count, MAX_PLAN), np.int64)
        cand_piles = np.zeros((k_count, MAX_PLAN), np.int64)
        cand_len = np.zeros(k_count, np.int64)
        for k, plan in enumerate(plans):
            cand_len[k] = len(plan)
            for j, (c, p) in enumerate(plan):
                cand_cards[k, j] = c
                cand_piles[k, j] = p
        scores = np.zeros(k_count, np.int64)
        best = search_choose(
            hand,
            tops,
            alive,
            np.array(view["hand_sizes"], np.int64),
            view["seat"],
            view["draw_count"],
            3 if view["options"]["expert"] else 2,
            self._params(view),
            cand_cards,
            cand_piles,
            cand_len,
            self.samples,
            self.rng.getrandbits(31),
            scores,
            self.heuristic_below,
            self.win_weight,
            self.halving,
            self.solve,
            self.budget,
        )
        return [Play(c, p) for c, p in plans[best]]

    def _solve(self, hand: np.ndarray, tops: np.ndarray) -> list[Play]:
        """Alone with the draw pile empty: the longest sequence the solver finds."""
        cards = np.zeros(MAX_PLAN, np.int64)
        piles = np.zeros(MAX_PLAN, np.int64)
        n = endgame_solve(hand, hand.shape[0], tops, SOLVE_CAP, SOLVE_BITS, cards, piles)
        return [Play(int(cards[k]), int(piles[k])) for k in range(n)]

    def _add_min_plans(
        self,
        plans: list[tuple[tuple[int, int], ...]],
        hand: np.ndarray,
        tops: np.ndarray,
        alive: np.ndarray,
        need: int,
        view: dict[str, Any],
    ) -> None:
        """Add the cheapest plans of exactly ``need`` cards not already there."""
        limit = self.min_plans
        cards = np.zeros((limit, 3), np.int64)
        piles = np.zeros((limit, 3), np.int64)
        costs = np.zeros(limit)
        n = min_plans(hand, tops, alive, need, self._params(view), limit, cards, piles, costs)
        have = {(frozenset(c for c, _ in plan), _tops_after(tops, plan)) for plan in plans}
        for r in range(n):
            plan = tuple((int(cards[r, k]), int(piles[r, k])) for k in range(need))
            key = (frozenset(c for c, _ in plan), _tops_after(tops, plan))
            if key not in have:
                have.add(key)
                plans.append(plan)


def _respectful(
    plans: list[tuple[tuple[int, int], ...]], tops: list[int], avoid: frozenset[int]
) -> list[tuple[tuple[int, int], ...]]:
    """The plans that keep off the piles in ``avoid`` (tricks aside), or all of them
    when none does."""
    if not avoid:
        return plans
    kept = []
    for plan in plans:
        t = list(tops)
        ok = True
        for c, p in plan:
            ok = ok and not touches(c, p, t, avoid)
            t[p] = c
        if ok:
            kept.append(plan)
    return kept or plans


def _tops_after(tops: np.ndarray, plan: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    out = [int(x) for x in tops]
    for c, p in plan:
        out[p] = c
    return tuple(out)


__all__ = ["BEST_SAMPLES", "DEFAULT_SAMPLES", "SearchBot", "variants"]
