"""Tennis Quizz as ``docs/rules/tennis-quizz.md`` states it.

Vocabulary first (options, the six actions, what is being asked), then the state.
The server's side asks, the receiving side answers: a right answer wins the point for
the receivers, a wrong one for the server. Scoring is ``partie.core.tennis`` (no-ad
games, one normal game at 6-6, or the *jeu décisif* variant, best of three).

Phases of a point, each optional step only where it applies:
``server`` (a team of several picks its server, once per service game)
→ ``answerer`` (option ``choose_answerer``: the receiving team picks who answers)
→ ``ask`` (variant *tactique*: the server picks the question of the card)
→ ``answer`` (a choice A/B/C, or an open reply for a pro)
→ ``ruling`` (option ``overrule``: the server confirms or overrules the automatic
judgement of an open reply).
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass
from typing import Any, ClassVar

from partie.core.errors import GameOver, IllegalAction, InvalidAction, NotYourTurn
from partie.core.game import Result, State
from partie.core.rng import make_rng
from partie.core.tennis import MATCH_WON, Event, Score, TennisFormat, call
from partie.games.tennis_quizz.decks import MIN_CARDS_TO_PLAY, QUESTIONS_PER_CARD, Deck, Question
from partie.games.tennis_quizz.judging import judge


class Phase(enum.StrEnum):
    """The steps of a point (see the module's docstring); a ``str`` in views and JSON."""

    SERVER = "server"
    ANSWERER = "answerer"
    ASK = "ask"
    ANSWER = "answer"
    RULING = "ruling"
    OVER = "over"


LETTERS = "ABC"
MIN_CARDS = MIN_CARDS_TO_PLAY
"""Two cards a side: a started card may be set aside for a jeu décisif card."""
LOG_IN_VIEW = 12
DONT_KNOW = "je ne sais pas"


# Options -------------------------------------------------------------------------------


@dataclass(frozen=True)
class TennisQuizzOptions:
    """Table options. ``deck`` is a built-in deck name or a file; several are joined
    with commas. A deck carried inline has its TOML text in ``deck_text`` and goes by
    ``deck = "sha256:<16 hex digits>"`` (see ``decks.inline_deck_id``). ``pros`` are
    the seats that answer without the three choices.
    Teams: even seats are side 0, odd seats side 1 (2 players: singles; 4 or 6:
    doubles of two or three; 3 or 5: one side has one player more)."""

    players: int = 2
    deck: str = "fr-starter"
    deck_text: str | None = None
    tactique: bool = False
    jeu_decisif: bool = False
    pros: tuple[int, ...] = ()
    choose_answerer: bool = False
    overrule: bool = False
    sets_to_win: int = 2
    mode: str = "match"
    """``match`` (the app judges), ``referee`` (paper cards, the app keeps score) or
    ``teacher`` (the app's deck, a teacher taps right or wrong): see ``scoring_table``."""
    first_server: int = -1
    """Referee and teacher modes: the side that serves first (-1: a seeded toss)."""
    team_names: tuple[str, ...] = ()
    """Referee and teacher modes: the two sides' names as the scorer typed them (empty:
    "Équipe A" and "Équipe B"); a match's sides are named by their players."""

    @property
    def fmt(self) -> TennisFormat:
        return TennisFormat(
            no_ad=True, games=6, decider=self.jeu_decisif, sets_to_win=self.sets_to_win
        )


def side_of(seat: int) -> int:
    return seat % 2


def members(side: int, players: int) -> list[int]:
    return [s for s in range(players) if s % 2 == side]


# Actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseServer:
    """The serving team names who serves this service game."""

    seat: int
    type: ClassVar[str] = "server"

    def to_json(self) -> dict[str, Any]:
        return {"type": "server", "seat": self.seat}

    def text(self) -> str:
        return f"serveur {self.seat + 1}"


@dataclass(frozen=True, slots=True)
class ChooseAnswerer:
    """The receiving team names who answers this point (option ``choose_answerer``)."""

    seat: int
    type: ClassVar[str] = "answerer"

    def to_json(self) -> dict[str, Any]:
        return {"type": "answerer", "seat": self.seat}

    def text(self) -> str:
        return f"relanceur {self.seat + 1}"


@dataclass(frozen=True, slots=True)
class Ask:
    """Tactique: the server asks question ``number`` (1-7) of the card."""

    number: int
    type: ClassVar[str] = "ask"

    def to_json(self) -> dict[str, Any]:
        return {"type": "ask", "number": self.number}

    def text(self) -> str:
        return f"question {self.number}"


@dataclass(frozen=True, slots=True)
class Choose:
    """A beginner picks choice ``index`` (0, 1, 2 shown as A, B, C)."""

    index: int
    type: ClassVar[str] = "choose"

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "choose",
            "choice": LETTERS[self.index] if 0 <= self.index < 3 else self.index,
        }

    def text(self) -> str:
        return LETTERS[self.index] if 0 <= self.index < 3 else str(self.index)


