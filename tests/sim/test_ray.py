"""Ray gives the same games as one local process (it starts a small local Ray: a few
seconds; it runs in CI like every test)."""

from __future__ import annotations

import pytest

from partie.sim.runner import SimulationSpec, run_simulation

pytest.importorskip("ray")


@pytest.mark.slow
def test_ray_local_equals_one_worker() -> None:
    spec = SimulationSpec(
        game="the-game", options={"players": 3}, bots=("greedy",) * 3, games=40, seed=21
    )
    seen: list[int] = []
    on_ray = run_simulation(spec, workers=2, progress=seen.append, ray_address="local")
    local = run_simulation(spec, workers=1)
    key = [(o.index, o.seed, o.winners, o.scores, o.reason, o.actions) for o in local]
    assert [(o.index, o.seed, o.winners, o.scores, o.reason, o.actions) for o in on_ray] == key
    assert sum(seen) == 40
