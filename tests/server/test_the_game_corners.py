"""The Game on the web warns before a play that ends the game: the seat to act is told
which of its plays leave the turn's minimum out of reach. Checked against the engine
itself: each play is applied to a copy and every way on is tried."""

from __future__ import annotations

import random
from typing import Any

from partie.core import get_game
from partie.games.the_game.rules import PILE_NAMES, Play
from partie.server.games import get_adapter
from partie.server.games.the_game import cornering_plays

GAME = get_game("the-game")


def reaches_minimum(state: Any, seat: int) -> bool:
    """Can the seat still lay the turn's minimum (the engine's own legal plays)?"""
    if state.is_over:
        return state.reason != "stuck"  # the last card laid wins the game
    if state.played_this_turn >= state.min_cards:
        return True
    for action in state.legal_actions(seat):
        if isinstance(action, Play):
            after = state.clone()
            after.apply(seat, action)
            if reaches_minimum(after, seat):
                return True
    return False


def test_the_plays_flagged_are_exactly_those_after_which_the_game_ends() -> None:
    rng = random.Random(5)
    flagged = checked = 0
    for seed in range(40):
        options = GAME.parse_options({"players": 2, "expert": seed % 2 == 0})
        state = GAME.setup(options, seed)
        while not state.is_over and checked < 4000:
            seat = state.to_act[0]
            plays = [a for a in state.legal_actions(seat) if isinstance(a, Play)]
            corners = {(c["card"], c["pile"]) for c in cornering_plays(state.view(seat))}
            for play in plays:
                after = state.clone()
                after.apply(seat, play)
                ends = not reaches_minimum(after, seat)
                assert ((play.card, PILE_NAMES[play.pile]) in corners) == ends, (seed, play)
                checked += 1
                flagged += ends
            # Play on greedily (smallest jump) so the positions get tight.
            moves = state.legal_actions(seat)
            if state.played_this_turn >= state.min_cards and rng.random() < 0.6:
                end = [a for a in moves if not isinstance(a, Play)]
                if end:
                    state.apply(seat, end[0])
                    continue
            if not plays:
                break
            state.apply(seat, min(plays, key=lambda a: jump(state, a)))
    assert checked > 1000 and flagged > 0, (checked, flagged)


def jump(state: Any, play: Play) -> int:
    top = state.view(None)["piles"][play.pile]["top"]
    return abs(play.card - top)


def test_only_the_seat_to_act_hears_of_its_corners() -> None:
    adapter = get_adapter("the-game")
    state = GAME.setup(GAME.parse_options({"players": 2}), 1)
    seat = state.to_act[0]
    other = 1 - seat
    # Everyone hears what the turns laid (public cards); only the seat to act, its corners.
    assert "corners" not in adapter.public(state, other)
    assert "corners" not in adapter.public(state, None)


def test_the_turns_laid_are_told_with_their_tricks_of_ten() -> None:
    """What the turn under way and the one before laid, read back from the history: a
    play 10 backwards is marked (the screen shows it with ↺), the others are not."""
    adapter = get_adapter("the-game")
    rng = random.Random(3)
    for seed in range(200):
        state = GAME.setup(GAME.parse_options({"players": 2}), seed)
        while not state.is_over:
            seat = state.to_act[0]
            moves = state.legal_actions(seat)
            plays = [a for a in moves if isinstance(a, Play)]
            tricks = [p for p in plays if is_back(state, p)]
            if tricks:
                state.apply(seat, tricks[0])
                turns = adapter.public(state, seat)["turns"]
                assert turns["current"][-1] == {
                    "card": tricks[0].card,
                    "pile": PILE_NAMES[tricks[0].pile],
                    "trick": True,
                }
                while state.played_this_turn < state.min_cards and not state.is_over:
                    more = [a for a in state.legal_actions(seat) if isinstance(a, Play)]
                    if not more:
                        break
                    state.apply(seat, min(more, key=lambda a: jump(state, a)))
                end = [a for a in state.legal_actions(seat) if not isinstance(a, Play)]
                if state.is_over or not end:
                    break  # this deal ended there: try the next
                laid = [p for p in adapter.public(state, seat)["turns"]["current"]]
                state.apply(seat, end[0])
                after = adapter.public(state, None)["turns"]
                assert after["current"] == []
                assert after["previous"] == {"seat": seat, "plays": laid}
                assert [p["trick"] for p in laid].count(True) >= 1
                return
            if (state.played_this_turn >= state.min_cards and rng.random() < 0.5) or not plays:
                end = [a for a in moves if not isinstance(a, Play)]
                if not end:
                    break
                state.apply(seat, end[0])
            else:
                state.apply(seat, min(plays, key=lambda a: jump(state, a)))
    raise AssertionError("no trick of 10 came up in 200 deals")


def is_back(state: Any, play: Play) -> bool:
    """A legal play against the pile's direction: only the trick of 10 does that."""
    pile = state.view(None)["piles"][play.pile]
    return play.card < pile["top"] if pile["ascending"] else play.card > pile["top"]
