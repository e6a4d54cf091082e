"""The Game (Steffen Benndorf, 2015) as ``docs/rules/the-game.md`` states it.

Vocabulary first: piles, cards and the three kinds of action, then the state.
The engine is pure and lean: hands are sorted lists of ints, pile tops a list of four
ints, the draw pile a list whose end is its top.
"""

from __future__ import annotations

import enum
import random
from bisect import insort
from dataclasses import dataclass
from typing import Any, ClassVar

from partie.core.errors import (
    AmbiguousAction,
    BadPosition,
    GameOver,
    IllegalAction,
    InvalidAction,
    NotYourTurn,
)
from partie.core.game import Result, State
from partie.core.rng import make_rng


class EndReason(enum.StrEnum):
    """Why a game of The Game ended: the stable codes of ``Result.reason``."""

    ALL_CARDS_PLAYED = "all_cards_played"
    """Every card is down (total victory)."""
    STUCK = "stuck"
    """The player to act cannot lay this turn's minimum."""


END_REASONS: dict[str, tuple[str, str]] = {
    EndReason.ALL_CARDS_PLAYED: ("toutes les cartes posées", "all cards down"),
    EndReason.STUCK: ("blocage (minimum impossible)", "stuck (minimum out of reach)"),
}
"""The reasons in French and English (simulation summaries and reports)."""

CARDS = tuple(range(2, 100))
"""The 98 cards; 1 and 100 are pile markers, never cards."""

PILE_NAMES = ("a1", "a2", "d1", "d2")
ASCENDING = (True, True, False, False)
START_TOPS = (1, 1, 100, 100)
TRICK = 10
"""The backwards trick ("rétro") is a gap of exactly 10, never 9 or 11."""

HAND_SIZES = {1: 8, 2: 7, 3: 6, 4: 6, 5: 6}
EXCELLENT_BELOW = 10

SIGNAL_KINDS = ("keep", "good")
"""Number-free pile signals: "please keep this pile for me" and "I can play well here"."""

SIGNAL_WORDS = {
    "garde": "keep",
    "keep": "keep",
    "bon": "good",
    "good": "good",
    "efface": "clear",
    "clear": "clear",
}
SIGNAL_TEXT = {
    "keep": ("garde", "keep"),
    "good": ("bon", "good"),
    "clear": ("efface", "clear"),
}


def pile_index(name: str) -> int:
    """``"a1"`` → 0 ... ``"d2"`` → 3; raises ``InvalidAction`` for anything else."""
    try:
        return PILE_NAMES.index(name.strip().lower())
    except (ValueError, AttributeError):
        raise InvalidAction(
            f"pile inconnue : {name!r} (piles : a1 a2 montantes, d1 d2 descendantes)",
            f"unknown pile: {name!r} (piles: a1 a2 ascending, d1 d2 descending)",
            code="unknown_pile",
        ) from None


def playable(card: int, top: int, ascending: bool) -> bool:
    """May ``card`` go on a pile showing ``top``? Higher on an ascending pile, lower on a
    descending one, or exactly 10 the other way (the trick)."""
    if ascending:
        return card > top or card == top - TRICK
    return card < top or card == top + TRICK


def is_trick(card: int, top: int, ascending: bool) -> bool:
    return card == (top - TRICK if ascending else top + TRICK)


def can_play_sequence(hand: list[int], tops: list[int], need: int) -> bool:
    """Is there a sequence of ``need`` legal plays from ``hand`` on piles ``tops``?
    Used at the start of a turn; ``need`` is at most 3, so a small search is enough."""
    if need <= 0:
        return True
    if need > len(hand):
        return False
    for i, card in enumerate(hand):
        for p in range(4):
            top = tops[p]
            if playable(card, top, ASCENDING[p]):
                if need == 1:
                    return True
                tops[p] = card
                rest = hand[:i] + hand[i + 1 :]
                found = can_play_sequence(rest, tops, need - 1)
                tops[p] = top
                if found:
                    return True
    return False


