"""Tennis de mots as ``docs/rules/tennis-mots.md`` states it (see ``docs/tennis-mots.md``
for every decision the rules left open).

Vocabulary first: laid cards, the four actions, the options; then the state.

How the engine holds a set (everything is card ids, ``0 ≤ id < deck.size``):

- ``hands[s]`` sorted ids; ``draw`` a list whose end is the top; ``pot`` ids in arrival
  order; ``tricks[s]`` and ``malus[s]`` face-down piles; ``removed`` the hands (and
  unclaimed pot) taken out of play when nobody can serve any more.
- ``table`` the word on the table: a list of laid cards ``(id, glyph, letter)``. The
  glyph is the card's face (``◀`` or ``▶`` for the double card, as laid) and the
  letter what it reads as. A letter card reads its own letter. Jokers are read again
  at every shot (a laid sequence is valid "with some reading of its jokers"): a shot
  may state the letter of a ``★ ■ ●`` joker, and an unstated joker of the table
  first keeps its previous letter when that still reads, else the lexicon picks one.
  A double always copies its neighbour.
- ``phase``: ``serve`` (the table is empty, ``server`` lays), ``rally`` (``turn``
  returns or nets), ``challenge`` (a NET or LIGNE waits for the opponents: challenge
  or let it go), ``over``.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from partie.core.errors import BadPosition, GameOver, IllegalAction, InvalidAction, NotYourTurn
from partie.core.game import Result, State
from partie.core.rng import make_rng
from partie.core.tennis import MATCH_WON
from partie.games.tennis_mots import shots as names_of
from partie.games.tennis_mots.cards import (
    AFTER,
    BEFORE,
    DOUBLE,
    JOKER_LETTERS,
    LETTERS_SET,
    Deck,
)

HAND_SIZE = 7
PENALTY_CARDS = 3
RETURN_MARGIN = 2
"""A return must be worth at least the table's value plus this."""

Laid = tuple[int, str, str]
"""A card on the table or in a shot: ``(card id, glyph, letter)``; ``letter`` is ``""``
in a shot when a joker's letter is left to the engine."""


class Phase(enum.StrEnum):
    """Where a rally stands (see the module's docstring); a ``str`` in views and JSON."""

    SERVE = "serve"
    RALLY = "rally"
    CHALLENGE = "challenge"
    OVER = "over"


class SetEnd(enum.StrEnum):
    """Why a set ended (the ``ends_*`` figures of the statistics)."""

    NO_SERVE = "no_serve"
    BONUS_UNPAID = "bonus_unpaid"
    LAST_RALLY = "last_rally"


class WordList(Protocol):
    """What the engine needs of the lexicon (``partie.games.tennis_mots.lexicon``)."""

    def is_prefix(self, letters: str) -> bool: ...

    def read(self, cards: str, *, complete: bool = False) -> Any: ...


# Actions ---------------------------------------------------------------------------


def _laid_json(cards: tuple[Laid, ...]) -> list[list[Any]]:
    return [[c, g, letter] for c, g, letter in cards]


def cards_text(cards: tuple[Laid, ...] | list[Laid]) -> str:
    """How a laid sequence reads to a player: ``JEU[★S]`` (a joker shows its letter)."""
    out = []
    for _c, glyph, letter in cards:
        if glyph in LETTERS_SET:
            out.append(glyph)
        elif letter:
            out.append(f"[{glyph}{letter}]")
        else:
            out.append(glyph)
    return "".join(out)


@dataclass(frozen=True, slots=True)
class Shot:
    """A serve or a return: ``cards`` is the whole new table, left to right. Cards of
    the old table that are not in it go to the pot; the others come from the hand."""

    cards: tuple[Laid, ...]
    type: ClassVar[str] = "shot"

    def to_json(self) -> dict[str, Any]:
        return {"type": "shot", "cards": _laid_json(self.cards)}

    def text(self) -> str:
        return cards_text(self.cards)


@dataclass(frozen=True, slots=True)
class Net:
    """A shot under the weight, played knowingly: ``cards`` is the table it would have
    made. On a return it is a NET (the hand cards it would have added go to the pot, the
    player is out of the rally); on a serve it is a fault. ``Net()`` is a plain pass."""

    cards: tuple[Laid, ...] = ()
    type: ClassVar[str] = "net"

    def to_json(self) -> dict[str, Any]:
        return {"type": "net", "cards": _laid_json(self.cards)}

    def text(self) -> str:
        return f"net {cards_text(self.cards)}" if self.cards else "passe"


@dataclass(frozen=True, slots=True)
class Challenge:
    """Ask for the pending NET or LIGNE word to be checked against the lexicon."""

    type: ClassVar[str] = "challenge"

    def to_json(self) -> dict[str, Any]:
        return {"type": "challenge"}

    def text(self) -> str:
        return "conteste"


@dataclass(frozen=True, slots=True)
class Accept:
    """Let the pending NET or LIGNE pass unchecked."""

    type: ClassVar[str] = "accept"

    def to_json(self) -> dict[str, Any]:
        return {"type": "accept"}

    def text(self) -> str:
        return "ok"


