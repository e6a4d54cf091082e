"""The fast path: whole games of one cheap bot at every seat in one compiled loop
(``heuristic`` here and in ``kernels``; ``random``, ``greedy``, ``minjump`` in ``cheap``).

``fast_simulate(options, bot, seeds)`` plays one game per seed and returns, per game,
``(score, won, actions)``, exactly what the engine gives when every seat is a
``heuristic`` bot (``partie.sim`` calls it instead of the engine when it can). It is
exact, not an approximation:

- the deal is the engine's: ``random.Random(seed).shuffle(list(range(2, 100)))``, with
  CPython's Mersenne Twister and its ``shuffle`` rewritten as a kernel (or the
  ``options.deal`` order when one is given);
- the moves come from the very kernels the bot calls (``kernels._plan`` and
  ``kernels._signals``, which ``plan_turn`` and ``wanted_signals`` wrap), and the game
  loop follows the engine's rules line by line (minimum per turn, drawing, skipping empty
  hands, the two ways a game ends);
- a batch of seeded games (``_play_seeds``) allocates nothing per game or per turn: its
  workspaces are made once.

``tests/games/the_game/test_fast.py`` checks it against the engine over thousands of
seeded games: same sequence of actions, same score.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from partie.core.rng import derive_seed
from partie.games.the_game import native
from partie.games.the_game.bots import minjump_setting
from partie.games.the_game.cheap import KINDS, play_cheap_seeds, record_cheap
from partie.games.the_game.heuristic import params_for
from partie.games.the_game.kernels import ACTION_END, _play_seeds, engine_deal, play_game
from partie.games.the_game.rules import END_TURN, Play, Signal, TheGameOptions


def decode(code: int) -> Any:
    """An action code of ``play_game``'s record as an engine action (``(seat, Signal)``
    for signals, since any seat may signal)."""
    if code == ACTION_END:
        return END_TURN
    if code >= 1000:
        code -= 1000
        seat, rest = divmod(code, 16)
        pile, kind = divmod(rest, 4)
        return (seat, Signal(pile, "keep" if kind == 1 else "clear"))
    card, pile = divmod(code, 4)
    return Play(card, pile)


def _kind(names: list[str]) -> tuple[str, int, int] | None:
    """(bot, R, E) when every seat is the same fast bot, else ``None``."""
    if not names or any(name != names[0] for name in names):
        return None
    name, _, param = names[0].partition(":")
    if name in ("heuristic", "random", "greedy") and not param:
        return name, 0, 0
    if name == "minjump":
        try:
            r, e = minjump_setting(param) if param else (1, 1)
        except ValueError:
            return None
        return name, r, e
    return None


def supports(options: TheGameOptions, bot: str | Sequence[str]) -> bool:
    """Can the fast path play these games? The same fast bot (``heuristic``, ``random``,
    ``greedy``, ``minjump[:R,E]``) at every seat, seat 0 starting."""
    names = [bot] if isinstance(bot, str) else list(bot)
    return _kind(names) is not None and not options.choose_start


def _native(engine: str | None) -> Any:
    """The C module for ``engine`` (``None``: the C one when built, else numba), or
    ``None`` for numba; ``ValueError`` when ``"c"`` is asked and not built."""
    if engine == "numba":
        return None
    built = native.module()
    if engine == "c" and built is None:
        raise ValueError("the C fast path is not built (or stale)")
    return built


def fast_simulate(
    options: TheGameOptions,
    bot: str | Sequence[str],
    seeds: Sequence[int],
    deals: Sequence[Sequence[int]] | None = None,
    engine: str | None = None,
) -> list[tuple[int, bool, int]]:
    """Play one game per seed with every seat the bot ``bot`` and return, per game,
    ``(score, won, actions)`` with ``actions`` the length of the engine's history.

    Identical to playing the same seeds through the engine (``Game.setup(options, seed)``
    and the bot at every seat, seat ``s`` seeded with ``derive_seed(seed, "bot", s)``
    as the simulator seeds it: only ``random`` draws from it). ``deals[g]``, when given,
    is game ``g``'s deal (else ``options.deal``, else the seed's shuffle). Seeds must be
    in ``0 .. 2**63 - 1`` (those of ``derive_seed`` are). Raises ``ValueError`` when
    ``supports(options, bot)`` is false or a seed is out of range; a caller then plays
    through the engine instead.
    """
    names = [bot] if isinstance(bot, str) else list(bot)
    kind = _kind(names)
    if kind is None or options.choose_start:
        raise ValueError("the fast path plays one cheap bot at every seat, seat 0 first")
    seed_array = _seed_array(seeds)
    if deals is None and options.deal is not None:
        deals = [options.deal] * len(seeds)
    if deals is not None and len(deals) != len(seeds):
        raise ValueError("one deal per seed")
    name, r, e = kind
    deal_array = np.array(deals, np.int64).reshape(-1, 98) if deals else np.zeros((0, 98), np.int64)
    n = options.players
    built = _native(engine)
    if built is not None:
        out = np.zeros((len(seeds), 2), np.int64)
        built.play_batch(
            seed_array,
            deal_array,
            _bot_seeds(name, seeds, n),
            n,
            options.hand_size,
            options.min_cards,
            built.KIND_HEURISTIC if name == "heuristic" else KINDS[name],
            r,
            e,
            params_for(n),
            out,
        )
    elif name == "heuristic":
        params = params_for(n)
        if deals is not None:
            empty = np.zeros(0, np.int64)
            results = []
            for row in deal_array:
                score, actions, _ = play_game(
                    row, n, options.hand_size, options.min_cards, params, empty
                )
                results.append((int(score), score == 0, int(actions)))
            return results
        out = _play_seeds(seed_array, n, options.hand_size, options.min_cards, params)
    else:
        out = play_cheap_seeds(
            seed_array,
            _bot_seeds(name, seeds, n),
            deal_array,
            n,
            options.hand_size,
            options.min_cards,
            KINDS[name],
            r,
            e,
        )
    scores = out[:, 0].tolist()
    return list(zip(scores, [score == 0 for score in scores], out[:, 1].tolist(), strict=True))


def _bot_seeds(name: str, seeds: Sequence[int], players: int) -> np.ndarray:
    """Each seat's seed per game (``random`` only draws from it; zeros for the others)."""
    bot_seeds = np.zeros((len(seeds), players), np.int64)
    if name == "random":
        for g, seed in enumerate(seeds):
            for s in range(players):
                bot_seeds[g, s] = derive_seed(int(seed), "bot", s)
    return bot_seeds