def corners(view: dict[str, Any], card: int, pile: int) -> bool:
    """Would laying ``card`` on pile ``pile`` leave this view's player unable to reach the
    turn's minimum, so that the game ends (``stuck``)? Read from the player's own view
    (its hand, the public piles): what the terminal and the web warn about before a play."""
    hand = view.get("hand") or []
    if view.get("over") or card not in hand or not 0 <= pile < 4:
        return False
    tops = [p["top"] for p in view["piles"]]
    if not playable(card, tops[pile], ASCENDING[pile]):
        return False
    need = view["min_cards"] - view["played_this_turn"] - 1
    rest = [c for c in hand if c != card]
    if need <= 0 or (not rest and view["draw_count"] == 0):
        return False
    tops[pile] = card
    return not can_play_sequence(rest, tops, need)


# Actions ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    """Lay ``card`` on pile ``pile`` (0..3, i.e. a1 a2 d1 d2)."""

    card: int
    pile: int
    type: ClassVar[str] = "play"

    def to_json(self) -> dict[str, Any]:
        return {"type": "play", "card": self.card, "pile": PILE_NAMES[self.pile]}

    def text(self) -> str:
        return f"{self.card} {PILE_NAMES[self.pile]}"

    def __repr__(self) -> str:
        return f"Play({self.card}, {self.pile})"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Stop playing for this turn and draw back up."""

    type: ClassVar[str] = "end"

    def to_json(self) -> dict[str, Any]:
        return {"type": "end"}

    def text(self) -> str:
        return "fin"


@dataclass(frozen=True, slots=True)
class Signal:
    """Put (or clear) a number-free signal on a pile. Talk, not a move: any seat may
    signal at any time, and it does not pass the turn."""

    pile: int
    kind: str
    type: ClassVar[str] = "signal"

    def to_json(self) -> dict[str, Any]:
        return {"type": "signal", "pile": PILE_NAMES[self.pile], "kind": self.kind}

    def text(self) -> str:
        return f"signal {PILE_NAMES[self.pile]} {SIGNAL_TEXT[self.kind][0]}"


@dataclass(frozen=True, slots=True)
class ChooseStart:
    """Before the first card, the table agrees who starts (option ``choose_start``)."""

    seat: int
    type: ClassVar[str] = "start"

    def to_json(self) -> dict[str, Any]:
        return {"type": "start", "seat": self.seat}

    def text(self) -> str:
        return f"commence {self.seat + 1}"


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Take back the last card laid this turn (option ``takeback``): a mistaken tap
    undone before the turn ends. ``card`` names it, so the same tap sent twice is
    refused instead of taking back one more card; ``None`` means "the last one"."""

    card: int | None = None
    type: ClassVar[str] = "takeback"

    def to_json(self) -> dict[str, Any]:
        if self.card is None:
            return {"type": "takeback"}
        return {"type": "takeback", "card": self.card}

    def text(self) -> str:
        return "reprendre" if self.card is None else f"reprendre {self.card}"


TheGameAction = Play | EndTurn | Signal | ChooseStart | TakeBack
END_TURN = EndTurn()

TAKEBACK_WORDS = ("reprendre", "reprends", "reprise", "undo", "takeback", "take-back")
"""What a player types to take back the last card (French first, English too)."""


def action_from_json(data: Any) -> TheGameAction:
    """Read an action from its JSON form."""
    if not isinstance(data, dict):
        raise InvalidAction("action illisible", "unreadable action", code="unreadable_action")
    kind = data.get("type")
    try:
        if kind == "play":
            card = data["card"]
            if not isinstance(card, int) or isinstance(card, bool):
                raise TypeError
            return Play(card, pile_index(str(data["pile"])))
        if kind == "end":
            return END_TURN
        if kind == "signal":
            signal = SIGNAL_WORDS.get(str(data["kind"]).lower())
            if signal is None:
                raise InvalidAction(
                    f"signal inconnu : {data['kind']!r} (garde, bon, efface)",
                    f"unknown signal: {data['kind']!r} (keep, good, clear)",
                    code="unknown_signal",
                )
            return Signal(pile_index(str(data["pile"])), signal)
        if kind == "takeback":
            card = data.get("card")
            if card is not None and (not isinstance(card, int) or isinstance(card, bool)):
                raise TypeError
            return TakeBack(card)
        if kind == "start":
            seat = data["seat"]
            if not isinstance(seat, int) or isinstance(seat, bool):
                raise TypeError
            return ChooseStart(seat)
    except (KeyError, TypeError):
        raise InvalidAction(
            f"action incomplète : {data!r}",
            f"incomplete action: {data!r}",
            code="incomplete_action",
        ) from None
    raise InvalidAction(
        f"type d'action inconnu : {kind!r}", f"unknown action type: {kind!r}", code="unknown_action"
    )


