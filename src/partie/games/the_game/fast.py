"""The fast path: whole games of the ``heuristic`` bot in one compiled loop.

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


def supports(options: TheGameOptions, bot: str | Sequence[str]) -> bool:
    """Can the fast path play these games? Every seat ``heuristic``, seat 0 starting."""
    names = [bot] if isinstance(bot, str) else list(bot)
    return all(name == "heuristic" for name in names) and not options.choose_start


def fast_simulate(
    options: TheGameOptions, bot: str | Sequence[str], seeds: Sequence[int]
) -> list[tuple[int, bool, int]]:
    """Play one game per seed with every seat ``heuristic`` and return, per game,
    ``(score, won, actions)`` with ``actions`` the length of the engine's history.

    Identical to playing the same seeds through the engine (``Game.setup(options, seed)``
    and ``HeuristicBot`` at every seat, whatever the bots' own seeds: the heuristic draws
    no chance). Seeds must be in ``0 .. 2**63 - 1`` (those of ``derive_seed`` are). Raises
    ``ValueError`` when ``supports(options, bot)`` is false or a seed is out of range;
    a caller then plays through the engine instead.
    """
    if not supports(options, bot):
        raise ValueError("the fast path plays only 'heuristic' at every seat, seat 0 first")
    if any(not 0 <= int(s) < 2**63 for s in seeds):
        raise ValueError("the fast path takes seeds from 0 to 2**63 - 1")
    params = params_for(options.players)
    if options.deal is not None:
        order = np.array(options.deal, np.int64)
        empty = np.zeros(0, np.int64)
        results = []
        for _ in seeds:
            score, actions, _ = play_game(
                order, options.players, options.hand_size, options.min_cards, params, empty
            )
            results.append((int(score), score == 0, int(actions)))
        return results
    seed_array = np.array([int(s) for s in seeds], np.uint64)
    out = _play_seeds(seed_array, options.players, options.hand_size, options.min_cards, params)
    return [(int(score), score == 0, int(actions)) for score, actions in out]


def record_game(options: TheGameOptions, seed: int) -> tuple[int, list[Any]]:
    """One fast game's score and its actions (for the differential test)."""
    order = np.array(options.deal, np.int64) if options.deal else engine_deal(seed)
    record = np.zeros(2000, np.int64)
    score, _, n = play_game(
        order,
        options.players,
        options.hand_size,
        options.min_cards,
        params_for(options.players),
        record,
    )
    return int(score), [decode(int(code)) for code in record[:n]]


__all__ = ["engine_deal", "fast_simulate", "play_game", "record_game", "supports"]
