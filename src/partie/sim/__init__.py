"""Many games at once: seeded runs over local processes, statistics with intervals."""

from partie.sim.runner import GameOutcome, SimulationSpec, play_one, run_simulation
from partie.sim.stats import mean_ci95, wilson_ci95

__all__ = [
    "GameOutcome",
    "SimulationSpec",
    "mean_ci95",
    "play_one",
    "run_simulation",
    "wilson_ci95",
]