def parse_action(text: str, view: dict[str, Any] | None = None) -> TheGameAction:
    """Read what a player types: ``37 a1``, ``fin``/``end``, ``signal d2 garde``,
    ``commence 2``/``start 2`` (seats counted from 1, as players count them),
    ``reprendre``/``undo`` (``reprendre 97`` names the card). With the player's
    ``view``, a bare card (``37``) is laid on the one pile it fits, or refused naming
    the piles it fits (``AmbiguousAction``) or why it fits none; ``reprendre`` alone
    names the last card the view shows laid this turn (whether it may be taken back is
    ``apply``'s call)."""
    words = text.strip().lower().split()
    if not words:
        raise InvalidAction("coup vide", "empty move", code="empty_move")
    head = words[0]
    if view is not None and len(words) == 1 and _is_number(head):
        return bare_card(int(head), view)
    if head in ("fin", "end", "f", "e") and len(words) == 1:
        return END_TURN
    if head == "signal" and len(words) == 3:
        kind = SIGNAL_WORDS.get(words[2])
        if kind is None:
            raise InvalidAction(
                f"signal inconnu : {words[2]!r} (garde, bon, efface)",
                f"unknown signal: {words[2]!r} (keep, good, clear)",
                code="unknown_signal",
            )
        return Signal(pile_index(words[1]), kind)
    if head in TAKEBACK_WORDS and len(words) == 1:
        laid = (view or {}).get("laid_this_turn") or []
        return TakeBack(laid[-1]["card"] if laid else None)
    if head in TAKEBACK_WORDS and len(words) == 2 and _is_number(words[1]):
        return TakeBack(int(words[1]))
    if head in ("commence", "start") and len(words) == 2 and _is_number(words[1]):
        return ChooseStart(int(words[1]) - 1)
    if len(words) == 2 and _is_number(head):
        return Play(int(head), pile_index(words[1]))
    if len(words) == 2 and _is_number(words[1]):
        return Play(int(words[1]), pile_index(head))
    shown = text.strip() if len(text.strip()) <= 40 else text.strip()[:37] + "..."
    raise InvalidAction(
        f"coup illisible : {shown!r} (ex. « 37 a1 », « fin », « signal d2 garde », « reprendre »)",
        f"unreadable move: {shown!r} (e.g. '37 a1', 'end', 'signal d2 keep', 'undo')",
        code="unreadable_move",
    )


def _is_number(word: str) -> bool:
    """A number a player means: at most 4 ASCII digits (``str.isdigit`` also takes ``²``,
    which ``int`` refuses, and 10,000 digits, which ``int`` refuses too)."""
    return 0 < len(word) <= 4 and word.isascii() and word.isdigit()


def bare_card(card: int, view: dict[str, Any]) -> Play:
    """The play a card typed alone means in ``view``: the one pile it fits."""
    hand = view.get("hand") or []
    if card not in hand:
        raise IllegalAction(
            f"vous n'avez pas le {card} en main",
            f"you do not hold card {card}",
            code="card_not_in_hand",
        )
    piles = [
        p for p, pile in enumerate(view["piles"]) if playable(card, pile["top"], pile["ascending"])
    ]
    if len(piles) == 1:
        return Play(card, piles[0])
    if not piles:
        raise IllegalAction(
            f"le {card} ne va sur aucune pile", f"card {card} fits no pile", code="does_not_fit"
        )
    names = [PILE_NAMES[p] for p in piles]
    raise AmbiguousAction(
        f"{card} : {', '.join(names[:-1])} ou {names[-1]} ?",
        f"{card}: {', '.join(names[:-1])} or {names[-1]}?",
        choices=[Play(card, p).to_json() for p in piles],
    )


