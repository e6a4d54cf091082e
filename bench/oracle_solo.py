"""The oracle's verdicts on seeded solo deals (the same deals as ``partie simulate
--seed S``), next to what the greedy bot scores on them. Prints one JSON object.

    python bench/oracle_solo.py [--deals 50] [--budget 1000000] [--players 1]
"""

from __future__ import annotations

import argparse
import json
import time

from partie.core import get_game
from partie.core.rng import derive_seed
from partie.games.the_game.oracle import (
    DEFAULT_BEAM,
    DEFAULT_BUDGET,
    OracleSolver,
    Position,
    Verdict,
)
from partie.sim.runner import play_one


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--beam", type=int, default=DEFAULT_BEAM)
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--expert", action="store_true")
    args = parser.parse_args()
    game = get_game("the-game")
    options = game.parse_options({"players": args.players, "expert": args.expert})
    solver = OracleSolver(args.budget, args.beam)
    counts = {v.value: 0 for v in Verdict}
    greedy_wins = nodes = 0
    started = time.perf_counter()
    for index in range(args.deals):
        seed = derive_seed(args.seed, index)
        result = solver.solve(Position.from_state(game.setup(options, seed)))
        counts[result.verdict.value] += 1
        nodes += result.nodes
        won = play_one(game, options, ("greedy",) * args.players, seed).score == 0
        greedy_wins += won
        assert not (won and result.verdict is Verdict.LOSS), "oracle called a won deal lost"
    seconds = time.perf_counter() - started
    print(
        json.dumps(
            {
                "players": args.players,
                "expert": args.expert,
                "deals": args.deals,
                "seed": args.seed,
                "budget": args.budget,
                "beam": args.beam,
                "winnable": counts["win"],
                "lost": counts["loss"],
                "undecided": counts["unknown"],
                "winnable_fraction": counts["win"] / args.deals,
                "undecided_fraction": counts["unknown"] / args.deals,
                "greedy_wins": greedy_wins,
                "mean_nodes": round(nodes / args.deals),
                "seconds": round(seconds, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
