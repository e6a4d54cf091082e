"""A search bot for The Game: determinized Monte Carlo over whole-turn plans.

The idea: the heuristic's planner, run with a few different settings (stricter and
looser thresholds for extra cards, no pair rule, a smaller trick bonus), proposes a
handful of distinct plans for the turn. Each plan is then tried on ``samples`` sampled
worlds: the cards this seat cannot see (every card not yet played and not in its own
hand) are shuffled into the other hands (whose sizes are public) and the draw pile, the
plan is laid, and the game is played out to the end by a fast greedy policy at every
seat. The plan with the most won playouts, then the fewest cards left, is played. Every
plan meets the same sampled worlds, so the comparison is paired.

The bot sees only its view; the sampling is consistent with it (own hand, played cards,
hand sizes, draw count). Signals are set as the heuristic sets them. ``mc:N`` takes N
samples per turn; ``best`` is ``mc`` with the budget that keeps a whole game within
0.2 s on one core.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from partie.games.the_game.heuristic import HeuristicBot, view_arrays
from partie.games.the_game.kernels import (
    MAX_PLAN,
    PAIR_PENALTY,
    THR_EMPTY,
    THR_EMPTYING,
    THR_FULL,
    TRICK_BONUS,
    plan_turn,
    search_choose,
)
from partie.games.the_game.rules import Play

DEFAULT_SAMPLES = 40
BEST_SAMPLES = 150
"""Samples per turn of ``best``: the largest that keeps a game under 0.2 s (bench)."""


def variants(params: np.ndarray) -> list[np.ndarray]:
    """The planner settings whose plans become the candidates."""
    out = [params]
    for extra in (-10.0, 2.0, 5.0):
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
    return out


class SearchBot(HeuristicBot):
    """Chooses among the heuristic's candidate plans by sampled playouts (see module)."""

    name = "mc"

    def __init__(
        self, seed: int = 0, samples: int = DEFAULT_SAMPLES, heuristic_rollouts: bool = False
    ) -> None:
        super().__init__(seed)
        self.samples = samples
        self.heuristic_rollouts = heuristic_rollouts

    def plan(self, view: dict[str, Any]) -> list[Play]:
        if view["played_this_turn"] > 0 or self.samples < 1:
            return super().plan(view)
        hand, tops, alive, kept = view_arrays(view)
        need = view["min_cards"]
        plans: list[tuple[tuple[int, int], ...]] = []
        cards = np.zeros(MAX_PLAN, np.int64)
        piles = np.zeros(MAX_PLAN, np.int64)
        for params in variants(self._params(view)):
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
            self.heuristic_rollouts,
        )
        return [Play(c, p) for c, p in plans[best]]


__all__ = ["BEST_SAMPLES", "DEFAULT_SAMPLES", "SearchBot", "variants"]
