"""The simulator's compiled path for heuristic tables gives exactly the engine's games."""

from __future__ import annotations

import dataclasses

import pytest

from partie.sim.runner import SimulationSpec, run_chunk


@pytest.mark.parametrize("players,options", [(1, {}), (2, {}), (4, {"expert": True})])
def test_fast_path_equals_the_engine(players: int, options: dict) -> None:
    spec = SimulationSpec(
        game="the-game",
        options={"players": players, **options},
        bots=("heuristic",) * players,
        games=60,
        seed=7,
    )
    fast = run_chunk(spec, range(60))
    engine = run_chunk(dataclasses.replace(spec, keep_records=True), range(60))  # no fast path
    assert all(o.record is None for o in fast) and all(o.record for o in engine)
    key = lambda o: (o.index, o.seed, o.winners, o.scores, o.reason, o.details, o.actions)  # noqa: E731
    assert [key(o) for o in fast] == [key(o) for o in engine]
    assert len({o.scores for o in fast}) > 1
