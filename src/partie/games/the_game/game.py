"""The Game's ``Game`` object: options, set-up, bots and conformance hooks."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from partie.core.errors import BadOptions
from partie.core.game import Bot, Game, Result
from partie.core.inputs import MAX_BOT_BUDGET, check_bot_spec
from partie.core.options import options_from_json
from partie.games.the_game.bots import BOTS, BUDGETED, SETTINGS
from partie.games.the_game.refusals import REFUSALS
from partie.games.the_game.rules import (
    ASCENDING,
    CARDS,
    END_REASONS,
    END_TURN,
    EXCELLENT_BELOW,
    SIGNAL_KINDS,
    START_TOPS,
    TRICK,
    ChooseStart,
    EndReason,
    EndTurn,
    Play,
    Signal,
    TakeBack,
    TheGameAction,
    TheGameOptions,
    TheGameState,
    action_from_json,
    parse_action,
    state_from_position,
)


class TheGame(Game):
    id = "the-game"
    name = "The Game"
    min_players = 1
    max_players = 5
    default_bot = "heuristic"
    supports_deals = True
    traces_turns = True
    refusals = REFUSALS
    end_reasons = END_REASONS
    score_meaning = (
        "cartes restées non jouées à la fin (0 : victoire totale ; plus bas, mieux)",
        "cards left unplayed at the end (0 is a total win; lower is better)",
    )
    trace_label = ("cartes restantes (mains + pioche)", "cards left (hands + draw pile)")
    terminal_screen = "partie.terminal.the_game:TheGameScreen"
    print_cards = "partie.printing.faces:the_game_cards"
    web_adapter = "partie.server.games.the_game"
    rules_text = "partie.rules.text"

    def parse_options(
        self, data: dict[str, Any] | None = None, *, trusted: bool = True
    ) -> TheGameOptions:
        """No option of The Game names a file, so ``trusted`` changes nothing."""
        options = options_from_json(TheGameOptions, data)
        self.check_players(options.players)
        if options.deal is not None:
            check_deal(options.deal)
        return options

    def setup(self, options: TheGameOptions, seed: int) -> TheGameState:
        return TheGameState(self, options, seed)

    def from_position(self, text: str) -> TheGameState:
        """``piles 47 1 65 100; hands 36 38 / 20; draw 4 3; turn 1`` (see
        ``rules.position_text``)."""
        return state_from_position(self, text)

    def action_from_json(self, data: Any) -> TheGameAction:
        return action_from_json(data)

    def parse_action(self, view: dict[str, Any], text: str) -> TheGameAction:
        """``37 a1``, ``37`` alone when it fits one pile, ``fin``, ``signal d2 garde``…"""
        return parse_action(text, view)

    def compile_seconds(
        self, runs: Sequence[tuple[TheGameOptions, Sequence[str], bool]]
    ) -> int | None:
        """The fast path's compiled parts these runs need, when the cache lacks one."""
        from partie.games.the_game import fast, warm

        parts = {
            warm.fast_part(bots, fixed or options.deal is not None)
            for options, bots, fixed in runs
            if fast.supports(options, bots)
        }
        if all(warm.cache_ready(part) for part in parts):
            return None
        return warm.FAST_PATH_SECONDS

    def bot_names(self) -> list[str]:
        return sorted(BOTS)

    def make_bot(self, spec: str, seed: int = 0) -> Bot:
        """``name`` or ``name:N`` for bots with a budget (``mc:200``)."""
        check_bot_spec(spec, game=self.name)
        name, _, param = spec.partition(":")
        if name not in BOTS:
            known = ", ".join(self.bot_names())
            raise BadOptions(
                f"bot inconnu pour The Game : {spec!r} (bots : {known})",
                f"unknown bot for The Game: {spec!r} (bots: {known})",
            )
        if not param:
            return BOTS[name](seed)
        if name in SETTINGS:
            try:
                return BOTS[name](seed, param)
            except ValueError:
                raise BadOptions(
                    f"réglage de bot illisible : {spec!r} (ex. « minjump:1,1 », R,E de 0 à 97)",
                    f"unreadable bot setting: {spec!r} (e.g. 'minjump:1,1', R,E from 0 to 97)",
                ) from None
        if name not in BUDGETED or not param.isdigit() or not 1 <= int(param) <= MAX_BOT_BUDGET:
            raise BadOptions(
                f"réglage de bot illisible : {spec!r} (ex. « mc:200 », budget entier de 1 à "
                f"{MAX_BOT_BUDGET})",
                f"unreadable bot setting: {spec!r} (e.g. 'mc:200', a whole budget from 1 to "
                f"{MAX_BOT_BUDGET})",
            )
        return BOTS[name](seed, int(param))

    def turn_trace(self, state: Any) -> list[int]:
        """Cards left (hands + draw pile) at the start and after each turn, ending with
        the final score; read from the history, so plain games stay lean. Simulation
        reports plot its mean along the game."""
        left = len(CARDS)
        trace = [left]
        for _seat, action in state.history:
            if isinstance(action, Play):
                left -= 1
            elif isinstance(action, TakeBack):
                left += 1
            elif isinstance(action, EndTurn):
                trace.append(left)
        if state.is_over and trace[-1] != state.score:
            trace.append(state.score)
        return trace

    def fast_engine(self, options: TheGameOptions, bots: Sequence[str]) -> str | None:
        """What ``fast_results`` plays these tables on: ``"c"`` (the C build) or
        ``"numba"``; ``None`` when it does not play them (the engine does)."""
        from partie.games.the_game import fast, native

        return native.engine() if fast.supports(options, bots) else None

    def fast_results(
        self,
        options: TheGameOptions,
        bots: Sequence[str],
        seeds: Sequence[int],
        deals: Sequence[Sequence[int]] | None = None,
    ) -> list[tuple[Result, int]] | None:
        """The compiled path of tables of one cheap bot (``fast.py``), on the seeds'
        shuffles or on fixed ``deals`` (one per seed), shown identical to the engine by
        ``tests/games/the_game/test_fast.py`` and ``test_fast_cheap.py``."""
        from partie.games.the_game import fast

        if not fast.supports(options, bots):
            return None
        n = options.players
        out = []
        for score, won, actions in fast.fast_simulate(options, bots, seeds, deals):
            result = Result(
                winners=tuple(range(n)) if won else (),
                scores=(float(score),) * n,
                reason=EndReason.ALL_CARDS_PLAYED if won else EndReason.STUCK,
                details={"score": score, "excellent": score < EXCELLENT_BELOW},
            )
            out.append((result, actions))
        return out

    # -- conformance hooks ------------------------------------------------------------

    def probe_actions(self, state: Any, seat: int, rng: random.Random) -> Iterator[Any]:
        """Legal actions plus near misses: every card of the hand on every pile, cards
        not in hand, gaps of 9 and 11, ending a turn early, signals, out-of-turn play,
        take-backs of a card that is not the last one or of nothing."""
        yield from state.legal_actions(seat)
        hand = state.hands[seat]
        for card in hand:
            for p in range(4):
                yield Play(card, p)
        for p in range(4):
            top = state.tops[p]
            for delta in (-11, -10, -9, 9, 10, 11, 1, -1):
                card = top + delta
                if 2 <= card <= 99:
                    yield Play(card, p)
            for kind in (*SIGNAL_KINDS, "clear"):
                yield Signal(p, kind)
        yield Play(rng.choice(CARDS), rng.randrange(4))
        yield END_TURN
        yield ChooseStart(rng.randrange(state.options.players))
        if not state.laid:
            yield TakeBack()  # with a card laid it is another name for the legal one
        yield TakeBack(rng.choice(CARDS))
        for card, _pile, _top in state.laid[:-1]:
            yield TakeBack(card)

    def random_action(self, state: Any, seat: int, rng: random.Random) -> Any:
        """Uniform over plays and ending the turn; a signal one time in twenty; a
        take-back, where the table offers it, one time in eight (so playouts end)."""
        legal = state.legal_actions(seat)
        if state.laid and any(isinstance(a, TakeBack) for a in legal):
            takeback = legal.pop(next(i for i, a in enumerate(legal) if isinstance(a, TakeBack)))
            if rng.random() < 0.125:
                return takeback
        moves = [a for a in legal if not isinstance(a, Signal)]
        if not moves or rng.random() < 0.05:
            return rng.choice(legal)
        return rng.choice(moves)

    def check_invariants(self, state: Any) -> None:
        cards = [c for h in state.hands for c in h] + list(state.draw) + list(state.played)
        assert sorted(cards) == list(CARDS), "the 98 cards are not conserved"
        assert len(state.played) == len(set(state.played))
        assert all(h == sorted(h) for h in state.hands)
        # Piles move only in their direction, or back by exactly 10; a take-back puts
        # back the top its card covered, and never reaches past the turn's start.
        tops = list(START_TOPS)
        turn: list[tuple[int, int]] = []  # (pile, top covered) of this turn's cards
        for _seat, action in state.history:
            if isinstance(action, Play):
                top = tops[action.pile]
                ascending = ASCENDING[action.pile]
                moved = action.card - top if ascending else top - action.card
                assert moved > 0 or moved == -TRICK, f"pile moved by {moved}: {action}"
                turn.append((action.pile, top))
                tops[action.pile] = action.card
            elif isinstance(action, TakeBack):
                assert turn, "a take-back reached back past the start of the turn"
                pile, top = turn.pop()
                tops[pile] = top
            elif isinstance(action, EndTurn):
                turn.clear()
        assert tops == state.tops
        assert [(p, t) for _c, p, t in state.laid] == turn
        assert state.played_this_turn == len(turn)

    def reshuffle_hidden(self, state: Any, seat: int | None, rng: random.Random) -> Any:
        """Deal the cards ``seat`` cannot see (other hands, the draw pile) again; once
        the game is over every hand is open and only the draw pile stays hidden."""
        other = state.clone()
        if state.over:
            rng.shuffle(other.draw)
            return other
        seats = [s for s in range(state.options.players) if s != seat]
        unseen = [c for s in seats for c in state.hands[s]] + list(state.draw)
        rng.shuffle(unseen)
        for s in seats:
            size = len(state.hands[s])
            other.hands[s] = sorted(unseen[:size])
            unseen = unseen[size:]
        other.draw = unseen
        return other


def check_deal(deal: tuple[int, ...] | list[int]) -> None:
    """A deal is the 98 cards, each once, in the order they leave the deck."""
    if sorted(deal) != list(CARDS):
        missing = sorted(set(CARDS) - set(deal))[:5]
        raise BadOptions(
            f"une donne doit contenir les 98 cartes de 2 à 99, une fois chacune "
            f"({len(deal)} cartes{', manque ' + str(missing) if missing else ''})",
            f"a deal must hold the 98 cards 2..99 once each "
            f"({len(deal)} cards{', missing ' + str(missing) if missing else ''})",
        )


GAME = TheGame()

__all__ = ["GAME", "TheGame", "check_deal"]