TennisMotsAction = Shot | Net | Challenge | Accept
PASS = Net()
CHALLENGE = Challenge()
ACCEPT = Accept()


def action_from_json(data: Any) -> TennisMotsAction:
    """Read an action back from its JSON form; raises ``InvalidAction``."""
    if not isinstance(data, dict):
        raise InvalidAction("action illisible", "unreadable action", code="unreadable_action")
    kind = data.get("type")
    if kind == "challenge":
        return CHALLENGE
    if kind == "accept":
        return ACCEPT
    if kind in ("shot", "net"):
        raw = data.get("cards")
        try:
            if not isinstance(raw, list):
                raise TypeError
            cards = []
            for item in raw:
                card, glyph, letter = item
                if not isinstance(card, int) or isinstance(card, bool):
                    raise TypeError
                if not isinstance(glyph, str) or not isinstance(letter, str):
                    raise TypeError
                cards.append((card, glyph, letter))
        except (TypeError, ValueError):
            raise InvalidAction(
                "coup illisible : il faut une liste de [carte, signe, lettre]",
                "unreadable shot: a list of [card, glyph, letter] is needed",
                code="unreadable_shot",
            ) from None
        return Shot(tuple(cards)) if kind == "shot" else Net(tuple(cards))
    raise InvalidAction(
        f"action inconnue : {kind!r}", f"unknown action: {kind!r}", code="unknown_action"
    )


# Options ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TennisMotsOptions:
    """Table options (defaults from the rules file).

    ``serve_weight``: what a serve must be worth. ``bluff``: NET and LIGNE shots are
    accepted unchecked and may be challenged; off, every shot is checked at once and
    there are no challenges. ``lexicon``/``deck``: a word list file and a deck file
    (``None``: the packaged ones). ``sets_to_win``: sets that win the match.
    """

    players: int = 2
    serve_weight: int = 5
    bluff: bool = True
    lexicon: str | None = None
    deck: str | None = None
    sets_to_win: int = 2


# Pending challenge -------------------------------------------------------------------


@dataclass(slots=True)
class Pending:
    """A NET or LIGNE that the opponents may still challenge."""

    shooter: int
    kind: str  # "NET" or "LIGNE"
    cards: tuple[Laid, ...]
    valid: bool
    waiting: list[int]
    serve: bool  # a NET serve at set point (the serve then moves on)

    def copy(self) -> Pending:
        return Pending(
            self.shooter, self.kind, self.cards, self.valid, list(self.waiting), self.serve
        )

    def public(self) -> dict[str, Any]:
        return {
            "shooter": self.shooter,
            "kind": self.kind,
            "word": cards_text(self.cards),
            "cards": _laid_json(self.cards),
            "waiting": list(self.waiting),
        }


@dataclass(slots=True)
class Plan:
    """A checked shot, ready to apply: what ``apply`` will do, computed without change."""

    seat: int
    new: list[Laid]
    added: list[int]
    removed: list[int]
    value: int
    weight: int
    names: tuple[str, ...]
    valid: bool


STAT_KEYS = (
    "sets",
    "rallies",
    "shots",
    "aces",
    "faults",
    "double_faults",
    "nets",
    "passes",
    "lignes",
    "amortis",
    "smashes",
    "lobs",
    "challenges",
    "challenges_won",
    "bonus_cards",
    "ends_last_rally",
    "ends_bonus_unpaid",
    "ends_no_serve",
)
"""Per-match counters reported in ``Result.details`` (``challenges_won``: challenges
where the challenger was right)."""


# State -----------------------------------------------------------------------------