# Options ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TheGameOptions:
    """Table options. ``deal`` fixes the order in which the 98 cards leave the deck
    (seat 0's hand first, then the others, then the draw pile from the top) instead of
    shuffling: same deals for comparing bots. ``takeback`` ("reprise dans le tour")
    lets the player to act take back the cards laid this turn, last first, until the
    turn ends: off unless asked (the browser's table form asks for it)."""

    players: int = 1
    expert: bool = False
    fewer_cards: bool = False
    choose_start: bool = False
    deal: tuple[int, ...] | None = None
    takeback: bool = False

    @property
    def min_cards(self) -> int:
        """Cards to play per turn while the draw pile lasts."""
        return 3 if self.expert else 2

    @property
    def hand_size(self) -> int:
        return HAND_SIZES[self.players] - (1 if self.fewer_cards else 0)


# State -----------------------------------------------------------------------------


class TheGameState(State):
    """One game of The Game."""

    __slots__ = (
        "_options",
        "current",
        "draw",
        "game",
        "hands",
        "history",
        "laid",
        "over",
        "played",
        "played_this_turn",
        "reason",
        "rng",
        "seed",
        "signals",
        "started",
        "tops",
    )

    def __init__(self, game: Any, options: TheGameOptions, seed: int) -> None:
        self.game = game
        self._options = options
        self.seed = seed
        self.rng = make_rng(seed)
        if options.deal is not None:
            order = list(options.deal)
        else:
            order = list(CARDS)
            self.rng.shuffle(order)
        size = options.hand_size
        n = options.players
        self.hands: list[list[int]] = [sorted(order[i * size : (i + 1) * size]) for i in range(n)]
        self.draw: list[int] = order[n * size :][::-1]  # the end of the list is the top
        self.tops: list[int] = list(START_TOPS)
        self.current = 0
        self.played_this_turn = 0
        self.played: list[int] = []  # kept sorted: it is public, and views show it
        # The cards laid this turn, in order, with the top each one covered: what a
        # take-back restores. Emptied when the turn ends, so no take-back reaches back.
        self.laid: list[tuple[int, int, int]] = []
        self.signals: dict[tuple[int, int], str] = {}
        self.history: list[tuple[int, Any]] = []
        self.started = not options.choose_start
        self.over = False
        self.reason = ""
        self._start_turn_check()

    # -- the contract -------------------------------------------------------------

    @property
    def options(self) -> TheGameOptions:
        return self._options

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.over else (self.current,)

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def min_cards(self) -> int:
        """Cards the player to act must lay this turn: 2 (expert 3), 1 once the draw
        pile is empty."""
        return self._options.min_cards if self.draw else 1

    @property
    def score(self) -> int:
        """Cards not yet played: in hands and in the draw pile. 0 is total victory."""
        return len(self.draw) + sum(len(h) for h in self.hands)

    @property
    def result(self) -> Result | None:
        if not self.over:
            return None
        score = self.score
        n = self._options.players
        return Result(
            winners=tuple(range(n)) if score == 0 else (),
            scores=(float(score),) * n,
            reason=self.reason,
            details={"score": score, "excellent": score < EXCELLENT_BELOW},
        )

    def legal_plays(self) -> list[Play]:
        """The cards the player to act may lay now."""
        if self.over or not self.started:
            return []
        plays = []
        tops = self.tops
        for card in self.hands[self.current]:
            for p in range(4):
                if playable(card, tops[p], ASCENDING[p]):
                    plays.append(Play(card, p))
        return plays

    def legal_actions(self, seat: int) -> list[Any]:
        if self.over:
            return []
        actions: list[Any] = []
        if seat == self.current:
            if not self.started:
                actions.extend(ChooseStart(s) for s in range(self._options.players))
            else:
                actions.extend(self.legal_plays())
                if self.played_this_turn >= self.min_cards:
                    actions.append(END_TURN)
                if self._options.takeback and self.laid:
                    actions.append(TakeBack(self.laid[-1][0]))
        if 0 <= seat < self._options.players:
            for p in range(4):
                mine = self.signals.get((seat, p))
                for kind in SIGNAL_KINDS:
                    if kind != mine:
                        actions.append(Signal(p, kind))
                if mine is not None:
                    actions.append(Signal(p, "clear"))
        return actions

    def apply(self, seat: int, action: Any) -> None:
        """Play ``action`` for ``seat`` or refuse it, changing nothing. Raises
        ``GameOver``; ``IllegalAction`` ``unknown_seat``; ``NotYourTurn`` (signals
        excepted: any seat may signal); ``InvalidAction`` ``unknown_action``,
        ``unknown_pile``, ``unknown_signal``; ``IllegalAction`` ``card_not_in_hand``,
        ``trick_needs_ten``, ``does_not_fit``, ``below_minimum``,
        ``choose_start_first``, ``choose_start_off``, ``already_started``,
        ``no_signal_to_clear``, ``signal_already_set``, ``takeback_off``,
        ``turn_ended``, ``nothing_to_take_back``, ``not_last_card``."""
        if self.over:
            raise GameOver("la partie est finie", "the game is over")
        if not isinstance(seat, int) or not 0 <= seat < self._options.players:
            raise IllegalAction(
                f"place inconnue : {seat!r}", f"unknown seat: {seat!r}", code="unknown_seat"
            )
        if isinstance(action, Signal):
            self._signal(seat, action)
        elif isinstance(action, TakeBack):
            self._take_back(seat, action)
        elif seat != self.current:
            raise NotYourTurn(
                f"ce n'est pas votre tour : c'est au joueur {self.current + 1}",
                f"not your turn: player {self.current + 1} is to play",
            )
        elif isinstance(action, Play):
            self._play(action)
        elif isinstance(action, EndTurn):
            self._end_turn()
        elif isinstance(action, ChooseStart):
            self._choose_start(action)
        else:
            raise InvalidAction(
                f"action inconnue : {action!r}",
                f"unknown action: {action!r}",
                code="unknown_action",
            )
        self.history.append((seat, action))

    # -- actions --------------------------------------------------------------------

    def _signal(self, seat: int, action: Signal) -> None:
        if not 0 <= action.pile < 4 or action.kind not in (*SIGNAL_KINDS, "clear"):
            raise InvalidAction("signal illisible", "unreadable signal", code="unknown_signal")
        key = (seat, action.pile)
        current = self.signals.get(key)
        name = PILE_NAMES[action.pile]
        if action.kind == "clear":
            if current is None:
                raise IllegalAction(
                    f"aucun signal à effacer sur {name}",
                    f"no signal to clear on {name}",
                    code="no_signal_to_clear",
                )
            del self.signals[key]
        else:
            if current == action.kind:
                fr, en = SIGNAL_TEXT[action.kind]
                raise IllegalAction(
                    f"ce signal est déjà posé sur {name} ({fr})",
                    f"this signal is already on {name} ({en})",
                    code="signal_already_set",
                )
            self.signals[key] = action.kind

    def _choose_start(self, action: ChooseStart) -> None:
        if not self._options.choose_start:
            raise IllegalAction(
                "à cette table, le joueur 1 commence (option choose_start désactivée)",
                "at this table player 1 starts (option choose_start is off)",
                code="choose_start_off",
            )
        if self.started:
            raise IllegalAction(
                "le premier joueur ne se choisit qu'avant la première carte",
                "the first player can only be chosen before the first card",
                code="already_started",
            )
        if not 0 <= action.seat < self._options.players:
            raise IllegalAction(
                f"pas de joueur {action.seat + 1} à cette table",
                f"no player {action.seat + 1} at this table",
                code="unknown_seat",
            )
        self.current = action.seat
        self.started = True
        self._start_turn_check()

    def _play(self, action: Play) -> None:
        if not self.started:
            raise IllegalAction(
                "choisissez d'abord qui commence (« commence N »)",
                "first choose who starts ('start N')",
                code="choose_start_first",
            )
        card, p = action.card, action.pile
        if not 0 <= p < 4:
            raise InvalidAction("pile inconnue", "unknown pile", code="unknown_pile")
        hand = self.hands[self.current]
        if card not in hand:
            raise IllegalAction(
                f"vous n'avez pas le {card} en main",
                f"you do not hold card {card}",
                code="card_not_in_hand",
            )
        top = self.tops[p]
        ascending = ASCENDING[p]
        if not playable(card, top, ascending):
            raise _refusal(card, top, ascending, PILE_NAMES[p])
        hand.remove(card)
        self.laid.append((card, p, top))
        self.tops[p] = card
        insort(self.played, card)
        self.played_this_turn += 1
        if not self.draw and not any(self.hands):
            self._finish(EndReason.ALL_CARDS_PLAYED)
        elif self.played_this_turn < self.min_cards and not self.legal_plays():
            self._finish(EndReason.STUCK)

    def _take_back(self, seat: int, action: TakeBack) -> None:
        """The last card laid this turn goes back to the hand and its pile shows what
        it showed before (a backwards trick's pile included). Refused when the table
        does not offer it, for a seat not to act, once the turn has ended (its cards
        drawn), when nothing was laid this turn, or for a card that is not the last."""
        if not self._options.takeback:
            raise IllegalAction(
                "à cette table, une carte posée ne se reprend pas (reprise dans le tour "
                "désactivée)",
                "at this table a card laid cannot be taken back (take-back is off)",
                code="takeback_off",
            )
        if seat != self.current or not self.laid:
            if self._ended_last(seat):
                raise IllegalAction(
                    "votre tour est fini et la pioche faite : ses cartes restent posées",
                    "your turn has ended and you have drawn: its cards stay down",
                    code="turn_ended",
                )
            if seat != self.current:
                raise NotYourTurn(
                    f"ce n'est pas votre tour : c'est au joueur {self.current + 1}",
                    f"not your turn: player {self.current + 1} is to play",
                )
            raise IllegalAction(
                "aucune carte posée ce tour-ci à reprendre",
                "no card laid this turn to take back",
                code="nothing_to_take_back",
            )
        card, p, top = self.laid[-1]
        if action.card is not None and action.card != card:
            raise IllegalAction(
                f"seule la dernière carte posée se reprend : le {card}, pas le {action.card}",
                f"only the last card laid can be taken back: {card}, not {action.card}",
                code="not_last_card",
            )
        self.laid.pop()
        self.tops[p] = top
        self.played.remove(card)
        insort(self.hands[seat], card)
        self.played_this_turn -= 1

    def _ended_last(self, seat: int) -> bool:
        """Was the last move of the game (signals aside) ``seat`` ending its turn?"""
        for who, action in reversed(self.history):
            if isinstance(action, Signal):
                continue
            return who == seat and isinstance(action, EndTurn)
        return False

    def _end_turn(self) -> None:
        if not self.started:
            raise IllegalAction(
                "choisissez d'abord qui commence (« commence N »)",
                "first choose who starts ('start N')",
                code="choose_start_first",
            )
        need = self.min_cards
        if self.played_this_turn < need:
            raise IllegalAction(
                f"il faut poser au moins {need} carte{'s' if need > 1 else ''} ce tour-ci "
                f"({self.played_this_turn} posée{'s' if self.played_this_turn > 1 else ''})",
                f"you must lay at least {need} card{'s' if need > 1 else ''} this turn "
                f"({self.played_this_turn} laid)",
                code="below_minimum",
            )
        hand = self.hands[self.current]
        for _ in range(min(self.played_this_turn, len(self.draw))):
            hand.append(self.draw.pop())
        hand.sort()
        self.played_this_turn = 0
        self.laid.clear()
        n = self._options.players
        nxt = self.current
        for _ in range(n):
            nxt = (nxt + 1) % n
            if self.hands[nxt]:
                break
        self.current = nxt
        self._start_turn_check()

    def _start_turn_check(self) -> None:
        """End the game when the player to act cannot reach this turn's minimum."""
        if not self.started:
            return
        if not self.draw and not any(self.hands):
            self._finish(EndReason.ALL_CARDS_PLAYED)
            return
        if not can_play_sequence(list(self.hands[self.current]), list(self.tops), self.min_cards):
            self._finish(EndReason.STUCK)

    def _finish(self, reason: str) -> None:
        self.over = True
        self.reason = reason

    # -- views, copies --------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        n = self._options.players
        view: dict[str, Any] = {
            "game": "the-game",
            "seat": seat,
            "players": n,
            "to_move": self.to_move,
            "current": self.current,
            "to_act": list(self.to_act),
            "started": self.started,
            "piles": [
                {"name": PILE_NAMES[p], "top": self.tops[p], "ascending": ASCENDING[p]}
                for p in range(4)
            ],
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "draw_count": len(self.draw),
            "played_this_turn": self.played_this_turn,
            "laid_this_turn": [{"card": c, "pile": PILE_NAMES[p]} for c, p, _top in self.laid],
            "min_cards": self.min_cards,
            "options": {
                "expert": self._options.expert,
                "fewer_cards": self._options.fewer_cards,
                "takeback": self._options.takeback,
            },
            "signals": [
                {"seat": s, "pile": PILE_NAMES[p], "kind": kind}
                for (s, p), kind in sorted(self.signals.items())
            ],
            "played": list(self.played),
            "over": self.over,
        }
        if self.over:
            view["score"] = self.score
            view["reason"] = self.reason
            view["hands"] = [list(h) for h in self.hands]  # the game is over: all open
        return view

    def clone(self) -> TheGameState:
        other = object.__new__(TheGameState)
        other.game = self.game
        other._options = self._options
        other.seed = self.seed
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.hands = [list(h) for h in self.hands]
        other.draw = list(self.draw)
        other.tops = list(self.tops)
        other.current = self.current
        other.played_this_turn = self.played_this_turn
        other.played = list(self.played)
        other.laid = list(self.laid)
        other.signals = dict(self.signals)
        other.history = list(self.history)
        other.started = self.started
        other.over = self.over
        other.reason = self.reason
        return other

    def fingerprint(self) -> Any:
        return {
            "hands": [list(h) for h in self.hands],
            "draw": list(self.draw),
            "tops": list(self.tops),
            "current": self.current,
            "played_this_turn": self.played_this_turn,
            "played": list(self.played),
            "laid": list(self.laid),
            "signals": sorted(self.signals.items()),
            "history": [(s, a.to_json()) for s, a in self.history],
            "started": self.started,
            "over": self.over,
            "reason": self.reason,
        }

    def position(self) -> str:
        """This position as text (see ``position_text``)."""
        return position_text(self)

    def __repr__(self) -> str:
        tops = " ".join(f"{PILE_NAMES[p]}:{self.tops[p]}" for p in range(4))
        return (
            f"<TheGameState players={self._options.players} current={self.current} "
            f"{tops} draw={len(self.draw)} score={self.score} over={self.over}>"
        )


