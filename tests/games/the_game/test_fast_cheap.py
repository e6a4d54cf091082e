"""The fast path of the cheap bots (random, greedy, minjump) against the engine: same
moves, same scores, on shuffled deals, fixed deals and every variant."""

from __future__ import annotations

import dataclasses
import random

import pytest

from partie.core import get_game
from partie.core.errors import BadOptions
from partie.core.rng import derive_seed
from partie.games.the_game.bots import MinJumpBot
from partie.games.the_game.fast import fast_simulate, record_game, supports
from partie.sim.chunks import SimulationSpec, run_chunk

GAME = get_game("the-game")
BOTS = ["random", "greedy", "minjump", "minjump:3,9", "minjump:0,0"]


def engine_game(options, seed: int, bot: str):
    """The engine's game, seats seeded as the simulator seeds them."""
    state = GAME.setup(options, seed)
    bots = [GAME.make_bot(bot, derive_seed(seed, "bot", s)) for s in range(options.players)]
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].act(state.view(seat)))
    return state


def check(options, seeds, bot: str, deals=None) -> set[str]:
    fast = fast_simulate(options, bot, seeds, deals)
    reasons = set()
    for g, (seed, (score, won, actions)) in enumerate(zip(seeds, fast, strict=True)):
        opts = options
        if deals is not None:
            opts = GAME.parse_options({"players": options.players, "deal": list(deals[g])})
        state = engine_game(opts, seed, bot)
        fast_score, moves = record_game(opts, seed, bot)
        assert moves == [a for _, a in state.history], f"{bot} seed={seed}"
        assert score == fast_score == state.score
        assert won == (state.score == 0)
        assert actions == len(state.history)
        reasons.add(state.result.reason)
    return reasons


@pytest.mark.parametrize("bot", BOTS)
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_same_moves_and_scores_as_the_engine(players: int, bot: str) -> None:
    options = GAME.parse_options({"players": players})
    seeds = [derive_seed(11, bot, players, i) for i in range(40)]
    reasons = check(options, seeds, bot)
    assert "stuck" in reasons


@pytest.mark.parametrize(
    "variant",
    [{"expert": True}, {"fewer_cards": True}, {"expert": True, "fewer_cards": True}],
)
@pytest.mark.parametrize("bot", ["random", "greedy", "minjump:2,4"])
def test_variants_match(bot: str, variant: dict) -> None:
    for players in (1, 3):
        options = GAME.parse_options({"players": players, **variant})
        check(options, [derive_seed(12, bot, players, i) for i in range(25)], bot)


@pytest.mark.parametrize("bot", ["heuristic", "random", "greedy", "minjump:1,3"])
def test_fixed_deals_match(bot: str) -> None:
    rng = random.Random(5)
    deals = []
    for _ in range(20):
        order = list(range(2, 100))
        rng.shuffle(order)
        deals.append(order)
    options = GAME.parse_options({"players": 2})
    seeds = [derive_seed(13, i) for i in range(20)]
    if bot == "heuristic":  # the heuristic's own differential test lives in test_fast.py
        fast = fast_simulate(options, bot, seeds, deals)
        for g, deal in enumerate(deals):
            opts = GAME.parse_options({"players": 2, "deal": deal})
            assert fast[g][0] == engine_game(opts, seeds[g], bot).score
    else:
        check(options, seeds, bot, deals)


def test_minjump_wins_some_solo_games() -> None:
    """The strategy is strong enough to empty the deck now and then (about one solo game
    in nine), which a wrong jump or limit would not."""
    options = GAME.parse_options({"players": 1})
    out = fast_simulate(options, "minjump", [derive_seed(14, i) for i in range(600)])
    wins = sum(won for _, won, _ in out)
    assert 20 <= wins <= 140


def test_minjump_settings() -> None:
    assert isinstance(GAME.make_bot("minjump:2,5", 0), MinJumpBot)
    bot = GAME.make_bot("minjump:2,5", 0)
    assert (bot.r, bot.e) == (2, 5)
    for bad in ("minjump:2", "minjump:a,b", "minjump:1,98", "minjump:-1,2", "minjump:1,2,3"):
        with pytest.raises(BadOptions):
            GAME.make_bot(bad, 0)
    options = GAME.parse_options({"players": 2})
    assert supports(options, ["minjump:2,5", "minjump:2,5"])
    assert not supports(options, ["minjump:2,5", "minjump:2,4"])
    assert not supports(options, ["greedy", "heuristic"])
    assert not supports(options, "mc")


@pytest.mark.parametrize("bot", ["heuristic", "random", "greedy", "minjump:2,5"])
def test_simulator_plays_fixed_deals_fast_and_as_the_engine(bot: str) -> None:
    """``partie simulate --deals`` (and so ``--compare``, ``--per-deal``) takes the fast
    path for every cheap bot, with the engine's outcomes."""
    rng = random.Random(9)
    deals = []
    for _ in range(30):
        order = list(range(2, 100))
        rng.shuffle(order)
        deals.append(tuple(order))
    spec = SimulationSpec(
        game="the-game",
        options={"players": 3, "expert": True},
        bots=(bot,) * 3,
        games=30,
        seed=4,
        deals=tuple(deals),
    )
    options = GAME.parse_options(spec.options)
    assert GAME.fast_results(options, spec.bots, [1, 2], deals=deals[:2]) is not None
    chunk = {i: deals[i] for i in range(30)}
    fast = run_chunk(dataclasses.replace(spec, deals=None), range(30), chunk)
    engine = run_chunk(
        dataclasses.replace(spec, deals=None, keep_records=True), range(30), chunk
    )  # records force the engine
    key = lambda o: (o.index, o.seed, o.winners, o.scores, o.reason, o.details, o.actions)  # noqa: E731
    assert [key(o) for o in fast] == [key(o) for o in engine]