class TennisMotsState(State):
    """One match of Tennis de mots (several sets)."""

    def __init__(
        self,
        game: Any,
        options: TennisMotsOptions,
        seed: int,
        deck: Deck,
        lexicon: WordList,
    ) -> None:
        self.game = game
        self._options = options
        self.seed = seed
        self.deck = deck
        self.lexicon = lexicon
        self.rng = make_rng(seed)
        n = options.players
        self.history: list[tuple[int, Any]] = []
        self.events: list[dict[str, Any]] = []
        self.sets_won = [0] * n
        self.set_scores: list[list[int]] = []
        self.set_number = 0
        self.stats = dict.fromkeys(STAT_KEYS, 0)
        self.over = False
        self.winner: int | None = None
        self.first_server = self.rng.randrange(n)
        self.match_first_server = self.first_server
        self._new_set(self.first_server)

    # -- set-up ----------------------------------------------------------------------

    def _new_set(self, first_server: int) -> None:
        """Shuffle the whole deck, deal 7 cards each; ``first_server`` serves."""
        n = self._options.players
        order = list(self.deck.ids)
        self.rng.shuffle(order)
        self.hands: list[list[int]] = []
        for _ in range(n):
            self.hands.append(sorted(order[-HAND_SIZE:]))
            del order[-HAND_SIZE:]
        self.draw: list[int] = order
        self.table: list[Laid] = []
        self.pot: list[int] = []
        self.tricks: list[list[int]] = [[] for _ in range(n)]
        self.malus: list[list[int]] = [[] for _ in range(n)]
        self.removed: list[int] = []
        self.set_number += 1
        self.first_server = first_server
        self._start_rally(first_server)

    def _start_rally(self, server: int) -> None:
        n = self._options.players
        self.phase = Phase.SERVE
        self.server = server
        self.turn = server
        self.serve_number = 1
        self.returns = 0
        self.in_rally = [True] * n
        self.serve_out = [False] * n
        self.pending: Pending | None = None
        self.last_rally = False
        self._check_set_point()

    # -- the contract ------------------------------------------------------------------

    @property
    def options(self) -> TennisMotsOptions:
        return self._options

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.over:
            return ()
        if self.pending is not None:
            return tuple(self.pending.waiting)
        return (self.turn,)

    @property
    def weight(self) -> int:
        """What the next shot must be worth: the serve weight on an empty table, else
        the table's value plus 2."""
        if not self.table:
            return self._options.serve_weight
        return self.table_value + RETURN_MARGIN

    @property
    def table_value(self) -> int:
        values = self.deck.values
        return sum(values[c] for c, _g, _l in self.table)

    @property
    def result(self) -> Result | None:
        if not self.over:
            return None
        winners = (self.winner,) if self.winner is not None else ()
        details: dict[str, Any] = dict(self.stats)
        details["points"] = [
            sum(s[i] for s in self.set_scores) for i in range(self._options.players)
        ]
        details["set_scores"] = [list(s) for s in self.set_scores]
        # For balance studies: who served first in the match, and did they win it.
        details["first_server"] = self.match_first_server
        details["first_server_won"] = int(self.winner == self.match_first_server)
        details["rallies_per_set"] = self.stats["rallies"] / max(1, self.stats["sets"])
        return Result(
            winners=winners,
            scores=tuple(float(w) for w in self.sets_won),
            reason=MATCH_WON,
            details=details,
        )

    def legal_actions(self, seat: int) -> LegalActions:
        """The actions that can be listed (pass, challenge, let go); shots cannot be, but
        ``shot in state.legal_actions(seat)`` checks any action without playing it."""
        listed: list[Any] = []
        if not self.over and isinstance(seat, int):
            if self.pending is not None:
                if seat in self.pending.waiting:
                    listed = [CHALLENGE, ACCEPT]
            elif seat == self.turn and (self.phase == "rally" or self.last_rally):
                listed = [PASS]
        return LegalActions(self, seat, listed)

    def is_legal(self, seat: int, action: Any) -> bool:
        try:
            self._check(seat, action)
        except (IllegalAction, InvalidAction):
            return False
        return True

    def apply(self, seat: int, action: Any) -> None:
        """Play ``action`` for ``seat`` or refuse it, changing nothing. Raises
        ``GameOver``; ``IllegalAction`` ``unknown_seat``; ``NotYourTurn`` (also
        ``challenge_pending`` while opponents may challenge); ``InvalidAction``
        ``unknown_action``, ``empty_shot``, ``unreadable_shot``, ``unknown_card``,
        ``wrong_card_face``; ``IllegalAction`` ``card_not_in_hand``,
        ``card_laid_twice``, ``joker_mismatch``, ``must_serve``, ``below_weight``,
        ``weight_reached``, ``empty_net``, ``not_a_word``, ``nothing_to_challenge``,
        ``nothing_to_accept``, ``own_shot``, ``already_let_pass``."""
        plan = self._check(seat, action)
        if isinstance(action, Challenge):
            self._challenge(seat)
        elif isinstance(action, Accept):
            self._accept(seat)
        elif isinstance(action, Shot):
            self._shot(plan)
        else:
            self._net(plan)
        self.history.append((seat, action))

    # -- checks (pure) ----------------------------------------------------------------

    def _check(self, seat: int, action: Any) -> Plan | None:
        """Everything ``apply`` needs, or the refusal; changes nothing."""
        if self.over:
            raise GameOver("la partie est finie", "the game is over")
        n = self._options.players
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise IllegalAction(
                f"place inconnue : {seat!r}", f"unknown seat: {seat!r}", code="unknown_seat"
            )
        if isinstance(action, Challenge | Accept):
            if self.pending is None:
                raise IllegalAction(
                    "rien à contester : seuls un NET ou une LIGNE qui vient d'être joué "
                    "peuvent l'être"
                    if isinstance(action, Challenge)
                    else "rien à laisser passer : aucun coup n'attend de vérification",
                    "nothing to challenge: only a NET or LIGNE just played can be"
                    if isinstance(action, Challenge)
                    else "nothing to let pass: no shot is waiting for a check",
                    code="nothing_to_challenge"
                    if isinstance(action, Challenge)
                    else "nothing_to_accept",
                )
            if seat not in self.pending.waiting:
                if seat == self.pending.shooter:
                    raise IllegalAction(
                        "on ne conteste pas son propre coup",
                        "you cannot challenge your own shot",
                        code="own_shot",
                    )
                raise IllegalAction(
                    "vous avez déjà laissé passer ce coup",
                    "you already let this shot pass",
                    code="already_let_pass",
                )
            return None
        if not isinstance(action, Shot | Net):
            raise InvalidAction(
                f"action inconnue : {action!r}",
                f"unknown action: {action!r}",
                code="unknown_action",
            )
        if self.pending is not None:
            who = ", ".join(str(s + 1) for s in self.pending.waiting)
            raise NotYourTurn(
                f"on attend d'abord les adversaires : contester ou laisser passer ({who})",
                f"first the opponents must challenge or let it pass ({who})",
                code="challenge_pending",
            )
        if seat != self.turn:
            raise NotYourTurn(
                f"ce n'est pas votre tour : c'est au joueur {self.turn + 1}",
                f"not your turn: player {self.turn + 1} is to play",
            )
        serve = self.phase == "serve"
        if isinstance(action, Net) and not action.cards:
            if serve and not self.last_rally:
                raise IllegalAction(
                    "le serveur doit servir : poser de 1 à 7 cartes",
                    "the server must serve: lay 1 to 7 cards",
                    code="must_serve",
                )
            return Plan(seat, list(self.table), [], [], self.table_value, self.weight, (), True)
        plan = self._plan(seat, action.cards)
        weight = plan.weight
        bluff = self._options.bluff
        word = cards_text(plan.new)
        if isinstance(action, Shot):
            if plan.value < weight:
                raise IllegalAction(
                    f"{word} : {plan.value} points, il en faut au moins {weight} "
                    f"(sous le poids, c'est un NET : « net {word} »)",
                    f"{word}: {plan.value} points, at least {weight} are needed "
                    f"(under the weight it is a NET: 'net {word}')",
                    code="below_weight",
                )
            if not plan.valid and not (bluff and names_of.LIGNE in plan.names):
                raise _not_a_word(word, plan.new)
        else:
            # A double card alone never reads: a server may always fault with it.
            only_doubles = serve and all(self.deck.faces[c] == DOUBLE for c, _g, _l in plan.new)
            if plan.value >= weight and not (only_doubles and not self.last_rally):
                raise IllegalAction(
                    f"{word} : {plan.value} points, le poids ({weight}) est atteint : "
                    f"ce n'est pas un NET, jouez-le",
                    f"{word}: {plan.value} points, the weight ({weight}) is reached: "
                    f"not a NET, play it",
                    code="weight_reached",
                )
            if not plan.added:
                raise IllegalAction(
                    "un NET sans carte de la main est une simple passe (« passe »)",
                    "a NET with no card from the hand is a plain pass ('pass')",
                    code="empty_net",
                )
            # A fault is never checked: it is penalised whatever it spells, and a
            # server can always fault (a hand of doubles reads no word at all).
            is_fault = serve and not self.last_rally
            if not plan.valid and not bluff and not is_fault:
                raise _not_a_word(word, plan.new)
        return plan

    def _plan(self, seat: int, cards: Any) -> Plan:
        """Check the cards of a shot and compute what it would do."""
        deck = self.deck
        faces, values = deck.faces, deck.values
        size = deck.size
        on_table = {c: (g, letter) for c, g, letter in self.table}
        hand = set(self.hands[seat])
        seen: set[int] = set()
        added: list[int] = []
        fixed: list[str] = []  # what the lexicon reads, with stated letters
        kept_letters: list[str] = []  # the same with the table jokers' previous letters
        has_table_joker = False
        if not isinstance(cards, tuple) or not cards:
            raise InvalidAction(
                "un coup pose au moins une carte",
                "a shot lays at least one card",
                code="empty_shot",
            )
        for item in cards:
            if not (isinstance(item, tuple) and len(item) == 3):
                raise InvalidAction("coup illisible", "unreadable shot", code="unreadable_shot")
            card, glyph, letter = item
            if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < size:
                raise InvalidAction(
                    f"carte inconnue : {card!r}", f"unknown card: {card!r}", code="unknown_card"
                )
            if card in seen:
                raise IllegalAction(
                    f"la carte {faces[card]} (n°{card}) est posée deux fois",
                    f"card {faces[card]} (#{card}) is laid twice",
                    code="card_laid_twice",
                )
            seen.add(card)
            face = faces[card]
            if card in on_table:
                pass
            elif card in hand:
                added.append(card)
            else:
                raise IllegalAction(
                    f"la carte {face} (n°{card}) n'est ni dans votre main ni sur la table",
                    f"card {face} (#{card}) is neither in your hand nor on the table",
                    code="card_not_in_hand",
                )
            if face in LETTERS_SET:
                if glyph != face or letter not in ("", face):
                    raise InvalidAction(
                        f"la carte n°{card} est un {face}, pas {glyph}{letter}",
                        f"card #{card} is a {face}, not {glyph}{letter}",
                        code="wrong_card_face",
                    )
                fixed.append(face)
                kept_letters.append(face)
                continue
            if face == DOUBLE:
                if glyph not in (BEFORE, AFTER) or (letter and letter not in LETTERS_SET):
                    raise InvalidAction(
                        f"la carte n°{card} est le joker double : ◀ ou ▶",
                        f"card #{card} is the double joker: ◀ or ▶",
                        code="wrong_card_face",
                    )
                fixed.append(glyph)
                kept_letters.append(glyph)
                continue
            if glyph != face:
                raise InvalidAction(
                    f"la carte n°{card} est le joker {face}, pas {glyph}",
                    f"card #{card} is the joker {face}, not {glyph}",
                    code="wrong_card_face",
                )
            if letter:
                if letter not in JOKER_LETTERS[face]:
                    raise _joker_refusal(face, letter)
                fixed.append(letter)
                kept_letters.append(letter)
            else:
                fixed.append(face)
                previous = on_table.get(card)
                if previous is not None and previous[1] in LETTERS_SET:
                    kept_letters.append(previous[1])
                    has_table_joker = True
                else:
                    kept_letters.append(face)
        new_ids = [c for c, _g, _l in cards]
        removed = [c for c, _g, _l in self.table if c not in seen]
        value = sum(values[c] for c in new_ids)
        weight = self.weight
        reading = None
        if has_table_joker:
            reading = self._read("".join(kept_letters))
        if reading is None:
            reading = self._read("".join(fixed))
        valid = reading is not None
        letters = (
            reading
            if reading is not None
            else "".join("?" if ch not in LETTERS_SET else ch for ch in fixed)
        )
        new = [(c, g, letters[i]) for i, (c, g, _l) in enumerate(cards)]
        old_ids = [c for c, _g, _l in self.table]
        hand_jokers = {c for c in added if faces[c] not in LETTERS_SET}
        shot_names = names_of.names(old_ids, new_ids, hand_jokers, value, weight)
        return Plan(seat, new, added, removed, value, weight, shot_names, valid)

    def _read(self, cards: str) -> str | None:
        """The letters of a reading of ``cards`` (letters and joker glyphs), or ``None``
        when no French word starts so."""
        if all(ch in LETTERS_SET for ch in cards):
            return cards if self.lexicon.is_prefix(cards) else None
        reading = self.lexicon.read(cards)
        if reading is None:
            return None
        letters = reading.letters
        return letters if len(letters) == len(cards) else None

    # -- applying -----------------------------------------------------------------------

    def _refill(self, seat: int) -> None:
        hand = self.hands[seat]
        draw = self.draw
        while len(hand) < HAND_SIZE and draw:
            hand.append(draw.pop())
        hand.sort()

    def _lay(self, seat: int, cards: list[int]) -> None:
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)

    def _log(self, **event: Any) -> None:
        event["n"] = len(self.events)
        self.events.append(event)

    def _shot(self, plan: Plan) -> None:
        seat = plan.seat
        serve = self.phase == "serve"
        self._lay(seat, plan.added)
        self.pot.extend(plan.removed)
        self.table = plan.new
        self._refill(seat)
        stats = self.stats
        stats["shots"] += 1
        shot_names = plan.names
        if names_of.AMORTI in shot_names:
            stats["amortis"] += 1
        if names_of.LIGNE in shot_names:
            stats["lignes"] += 1
        if shot_names[0] == names_of.SMASH:
            stats["smashes"] += 1
        elif shot_names[0] == names_of.LOB:
            stats["lobs"] += 1
        self._log(
            kind="shot",
            seat=seat,
            word=cards_text(plan.new),
            letters="".join(letter for _c, _g, letter in plan.new),
            names=list(shot_names),
            value=plan.value,
            weight=plan.weight,
            laid=len(plan.added),
            to_pot=len(plan.removed),
        )
        if serve:
            self.phase = Phase.RALLY
            self.server = seat
            self.returns = 0
            self.in_rally = [not out for out in self.serve_out]
        else:
            self.returns += 1
        self._check_set_point()
        if names_of.LIGNE in shot_names and self._options.bluff:
            self._open_challenge(seat, names_of.LIGNE, tuple(plan.new), plan.valid, False)
        else:
            self._next_turn(seat)

    def _net(self, plan: Plan) -> None:
        seat = plan.seat
        stats = self.stats
        if self.phase == "serve" and not self.last_rally:
            self._fault(plan)
            return
        self._lay(seat, plan.added)
        self.pot.extend(plan.added)
        self._refill(seat)
        if plan.added:
            stats["nets"] += 1
        else:
            stats["passes"] += 1
        serve = self.phase == "serve"
        self._log(
            kind="net",
            seat=seat,
            word=cards_text(plan.new) if plan.added else "",
            value=plan.value,
            weight=plan.weight,
            discarded=len(plan.added),
            serve=serve,
        )
        if serve:
            self.serve_out[seat] = True
        self.in_rally[seat] = False
        self._check_set_point()
        if plan.added and self._options.bluff:
            self._open_challenge(seat, names_of.NET, tuple(plan.new), plan.valid, serve)
        elif serve:
            self._next_server_at_set_point(seat)
        else:
            self._next_turn(seat)

    def _fault(self, plan: Plan) -> None:
        """A serve under the weight: first fault to the pot, second to the malus pile
        with 3 penalty cards, and the serve goes to the next player."""
        seat = plan.seat
        self._lay(seat, plan.added)
        double = self.serve_number == 2
        penalty = 0
        if double:
            self.malus[seat].extend(plan.added)
            for _ in range(min(PENALTY_CARDS, len(self.draw))):
                self.malus[seat].append(self.draw.pop())
                penalty += 1
            self.stats["double_faults"] += 1
        else:
            self.pot.extend(plan.added)
            self.stats["faults"] += 1
        self._refill(seat)
        self._log(
            kind="fault",
            seat=seat,
            word=cards_text(plan.new),
            value=plan.value,
            weight=plan.weight,
            double=double,
            penalty=penalty,
        )
        if double:
            self._start_rally((seat + 1) % self._options.players)
        else:
            self.serve_number = 2
            self._check_set_point()

    def _open_challenge(
        self, shooter: int, kind: str, cards: tuple[Laid, ...], valid: bool, serve: bool
    ) -> None:
        n = self._options.players
        waiting = [(shooter + k) % n for k in range(1, n)]
        self.pending = Pending(shooter, kind, cards, valid, waiting, serve)
        self.phase = Phase.CHALLENGE

    def _accept(self, seat: int) -> None:
        pending = self.pending
        assert pending is not None
        pending.waiting.remove(seat)
        if pending.waiting:
            return
        self.pending = None
        self.phase = Phase.SERVE if pending.serve else "rally"
        if pending.serve:
            self._next_server_at_set_point(pending.shooter)
        else:
            self._next_turn(pending.shooter)

    def _challenge(self, seat: int) -> None:
        pending = self.pending
        assert pending is not None
        self.pending = None
        winner = pending.shooter if pending.valid else seat
        self.stats["challenges"] += 1
        if not pending.valid:
            self.stats["challenges_won"] += 1
        self._log(
            kind="challenge",
            seat=seat,
            shooter=pending.shooter,
            word=cards_text(pending.cards),
            valid=pending.valid,
            winner=winner,
        )
        self._win_rally(winner, bonus=True, ace=False)

    def _next_turn(self, shooter: int) -> None:
        """After a shot or a NET: the rally goes on to the next player still in it, or
        ends when one player is left."""
        self.phase = Phase.RALLY
        n = self._options.players
        left = [s for s in range(n) if self.in_rally[s]]
        if len(left) == 1:
            winner = left[0]
            ace = self.returns == 0 and winner == self.server
            self._win_rally(winner, bonus=ace, ace=ace)
            return
        if not left:  # cannot happen: the shooter of the table word is still in
            raise AssertionError("a rally with nobody left in it")
        for k in range(1, n + 1):
            s = (shooter + k) % n
            if self.in_rally[s]:
                self.turn = s
                return

    def _next_server_at_set_point(self, previous: int) -> None:
        """At set point a NET serve passes the serve on; nobody left: the set ends and
        the hands are taken out of play."""
        self.phase = Phase.SERVE
        n = self._options.players
        for k in range(1, n + 1):
            s = (previous + k) % n
            if not self.serve_out[s]:
                self.turn = s
                self.server = s
                return
        for hand in self.hands:
            self.removed.extend(hand)
            hand.clear()
        self.removed.extend(self.pot)
        self.pot = []
        self._end_set(SetEnd.NO_SERVE)

    def _win_rally(self, winner: int, *, bonus: bool, ace: bool) -> None:
        """The winner takes the table and the pot; with an ACE (or a challenge) also the
        bonus, if every hand is full; at set point also every hand."""
        n = self._options.players
        self.stats["rallies"] += 1
        values = self.deck.values
        x = max((values[c] for c, _g, _l in self.table), default=0)
        table_ids = [c for c, _g, _l in self.table]
        tricks = self.tricks[winner]
        taken = len(table_ids) + len(self.pot)
        seen = sum(values[c] for c in table_ids) + sum(values[c] for c in self.pot)
        tricks.extend(table_ids)
        tricks.extend(self.pot)
        self.table = []
        self.pot = []
        eligible = bonus and all(len(h) == HAND_SIZE for h in self.hands)
        if ace:
            self.stats["aces"] += 1
        paid = 0
        unpaid = False
        if eligible:
            if len(self.draw) >= x:
                for _ in range(x):
                    tricks.append(self.draw.pop())
                paid = x
                self.stats["bonus_cards"] += x
            else:
                unpaid = True
        self._log(
            kind="rally",
            winner=winner,
            cards=taken,
            points=seen,
            bonus=paid,
            ace=ace,
            unpaid=unpaid,
        )
        if unpaid:
            tricks.extend(self.draw)
            self.draw = []
            for hand in self.hands:
                tricks.extend(hand)
                hand.clear()
            self._end_set(SetEnd.BONUS_UNPAID)
            return
        if self.last_rally:
            for hand in self.hands:
                tricks.extend(hand)
                hand.clear()
            self._end_set(SetEnd.LAST_RALLY)
            return
        self._start_rally((winner + 1) % n)

    def _check_set_point(self) -> None:
        """The draw pile is empty and a hand is empty: this rally is the last one."""
        if not self.last_rally and not self.draw and not all(self.hands):
            self.last_rally = True
            n = self._options.players
            if self.phase == "serve":
                self.serve_out = [False] * n

    def set_points(self) -> list[int]:
        """Each player's score in the set so far: tricks minus malus."""
        values = self.deck.values
        return [
            sum(values[c] for c in self.tricks[s]) - sum(values[c] for c in self.malus[s])
            for s in range(self._options.players)
        ]

    def _end_set(self, reason: str) -> None:
        self.phase = Phase.SERVE
        self.pending = None
        scores = self.set_points()
        self.set_scores.append(scores)
        best = max(scores)
        top = [s for s, v in enumerate(scores) if v == best]
        winner = top[0] if len(top) == 1 else None
        self.stats["sets"] += 1
        self.stats["ends_" + reason] += 1
        if winner is not None:
            self.sets_won[winner] += 1
        self._log(
            kind="set",
            number=self.set_number,
            reason=reason,
            scores=scores,
            winner=winner,
            sets_won=list(self.sets_won),
        )
        if winner is not None and self.sets_won[winner] >= self._options.sets_to_win:
            self.over = True
            self.winner = winner
            self.phase = Phase.OVER
            self._log(kind="match", winner=winner, sets_won=list(self.sets_won))
            return
        self._new_set((self.first_server + 1) % self._options.players)

    # -- views, copies ------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        deck = self.deck
        faces, values = deck.faces, deck.values
        n = self._options.players
        options = self._options
        view: dict[str, Any] = {
            "game": "tennis-mots",
            "seat": seat,
            "players": n,
            "phase": self.phase,
            "to_act": list(self.to_act),
            "to_move": self.to_move,
            "turn": self.turn,
            "server": self.server,
            "serve_number": self.serve_number,
            "set": self.set_number,
            "sets_won": list(self.sets_won),
            "set_scores": [list(s) for s in self.set_scores],
            "table": [
                {"id": c, "face": faces[c], "glyph": g, "letter": letter, "value": values[c]}
                for c, g, letter in self.table
            ],
            "word": cards_text(self.table),
            "table_value": self.table_value,
            "weight": self.weight,
            "pot": [{"id": c, "face": faces[c], "value": values[c]} for c in self.pot],
            "pot_value": sum(values[c] for c in self.pot),
            "hand": (
                [{"id": c, "face": faces[c], "value": values[c]} for c in self.hands[seat]]
                if seat is not None
                else None
            ),
            "hand_sizes": [len(h) for h in self.hands],
            "tricks": [len(t) for t in self.tricks],
            "malus": [len(m) for m in self.malus],
            "removed": len(self.removed),
            "draw_count": len(self.draw),
            "in_rally": list(self.in_rally),
            "returns": self.returns,
            "last_rally": self.last_rally,
            "pending": self.pending.public() if self.pending is not None else None,
            "options": {
                "serve_weight": options.serve_weight,
                "bluff": options.bluff,
                "lexicon": options.lexicon,
                "deck": options.deck,
                "sets_to_win": options.sets_to_win,
            },
            "deck_values": {f: v for f, v in zip(faces, values, strict=True)},
            "log": [dict(e) for e in self.events[-16:]],
            "over": self.over,
            "winner": self.winner,
        }
        return view

    def clone(self) -> TennisMotsState:
        other = object.__new__(TennisMotsState)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.history = list(self.history)
        other.events = list(self.events)
        other.sets_won = list(self.sets_won)
        other.set_scores = [list(s) for s in self.set_scores]
        other.stats = dict(self.stats)
        other.hands = [list(h) for h in self.hands]
        other.draw = list(self.draw)
        other.table = list(self.table)
        other.pot = list(self.pot)
        other.tricks = [list(t) for t in self.tricks]
        other.malus = [list(m) for m in self.malus]
        other.removed = list(self.removed)
        other.in_rally = list(self.in_rally)
        other.serve_out = list(self.serve_out)
        other.pending = self.pending.copy() if self.pending is not None else None
        return other

    def fingerprint(self) -> Any:
        return {
            "hands": [list(h) for h in self.hands],
            "draw": list(self.draw),
            "table": [list(t) for t in self.table],
            "pot": list(self.pot),
            "tricks": [list(t) for t in self.tricks],
            "malus": [list(m) for m in self.malus],
            "removed": list(self.removed),
            "phase": self.phase,
            "turn": self.turn,
            "server": self.server,
            "first_server": self.first_server,
            "serve_number": self.serve_number,
            "returns": self.returns,
            "in_rally": list(self.in_rally),
            "serve_out": list(self.serve_out),
            "last_rally": self.last_rally,
            "pending": self.pending.public() if self.pending is not None else None,
            "pending_valid": self.pending.valid if self.pending is not None else None,
            "set_number": self.set_number,
            "sets_won": list(self.sets_won),
            "set_scores": [list(s) for s in self.set_scores],
            "stats": dict(self.stats),
            "events": [dict(e) for e in self.events],
            "history": [(s, a.to_json()) for s, a in self.history],
            "over": self.over,
            "winner": self.winner,
            "rng": self.rng.getstate(),
        }

    def position(self) -> str:
        """This position as text (see ``positions.py``, which reads it back)."""
        return position_text(self)

    def __repr__(self) -> str:
        return (
            f"<TennisMotsState set={self.set_number} phase={self.phase} turn={self.turn} "
            f"table={cards_text(self.table)!r} weight={self.weight} draw={len(self.draw)} "
            f"sets={self.sets_won} over={self.over}>"
        )


