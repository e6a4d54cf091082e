"""The C build of the fast path (``_fastgame.c``) against the numba kernels: the same
deals, the same games (cards left, win, actions; the moves themselves on a subset), for
every cheap bot, player count and variant, on seeded and on fixed deals; and its guard
against a stale build.

Without the build these tests skip, except under ``PARTIE_REQUIRE_NATIVE=1`` (set by
``scripts/test``, so CI), where they fail: a missing compiler must not pass unnoticed.
"""

from __future__ import annotations

import os
import random
import shutil
import warnings
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from partie.core import get_game
from partie.core.rng import derive_seed
from partie.games.the_game import native
from partie.games.the_game.cheap import minjump_turn
from partie.games.the_game.fast import fast_simulate, record_game
from partie.games.the_game.heuristic import HeuristicBot, params_for

GAME = get_game("the-game")
VARIANTS = [{}, {"expert": True}, {"fewer_cards": True}, {"expert": True, "fewer_cards": True}]
BOTS = ["heuristic", "minjump:2,5", "minjump", "greedy", "random"]


@pytest.fixture(scope="module")
def built() -> ModuleType:
    """The C module, current; a failure (not a skip) when CI requires it."""
    module = native.module()
    if module is None:
        if os.environ.get("PARTIE_REQUIRE_NATIVE") == "1":
            pytest.fail("the C fast path is not built (or stale)")
        pytest.skip("the C fast path is not built (no compiler at install?)")
    return module


def both(options, bot: str, seeds: list[int], deals=None) -> tuple[list, list]:
    return (
        fast_simulate(options, bot, seeds, deals, engine="c"),
        fast_simulate(options, bot, seeds, deals, engine="numba"),
    )


def test_the_build_is_the_current_source(built: ModuleType) -> None:
    assert native.source_hash() == built.SOURCE_HASH
    assert native.engine() == "c"


@pytest.mark.parametrize("seed", [0, 1, 99, 2**32 - 1, 2**32, 2**63 - 1])
def test_deal_is_the_engines(built: ModuleType, seed: int) -> None:
    out = np.zeros(98, np.int64)
    built.deals(np.array([seed], np.uint64), out)
    order = list(range(2, 100))
    random.Random(seed).shuffle(order)
    assert out.tolist() == order


def test_deals_side_by_side_are_the_engines(built: ModuleType) -> None:
    """Seeds in lanes of 8 (and a short last batch), of one and two 32-bit words."""
    seeds = [0, 1, 2**32 - 1, 2**32, 2**63 - 1] + [derive_seed(3, i) for i in range(300)]
    out = np.zeros((len(seeds), 98), np.int64)
    built.deals(np.array(seeds, np.uint64), out)
    for seed, row in zip(seeds, out, strict=True):
        order = list(range(2, 100))
        random.Random(seed).shuffle(order)
        assert row.tolist() == order


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_same_games_as_numba(built: ModuleType, players: int, variant: dict) -> None:
    """Every game of 600 seeds per bot: cards left, win and number of actions."""
    options = GAME.parse_options({"players": players, **variant})
    scores = set()
    for bot in BOTS:
        seeds = [derive_seed(21, bot, players, i) for i in range(600)]
        c, nb = both(options, bot, seeds)
        assert c == nb, f"{bot} players={players} {variant}"
        scores |= {score for score, _, _ in c}
    assert len(scores) > 20  # games of every kind, not one outcome over and over


@pytest.mark.parametrize("variant", ["base", "v3"])
def test_both_builds_play_the_same_games(built: ModuleType, variant: str) -> None:
    """The build for any processor and the one with AVX2 (when this one has it)."""
    try:
        used = built.use_variant(variant)
        for players in (1, 3, 5):
            options = GAME.parse_options({"players": players})
            seeds = [derive_seed(22, players, i) for i in range(400)]
            for bot in ("heuristic", "minjump:1,5"):
                c, nb = both(options, bot, seeds)
                assert c == nb
    finally:
        built.use_variant("v3")
    assert used in ("base", "v3")


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_same_moves_as_numba(built: ModuleType, players: int) -> None:
    """The recorded moves (plays, signals, ends of turn), not only their count."""
    for variant in ({}, {"expert": True}):
        options = GAME.parse_options({"players": players, **variant})
        for bot in BOTS:
            for i in range(15):
                seed = derive_seed(23, bot, players, i)
                assert record_game(options, seed, bot, engine="c") == record_game(
                    options, seed, bot, engine="numba"
                ), f"{bot} players={players} seed={seed}"


def test_fixed_deals_match(built: ModuleType) -> None:
    rng = random.Random(24)
    deals = []
    for _ in range(200):
        order = list(range(2, 100))
        rng.shuffle(order)
        deals.append(order)
    seeds = [derive_seed(24, i) for i in range(200)]
    for players in (2, 4):
        options = GAME.parse_options({"players": players, "fewer_cards": players == 4})
        for bot in BOTS:
            c, nb = both(options, bot, seeds, deals)
            assert c == nb
    # a given deal (options.deal) is played too
    options = GAME.parse_options({"players": 3, "deal": deals[0]})
    c, nb = both(options, "heuristic", [1, 2])
    assert c == nb and c[0] == c[1]