def _seed_array(seeds: Sequence[int]) -> np.ndarray:
    """The seeds as an array, checked to be in ``0 .. 2**63 - 1`` (in one pass in C: a
    Python loop over the seeds would cost a few percent of a batch's time)."""
    try:
        array = np.array(seeds, np.int64).reshape(-1)
    except (OverflowError, TypeError, ValueError):
        raise ValueError("the fast path takes seeds from 0 to 2**63 - 1") from None
    if array.shape[0] != len(seeds) or (array.shape[0] and array.min() < 0):
        raise ValueError("the fast path takes seeds from 0 to 2**63 - 1")
    return array.astype(np.uint64)


def record_game(
    options: TheGameOptions, seed: int, bot: str = "heuristic", engine: str | None = None
) -> tuple[int, list[Any]]:
    """One fast game's score and its actions (for the differential tests); ``engine``
    as in ``fast_simulate``."""
    kind = _kind([bot])
    if kind is None:
        raise ValueError(f"no fast path for {bot!r}")
    built = _native(engine)
    record = np.zeros(4000, np.int64)
    name, r, e = kind
    n = options.players
    if built is not None:
        order = np.array(options.deal, np.int64) if options.deal else _deal_c(built, seed)
        score, _, length = built.record_game(
            order,
            _bot_seeds(name, [seed], n).reshape(-1),
            n,
            options.hand_size,
            options.min_cards,
            built.KIND_HEURISTIC if name == "heuristic" else KINDS[name],
            r,
            e,
            params_for(n),
            record,
        )
        return int(score), [decode(int(code)) for code in record[:length]]
    order = np.array(options.deal, np.int64) if options.deal else engine_deal(seed)
    if name == "heuristic":
        score, _, length = play_game(
            order, n, options.hand_size, options.min_cards, params_for(n), record
        )
    else:
        bot_seeds = np.array([derive_seed(seed, "bot", s) for s in range(n)], np.int64)
        score, _, length = record_cheap(
            order, bot_seeds, n, options.hand_size, options.min_cards, KINDS[name], r, e, record
        )
    return int(score), [decode(int(code)) for code in record[:length]]


def _deal_c(built: Any, seed: int) -> np.ndarray:
    """The C build's shuffle of ``seed`` (``engine_deal``'s)."""
    order = np.zeros(98, np.int64)
    built.deals(_seed_array([seed]), order)
    return order


__all__ = ["engine_deal", "fast_simulate", "play_game", "record_game", "supports"]