class LegalActions(list):
    """The listable legal actions of a seat, and a membership test for any action:
    ``Shot(...) in state.legal_actions(seat)`` checks it without playing it."""

    def __init__(self, state: TennisMotsState, seat: int, listed: list[Any]) -> None:
        super().__init__(listed)
        self._state = state
        self._seat = seat

    def __contains__(self, action: object) -> bool:
        if list.__contains__(self, action):
            return True
        if isinstance(action, Shot | Net) and action != PASS:
            return self._state.is_legal(self._seat, action)
        return False

    def __eq__(self, other: object) -> bool:
        return list.__eq__(self, other)

    __hash__ = None  # type: ignore[assignment]


def _not_a_word(word: str, laid: list[Laid] | tuple[Laid, ...]) -> IllegalAction:
    """The refusal of a word that starts no French word, with the lexicon's own reason
    when the cards can never read (a ◀ first, doubles that only copy each other)."""
    from partie.games.tennis_mots.lexicon import obstacle

    problem = obstacle("".join(g for _c, g, _l in laid))
    if problem == "before_first":
        fr, en = (
            "◀ ne peut jamais venir en premier : il copie la carte d'avant",
            ("◀ can never come first: it copies the card before it"),
        )
    elif problem == "nothing_to_copy":
        fr, en = (
            "ces doubles ne copient qu'eux-mêmes : aucune lettre à copier",
            ("these doubles only copy each other: no letter to copy"),
        )
    else:
        fr, en = "aucun mot français ne commence ainsi", "no French word starts this way"
    return IllegalAction(f"{word} : {fr}", f"{word}: {en}", code="not_a_word")