# Positions as text -------------------------------------------------------------------

POSITION_HELP = (
    "« piles 47 1 65 100; hands 36 38 / 20; draw 4 3; turn 1; laid 0; expert »",
    "'piles 47 1 65 100; hands 36 38 / 20; draw 4 3; turn 1; laid 0; expert'",
)


def _bad_position(text: str, fr: str, en: str) -> BadPosition:
    return BadPosition(
        f"position illisible ({fr}) : {text!r}, ex. {POSITION_HELP[0]}",
        f"unreadable position ({en}): {text!r}, e.g. {POSITION_HELP[1]}",
    )


def _cards(text: str, words: list[str]) -> list[int]:
    if words == ["-"]:
        return []
    if not all(w.isdigit() and 2 <= int(w) <= 99 for w in words):
        raise _bad_position(text, "des cartes de 2 à 99", "cards 2 to 99")
    return [int(w) for w in words]


def parse_position(text: str) -> dict[str, Any]:
    """The fields of a position text (see ``position_text``); raises ``BadPosition``."""
    fields: dict[str, Any] = {"turn": 1, "laid": 0, "draw": [], "expert": False}
    for part in text.split(";"):
        words = part.split()
        if not words:
            continue
        name, rest = words[0].lower(), words[1:]
        if name == "piles" and len(rest) == 4 and all(w.isdigit() for w in rest):
            fields["piles"] = [int(w) for w in rest]
        elif name == "hands" and rest:
            hands = " ".join(rest).split("/")
            fields["hands"] = [_cards(text, h.split()) for h in hands]
        elif name == "draw":
            fields["draw"] = _cards(text, rest) if rest else []
        elif name in ("turn", "laid") and len(rest) == 1 and rest[0].isdigit():
            fields[name] = int(rest[0])
        elif name == "expert" and not rest:
            fields["expert"] = True
        else:
            raise _bad_position(text, f"champ {part.strip()!r}", f"field {part.strip()!r}")
    if "piles" not in fields or "hands" not in fields:
        raise _bad_position(text, "il faut piles et hands", "piles and hands are needed")
    return fields


