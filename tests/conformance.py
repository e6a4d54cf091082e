"""The conformance suite every game passes, written once.

Seeded random playouts check that every probed legal action applies (on a copy) and
every illegal one is refused with a ``PartieError`` and changes nothing; the game's
invariants hold after every step; actions round-trip through JSON; views are JSON and
do not change when the hidden information is drawn again (so they cannot leak it); and
the record replays to an identical final state.
"""

from __future__ import annotations

import json
import random
from typing import Any

from partie.core import Game, PartieError, Record, State, replay


def check_action(game: Game, state: State, seat: int, action: Any, legal: list[Any]) -> None:
    """``action`` must apply on a copy when legal, and be refused without change if not."""
    before = state.fingerprint()
    if action in legal:
        copy = state.clone()
        copy.apply(seat, action)
        game.check_invariants(copy)
        assert state.fingerprint() == before, f"applying {action!r} on a copy changed the state"
    else:
        try:
            state.apply(seat, action)
        except PartieError as exc:
            assert exc.fr and exc.en and "\n" not in exc.fr and "\n" not in exc.en
            assert exc.code
        else:
            raise AssertionError(f"illegal action {action!r} accepted for seat {seat}")
        assert state.fingerprint() == before, f"refused {action!r} changed the state"


def check_views(game: Game, state: State, seats: list[int | None], rng: random.Random) -> None:
    for seat in seats:
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view, "a view must be plain JSON"
        other = game.reshuffle_hidden(state, seat, rng)
        assert other.view(seat) == view, f"view({seat}) depends on hidden information"


def playout(
    game: Game,
    options: Any,
    seed: int,
    *,
    probe: bool = True,
    views: bool = True,
    max_steps: int = 100_000,
) -> State:
    """One seeded random game with every check on; returns the final state."""
    rng = random.Random(seed ^ 0x5EED)
    state = game.setup(options, seed)
    players = range(getattr(options, "players", 2))
    seats: list[int | None] = [*players, None]
    game.check_invariants(state)
    steps = 0
    while not state.is_over:
        to_act = state.to_act
        assert to_act, "a game that is not over has someone to act"
        seat = rng.choice(to_act)
        if probe:
            for probed_seat in {seat, rng.choice(list(players))}:
                legal = state.legal_actions(probed_seat)
                for action in game.probe_actions(state, probed_seat, rng):
                    check_action(game, state, probed_seat, action, legal)
        if views:
            check_views(game, state, seats, rng)
        action = game.random_action(state, seat, rng)
        assert game.action_from_json(json.loads(json.dumps(action.to_json()))) == action
        state.apply(seat, action)
        game.check_invariants(state)
        steps += 1
        assert steps < max_steps, "playout does not end"
    assert state.legal_actions(0) == [] and state.result is not None
    if views:
        check_views(game, state, seats, rng)
    record = Record.load(Record.of(state).dump())
    again = replay(record)
    assert again.fingerprint() == state.fingerprint(), "the record does not replay identically"
    return state