def _joker_refusal(face: str, letter: str) -> IllegalAction:
    kind_fr = {"★": "une lettre", "■": "une consonne", "●": "une voyelle (A E I O U)"}[face]
    kind_en = {"★": "a letter", "■": "a consonant", "●": "a vowel (A E I O U)"}[face]
    return IllegalAction(
        f"le joker {face} vaut {kind_fr}, pas {letter}",
        f"the joker {face} stands for {kind_en}, not {letter}",
        code="joker_mismatch",
    )


def _word(cards: list[int] | list[tuple[int, str, str]], faces: Any) -> str:
    out = []
    for item in cards:
        if isinstance(item, tuple):
            _c, glyph, letter = item
            out.append(glyph if glyph in LETTERS_SET or not letter else f"[{glyph}{letter}]")
        else:
            out.append(faces[item])
    return "".join(out)


def position_text(state: TennisMotsState) -> str:
    """The position in one line, as ``positions.from_position`` reads it. Trick and malus piles,
    set scores and a pending challenge are not part of the form: a position starts an
    exchange."""
    if state.pending is not None or any(state.tricks) or any(state.malus):
        raise BadPosition(
            "seule une position sans contestation en cours ni plis s'écrit en texte",
            "only a position with no pending challenge and no tricks has a text form",
        )
    faces = state.deck.faces
    parts = [
        "hands " + " / ".join(_word(h, faces) or "-" for h in state.hands),
        "table " + _word(state.table, faces),
        f"server {state.server + 1}",
        f"turn {state.turn + 1}",
        "draw " + _word(state.draw[::-1], faces),
    ]
    if state.serve_number == 2:
        parts.append("serve 2")
    if state.pot:
        parts.append("pot " + _word(state.pot, faces))
    options = state.options
    parts.append(f"weight {options.serve_weight}")
    if not options.bluff:
        parts.append("no-bluff")
    if state.seed:
        parts.append(f"seed {state.seed}")
    return "; ".join(p.rstrip() for p in parts)


def iter_laid(state: TennisMotsState) -> Iterator[int]:
    """Every card id of the set, wherever it is (for conservation checks)."""
    for hand in state.hands:
        yield from hand
    yield from state.draw
    for c, _g, _l in state.table:
        yield c
    yield from state.pot
    for pile in state.tricks:
        yield from pile
    for pile in state.malus:
        yield from pile
    yield from state.removed


__all__ = [
    "ACCEPT",
    "CHALLENGE",
    "HAND_SIZE",
    "PASS",
    "PENALTY_CARDS",
    "Accept",
    "Challenge",
    "Laid",
    "LegalActions",
    "Net",
    "Shot",
    "TennisMotsAction",
    "TennisMotsOptions",
    "TennisMotsState",
    "WordList",
    "action_from_json",
    "cards_text",
    "iter_laid",
]
