"""Tennis de mots' ``Game`` object: options, set-up, bots, the move generator for a
state, and the conformance hooks."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any, ClassVar

from partie.core.errors import BadOptions, PartieError
from partie.core.game import Bot, Game
from partie.core.options import options_from_json
from partie.core.tennis import MATCH_WON, MATCH_WON_WORDS
from partie.games.tennis_mots.bot_specs import bot_from_spec
from partie.games.tennis_mots.bots import BOTS, SimpleBot, load_lexicon
from partie.games.tennis_mots.cards import AFTER, DOUBLE, LETTERS_SET, load_deck
from partie.games.tennis_mots.moves import Candidate, generate
from partie.games.tennis_mots.notation import parse_action as parse_typed
from partie.games.tennis_mots.positions import from_position as state_from_position
from partie.games.tennis_mots.refusals import REFUSALS
from partie.games.tennis_mots.rules import (
    ACCEPT,
    CHALLENGE,
    HAND_SIZE,
    PASS,
    Net,
    Shot,
    TennisMotsAction,
    TennisMotsOptions,
    TennisMotsState,
    action_from_json,
    iter_laid,
)


class BadLexiconFile(PartieError):
    code = "bad_lexicon"


def table_lexicon(path: str | None) -> Any:
    """The lexicon of a table; an unreadable file is a ``PartieError``. The list is read
    through the one input check (``Lexicon.from_file``): a regular file of at most
    64 MiB, words of at most 32 letters (``/dev/zero`` is not read forever)."""
    try:
        return load_lexicon(path)
    except PartieError:
        raise
    except OSError as exc:
        raise BadLexiconFile(
            f"impossible de lire la liste de mots {path} : {exc.strerror}",
            f"cannot read word list {path}: {exc.strerror}",
        ) from None
    except (UnicodeDecodeError, ValueError) as exc:
        raise BadLexiconFile(
            f"liste de mots illisible {path} : {exc}",
            f"unreadable word list {path}: {exc}",
        ) from None


def check_serves(deck: Any, lexicon: Any, path: str | None) -> None:
    """Refuse a word list in which some letter of the deck starts no word. The rules
    count on a lone card always being a move for the server (a fault under the weight,
    a serve at or above it): with a list where ``F`` starts no word, a server holding
    only ``F``, ``V``, ``W`` and ``Y`` (each worth 5 or more) has no move at all."""
    letters = sorted({face for face in deck.faces if face in LETTERS_SET})
    missing = [letter for letter in letters if not lexicon.is_prefix(letter)]
    if missing:
        shown = ", ".join(missing[:10]) + ("…" if len(missing) > 10 else "")
        raise BadLexiconFile(
            f"liste de mots {path} : aucun mot ne commence par {shown} ; chaque lettre du "
            "paquet doit commencer un mot (un serveur doit toujours pouvoir jouer une carte)",
            f"word list {path}: no word starts with {shown}; every letter of the deck must "
            "start a word (a server must always be able to play a card)",
        )


BUILTIN = "default"
"""The id of the packaged lexicon and of the packaged deck."""


def check_builtin_only(options: TennisMotsOptions) -> None:
    """``options`` from an untrusted source: ``lexicon`` and ``deck`` may only name the
    packaged ones (``None`` or ``"default"``), never a file of this machine."""
    for key in ("lexicon", "deck"):
        value = getattr(options, key)
        if value not in (None, BUILTIN):
            shown = value if len(value) <= 40 else value[:37] + "..."
            raise BadOptions(
                f"option {key} : seul le paquet intégré ({BUILTIN!r}) est accepté ici, "
                f"pas {shown!r}",
                f"option {key}: only the built-in one ({BUILTIN!r}) is accepted here, "
                f"not {shown!r}",
            )


class TennisMots(Game):
    id = "tennis-mots"
    name = "Tennis de mots"
    min_players = 2
    max_players = 4
    default_bot = "greedy"
    lists_actions = False
    refusals = REFUSALS
    end_reasons: ClassVar[dict[str, tuple[str, str]]] = {MATCH_WON: MATCH_WON_WORDS}
    score_meaning = ("sets gagnés par la place 1", "sets won by seat 1")
    terminal_screen = "partie.terminal.tennis_mots:TennisMotsScreen"
    print_cards = "partie.printing.faces:letter_cards"
    web_adapter = "partie.server.games.tennis_mots"
    rules_text = "partie.rules.text"

    def parse_options(
        self, data: dict[str, Any] | None = None, *, trusted: bool = True
    ) -> TennisMotsOptions:
        options = options_from_json(TennisMotsOptions, data)
        if not trusted:
            check_builtin_only(options)
        options = replace(
            options,
            lexicon=None if options.lexicon == BUILTIN else options.lexicon,
            deck=None if options.deck == BUILTIN else options.deck,
        )
        self.check_players(options.players)
        if not 0 <= options.serve_weight <= 60:
            raise BadOptions(
                f"poids du service : de 0 à 60, pas {options.serve_weight}",
                f"serve weight: 0 to 60, not {options.serve_weight}",
            )
        if not 1 <= options.sets_to_win <= 5:
            raise BadOptions(
                f"sets gagnants : de 1 à 5, pas {options.sets_to_win}",
                f"sets to win: 1 to 5, not {options.sets_to_win}",
            )
        deck = load_deck(options.deck)
        if deck.size < options.players * HAND_SIZE + 10:
            raise BadOptions(
                f"{deck.size} cartes ne suffisent pas à {options.players} joueurs",
                f"{deck.size} cards are not enough for {options.players} players",
            )
        check_serves(deck, table_lexicon(options.lexicon), options.lexicon)
        return options

    def setup(self, options: TennisMotsOptions, seed: int) -> TennisMotsState:
        return TennisMotsState(
            self, options, seed, load_deck(options.deck), table_lexicon(options.lexicon)
        )

    def action_from_json(self, data: Any) -> TennisMotsAction:
        return action_from_json(data)

    def from_position(self, text: str) -> TennisMotsState:
        """``hands XAAAAAA / SSSSSSS; table JE[*U]; server 1; draw 10`` (see
        ``positions.py``)."""
        return state_from_position(self, text)

    def parse_action(self, view: dict[str, Any], text: str) -> TennisMotsAction:
        """A word (``JEUX``, ``[*S]``…) or a command (``passe``, ``net MOT``, ``ok``)."""
        return parse_typed(view, text)

    def bot_names(self) -> list[str]:
        return sorted([*BOTS, "mc"])

    def make_bot(self, spec: str, seed: int = 0) -> Bot:
        """``name``, ``name:params`` or ``name@N`` (see ``bot_specs.bot_from_spec``)."""
        return bot_from_spec(spec, seed)

    # -- conformance hooks --------------------------------------------------------------

    def probe_actions(self, state: Any, seat: int, rng: random.Random) -> Iterator[Any]:
        """Listed actions, a few generated shots, and near misses: invalid words, shots
        under the weight, cards not in hand, wrong joker letters, out-of-turn play,
        challenges with nothing to challenge."""
        yield from state.legal_actions(seat)
        yield CHALLENGE
        yield ACCEPT
        yield PASS
        found = shots(state, seat, limit=40, budget=300)
        rng.shuffle(found)
        for cand in found[:4]:
            yield Shot(cand.cards)
            yield Net(cand.cards)
        table = [(c, g, "") for c, g, _l in state.table]
        hand = state.hands[seat]
        faces = state.deck.faces
        yield Shot(tuple(table)) if table else Net(())
        if hand:
            card = rng.choice(hand)
            glyph = AFTER if faces[card] == DOUBLE else faces[card]
            yield Shot((*table, (card, glyph, "")))
            yield Net(((card, glyph, ""), *table))
            yield Shot((*table, (card, glyph, ""), (card, glyph, "")))
            all_in = tuple((c, AFTER if faces[c] == DOUBLE else faces[c], "") for c in hand)
            yield Shot((*table, *all_in))
            yield Net((*table, *all_in))
            jokers = [c for c in hand if faces[c] not in LETTERS_SET and faces[c] != DOUBLE]
            if jokers:
                yield Shot((*table, (jokers[0], faces[jokers[0]], "A")))
                yield Shot((*table, (jokers[0], faces[jokers[0]], "B")))
            letters = [c for c in hand if faces[c] in LETTERS_SET]
            if letters:
                yield Shot((*table, (letters[0], "★", "")))
        others = [c for s, h in enumerate(state.hands) if s != seat for c in h]
        if others:
            card = rng.choice(others)
            glyph = AFTER if faces[card] == DOUBLE else faces[card]
            yield Shot((*table, (card, glyph, "")))
        if state.draw:
            card = state.draw[-1]
            glyph = AFTER if faces[card] == DOUBLE else faces[card]
            yield Shot(((card, glyph, ""),))
        yield Shot(((999, "A", ""),))

    def random_action(self, state: Any, seat: int, rng: random.Random) -> Any:
        """Mostly the simple bot; sometimes a bluff (the whole hand added on the right,
        as a shot or a NET), a plain pass, or a challenge at random."""
        if state.pending is not None:
            return CHALLENGE if rng.random() < 0.3 else ACCEPT
        roll = rng.random()
        hand = state.hands[seat]
        if roll < 0.12 and hand:
            faces = state.deck.faces
            table = tuple((c, g, "") for c, g, _l in state.table)
            added = tuple((c, AFTER if faces[c] == DOUBLE else faces[c], "") for c in hand)
            for action in (Shot(table + added), Net(table + added[:1])):
                if state.is_legal(seat, action):
                    return action
        if roll < 0.18 and state.is_legal(seat, PASS):
            return PASS
        bot = SimpleBot(rng.randrange(1 << 30), budget=600)
        return bot.act(state.view(seat))

    def check_invariants(self, state: Any) -> None:
        deck = state.deck
        cards = sorted(iter_laid(state))
        assert cards == list(deck.ids), f"the {deck.size} cards are not conserved"
        values = deck.values
        assert sum(values[c] for c in cards) == deck.points
        assert all(len(h) <= HAND_SIZE for h in state.hands)
        assert all(h == sorted(h) for h in state.hands)
        for card, glyph, letter in state.table:
            face = deck.faces[card]
            assert glyph == face or (face == DOUBLE and glyph in ("◀", "▶"))
            assert letter == "?" or letter in LETTERS_SET
            if face in LETTERS_SET:
                assert letter == face
        if state.over:
            assert state.to_act == ()
            assert state.winner is not None
            assert state.sets_won[state.winner] == state.options.sets_to_win
            assert len(state.set_scores) == sum(state.sets_won) + sum(
                1 for s in state.set_scores if s.count(max(s)) > 1
            )
            scored = sum(state.set_scores[-1])
            malus = sum(values[c] for m in state.malus for c in m)
            removed = sum(values[c] for c in state.removed)
            assert scored == deck.points - removed - 2 * malus, "the last set's score"
            return
        assert state.to_act, "someone must act"
        assert (state.pending is not None) == (state.phase == "challenge")
        if state.phase == "serve":
            assert not state.table
        if state.phase == "rally":
            assert state.table and state.in_rally[state.turn]
        if state.last_rally:
            assert not state.draw

    def reshuffle_hidden(self, state: Any, seat: int | None, rng: random.Random) -> Any:
        """Deal again every face-down card ``seat`` cannot see: the other hands, the
        draw pile, the trick and malus piles and the hands taken out of play."""
        other = state.clone()
        n = state.options.players
        seats = [s for s in range(n) if s != seat]
        piles: list[list[int]] = [other.hands[s] for s in seats]
        piles += [other.draw, *other.tricks, *other.malus, other.removed]
        unseen = [c for pile in piles for c in pile]
        rng.shuffle(unseen)
        for pile in piles:
            size = len(pile)
            pile[:] = unseen[:size]
            del unseen[:size]
        for s in seats:
            other.hands[s].sort()
        return other


def shots(
    state: TennisMotsState, seat: int, limit: int = 200, budget: int = 3000
) -> list[Candidate]:
    """Shots ``seat`` could lay now from its hand and the table (any value: compare
    with ``state.weight``); empty when it is not that seat's turn to lay cards."""
    if state.over or state.pending is not None or seat != state.turn:
        return []
    values = state.deck.values
    faces = state.deck.faces
    table = [(c, g, letter, values[c]) for c, g, letter in state.table]
    hand = [(c, faces[c], values[c]) for c in state.hands[seat]]
    return generate(table, hand, state.lexicon, limit=limit, budget=budget)


GAME = TennisMots()

__all__ = ["GAME", "BadLexiconFile", "TennisMots", "shots", "table_lexicon"]
