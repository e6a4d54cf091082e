"""The runs of one ``partie simulate`` command: which configurations (a player count,
one side or the two sides of a comparison), checked before any game is played, then
played in a stream that folds each chunk into running figures.

The command line only reads flags and prints; everything it decides lives here so that
a script gets the same checks and the same figures.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any

from partie.core.errors import BadOptions
from partie.core.registry import get_game
from partie.sim.chunks import Deal, GameOutcome, SimulationSpec
from partie.sim.compare import PairTally, paired_specs, per_deal_lines
from partie.sim.runner import iter_chunks
from partie.sim.summary import Tally

MAX_GAMES = 10**12
"""More games than any machine plays; above it the count is surely a typo."""
REPORT_MAX_GAMES = 200_000
"""``--report`` keeps each game's score for its plots: bounded, unlike plain runs."""
MAX_COUNTS = 16


def parse_player_counts(text: str | None) -> list[int] | None:
    """``"2"`` → [2], ``"1-5"`` → [1..5], ``"1,3,4"`` → [1, 3, 4]; raises ``BadOptions``."""
    if text is None:
        return None
    counts: set[int] = set()
    try:
        for part in text.split(","):
            low, dash, high = part.strip().partition("-")
            if len(low) > 3 or len(high) > 3:
                raise ValueError
            first = int(low)
            last = int(high) if dash else first
            if first < 1 or last < first:
                raise ValueError
            counts.update(range(first, last + 1))
    except ValueError:
        raise BadOptions(
            f"--players {text[:20]!r} : un nombre (2), un intervalle (1-5) ou une liste (1,2,3)",
            f"--players {text[:20]!r}: expected a count (2), a range (1-5) or a list (1,2,3)",
        ) from None
    if len(counts) > MAX_COUNTS:
        raise BadOptions(
            f"--players : au plus {MAX_COUNTS} nombres", f"--players: at most {MAX_COUNTS} counts"
        )
    return sorted(counts)


@dataclass(frozen=True)
class Plan:
    """Every configuration of a command, in order: (player count, its sides)."""

    game: str
    runs: tuple[tuple[int, tuple[SimulationSpec, ...]], ...]
    compare: tuple[str, str] | None = None

    @property
    def total_games(self) -> int:
        return sum(sides[0].games * len(sides) for _, sides in self.runs)


def make_plan(
    game_id: str,
    *,
    bots: Sequence[str],
    counts: list[int] | None,
    options: dict[str, Any],
    games: int | None,
    seed: int,
    deals: tuple[Deal, ...] | None = None,
    compare: tuple[str, str] | None = None,
    trace: bool = False,
) -> Plan:
    """Check everything a run needs and lay out its configurations; raises a
    ``PartieError`` naming the flag at fault before any game is played."""
    game = get_game(game_id)
    if compare is not None and bots:
        raise BadOptions(
            "--compare A B nomme les bots : sans --bot",
            "--compare A B names the bots: leave out --bot",
        )
    if counts is not None and len(counts) > 1 and len(bots) > 1:
        raise BadOptions(
            "un balayage (sweep) --players prend un seul --bot pour toutes les places",
            "a --players sweep takes one --bot for every seat",
        )
    game.parse_options(options)  # typed and bounded before anything is sized by it
    bots = tuple(bots) or (game.default_bot,)
    if counts is None:
        if "players" in options:
            counts = [int(options["players"])]
        else:
            counts = [len(bots) if len(bots) > 1 else game.min_players]
    if len(bots) > 1 and len(bots) != counts[0]:
        raise BadOptions(
            f"{len(bots)} bots pour {counts[0]} joueurs : un --bot, ou un par place",
            f"{len(bots)} bots for {counts[0]} players: give one --bot, or one per seat",
        )
    if games is None:
        games = len(deals) if deals is not None else 1000
    if not 1 <= games <= MAX_GAMES:
        raise BadOptions(f"--games : de 1 à {MAX_GAMES}", f"--games: 1 to {MAX_GAMES}")
    if trace and games > REPORT_MAX_GAMES:
        raise BadOptions(
            f"--report garde chaque partie : au plus {REPORT_MAX_GAMES} parties",
            f"--report keeps every game: at most {REPORT_MAX_GAMES} games",
        )
    runs = []
    for count in counts:
        game.check_players(count)
        seats = bots if len(bots) == count else bots[:1] * count
        spec = SimulationSpec(
            game=game_id,
            options={**options, "players": count},
            bots=tuple(seats),
            games=games,
            seed=seed,
            deals=deals,
            trace=trace,
        )
        sides = paired_specs(spec, *compare) if compare else (spec,)
        for side in sides:
            side.check()
        runs.append((count, tuple(sides)))
    return Plan(game_id, tuple(runs), compare)


