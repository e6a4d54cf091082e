"""Run seeded games between bots, in this process, over local worker processes or on Ray.

Game ``i`` of a run with seed ``S`` uses the seed ``derive_seed(S, i)`` for the deal and
for each bot, so a run's results do not depend on how games are split over workers or
machines. With fixed deals (``SimulationSpec.deals``), game ``i`` is played on deal ``i``
and the seed still drives the bots' own randomness.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from partie.core.errors import BadOptions
from partie.core.game import Game
from partie.core.record import Record
from partie.core.registry import get_game
from partie.core.rng import derive_seed

Deal = tuple[int, ...]


def supports_deals(game: Game) -> bool:
    """A game takes fixed deals when its options have a ``deal`` field (The Game does)."""
    options = game.parse_options({"players": game.min_players})
    return dataclasses.is_dataclass(options) and any(
        f.name == "deal" for f in dataclasses.fields(options)
    )


def no_deals_error(game: Game) -> BadOptions:
    return BadOptions(
        f"{game.id} ne se joue pas sur des donnes fixées (--deals)",
        f"{game.id} does not take fixed deals (--deals)",
    )


@dataclass(frozen=True)
class SimulationSpec:
    """What to simulate: a game, its options, one bot name per seat, how many games.

    ``deals`` (optional) fixes the deal of each game; ``trace`` asks the game for a
    per-turn trace (``Game.turn_trace``) when it offers one, for reports only.
    """

    game: str
    options: dict[str, Any]
    bots: tuple[str, ...]
    games: int
    seed: int
    keep_records: bool = False
    deals: tuple[Deal, ...] | None = None
    trace: bool = False

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
        if self.deals is not None:
            if not supports_deals(game):
                raise no_deals_error(game)
            if len(self.deals) < self.games:
                raise BadOptions(
                    f"{self.games} parties demandées pour {len(self.deals)} donnes",
                    f"{self.games} games asked for but only {len(self.deals)} deals",
                )
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
    trace: list[float] | None = field(default=None, repr=False)


def play_one(game: Game, options: Any, bot_names: Sequence[str], seed: int) -> Any:
    """Play one game between bots; each bot only ever receives its seat's view."""
    state = game.setup(options, seed)
    bots = [
        game.make_bot(name, derive_seed(seed, "bot", seat)) for seat, name in enumerate(bot_names)
    ]
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].act(state.view(seat)))
    return state


def run_chunk(
    spec: SimulationSpec, indices: range, deals: dict[int, Deal] | None = None
) -> list[GameOutcome]:
    """Play the games ``indices`` of ``spec`` (``deals`` holds their fixed deals, if any).
    Shared by every backend, so all of them play exactly the same games."""
    game = get_game(spec.game)
    base = game.parse_options(spec.options)
    tracer = getattr(game, "turn_trace", None) if spec.trace else None
    if not spec.keep_records and tracer is None:
        seeds = [derive_seed(spec.seed, index) for index in indices]
        if deals is None:
            fast = game.fast_results(base, spec.bots, seeds)
        else:  # fixed deals: checked as the engine path checks them, then played fast
            fixed = [game.parse_options({**spec.options, "deal": list(deals[i])}) for i in indices]
            fast = game.fast_results(base, spec.bots, seeds, deals=[o.deal for o in fixed])
        if fast is not None:
            return [
                GameOutcome(index, seed, r.winners, r.scores, r.reason, r.details, actions)
                for index, seed, (r, actions) in zip(indices, seeds, fast, strict=True)
            ]
    out = []
    for index in indices:
        seed = derive_seed(spec.seed, index)
        options = base
        if deals is not None:
            options = game.parse_options({**spec.options, "deal": list(deals[index])})
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
                trace=list(tracer(state)) if tracer is not None else None,
            )
        )
    return out


def chunks(total: int, workers: int) -> Iterator[range]:
    """Ranges of game indices: about eight per worker, at most 500 games each."""
    size = max(1, min(500, total // (workers * 8) or 1))
    for start in range(0, total, size):
        yield range(start, min(total, start + size))


def chunk_job(spec: SimulationSpec, indices: range) -> tuple[SimulationSpec, range, Any]:
    """The arguments of ``run_chunk`` for one chunk: only that chunk's deals travel."""
    if spec.deals is None:
        return spec, indices, None
    deals = {i: spec.deals[i] for i in indices}
    return dataclasses.replace(spec, deals=None), indices, deals


def run_simulation(
    spec: SimulationSpec,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    ray_address: str | None = None,
) -> list[GameOutcome]:
    """Play ``spec.games`` games over ``workers`` processes (default: all cores), or on
    the Ray cluster at ``ray_address`` (``"local"`` starts one), and return the outcomes
    in game order. ``progress(n)`` is called as games finish."""
    spec.check()
    if ray_address is not None:
        from partie.sim.ray_backend import run_on_ray

        outcomes = run_on_ray(spec, ray_address, progress, workers)
        outcomes.sort(key=lambda o: o.index)
        return outcomes
    workers = max(1, workers or os.cpu_count() or 1)
    outcomes: list[GameOutcome] = []
    if workers == 1 or spec.games < 20:
        for chunk in chunks(spec.games, workers):
            done = run_chunk(*chunk_job(spec, chunk))
            outcomes.extend(done)
            if progress:
                progress(len(done))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [
                pool.submit(run_chunk, *chunk_job(spec, chunk))
                for chunk in chunks(spec.games, workers)
            ]
            for future in as_completed(futures):
                done = future.result()
                outcomes.extend(done)
                if progress:
                    progress(len(done))
    outcomes.sort(key=lambda o: o.index)
    return outcomes
