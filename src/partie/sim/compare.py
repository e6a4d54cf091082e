"""Paired comparison of two bots: the same deals and the same seeds for both, so the
difference comes from the bots alone.

Game ``i`` of each side has the seed ``derive_seed(seed, i)``: the same deal (or the same
line of a deals file) and the same seeds for the bots' own randomness. The figures are
differences A − B over those pairs, with paired-t 95% intervals.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from partie.sim.chunks import GameOutcome, SimulationSpec
from partie.sim.stats import Moments
from partie.sim.summary import Tally


def paired_specs(spec: SimulationSpec, bot_a: str, bot_b: str) -> tuple[SimulationSpec, ...]:
    """The two sides of a comparison: ``spec`` with every seat played by A, then by B."""
    seats = len(spec.bots)
    return (
        dataclasses.replace(spec, bots=(bot_a,) * seats),
        dataclasses.replace(spec, bots=(bot_b,) * seats),
    )


def won(outcome: GameOutcome) -> bool:
    """Seat 0 won (in a cooperative game: the table won)."""
    return 0 in outcome.winners


class PairTally:
    """Running figures of a paired comparison: each side's ``Tally`` and the paired
    differences A − B, folded pair by pair (constant memory)."""

    def __init__(self, players: int) -> None:
        self.a = Tally(players)
        self.b = Tally(players)
        self.score_diff = Moments()
        self.win_diff = Moments()
        self.only_a = self.only_b = 0
        self.lower = self.equal = self.higher = 0

    def add(self, a: GameOutcome, b: GameOutcome) -> None:
        if a.index != b.index:
            raise ValueError("a paired comparison needs the same games on both sides")
        self.a.add(a)
        self.b.add(b)
        sa, sb = a.scores[0], b.scores[0]
        wa, wb = won(a), won(b)
        self.score_diff.add(sa - sb)
        self.win_diff.add(float(wa) - float(wb))
        self.only_a += wa and not wb
        self.only_b += wb and not wa
        self.lower += sa < sb
        self.equal += sa == sb
        self.higher += sa > sb

    def result(
        self, spec_a: SimulationSpec, spec_b: SimulationSpec, seconds: tuple[float, float]
    ) -> dict[str, Any]:
        """One JSON-ready object: each side's summary and the paired differences A − B."""
        diff, low, high = self.score_diff.ci95(student=True)
        wdiff, wlow, whigh = self.win_diff.ci95(student=True)
        n = self.a.n
        return {
            "game": spec_a.game,
            "players": len(spec_a.bots),
            "bot_a": spec_a.bots[0],
            "bot_b": spec_b.bots[0],
            "seed": spec_a.seed,
            "games": n,
            "fixed_deals": spec_a.deals is not None,
            "mean_score_a": round(self.a.score.mean, 6),
            "mean_score_b": round(self.b.score.mean, 6),
            "mean_score_diff": round(diff, 6),
            "mean_score_diff_ci95": [round(low, 6), round(high, 6)],
            "wins_a": self.a.wins,
            "wins_b": self.b.wins,
            "win_rate_diff": round(wdiff, 6),
            "win_rate_diff_ci95": [round(wlow, 6), round(whigh, 6)],
            "only_a_won": self.only_a,
            "only_b_won": self.only_b,
            "score_a_lower": self.lower,
            "score_equal": self.equal,
            "score_a_higher": self.higher,
            "seconds": round(sum(seconds), 4),
            "a": self.a.summary(spec_a, seconds[0]),
            "b": self.b.summary(spec_b, seconds[1]),
        }


def compare_outcomes(
    spec_a: SimulationSpec,
    outcomes_a: list[GameOutcome],
    spec_b: SimulationSpec,
    outcomes_b: list[GameOutcome],
    seconds: tuple[float, float],
) -> dict[str, Any]:
    """The comparison of two finished lists of outcomes (see ``PairTally.result``)."""
    if [o.index for o in outcomes_a] != [o.index for o in outcomes_b]:
        raise ValueError("a paired comparison needs the same games on both sides")
    tally = PairTally(len(spec_a.bots))
    for a, b in zip(outcomes_a, outcomes_b, strict=True):
        tally.add(a, b)
    return tally.result(spec_a, spec_b, seconds)


def per_deal_lines(
    outcomes_a: list[GameOutcome], outcomes_b: list[GameOutcome] | None = None
) -> list[dict[str, Any]]:
    """One JSON-ready object per deal: its score (and win), for one side or both."""
    lines = []
    for i, a in enumerate(outcomes_a):
        line: dict[str, Any] = {"deal": a.index, "seed": a.seed}
        if outcomes_b is None:
            line.update(score=a.scores[0], won=won(a), reason=a.reason)
        else:
            b = outcomes_b[i]
            line.update(
                score_a=a.scores[0],
                score_b=b.scores[0],
                won_a=won(a),
                won_b=won(b),
                score_diff=a.scores[0] - b.scores[0],
            )
        lines.append(line)
    return lines
