"""Turn game outcomes into the figures a designer reads: win rate with its interval,
mean score, why games ended, and the mean of each game-specific detail."""

from __future__ import annotations

from collections import Counter
from typing import Any

from partie.sim.runner import GameOutcome, SimulationSpec
from partie.sim.stats import mean_ci95, wilson_ci95


def summarize(spec: SimulationSpec, outcomes: list[GameOutcome], seconds: float) -> dict[str, Any]:
    """One JSON-ready object. ``wins`` counts the games seat 0 won (in a cooperative
    game, the games the table won); ``seat_win_rates`` gives every seat's."""
    n = len(outcomes)
    players = len(spec.bots)
    wins = sum(1 for o in outcomes if 0 in o.winners)
    low, high = wilson_ci95(wins, n)
    mean, mlow, mhigh = mean_ci95([o.scores[0] for o in outcomes])
    details: dict[str, Any] = {}
    keys = sorted({k for o in outcomes for k in o.details})
    for key in keys:
        values = [o.details.get(key) for o in outcomes]
        numbers = [float(v) for v in values if isinstance(v, int | float)]
        if numbers and len(numbers) == len(values):
            details[key] = round(sum(numbers) / len(numbers), 6)
    unique_bots = sorted(set(spec.bots))
    return {
        "game": spec.game,
        "players": players,
        "bot": spec.bots[0] if len(unique_bots) == 1 else list(spec.bots),
        "bots": list(spec.bots),
        "options": {k: v for k, v in spec.options.items() if k != "players"},
        "seed": spec.seed,
        "fixed_deals": spec.deals is not None,
        "games": n,
        "wins": wins,
        "win_rate": wins / n if n else 0.0,
        "win_rate_ci95": [round(low, 6), round(high, 6)],
        "seat_win_rates": [
            sum(1 for o in outcomes if seat in o.winners) / n if n else 0.0
            for seat in range(players)
        ],
        "mean_score": round(mean, 6),
        "mean_score_ci95": [round(mlow, 6), round(mhigh, 6)],
        "end_reasons": dict(sorted(Counter(o.reason for o in outcomes).items())),
        "details": details,
        "mean_actions": round(sum(o.actions for o in outcomes) / n, 3) if n else 0.0,
        "seconds": round(seconds, 4),
        "games_per_second": round(n / seconds, 2) if seconds > 0 else None,
    }
