"""What every backend shares: the spec of a run, one game's outcome, and the chunk of
games a worker plays.

Game ``i`` of a run with seed ``S`` uses the seed ``derive_seed(S, i)`` for the deal and
for each bot, so a run's results do not depend on how games are split over workers or
machines. With fixed deals (``SimulationSpec.deals``), game ``i`` is played on deal ``i``
and the seed still drives the bots' own randomness.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from partie.core.errors import BadOptions
from partie.core.game import Game
from partie.core.record import Record
from partie.core.registry import get_game
from partie.core.rng import derive_seed

Deal = tuple[int, ...]


def supports_deals(game: Game) -> bool:
    """A game takes fixed deals when it declares so (The Game does)."""
    return game.supports_deals


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


def plays_fast(spec: SimulationSpec, game: Game) -> bool:
    """Whether ``run_chunk`` offers ``spec``'s games to the game's fast path: neither
    records nor a per-turn trace are asked for (only the engine makes them)."""
    return not spec.keep_records and not (spec.trace and game.traces_turns)


def run_chunk(
    spec: SimulationSpec, indices: range, deals: dict[int, Deal] | None = None
) -> list[GameOutcome]:
    """Play the games ``indices`` of ``spec`` (``deals`` holds their fixed deals, if any).
    Shared by every backend, so all of them play exactly the same games."""
    game = get_game(spec.game)
    base = game.parse_options(spec.options)
    tracer = game.turn_trace if spec.trace and game.traces_turns else None
    if plays_fast(spec, game):
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
