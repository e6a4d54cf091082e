"""The fast move generator (compiled walk over the starts automaton, shots listed with
their card ids worked out on first use) against the plain Python walk and the eager
shot builder it replaced, on bench-like positions: long tables, hands of 7, jokers."""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pytest

from partie.core import get_game
from partie.games.tennis_mots import movegen
from partie.games.tennis_mots.lexicon import Lexicon
from partie.games.tennis_mots.movegen import GeneratedShot, all_shots, best_shot
from partie.games.tennis_mots.positions import rally_position as built_position
from partie.games.tennis_mots.rules import Shot, TennisMotsState
from partie.games.tennis_mots.shots import (
    COUP_DROIT,
    COUP_DROIT_LIFTE,
    LOB,
    REVERS,
    REVERS_LIFTE,
    SMASH,
)
from partie.games.tennis_mots.walk import completion_values, row_fields

LEXICON = Lexicon.default()
GAME = get_game("tennis-mots")


def rally_position(seed: int, *, longest: int = 6) -> TennisMotsState | None:
    """Seat 1 to return: the start of a real word (2 to ``longest`` letters) on the
    table, 7 cards in hand holding 0-2 jokers (as the bench builds them)."""
    rng = random.Random(seed)
    word = rng.choice(WORDS)
    return built_position(seed, word[: rng.randint(2, min(longest, len(word)))])


WORDS = [w for w in list(LEXICON.words())[::50] if len(w) >= 2]


def positions(count: int, seed: int = 0, longest: int = 6) -> list[dict[str, Any]]:
    out = []
    k = seed
    while len(out) < count:
        state = rally_position(k, longest=longest)
        k += 1
        if state is not None:
            out.append(state.view(1))
    return out


def python_walk(view: dict[str, Any], lexicon: Any) -> list[GeneratedShot]:
    """The plain Python walk and eager builder (checked against the brute force by
    test_movegen on small positions)."""
    position = movegen._position(view)
    assert position is not None
    groups = movegen._groups(position)
    search = movegen._Search(groups, position.weight, lexicon)
    found: list[Any] = []
    search.run(lambda path, letters, value, _cost: found.append((tuple(path), letters, value)))
    return movegen._Builder(position, groups, lexicon).shots(found)


class PlainLexicon:
    """A lexicon with only the three questions (no starts table, no automaton)."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.is_prefix = lexicon.is_prefix
        self.is_word = lexicon.is_word
        self.next_letters = lexicon.next_letters


@pytest.mark.parametrize("block", range(3))
def test_the_compiled_walk_lists_what_the_python_walk_did(block: int) -> None:
    names: set[str] = set()
    total = 0
    for view in positions(12, seed=block * 1000):
        fast = all_shots(view, LEXICON)
        slow = python_walk(view, LEXICON)
        assert len(fast) == len(slow)
        for a, b in zip(fast, slow, strict=True):
            # Field by field, in the same (canonical) order, ids worked out lazily.
            assert (a.letters, a.value, a.names, a.jokers, a.complete) == (
                b.letters,
                b.value,
                b.names,
                b.jokers,
                b.complete,
            )
            assert (a.action, a.laid, a.removed) == (b.action, b.laid, b.removed)
            assert a == b and hash(a) == hash(b)
        best = best_shot(view, LEXICON)
        assert best == (slow[0] if slow else None)
        names.update(s.names[0] for s in fast)
        total += len(fast)
    assert total > 100
    if block == 0:  # the shapes the compiled listing names, all met
        assert {COUP_DROIT, REVERS, COUP_DROIT_LIFTE, REVERS_LIFTE, SMASH, LOB} <= names


def test_a_lexicon_without_automaton_gives_the_same_shots() -> None:
    plain = PlainLexicon(LEXICON)
    for view in positions(4, seed=77, longest=4):
        assert all_shots(view, plain) == all_shots(view, LEXICON)
        assert best_shot(view, plain) == best_shot(view, LEXICON)


def test_the_slower_listing_paths_give_the_same_shots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the words table (``is_word`` per row), with joker keys too long for
    one integer, and with the byte-string sort: the same shots in the same order."""
    views = positions(6, seed=31)
    expected = [all_shots(view, LEXICON) for view in views]
    assert sum(map(len, expected)) > 100
    assert any(s.jokers for shots in expected for s in shots)
    monkeypatch.setattr(Lexicon, "word_units", lambda self: None)
    jokers = movegen._Builder._jokers
    monkeypatch.setattr(
        movegen._Builder,
        "_jokers",
        lambda self, words, keys, size, most, which, gather: jokers(
            self, words, keys, size, 99 if most else 0, which, gather
        ),
    )
    monkeypatch.setattr(
        movegen, "_canonical_rows", lambda rows, _groups: (movegen._canonical_rows_bytes(rows))
    )
    for view, shots in zip(views, expected, strict=True):
        assert all_shots(view, LEXICON) == shots