def test_the_bots_plan_as_numba(built: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine's ``heuristic`` and ``minjump`` bots (which call the C build when it is
    there) play the same games on both."""

    def history(options, seed: int, bot: str) -> list:
        state = GAME.setup(options, seed)
        seats = [GAME.make_bot(bot, derive_seed(seed, "bot", s)) for s in range(options.players)]
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, seats[seat].act(state.view(seat)))
        return state.history

    for players in (1, 3, 5):
        options = GAME.parse_options({"players": players})
        for bot in ("heuristic", "minjump:2,5"):
            for i in range(4):
                seed = derive_seed(25, players, i)
                monkeypatch.setenv("PARTIE_NATIVE", "1")
                c = history(options, seed, bot)
                monkeypatch.setenv("PARTIE_NATIVE", "0")
                nb = history(options, seed, bot)
                assert c == nb


def test_minjump_turns_as_numba(built: ModuleType) -> None:
    """``minjump``'s turn alone, C against numba, on 6,000 positions rich in ties (cards
    from a narrow range, pairs ten apart, tops near them): every need (0 to 3), hands of
    1 to 8 cards, in order and shuffled; the plays, their piles and their number."""
    rng = random.Random(27)
    kinds = set()
    for _ in range(6000):
        low = rng.randint(2, 70)
        n = rng.randint(1, 8)
        hand = rng.sample(range(low, min(99, low + rng.choice((12, 20, 30)) + 1)), n)
        if rng.random() < 0.7:
            hand.sort()
        near = [max(1, min(100, rng.choice(hand) + rng.randint(-12, 12))) for _ in range(4)]
        tops = [
            rng.choice((1, rng.randint(1, 99), min(near[0], 99))),
            rng.choice((rng.randint(1, 99), min(near[1], 99))),
            rng.choice((100, rng.randint(2, 100), max(near[2], 2))),
            rng.choice((rng.randint(2, 100), max(near[3], 2))),
        ]
        need, limit = rng.randint(0, 3), rng.choice((0, 1, 3, 8, 40))
        h, t = np.array(hand, np.int64), np.array(tops, np.int64)
        oc, op = np.zeros(16, np.int64), np.zeros(16, np.int64)
        length = built.minjump_turn(h, t, need, limit, oc, op)
        nc, np_ = np.zeros(16, np.int64), np.zeros(16, np.int64)
        ws = np.zeros(n + 4, np.int64)
        expected = minjump_turn(h, n, t, need, limit, nc, np_, ws)
        assert length == expected, (hand, tops, need, limit)
        assert (oc[:length].tolist(), op[:length].tolist()) == (
            nc[:length].tolist(),
            np_[:length].tolist(),
        ), (hand, tops, need, limit)
        kinds.add((need, min(length, 4)))
    assert len(kinds) >= 12  # every need, plans short and long, and no plan at all


def test_a_plan_from_a_view(built: ModuleType) -> None:
    """The bot's planner on a hand out of order falls back to numba; in order, C."""
    state = GAME.setup(GAME.parse_options({"players": 2}), 26)
    view = state.view(0)
    bot = HeuristicBot(0)
    plan = bot.plan(view)
    assert len(plan) >= 2
    shuffled = {**view, "hand": list(reversed(view["hand"]))}
    assert bot.plan(shuffled) == plan


def test_bad_input_is_refused(built: ModuleType) -> None:
    seeds = np.array([1, 2], np.uint64)
    out = np.zeros((2, 2), np.int64)
    empty = np.zeros(0, np.int64)
    params = params_for(2)
    bad = np.array([list(range(2, 100)), [2] * 98], np.int64)
    with pytest.raises(ValueError, match="98 cards"):
        built.play_batch(seeds, bad, empty, 2, 7, 2, 3, 0, 0, params, out)
    with pytest.raises(ValueError):
        built.play_batch(seeds, empty, empty, 6, 7, 2, 3, 0, 0, params, out)
    with pytest.raises(ValueError):
        built.play_batch(seeds, empty, empty, 2, 7, 2, 3, 0, 0, params, np.zeros(3, np.int64))
    with pytest.raises(ValueError):
        built.plan_turn(
            np.array([5, 3], np.int64),
            np.array([1, 1, 100, 100], np.int64),
            np.ones(101, np.bool_),
            2,
            50,
            2,
            np.zeros(4, np.bool_),
            params,
            np.zeros(8, np.int64),
            np.zeros(8, np.int64),
        )


def test_a_stale_build_is_not_used(
    built: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real build, checked against a copy of its sources: the same sources pass; an
    edited one makes the fast path warn once and run on numba, or fail under
    ``PARTIE_REQUIRE_NATIVE=1``; no sources at all (an install without them) pass."""
    for name in native.SOURCES:
        shutil.copy(native.FOLDER / name, tmp_path / name)
    assert native.checked(built, tmp_path) is built
    core = tmp_path / native.SOURCES[1]
    core.write_text(core.read_text() + "\n/* edited */\n")
    with pytest.warns(RuntimeWarning, match="other versions"):
        assert native.checked(built, tmp_path) is None
    assert native.checked(built, tmp_path / "absent") is built

    monkeypatch.setattr(native, "FOLDER", tmp_path)
    native._load.cache_clear()
    try:
        monkeypatch.delenv("PARTIE_REQUIRE_NATIVE", raising=False)
        with pytest.warns(RuntimeWarning):
            assert native.module() is None
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # warned once: the answer is kept
            assert native.engine() == "numba"
            options = GAME.parse_options({"players": 2})
            seeds = [derive_seed(27, i) for i in range(50)]
            assert fast_simulate(options, "heuristic", seeds) == fast_simulate(
                options, "heuristic", seeds, engine="numba"
            )
            with pytest.raises(ValueError, match="not built"):
                fast_simulate(options, "heuristic", seeds, engine="c")
        monkeypatch.setenv("PARTIE_REQUIRE_NATIVE", "1")
        with pytest.raises(RuntimeError, match="PARTIE_REQUIRE_NATIVE"):
            native.module()
        monkeypatch.setenv("PARTIE_NATIVE", "0")
        assert native.module() is None  # turned off on purpose: no error
    finally:
        monkeypatch.undo()
        native._load.cache_clear()
    assert native.module() is built
