"""Tennis Quizz's ``Game`` object: options, deck loading, bots and conformance hooks."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any, ClassVar

from partie.core.errors import BadOptions
from partie.core.game import Bot, Game
from partie.core.options import options_from_json
from partie.core.tennis import MATCH_WON, MATCH_WON_WORDS
from partie.games.tennis_quizz.bots import BOT_NAMES, make_bot
from partie.games.tennis_quizz.decks import (
    DECK_LIMITS,
    INLINE_PREFIX,
    Card,
    Deck,
    deck_from_text,
    inline_deck_id,
    is_builtin,
    load_deck,
    too_small_for_play,
)
from partie.games.tennis_quizz.positions import from_position as score_position
from partie.games.tennis_quizz.referee import Referee
from partie.games.tennis_quizz.refusals import REFUSALS
from partie.games.tennis_quizz.rules import (
    Ask,
    Asked,
    Choose,
    ChooseAnswerer,
    ChooseServer,
    QuizzAction,
    Reply,
    Rule,
    TennisQuizzOptions,
    TennisQuizzState,
    action_from_json,
    parse_action,
    side_of,
)
from partie.games.tennis_quizz.scoring_table import (
    MODES,
    Point,
    ScoringState,
    Undo,
    scoring_action_from_json,
)


def load_decks(spec: str) -> Deck:
    """One deck from ``spec``; several names or files joined by commas are merged
    (card ids prefixed with their deck's id)."""
    names = [s.strip() for s in spec.split(",") if s.strip()]
    if not names:
        raise BadOptions("aucun paquet de questions choisi", "no question deck chosen")
    decks = [load_deck(name) for name in names]
    if len(decks) == 1:
        return decks[0]
    cards = tuple(Card(f"{d.id}/{c.id}", c.questions) for d in decks for c in d.cards)
    first = decks[0]
    return Deck(
        id="+".join(d.id for d in decks),
        title=" + ".join(d.title for d in decks),
        cards=cards,
        language=first.language,
        licence=", ".join(sorted({d.licence for d in decks if d.licence})),
        authors=tuple(dict.fromkeys(a for d in decks for a in d.authors)),
    )


def check_inline(deck: str, text: str) -> None:
    """An inline deck: at most 1 MiB of text, named by its own hash, and a valid deck."""
    if len(text.encode("utf-8")) > DECK_LIMITS.max_bytes:
        raise BadOptions(
            "option deck_text : paquet trop gros (au plus 1 Mio)",
            "option deck_text: deck too large (at most 1 MiB)",
        )
    expected = inline_deck_id(text)
    if deck != expected:
        raise BadOptions(
            f"option deck : {expected} attendu pour ce deck_text, pas {deck[:40]!r}",
            f"option deck: {expected} expected for this deck_text, not {deck[:40]!r}",
        )
    deck_from_text(text)


def deck_options(spec: str) -> dict[str, str]:
    """The options for the deck ``spec`` given on the command line: a built-in name stays
    a name; one deck file travels inline (its text and hash), so that a record of the game
    replays anywhere."""
    from partie.games.tennis_quizz.decks import read_deck_text

    names = [name.strip() for name in spec.split(",") if name.strip()]
    if len(names) != 1 or is_builtin(names[0]):
        return {"deck": spec}
    text = read_deck_text(names[0])
    return {"deck": inline_deck_id(text), "deck_text": text}


class TennisQuizz(Game):
    id = "tennis-quizz"
    name = "Tennis Quizz"
    min_players = 2
    max_players = 6
    default_bot = "quiz"
    private_options = frozenset({"deck_text"})
    refusals = REFUSALS
    end_reasons: ClassVar[dict[str, tuple[str, str]]] = {MATCH_WON: MATCH_WON_WORDS}
    score_meaning = ("sets gagnés par le camp de la place 1", "sets won by seat 1's side")
    terminal_screen = "partie.terminal.tennis_quizz:TennisQuizzScreen"
    print_cards = "partie.printing.faces:quiz_cards"
    prints_decks = True
    web_adapter = "partie.server.games.tennis_quizz"
    rules_text = "partie.rules.text"

    def parse_options(
        self, data: dict[str, Any] | None = None, *, trusted: bool = True
    ) -> TennisQuizzOptions:
        options = options_from_json(TennisQuizzOptions, data)
        if options.mode not in MODES:
            raise BadOptions(
                f"mode : match, referee ou teacher, pas {options.mode!r}",
                f"mode: match, referee or teacher, not {options.mode!r}",
            )
        if options.mode != "match":
            if options.players != 1 or options.pros or options.first_server not in (-1, 0, 1):
                raise BadOptions(
                    "en mode arbitre ou enseignant : une seule place (la table de marque), "
                    "pas de pros, premier serveur -1, 0 ou 1",
                    "in referee or teacher mode: one seat (the scorer), no pros, "
                    "first server -1, 0 or 1",
                )
        else:
            self.check_players(
                options.players, fr_note=" (jusqu'à 3 par équipe)", en_note=" (up to 3 a side)"
            )
        names = options.team_names
        if names:
            if (
                options.mode == "match"
                or len(names) != 2
                or not all(isinstance(n, str) and 0 < len(n.strip()) <= 30 for n in names)
                or any(not c.isprintable() for n in names for c in n)
            ):
                raise BadOptions(
                    "option team_names : deux noms d'équipe de 1 à 30 caractères (modes "
                    "arbitre et enseignant ; un match nomme ses équipes par ses joueurs)",
                    "option team_names: two team names of 1 to 30 characters (referee and "
                    "teacher modes; a match names its sides by their players)",
                )
            options = replace(options, team_names=tuple(n.strip() for n in names))
        for seat in options.pros:
            if not isinstance(seat, int) or not 0 <= seat < options.players:
                raise BadOptions(
                    f"option pros : pas de place {seat!r} à cette table",
                    f"option pros: no seat {seat!r} at this table",
                )
        if options.sets_to_win not in (1, 2, 3):
            raise BadOptions(
                "sets_to_win vaut 1, 2 (au meilleur des trois) ou 3",
                "sets_to_win is 1, 2 (best of three) or 3",
            )
        if not isinstance(options.deck, str) or not options.deck.strip():
            raise BadOptions("option deck : nom ou fichier attendu", "option deck: a name or file")
        if options.deck_text is not None:
            check_inline(options.deck, options.deck_text)
        elif options.deck.startswith(INLINE_PREFIX):
            raise BadOptions(
                "option deck : un paquet sha256:... vient avec son texte (deck_text)",
                "option deck: a sha256:... deck comes with its text (deck_text)",
            )
        elif not trusted:
            for name in options.deck.split(","):
                if not is_builtin(name.strip()):
                    shown = name.strip()[:40]
                    raise BadOptions(
                        f"option deck : {shown!r} n'est pas un paquet intégré (un fichier "
                        "n'est pas accepté ici ; un paquet personnel voyage dans deck_text)",
                        f"option deck: {shown!r} is not a built-in deck (a file is not "
                        "accepted here; a custom deck travels in deck_text)",
                    )
        return replace(options, pros=tuple(sorted(set(options.pros))))

    def from_position(self, text: str) -> TennisQuizzState:
        """``sets 6-2; games 5 0; points 30 15; seed 4`` (see ``positions.py``)."""
        return score_position(self, text)

    def setup(self, options: TennisQuizzOptions, seed: int) -> TennisQuizzState | ScoringState:
        if options.mode == "referee":
            return ScoringState(self, options, None, seed)
        if options.deck_text is not None:
            deck = deck_from_text(options.deck_text)
        else:
            deck = load_decks(options.deck)
        too_small = too_small_for_play(deck.id, len(deck.cards))
        if too_small is not None:  # the same words as ``deck check``'s warning
            raise BadOptions(*too_small)
        if options.mode == "teacher":
            return ScoringState(self, options, deck, seed)
        return TennisQuizzState(self, options, deck, seed)

    def action_from_json(self, data: Any) -> QuizzAction | Point | Undo:
        if isinstance(data, dict) and data.get("type") in ("point", "undo"):
            return scoring_action_from_json(data)
        return action_from_json(data)

    def parse_action(self, view: dict[str, Any], text: str) -> QuizzAction:
        """A number, A/B/C, an open answer or o/n, depending on the step of the point."""
        return parse_action(view, text)

    def bot_names(self) -> list[str]:
        return list(BOT_NAMES)

    def make_bot(self, spec: str, seed: int = 0) -> Bot:
        return make_bot(spec, seed)

    # -- conformance hooks ------------------------------------------------------------

    def probe_actions(self, state: Any, seat: int, rng: random.Random) -> Iterator[Any]:
        """Legal actions plus near misses: seats of the wrong team, questions already
        asked or out of the card, choices D and -1, a reply from a beginner and a choice
        from a pro, a ruling with nothing to rule."""
        yield from state.legal_actions(seat)
        if isinstance(state, ScoringState):
            yield from (Point("server"), Point("receiver"), Point("net"), Undo(), Choose(0))
            return
        n = state.options.players
        for s in (-1, 0, 1, n - 1, n):
            yield ChooseServer(s)
            yield ChooseAnswerer(s)
        for k in (0, 1, 7, 8):
            yield Ask(k)
        for i in (-1, 0, 1, 2, 3):
            yield Choose(i)
        yield Reply("x" * 201)
        yield Reply("deux\nlignes")
        yield Rule(True)
        yield Rule(False)

    def random_action(self, state: Any, seat: int, rng: random.Random) -> Any:
        """Referee tables: an undo now and then, so random playouts still finish."""
        if isinstance(state, ScoringState) and state.taps and rng.random() < 0.1:
            return Undo()
        if isinstance(state, ScoringState):
            return Point(rng.choice(("server", "receiver")))
        return super().random_action(state, seat, rng)

    def check_invariants(self, state: Any) -> None:
        if isinstance(state, ScoringState):
            # The score is a function of the taps: rebuilt from them, it is the same.
            again = Referee.replay(state.rules, list(state.taps))
            assert again.to_json() == state.referee.to_json(), "score differs from its taps"
            assert len(state.taps) <= len(state.history)
            return
        # Card conservation: every card is in exactly one place.
        places: list[int] = []
        for side in (0, 1):
            places += state.piles[side] + state.discards[side]
            places += [c for c in (state.current[side], state.decider_cards[side]) if c is not None]
        assert sorted(places) == list(range(len(state.deck.cards))), "cards are not conserved"
        score = state.score
        assert len(score.sets) <= 2 * state.options.sets_to_win - 1
        overrule = state.options.overrule
        resolving = sum(
            1
            for _, a in state.history
            if isinstance(a, Choose | Rule) or (isinstance(a, Reply) and not overrule)
        )
        assert len(state.log) == resolving, "one logged point per answer"
        if not state.over:
            assert state.to_act
            if state.server is not None:
                assert side_of(state.server) == state.serving
            if state.answerer is not None:
                assert side_of(state.answerer) != state.serving
        else:
            assert score.winner is not None

    def reshuffle_hidden(self, state: Any, seat: int | None, rng: random.Random) -> Any:
        """Redraw what ``seat`` cannot see: the order of every pile, and, for anyone
        outside the serving team while a question waits, which shown choice is right.
        Referee and teacher tables hide nothing their views could show."""
        if isinstance(state, ScoringState):
            return state.clone()
        other = state.clone()
        for side in (0, 1):
            rng.shuffle(other.piles[side])
        insider = seat is not None and side_of(seat) == state.serving
        q = state.question
        if q is not None and state.phase == "answer" and not insider:
            right = rng.randrange(3)
            other.question = Asked(
                side=q.side,
                card=q.card,
                number=q.number,
                shown=q.shown,
                right=right,
                alternatives=q.alternatives if right == q.right else (),
            )
        return other


GAME = TennisQuizz()

__all__ = ["GAME", "TennisQuizz", "check_inline", "deck_options", "load_decks"]