@dataclass(frozen=True, slots=True)
class Reply:
    """A pro types an open answer."""

    answer: str
    type: ClassVar[str] = "reply"

    def to_json(self) -> dict[str, Any]:
        return {"type": "reply", "text": self.answer}

    def text(self) -> str:
        return f"« {self.answer} »"


@dataclass(frozen=True, slots=True)
class Rule:
    """The server's last word on an open reply: right or wrong."""

    right: bool
    type: ClassVar[str] = "rule"

    def to_json(self) -> dict[str, Any]:
        return {"type": "rule", "right": self.right}

    def text(self) -> str:
        return "accordé" if self.right else "refusé"


QuizzAction = ChooseServer | ChooseAnswerer | Ask | Choose | Reply | Rule


def _int(data: dict[str, Any], key: str) -> int:
    value = data[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError
    return value


def action_from_json(data: Any) -> QuizzAction:
    """Read an action from its JSON form."""
    if not isinstance(data, dict):
        raise InvalidAction("action illisible", "unreadable action", code="unreadable_action")
    kind = data.get("type")
    try:
        if kind == "server":
            return ChooseServer(_int(data, "seat"))
        if kind == "answerer":
            return ChooseAnswerer(_int(data, "seat"))
        if kind == "ask":
            return Ask(_int(data, "number"))
        if kind == "choose":
            choice = data["choice"]
            if isinstance(choice, str) and choice.upper() in LETTERS and len(choice) == 1:
                return Choose(LETTERS.index(choice.upper()))
            return Choose(_int(data, "choice"))
        if kind == "reply":
            text = data["text"]
            if not isinstance(text, str):
                raise TypeError
            return Reply(text)
        if kind == "rule":
            right = data["right"]
            if not isinstance(right, bool):
                raise TypeError
            return Rule(right)
    except (KeyError, TypeError):
        raise InvalidAction(
            f"action incomplète : {data!r}",
            f"incomplete action: {data!r}",
            code="incomplete_action",
        ) from None
    raise InvalidAction(
        f"type d'action inconnu : {kind!r}", f"unknown action type: {kind!r}", code="unknown_action"
    )


YES = ("o", "oui", "y", "yes")
NO = ("n", "non", "no")


def parse_action(view: dict[str, Any], text: str) -> QuizzAction:
    """Read what a player types, for the step the view is at: a player number (from 1)
    to pick a server or an answerer, a question number, A/B/C, a pro's open answer,
    o/n to rule on an open answer."""
    text = text.strip()
    phase = view["phase"]
    if phase in (Phase.SERVER, Phase.ANSWERER, Phase.ASK):
        if not (0 < len(text) <= 4 and text.isascii() and text.isdigit()):
            shown = text if len(text) <= 40 else text[:37] + "..."
            raise InvalidAction(
                f"tapez un nombre, pas {shown!r}",
                f"type a number, not {shown!r}",
                code="not_a_number",
            )
        number = int(text)
        if phase == Phase.ASK:
            return Ask(number)
        return (ChooseServer if phase == Phase.SERVER else ChooseAnswerer)(number - 1)
    if phase == Phase.RULING:
        if text.lower() in YES:
            return Rule(True)
        if text.lower() in NO:
            return Rule(False)
        raise InvalidAction("répondez o ou n", "answer y or n", code="yes_or_no")
    if phase != Phase.ANSWER or view.get("question") is None:
        raise InvalidAction(
            "rien à répondre pour l'instant", "nothing to answer now", code="unreadable_move"
        )
    if not text:
        raise InvalidAction("réponse vide", "empty answer", code="empty_answer")
    if view["question"]["choices"] is None:
        return Reply(text)
    if len(text) == 1 and text.upper() in LETTERS:
        return Choose(LETTERS.index(text.upper()))
    raise InvalidAction("répondez A, B ou C", "answer A, B or C", code="bad_choice")


# What is being asked -----------------------------------------------------------------


@dataclass(frozen=True)
class Asked:
    """The question in play: where it comes from, the three choices in the order shown
    (shuffled at ask time) and which one is right."""

    side: int
    card: int
    number: int  # 1-7
    shown: tuple[str, str, str]
    right: int
    alternatives: tuple[str, ...]

    @property
    def answer(self) -> str:
        return self.shown[self.right]


# State ---------------------------------------------------------------------------------


class TennisQuizzState(State):
    """One match of Tennis Quizz."""

    def __init__(self, game: Any, options: TennisQuizzOptions, deck: Deck, seed: int) -> None:
        self.game = game
        self._options = options
        self.deck = deck
        self.seed = seed
        self.rng = make_rng(seed)
        self.history: list[tuple[int, Any]] = []
        n = options.players
        self.teams = [members(0, n), members(1, n)]
        order = list(range(len(deck.cards)))
        self.rng.shuffle(order)
        # Cards shared out alternately; the end of a pile is its top.
        self.piles: list[list[int]] = [order[0::2], order[1::2]]
        self.discards: list[list[int]] = [[], []]
        self.current: list[int | None] = [None, None]
        self.asked: list[list[int]] = [[], []]  # numbers asked from the current card
        self.reshuffles = [0, 0]
        first = self.rng.randrange(2)  # the toss
        self.toss = first
        self.score = Score(fmt=options.fmt, server=first)
        self.serving = first
        self.server: int | None = None
        self.answerer: int | None = None
        self.next_answerer = [0, 0]  # rotation index in each team
        self.serves = [0] * n
        self.phase = Phase.SERVER
        self.question: Asked | None = None
        self.pending: tuple[str, bool] | None = None  # open reply and its judgement
        self.log: list[dict[str, Any]] = []
        self.decider: dict[str, Any] | None = None
        self.decider_cards: list[int | None] = [None, None]
        self.deciders = 0
        self.sets_66 = 0
        self.last_call = ""
        self.last_call_en = ""
        self.over = False
        self._start_service()

    # -- the contract ------------------------------------------------------------------

    @property
    def options(self) -> TennisQuizzOptions:
        return self._options

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.over:
            return ()
        if self.phase == "server":
            return tuple(self.teams[self.serving])
        if self.phase == "answerer":
            return tuple(self.teams[1 - self.serving])
        if self.phase in ("ask", "ruling"):
            return (self.server,)  # type: ignore[return-value]
        return (self.answerer,)  # type: ignore[return-value]

    @property
    def result(self) -> Result | None:
        if not self.over:
            return None
        winner = self.score.winner
        assert winner is not None
        sets = self.score.sets_won
        n = self._options.players
        return Result(
            winners=tuple(self.teams[winner]),
            scores=tuple(float(sets[side_of(s)]) for s in range(n)),
            reason=MATCH_WON,
            details={
                "questions": len(self.log),
                "right_answers": sum(1 for p in self.log if p["right"]),
                "games": self.score.games_played,
                "sets": len(self.score.sets),
                "sets_6_6": self.sets_66,
                "reached_6_6": int(self.sets_66 > 0),
                "jeu_decisif": self.deciders,
                "toss_won_match": int(self.toss == winner),
                "reshuffles": sum(self.reshuffles),
            },
        )

    def is_pro(self, seat: int) -> bool:
        return seat in self._options.pros

    def legal_actions(self, seat: int) -> list[Any]:
        if self.over or seat not in self.to_act:
            return []
        if self.phase == "server":
            return [ChooseServer(s) for s in self.teams[self.serving]]
        if self.phase == "answerer":
            return [ChooseAnswerer(s) for s in self.teams[1 - self.serving]]
        if self.phase == "ask":
            return [Ask(k) for k in self._unasked(self.serving)]
        if self.phase == "ruling":
            return [Rule(True), Rule(False)]
        assert self.question is not None
        if self.is_pro(seat):
            # A pro's answer is free text: listing the hidden choices would show them.
            return [Reply(DONT_KNOW)]
        return [Choose(i) for i in range(3)]

    def apply(self, seat: int, action: Any) -> None:
        """Play ``action`` for ``seat`` or refuse it, changing nothing. Raises
        ``GameOver``; ``IllegalAction`` ``unknown_seat``; ``NotYourTurn`` (naming the
        step the match waits for); ``InvalidAction`` ``unknown_action``;
        ``IllegalAction`` ``server_not_now``, ``not_in_serving_team``,
        ``answerer_not_now``, ``not_in_receiving_team``, ``pick_not_allowed``,
        ``no_such_question``, ``question_already_asked``, ``no_question_waiting``,
        ``pro_types_answer``, ``beginner_picks_choice``, ``bad_choice``,
        ``answer_too_long``, ``nothing_to_rule``."""
        if self.over:
            raise GameOver("le match est fini", "the match is over")
        if not isinstance(seat, int) or not 0 <= seat < self._options.players:
            raise IllegalAction(
                f"place inconnue : {seat!r}", f"unknown seat: {seat!r}", code="unknown_seat"
            )
        if seat not in self.to_act:
            raise NotYourTurn(*self._whose_turn())
        if isinstance(action, ChooseServer):
            self._choose_server(action)
        elif isinstance(action, ChooseAnswerer):
            self._choose_answerer(action)
        elif isinstance(action, Ask):
            self._ask_chosen(action)
        elif isinstance(action, Choose):
            self._choose(seat, action)
        elif isinstance(action, Reply):
            self._reply(seat, action)
        elif isinstance(action, Rule):
            self._rule(action)
        else:
            raise InvalidAction(
                f"action inconnue : {action!r}",
                f"unknown action: {action!r}",
                code="unknown_action",
            )
        self.history.append((seat, action))

    def _whose_turn(self) -> tuple[str, str]:
        names = {
            "server": (
                "l'équipe au service choisit son serveur",
                "the serving team picks its server",
            ),
            "answerer": (
                "l'équipe à la relance choisit qui répond",
                "the receiving team picks who answers",
            ),
            "ask": ("le serveur choisit la question", "the server picks the question"),
            "answer": (
                f"le joueur {(self.answerer or 0) + 1} répond",
                f"player {(self.answerer or 0) + 1} answers",
            ),
            "ruling": ("le serveur tranche la réponse", "the server rules on the answer"),
        }
        fr, en = names[self.phase]
        return (f"ce n'est pas votre tour : {fr}", f"not your turn: {en}")

    # -- the flow of a match -----------------------------------------------------------

    def _start_service(self) -> None:
        """A new service game (or a side's turn of asking in a jeu décisif)."""
        team = self.teams[self.serving]
        self.answerer = None
        if len(team) == 1:
            self._set_server(team[0])
        else:
            self.phase = Phase.SERVER
            self.server = None

    def _set_server(self, seat: int) -> None:
        self.server = seat
        self.serves[seat] += 1
        self._start_point()

    def _start_point(self) -> None:
        receivers = self.teams[1 - self.serving]
        self.answerer = None
        if self._options.choose_answerer and len(receivers) > 1:
            self.phase = Phase.ANSWERER
            return
        side = 1 - self.serving
        idx = self.next_answerer[side] % len(receivers)
        self.next_answerer[side] = idx + 1
        self._set_answerer(receivers[idx])

    def _set_answerer(self, seat: int) -> None:
        self.answerer = seat
        side = self.serving
        card = self._card_in_play(side)
        if card is None or len(self._asked_list(side)) >= QUESTIONS_PER_CARD:
            self._take_new_card(side)
        if self._options.tactique:
            self.phase = Phase.ASK
        else:
            self._ask(min(self._unasked(side)))

    def _card_in_play(self, side: int) -> int | None:
        if self.decider is not None:
            return self.decider_cards[side]
        return self.current[side]

    def _asked_list(self, side: int) -> list[int]:
        if self.decider is not None:
            return self.decider["asked"]
        return self.asked[side]

    def _unasked(self, side: int) -> list[int]:
        done = set(self._asked_list(side))
        return [k for k in range(1, QUESTIONS_PER_CARD + 1) if k not in done]

    def _draw(self, side: int) -> int:
        """The top card of the side's pile; an empty pile takes back its discard,
        reshuffled."""
        if not self.piles[side]:
            self.piles[side] = self.discards[side]
            self.discards[side] = []
            self.rng.shuffle(self.piles[side])
            self.reshuffles[side] += 1
        return self.piles[side].pop()

    def _take_new_card(self, side: int) -> None:
        if self.decider is not None:
            old = self.decider_cards[side]
            if old is not None:
                self.discards[side].append(old)
            self.decider_cards[side] = self._draw(side)
            self.decider["asked"] = []
            return
        old = self.current[side]
        if old is not None:
            self.discards[side].append(old)
        self.current[side] = self._draw(side)
        self.asked[side] = []

    def _ask(self, number: int) -> None:
        side = self.serving
        card = self._card_in_play(side)
        assert card is not None
        question = self.deck.cards[card].questions[number - 1]
        self._asked_list(side).append(number)
        order = [0, 1, 2]
        self.rng.shuffle(order)
        choices = question.choices
        self.question = Asked(
            side=side,
            card=card,
            number=number,
            shown=(choices[order[0]], choices[order[1]], choices[order[2]]),
            right=order.index(0),
            alternatives=question.alternatives,
        )
        self.phase = Phase.ANSWER

    def _question_data(self) -> Question:
        q = self.question
        assert q is not None
        return self.deck.cards[q.card].questions[q.number - 1]

    # -- actions -------------------------------------------------------------------------

    def _choose_server(self, action: ChooseServer) -> None:
        if self.phase != "server":
            raise IllegalAction(
                "le serveur ne se choisit qu'au début d'un jeu de service",
                "the server is only chosen at the start of a service game",
                code="server_not_now",
            )
        if action.seat not in self.teams[self.serving]:
            raise IllegalAction(
                f"le joueur {action.seat + 1} n'est pas dans l'équipe au service",
                f"player {action.seat + 1} is not in the serving team",
                code="not_in_serving_team",
            )
        self._set_server(action.seat)

    def _choose_answerer(self, action: ChooseAnswerer) -> None:
        if self.phase != "answerer":
            raise IllegalAction(
                "le relanceur ne se choisit qu'avant la question",
                "the answerer is only chosen before the question",
                code="answerer_not_now",
            )
        if action.seat not in self.teams[1 - self.serving]:
            raise IllegalAction(
                f"le joueur {action.seat + 1} n'est pas dans l'équipe à la relance",
                f"player {action.seat + 1} is not in the receiving team",
                code="not_in_receiving_team",
            )
        self._set_answerer(action.seat)

    def _ask_chosen(self, action: Ask) -> None:
        if self.phase != "ask":
            raise IllegalAction(
                "choisir la question n'est permis qu'en variante tactique, avant la question",
                "picking the question is only allowed in the tactique variant, before asking",
                code="pick_not_allowed",
            )
        if not 1 <= action.number <= QUESTIONS_PER_CARD:
            raise IllegalAction(
                f"une carte a 7 questions, pas de question {action.number}",
                f"a card has 7 questions, there is no question {action.number}",
                code="no_such_question",
            )
        if action.number not in self._unasked(self.serving):
            raise IllegalAction(
                f"la question {action.number} de cette carte a déjà été posée",
                f"question {action.number} of this card was already asked",
                code="question_already_asked",
            )
        self._ask(action.number)

    def _choose(self, seat: int, action: Choose) -> None:
        if self.phase != "answer":
            raise IllegalAction(
                "aucune question n'attend de réponse",
                "no question awaits an answer",
                code="no_question_waiting",
            )
        if self.is_pro(seat):
            raise IllegalAction(
                "un pro répond sans les trois choix : tapez la réponse",
                "a pro answers without the three choices: type the answer",
                code="pro_types_answer",
            )
        if not 0 <= action.index < 3:
            raise IllegalAction("répondez A, B ou C", "answer A, B or C", code="bad_choice")
        assert self.question is not None
        given = self.question.shown[action.index]
        self._resolve(action.index == self.question.right, given)

    def _reply(self, seat: int, action: Reply) -> None:
        if self.phase != "answer":
            raise IllegalAction(
                "aucune question n'attend de réponse",
                "no question awaits an answer",
                code="no_question_waiting",
            )
        if not self.is_pro(seat):
            raise IllegalAction(
                "un débutant répond par A, B ou C",
                "a beginner answers with A, B or C",
                code="beginner_picks_choice",
            )
        if len(action.answer) > 200 or "\n" in action.answer:
            raise IllegalAction(
                "réponse trop longue (une ligne, 200 caractères au plus)",
                "answer too long (one line, at most 200 characters)",
                code="answer_too_long",
            )
        q = self.question
        assert q is not None
        wrong = [t for i, t in enumerate(q.shown) if i != q.right]
        right = judge(action.answer, q.answer, q.alternatives, wrong)
        if self._options.overrule:
            self.pending = (action.answer, right)
            self.phase = Phase.RULING
            return
        self._resolve(right, action.answer)

    def _rule(self, action: Rule) -> None:
        if self.phase != "ruling" or self.pending is None:
            raise IllegalAction(
                "rien à trancher : aucune réponse libre en attente",
                "nothing to rule on: no open answer is waiting",
                code="nothing_to_rule",
            )
        given, judged = self.pending
        self.pending = None
        self._resolve(action.right, given, judged=judged)

    # -- points, games, sets ------------------------------------------------------------

    def _resolve(self, right: bool, given: str, judged: bool | None = None) -> None:
        q = self.question
        assert q is not None and self.answerer is not None and self.server is not None
        receivers = 1 - self.serving
        entry: dict[str, Any] = {
            "server": self.server,
            "answerer": self.answerer,
            "card": self.deck.cards[q.card].id,
            "number": q.number,
            "text": self._question_data().text,
            "difficulty": self._question_data().difficulty,
            "given": given,
            "answer": q.answer,
            "right": right,
        }
        if judged is not None and judged != right:
            entry["overruled"] = True
        self.log.append(entry)
        self.question = None
        if self.decider is not None:
            self._decider_point(receivers, right)
            return
        winner = receivers if right else self.serving
        self.score, event = self.score.point(winner)
        self.last_call = call(self.score, event)
        self.last_call_en = call(self.score, event, "en")
        if event is not Event.POINT:
            self._game_over(event)
            return
        if not self._options.tactique and len(self.asked[self.serving]) >= QUESTIONS_PER_CARD:
            self.discards[self.serving].append(self.current[self.serving])  # type: ignore[arg-type]
            self.current[self.serving] = None
            self.asked[self.serving] = []
        self._start_point()

    def _game_over(self, event: Event) -> None:
        side = self.serving
        if self._options.tactique or len(self.asked[side]) >= QUESTIONS_PER_CARD:
            # Tactique: the card is discarded after each game; a finished card too.
            if self.current[side] is not None:
                self.discards[side].append(self.current[side])  # type: ignore[arg-type]
            self.current[side] = None
            self.asked[side] = []
        if event is Event.MATCH:
            self.over = True
            self.phase = Phase.OVER
            self.server = self.answerer = None
            return
        if self.score.games == (6, 6):
            self.sets_66 += 1
        if self.score.in_decider:
            self._start_decider(self.score.server)
            return
        self.serving = self.score.server
        self._start_service()

    def _start_decider(self, first: int) -> None:
        """Jeu décisif: each side takes a new card; ``first`` asks its 7 questions,
        then the other side asks its 7."""
        self.deciders += 1
        self.decider = {"first": first, "turn": 0, "right": [0, 0], "asked": [], "asked_count": 0}
        for side in (0, 1):
            # The started card is set aside and resumed after the jeu décisif.
            self.decider_cards[side] = self._draw(side)
        self.serving = first
        self._start_service()

    def _decider_point(self, receivers: int, right: bool) -> None:
        d = self.decider
        assert d is not None
        if right:
            d["right"][receivers] += 1
        self.last_call = f"jeu décisif {d['right'][0]}-{d['right'][1]}"
        self.last_call_en = f"jeu décisif {d['right'][0]}-{d['right'][1]}"
        if len(d["asked"]) < QUESTIONS_PER_CARD:
            self._start_point()
            return
        if d["turn"] == 0:
            d["turn"] = 1
            d["asked"] = []
            self.serving = 1 - d["first"]
            self._start_service()
            return
        for side in (0, 1):
            self.discards[side].append(self.decider_cards[side])  # type: ignore[arg-type]
            self.decider_cards[side] = None
        a, b = d["right"]
        if a == b:
            # Tie: new cards and another jeu décisif; the other side asks first. The
            # screens say why the count went back to 0-0 ("égalité 4-4").
            self._start_decider(1 - d["first"])
            self.decider["tie"] = a  # type: ignore[index]
            return
        self.decider = None
        self.score, event = self.score.decider_won(0 if a > b else 1)
        self.last_call = call(self.score, event)
        self.last_call_en = call(self.score, event, "en")
        if event is Event.MATCH:
            self.over = True
            self.phase = Phase.OVER
            self.server = self.answerer = None
            return
        self.serving = self.score.server
        self._start_service()

    # -- views, copies -------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        n = self._options.players
        insider = seat is not None and side_of(seat) == self.serving and not self.over
        board = self.score.board()
        view: dict[str, Any] = {
            "game": "tennis-quizz",
            "seat": seat,
            "players": n,
            "teams": [list(t) for t in self.teams],
            "side": side_of(seat) if seat is not None else None,
            "deck": {"id": self.deck.id, "title": self.deck.title},
            "options": {
                "tactique": self._options.tactique,
                "jeu_decisif": self._options.jeu_decisif,
                "pros": list(self._options.pros),
                "choose_answerer": self._options.choose_answerer,
                "overrule": self._options.overrule,
                "sets_to_win": self._options.sets_to_win,
            },
            "toss": self.toss,
            "score": board,
            "call": self.score.game_call() if self.decider is None else self.last_call,
            "call_en": self.score.game_call("en") if self.decider is None else self.last_call_en,
            "last_call": self.last_call,
            "last_call_en": self.last_call_en,
            "phase": self.phase,
            "to_act": list(self.to_act),
            "to_move": self.to_move,
            "serving": self.serving if not self.over else None,
            "server": self.server,
            "answerer": self.answerer,
            "serves": list(self.serves),
            "piles": [len(p) for p in self.piles],
            "discards": [len(d) for d in self.discards],
            "card": None,
            "question": None,
            "ruling": None,
            "decider": None,
            "log": self.log[-LOG_IN_VIEW:],
            "questions_asked": len(self.log),
            "over": self.over,
        }
        if not self.over:
            card = self._card_in_play(self.serving)
            if card is not None:
                view["card"] = {
                    "id": self.deck.cards[card].id,
                    "asked": sorted(self._asked_list(self.serving)),
                }
                if insider:
                    view["card"]["questions"] = [
                        {
                            "number": k,
                            "text": q.text,
                            "answer": q.answer,
                            "wrong": list(q.wrong),
                            "difficulty": q.difficulty,
                            "category": q.category,
                        }
                        for k, q in enumerate(self.deck.cards[card].questions, start=1)
                    ]
        if self.decider is not None:
            view["decider"] = {
                "first": self.decider["first"],
                "turn": self.decider["turn"],
                "right": list(self.decider["right"]),
                "asked": len(self.decider["asked"]),
                "tie": self.decider.get("tie"),
            }
        q = self.question
        if q is not None:
            data = self._question_data()
            pro = self.answerer is not None and self.is_pro(self.answerer)
            view["question"] = {
                "card": self.deck.cards[q.card].id,
                "number": q.number,
                "text": data.text,
                "category": data.category,
                "difficulty": data.difficulty,
                "choices": None if pro else list(q.shown),
                "open": pro,
            }
            if insider or self.phase == "ruling":
                view["question"]["answer"] = q.answer
                view["question"]["right_choice"] = None if pro else q.right
                view["question"]["alternatives"] = list(q.alternatives)
        if self.pending is not None:
            view["ruling"] = {"given": self.pending[0], "judged": self.pending[1]}
        if self.over:
            view["winner"] = self.score.winner
            view["winners"] = list(self.teams[self.score.winner or 0])
        return view

    def position(self) -> str:
        """The score of this match as text (see ``positions.py``, which reads it back)."""
        return position_text(self)

    def clone(self) -> TennisQuizzState:
        other = object.__new__(TennisQuizzState)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.history = list(self.history)
        other.teams = [list(t) for t in self.teams]
        other.piles = [list(p) for p in self.piles]
        other.discards = [list(d) for d in self.discards]
        other.current = list(self.current)
        other.asked = [list(a) for a in self.asked]
        other.reshuffles = list(self.reshuffles)
        other.next_answerer = list(self.next_answerer)
        other.serves = list(self.serves)
        other.log = [dict(e) for e in self.log]
        other.decider_cards = list(self.decider_cards)
        if self.decider is not None:
            other.decider = {
                **self.decider,
                "right": list(self.decider["right"]),
                "asked": list(self.decider["asked"]),
            }
        return other

    def fingerprint(self) -> Any:
        return {
            "score": self.score.board(),
            "serving": self.serving,
            "server": self.server,
            "answerer": self.answerer,
            "phase": self.phase,
            "piles": [list(p) for p in self.piles],
            "discards": [list(d) for d in self.discards],
            "current": list(self.current),
            "asked": [list(a) for a in self.asked],
            "decider_cards": list(self.decider_cards),
            "decider": repr(self.decider),
            "question": repr(self.question),
            "pending": self.pending,
            "next_answerer": list(self.next_answerer),
            "serves": list(self.serves),
            "log": list(self.log),  # entries are never changed once logged
            "history": list(self.history),
            "deciders": self.deciders,
            "sets_66": self.sets_66,
            "over": self.over,
            "rng": hash(self.rng.getstate()),
        }

    def __repr__(self) -> str:
        board = self.score.board()
        return (
            f"<TennisQuizzState sets={board['sets']} games={board['games']} "
            f"points={board['points']} serving={self.serving} phase={self.phase}>"
        )


__all__ = [
    "DONT_KNOW",
    "LETTERS",
    "MIN_CARDS",
    "Ask",
    "Asked",
    "Choose",
    "ChooseAnswerer",
    "ChooseServer",
    "QuizzAction",
    "Reply",
    "Rule",
    "TennisQuizzOptions",
    "TennisQuizzState",
    "action_from_json",
    "members",
    "side_of",
]


# Positions as text (read back by ``positions.py``) -----------------------------------

CALLS = {"0": 0, "15": 1, "30": 2, "40": 3}
"""Points as called, and as the score counts them."""
FLAGS = {"jeu-decisif": "jeu_decisif", "tactique": "tactique"}
"""Variant words of a position and the options they set."""


def position_text(state: TennisQuizzState) -> str:
    """The score of ``state`` in one line, as ``positions.from_position`` reads it."""
    calls = {v: k for k, v in CALLS.items()}
    score = state.score
    parts = []
    if score.sets:
        parts.append("sets " + " ".join(f"{a}-{b}" for a, b in score.sets))
    parts.append("games {} {}".format(*score.games))
    parts.append("points {} {}".format(*(calls.get(p, "40") for p in score.points)))
    options = state.options
    parts += [f"players {options.players}", f"deck {options.deck}"]
    parts += [flag for flag, key in FLAGS.items() if getattr(options, key)]
    if options.sets_to_win != 2:
        parts.append(f"sets-to-win {options.sets_to_win}")
    parts.append(f"seed {state.seed}")
    return "; ".join(parts)


QuizzState = TennisQuizzState
"""The former name, kept for callers written before the games were named alike."""
QuizzOptions = TennisQuizzOptions