def test_the_row_pass_knows_whole_words() -> None:
    units = LEXICON.word_units()
    assert units is not None
    for word in WORDS[:300]:
        for letters in (word, word[:-1], word + "Z"):
            cards = [ord(c) - 65 for c in letters]
            rows = np.array([[0, len(cards), *cards]], dtype=np.int64)
            text = np.empty(len(cards) + 1, dtype=np.uint8)
            pending = np.empty(1, dtype=np.bool_)
            keys = np.empty(1, dtype=np.int64)
            whole = np.empty(1, dtype=np.bool_)
            kind = np.zeros(1, dtype=np.int64)
            row_fields(rows, kind, units, text, pending, keys, whole)
            assert text.tobytes().decode() == letters + "\n"
            assert bool(whole[0]) == LEXICON.is_word(letters), letters


def test_a_limit_stops_the_compiled_walk() -> None:
    view = positions(1, seed=5)[0]
    every = all_shots(view, LEXICON)
    assert len(every) > 10
    some = all_shots(view, LEXICON, limit=10)
    assert len(some) == 10
    assert all(s in every for s in some)


def test_the_automaton_follows_the_starts_table() -> None:
    automaton = LEXICON.automaton()
    assert automaton is LEXICON.automaton()  # built once
    rng = random.Random(3)
    checked = 0
    for word in rng.sample(WORDS, 300):
        node, value = automaton.root, automaton.root_value
        for k in range(1, len(word) + 1):
            children = automaton.children(node, value)
            assert "".join(c[0] for c in children) == LEXICON.next_letters(word[: k - 1])
            step = automaton.follow(node, value, word[k - 1])
            assert step is not None
            node, value = step
            assert value == LEXICON._starts.get(word[:k])
            checked += 1
        assert automaton.follow(node, value, "Q") is None or LEXICON.is_prefix(word + "Q")
    assert checked > 1000


def test_the_automaton_of_a_small_list() -> None:
    lexicon = Lexicon.from_words(["JEU", "JEUX", "JOUE", "ATTELLERAIENT"])
    automaton = lexicon.automaton()
    root = automaton.children(automaton.root, automaton.root_value)
    assert [c[0] for c in root] == ["A", "J"]
    node, value = automaton.root, automaton.root_value
    for letter in "JEU":
        step = automaton.follow(node, value, letter)
        assert step is not None
        node, value = step
    assert [c[0] for c in automaton.children(node, value)] == ["X"]
    assert value == lexicon._starts.get("JEU")
    assert automaton.follow(node, value, "Z") is None


def test_generated_shots_are_immutable_values() -> None:
    shot = GeneratedShot(
        action=Shot(((1, "J", ""), (2, "E", ""), (3, "U", ""))),
        letters="JEU",
        value=12,
        names=(COUP_DROIT,),
        jokers=(),
        laid=(3,),
        removed=(),
        complete=True,
    )
    assert shot.letters == "JEU" and shot.value == 12 and shot.laid == (3,)
    assert shot.text() == "JEU"
    with pytest.raises(AttributeError):
        shot.value = 13  # type: ignore[misc]
    twin = GeneratedShot(shot.action, "JEU", 12, (COUP_DROIT,), (), (3,), (), True)
    assert twin == shot and hash(twin) == hash(shot)
    assert (twin != shot) is False
    other = GeneratedShot(shot.action, "JEU", 12, (COUP_DROIT,), (), (3,), (4,), True)
    assert other != shot
    assert pickle.loads(pickle.dumps(shot)) == shot
    assert "letters='JEU'" in repr(shot)
    # A listed shot (ids worked out later) pickles and compares the same way.
    listed = all_shots(positions(1, seed=9)[0], LEXICON)[0]
    copy = pickle.loads(pickle.dumps(listed))
    assert copy == listed and copy.action == listed.action


def test_the_completion_bound_is_the_best_word_going_on() -> None:
    lexicon = Lexicon.from_words(["JEU", "JEUX", "JOUE", "AS"])
    automaton = lexicon.automaton()
    worth = np.array([1 + i for i in range(26)], dtype=np.int64)  # A 1, B 2, ... Z 26
    best = completion_values(automaton.units, automaton.root_value, worth)

    def node_of(start: str) -> int:
        node, value = automaton.root, automaton.root_value
        for letter in start:
            step = automaton.follow(node, value, letter)
            assert step is not None
            node, value = step
        return node

    def score(word: str) -> int:
        return sum(ord(c) - 64 for c in word)

    assert best[node_of("")] == score("JEUX")
    assert best[node_of("J")] == score("EUX")
    assert best[node_of("JO")] == score("UE")
    assert best[node_of("JEU")] == score("X")
    assert best[node_of("JEUX")] == 0
    assert best[node_of("A")] == score("S")