def position_text(state: TheGameState) -> str:
    """The position in one line, as ``TheGame.from_position`` reads it: pile tops (a1
    a2 d1 d2), each seat's hand (``/`` between seats, ``-`` for none), the draw pile
    from its top, the seat to play (from 1), cards laid this turn, and ``expert``."""
    hands = " / ".join(" ".join(map(str, h)) or "-" for h in state.hands)
    parts = [
        "piles " + " ".join(map(str, state.tops)),
        "hands " + hands,
        "draw " + " ".join(map(str, reversed(state.draw))),
        f"turn {state.current + 1}",
        f"laid {state.played_this_turn}",
    ]
    if state.options.expert:
        parts.append("expert")
    return "; ".join(p.rstrip() for p in parts)


def state_from_position(game: Any, text: str) -> TheGameState:
    """The state a position text describes. Cards in no hand and not in the draw pile
    count as played, so the 98 cards stay conserved; the game goes on from there
    (including ending at once when the player to act cannot lay the minimum)."""
    fields = parse_position(text)
    hands: list[list[int]] = fields["hands"]
    draw: list[int] = fields["draw"]
    held = [c for h in hands for c in h] + draw
    if len(held) != len(set(held)):
        raise _bad_position(text, "une carte apparaît deux fois", "a card appears twice")
    tops = fields["piles"]
    if not (all(1 <= t <= 99 for t in tops[:2]) and all(2 <= t <= 100 for t in tops[2:])):
        raise _bad_position(text, "sommets de piles impossibles", "impossible pile tops")
    if not 1 <= fields["turn"] <= len(hands):
        raise _bad_position(text, "pas de joueur à ce tour", "no such player to play")
    options = game.parse_options({"players": len(hands), "expert": fields["expert"]})
    state = TheGameState(game, options, 0)
    state.hands = [sorted(h) for h in hands]
    state.tops = list(tops)
    state.draw = list(reversed(draw))
    state.played = [c for c in CARDS if c not in set(held)]
    state.current = fields["turn"] - 1
    state.played_this_turn = fields["laid"]
    state.over = False
    state.reason = ""
    if state.played_this_turn == 0:
        state._start_turn_check()
    elif not state.draw and not any(state.hands):
        state._finish(EndReason.ALL_CARDS_PLAYED)
    elif state.played_this_turn < state.min_cards and not state.legal_plays():
        state._finish(EndReason.STUCK)  # mid-turn: the rule applied after each card
    return state


def _refusal(card: int, top: int, ascending: bool, name: str) -> IllegalAction:
    """Why a card may not go on a pile: the wrong way without the gap of 10 of the
    trick (``trick_needs_ten``), or not at all (``does_not_fit``)."""
    gap = abs(card - top)
    if (ascending and card < top) or (not ascending and card > top):
        way_fr = "montante" if ascending else "descendante"
        way_en = "ascending" if ascending else "descending"
        return IllegalAction(
            f"{card} sur {top} : la pile {name} est {way_fr}, et le rétro n'est permis "
            f"qu'avec un écart de 10 exactement (ici {gap})",
            f"{card} on {top}: pile {name} is {way_en}, and the backwards trick needs a "
            f"gap of exactly 10 (here {gap})",
            code="trick_needs_ten",
        )
    return IllegalAction(
        f"{card} ne peut pas aller sur {top} (pile {name})",
        f"{card} cannot go on {top} (pile {name})",
        code="does_not_fit",
    )
