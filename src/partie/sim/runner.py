"""Run seeded games between bots, in this process or over local worker processes.

Game ``i`` of a run with seed ``S`` uses the seed ``derive_seed(S, i)`` for the deal and
for each bot, so a run's results do not depend on how games are split over workers.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from partie.core.errors import BadOptions
from partie.core.game import Game
from partie.core.record import Record
from partie.core.registry import get_game
from partie.core.rng import derive_seed


@dataclass(frozen=True)
class SimulationSpec:
    """What to simulate: a game, its options, one bot name per seat, how many games."""

    game: str
    options: dict[str, Any]
    bots: tuple[str, ...]
    games: int
    seed: int
    keep_records: bool = False

    def check(self) -> Game:
        game = get_game(self.game)
        options = game.parse_options(self.options)
        players = getattr(options, "players", len(self.bots))
        if len(self.bots) != players:
            raise BadOptions(
                f"il faut un bot par place ({players}), pas {len(self.bots)}",
                f"one bot per seat is needed ({players}), not {len(self.bots)}",
            )
        for name in set(self.bots):
            game.make_bot(name, 0)
        if self.games < 1:
            raise BadOptions("--games doit être au moins 1", "--games must be at least 1")
        return game


@dataclass
class GameOutcome:
    """One finished game, reduced to what statistics need."""

    index: int
    seed: int
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str
    details: dict[str, Any]
    actions: int
    record: str | None = field(default=None, repr=False)


def play_one(game: Game, options: Any, bot_names: tuple[str, ...], seed: int) -> Any:
    """Play one game between bots; each bot only ever receives its seat's view."""
    state = game.setup(options, seed)
    bots = [
        game.make_bot(name, derive_seed(seed, "bot", seat)) for seat, name in enumerate(bot_names)
    ]
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].act(state.view(seat)))
    return state


def _run_chunk(spec: SimulationSpec, indices: range) -> list[GameOutcome]:
    game = get_game(spec.game)
    options = game.parse_options(spec.options)
    out = []
    for index in indices:
        seed = derive_seed(spec.seed, index)
        state = play_one(game, options, spec.bots, seed)
        result = state.result
        out.append(
            GameOutcome(
                index=index,
                seed=seed,
                winners=result.winners,
                scores=result.scores,
                reason=result.reason,
                details=result.details,
                actions=len(state.history),
                record=Record.of(state, list(spec.bots)).dump() if spec.keep_records else None,
            )
        )
    return out


def _chunks(total: int, size: int) -> Iterator[range]:
    for start in range(0, total, size):
        yield range(start, min(total, start + size))


def run_simulation(
    spec: SimulationSpec,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[GameOutcome]:
    """Play ``spec.games`` games over ``workers`` processes (default: all cores) and
    return the outcomes in game order. ``progress(n)`` is called as games finish."""
    spec.check()
    workers = max(1, workers or os.cpu_count() or 1)
    size = max(1, min(500, spec.games // (workers * 8) or 1))
    outcomes: list[GameOutcome] = []
    if workers == 1 or spec.games < 20:
        for chunk in _chunks(spec.games, size):
            done = _run_chunk(spec, chunk)
            outcomes.extend(done)
            if progress:
                progress(len(done))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(_run_chunk, spec, chunk) for chunk in _chunks(spec.games, size)]
            for future in as_completed(futures):
                done = future.result()
                outcomes.extend(done)
                if progress:
                    progress(len(done))
    outcomes.sort(key=lambda o: o.index)
    return outcomes
