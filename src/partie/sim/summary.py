"""Turn game outcomes into the figures a designer reads: win rate with its interval,
mean score, why games ended, and the mean of each game-specific detail.

A ``Tally`` folds outcomes one at a time and keeps only running figures, so a run of any
length is summarised in constant memory.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from partie.sim.chunks import GameOutcome, SimulationSpec
from partie.sim.stats import Moments, wilson_ci95


class Tally:
    """Running figures of one side of a run."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.n = 0
        self.wins = 0
        self.seat_wins = [0] * players
        self.score = Moments()
        self.reasons: Counter[str] = Counter()
        self.detail_sums: dict[str, float] = {}
        self.detail_counts: Counter[str] = Counter()
        self.detail_other: set[str] = set()
        self.actions = 0

    def add(self, outcome: GameOutcome) -> None:
        self.n += 1
        self.wins += 0 in outcome.winners
        for seat in outcome.winners:
            if 0 <= seat < self.players:
                self.seat_wins[seat] += 1
        self.score.add(float(outcome.scores[0]))
        self.reasons[outcome.reason] += 1
        for key, value in outcome.details.items():
            if isinstance(value, int | float):
                self.detail_sums[key] = self.detail_sums.get(key, 0.0) + float(value)
                self.detail_counts[key] += 1
            else:
                self.detail_other.add(key)
        self.actions += outcome.actions

    def extend(self, outcomes: Iterable[GameOutcome]) -> Tally:
        for outcome in outcomes:
            self.add(outcome)
        return self

    def summary(self, spec: SimulationSpec, seconds: float) -> dict[str, Any]:
        """One JSON-ready object. ``wins`` counts the games seat 0 won (in a cooperative
        game, the games the table won); ``seat_win_rates`` gives every seat's."""
        n = self.n
        low, high = wilson_ci95(self.wins, n)
        mean, mlow, mhigh = self.score.ci95()
        details = {
            key: round(total / n, 6)
            for key, total in sorted(self.detail_sums.items())
            if self.detail_counts[key] == n and key not in self.detail_other
        }
        unique_bots = sorted(set(spec.bots))
        return {
            "game": spec.game,
            "players": self.players,
            "bot": spec.bots[0] if len(unique_bots) == 1 else list(spec.bots),
            "bots": list(spec.bots),
            "options": {
                k: v for k, v in spec.options.items() if k != "players" and k != "deck_text"
            },
            "seed": spec.seed,
            "fixed_deals": spec.deals is not None,
            "games": n,
            "wins": self.wins,
            "win_rate": self.wins / n if n else 0.0,
            "win_rate_ci95": [round(low, 6), round(high, 6)],
            "seat_win_rates": [w / n if n else 0.0 for w in self.seat_wins],
            "mean_score": round(mean, 6),
            "mean_score_ci95": [round(mlow, 6), round(mhigh, 6)],
            "end_reasons": dict(sorted(self.reasons.items())),
            "details": details,
            "mean_actions": round(self.actions / n, 3) if n else 0.0,
            "seconds": round(seconds, 4),
            "games_per_second": round(n / seconds, 2) if seconds > 0 else None,
        }


def summarize(spec: SimulationSpec, outcomes: list[GameOutcome], seconds: float) -> dict[str, Any]:
    """The summary of a finished list of outcomes (see ``Tally.summary``)."""
    return Tally(len(spec.bots)).extend(outcomes).summary(spec, seconds)
