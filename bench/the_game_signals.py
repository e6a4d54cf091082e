"""Do bots that read pile signals make better teammates? Prints one JSON object.

    PYTHONPATH=src nice -n 5 python bench/the_game_signals.py --games 1000 --seed 35

At 2 to 5 players seat 0 is a person, played by ``PersonModel`` (the heuristic, plus
signals as people give them: "garde" for a card within ``--keep-gaps`` alive cards or a
trick, 0 = only the next card, as the bots do, 2 = a looser habit; "bon ici" within 3);
the other seats are ``heuristic`` bots in three versions, on the same deals (game
``i`` of a player count: ``derive_seed(seed, "signals", players, i)``):

- ``reading``: the bots as they are (a person's "garde" avoided unless nothing else
  reaches the minimum, bots' "garde" the usual cost; they signal);
- ``before``: the bots as they were (every "garde" the usual cost, "bon ici" ignored);
- ``deaf``: the bots read no signal at all (they give theirs).

Each row gives wins and cards left per version, and the paired difference of
``reading`` with each other version per deal (wins in points, cards left), mean ± 1.96
standard errors. Bot-only tables are not measured here: they play exactly as before.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from partie.core.registry import get_game
from partie.core.rng import derive_seed
from partie.games.the_game.heuristic import HeuristicBot, PersonModel

GAME = get_game("the-game")


class BeforeBot(HeuristicBot):
    """The heuristic's reading of signals before people's signals counted apart."""

    def signal_weights(
        self, view: dict[str, Any], kept: np.ndarray, params: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        return kept, params


VERSIONS: dict[str, Callable[[int], HeuristicBot]] = {
    "reading": lambda seed: HeuristicBot(seed),
    "before": lambda seed: BeforeBot(seed),
    "deaf": lambda seed: HeuristicBot(seed, reads=False),
}


def play(players: int, seed: int, version: str, keep_gap: float) -> int:
    """Cards left at the end of one game: the person at seat 0, bots elsewhere."""
    state = GAME.setup(GAME.parse_options({"players": players}), seed)
    person = PersonModel(derive_seed(seed, "bot", 0))
    person.KEEP_GAP = keep_gap
    bots: list[HeuristicBot] = [person]
    bots += [VERSIONS[version](derive_seed(seed, "bot", s)) for s in range(1, players)]
    while not state.is_over:
        seat = state.to_act[0]
        view = state.view(seat)
        view["people"] = [0]
        state.apply(seat, bots[seat].act(view))
    return int(state.score)


def interval(values: list[float]) -> dict[str, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    return {"mean": round(mean, 4), "low": round(mean - half, 4), "high": round(mean + half, 4)}


def row(players: int, games: int, seed: int, keep_gap: float) -> dict[str, Any]:
    scores: dict[str, list[int]] = {v: [] for v in VERSIONS}
    start = time.process_time()
    for i in range(games):
        deal_seed = derive_seed(seed, "signals", players, i)
        for version in VERSIONS:
            scores[version].append(play(players, deal_seed, version, keep_gap))
    out: dict[str, Any] = {"players": players, "person_keep_gap": keep_gap, "games": games}
    for version, s in scores.items():
        out[version] = {
            "win_rate": round(sum(1 for x in s if x == 0) / games, 4),
            "cards_left": round(sum(s) / games, 3),
        }
    base = scores["reading"]
    for other in ("before", "deaf"):
        theirs = scores[other]
        wins = [float(a == 0) - float(b == 0) for a, b in zip(base, theirs, strict=True)]
        left = [float(a - b) for a, b in zip(base, theirs, strict=True)]
        out[f"reading_minus_{other}"] = {
            "win_points": {k: round(100 * v, 2) for k, v in interval(wins).items()},
            "cards_left": interval(left),
            "deals_fewer_more": [
                sum(1 for a, b in zip(base, theirs, strict=True) if a < b),
                sum(1 for a, b in zip(base, theirs, strict=True) if a > b),
            ],
        }
    out["cpu_seconds"] = round(time.process_time() - start, 1)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="deals per player count")
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument("--players", default="2,3,4,5", help="player counts, e.g. 2,3")
    parser.add_argument("--keep-gaps", default="0,2", help="the person's habits, e.g. 0,2")
    args = parser.parse_args()
    counts = [int(p) for p in args.players.split(",")]
    gaps = [float(g) for g in args.keep_gaps.split(",")]
    rows = [row(n, args.games, args.seed, g) for g in gaps for n in counts]
    print(json.dumps({"games": args.games, "seed": args.seed, "rows": rows}, indent=1))


if __name__ == "__main__":
    main()