class AtomicSteps:
    """Holds a Ctrl-C back while a chunk is folded and its lines printed, so that the
    figures and the lines printed always cover the same games; the interrupt is raised
    as soon as the step ends (only in the main thread, where signals arrive)."""

    def __init__(self) -> None:
        self.inside = False
        self.pending = False
        self.previous: Any = None

    def _handler(self, signum: int, frame: Any) -> None:
        if self.inside:
            self.pending = True
            return
        raise KeyboardInterrupt

    def __enter__(self) -> AtomicSteps:
        if threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGINT, self._handler)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)

    def begin(self) -> None:
        self.inside = True

    def end(self) -> None:
        self.inside = False
        if self.pending:
            self.pending = False
            raise KeyboardInterrupt


@dataclass
class RunResult:
    """The figures of one configuration; ``outcomes`` are kept only for reports."""

    count: int
    sides: tuple[SimulationSpec, ...]
    figures: dict[str, Any]
    games_done: int
    outcomes: list[list[GameOutcome]] = field(default_factory=list, repr=False)


@dataclass
class PlanResult:
    results: list[RunResult]
    interrupted: bool = False

    @property
    def games_done(self) -> int:
        return sum(r.games_done * len(r.sides) for r in self.results)


def describe(summary: dict[str, Any], game_id: str, cooperative: bool) -> None:
    """Say whose win rate a summary shows and what its mean score counts."""
    summary["win_rate_of"] = "the table (a cooperative game)" if cooperative else "seat 1"
    summary["score_of"] = get_game(game_id).score_meaning[1]


def run_plan(
    plan: Plan,
    *,
    workers: int | None = None,
    ray_address: str | None = None,
    progress: Callable[[int], None] | None = None,
    on_lines: Callable[[int, list[dict[str, Any]]], None] | None = None,
    keep_outcomes: bool = False,
) -> PlanResult:
    """Play ``plan`` configuration by configuration, folding each chunk into running
    figures (``on_lines(count, lines)`` receives the per-deal lines in game order).
    A Ctrl-C stops the workers at once and returns what was done so far, marked
    ``interrupted``."""
    results: list[RunResult] = []
    for count, sides in plan.runs:
        started = time.perf_counter()
        pair = PairTally(len(sides[0].bots)) if len(sides) == 2 else None
        single = Tally(len(sides[0].bots)) if pair is None else None
        kept: list[list[GameOutcome]] = [[] for _ in sides]
        done = 0
        cooperative = True
        interrupted = False
        try:
            with (
                closing(iter_chunks(sides, workers, ray_address)) as stream,
                AtomicSteps() as steps,
            ):
                for parts in stream:
                    steps.begin()
                    for outcome in parts[0]:
                        if outcome.winners and len(outcome.winners) != len(outcome.scores):
                            cooperative = False
                    if pair is not None:
                        for a, b in zip(parts[0], parts[1], strict=True):
                            pair.add(a, b)
                    else:
                        assert single is not None
                        single.extend(parts[0])
                    if keep_outcomes:
                        for store, part in zip(kept, parts, strict=True):
                            store.extend(part)
                    if on_lines is not None:
                        on_lines(count, per_deal_lines(*parts))
                    done += len(parts[0])
                    if progress:
                        progress(len(parts[0]) * len(sides))
                    steps.end()
        except KeyboardInterrupt:
            interrupted = True
        seconds = time.perf_counter() - started
        if pair is not None:
            figures = pair.result(sides[0], sides[1], (seconds / 2, seconds / 2))
            for key in ("a", "b"):
                describe(figures[key], plan.game, cooperative)
        else:
            assert single is not None
            figures = single.summary(sides[0], seconds)
            describe(figures, plan.game, cooperative)
        if done:
            results.append(RunResult(count, sides, figures, done, kept))
        if interrupted:
            return PlanResult(results, interrupted=True)
    return PlanResult(results)
