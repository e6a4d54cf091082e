"""Joker readings, property-tested on real French words: a word whose letters are
replaced by fitting jokers is still accepted, and every joker on the table then reads
a letter its kind allows, so that the table spells the start of a French word."""

from __future__ import annotations

import itertools

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from mots_position import arrange, new_state

from partie.games.tennis_mots.bots import load_lexicon
from partie.games.tennis_mots.cards import AFTER, ANY, BEFORE, CONSONANT, VOWEL, VOWELS, load_deck
from partie.games.tennis_mots.moves import generate
from partie.games.tennis_mots.notation import parse
from partie.games.tennis_mots.rules import Shot

LEXICON = load_lexicon(None)
WORDS = sorted(w for w in itertools.islice(LEXICON.words(), 0, None, 53) if 2 <= len(w) <= 7)
DECK_COUNTS = load_deck().counts()


def fitting_jokers(word: str, i: int) -> list[str]:
    """The joker glyphs that may stand for ``word[i]``."""
    letter = word[i]
    out = [ANY, VOWEL if letter in VOWELS else CONSONANT]
    if i > 0 and word[i - 1] == letter:
        out.append(BEFORE)
    if i + 1 < len(word) and word[i + 1] == letter:
        out.append(AFTER)
    return out


def check_table(state) -> None:
    letters = "".join(letter for _c, _g, letter in state.table)
    if state.table[-1][1] == AFTER:
        letters += letters[-1]
    assert LEXICON.is_prefix(letters), letters
    for i, (card, glyph, letter) in enumerate(state.table):
        face = state.deck.faces[card]
        if glyph == ANY:
            assert letter.isalpha() and len(letter) == 1
        elif glyph == VOWEL:
            assert letter in VOWELS
        elif glyph == CONSONANT:
            assert letter not in VOWELS
        elif glyph == BEFORE:
            assert i > 0 and letter == state.table[i - 1][2]
        elif glyph == AFTER:
            # Last, it stands for the card still to come.
            assert i + 1 == len(state.table) or letter == state.table[i + 1][2]
        else:
            assert letter == face == glyph


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(WORDS), st.data())
def test_a_word_with_jokers_in_place_of_letters_is_accepted(word: str, data: st.DataObject) -> None:
    positions = data.draw(st.lists(st.integers(0, len(word) - 1), unique=True, max_size=3))
    glyphs = list(word)
    for i in positions:
        glyphs[i] = data.draw(st.sampled_from(fitting_jokers(word, i)))
    # Two doubles copying each other (▶◀) have no letter to copy: never a reading.
    assume(all(not (a == AFTER and b == BEFORE) for a, b in itertools.pairwise(glyphs)))
    faces = ["◀" if g in (BEFORE, AFTER) else g for g in glyphs]
    for face in set(faces):
        assume(faces.count(face) <= DECK_COUNTS.get(face, 0))
    pool = [f for f, n in sorted(DECK_COUNTS.items()) for _ in range(n)]
    for face in faces:
        pool.remove(face)
    other = "".join(pool[-7:])
    state = arrange(new_state(bluff=False, serve_weight=0), ["".join(faces), other])
    typed = "".join(glyphs).replace(BEFORE, "<").replace(AFTER, ">")
    action = parse(typed, state.table, state.hands[0], state.deck.faces)
    assert [g for _c, g, _l in action.cards] == glyphs
    state.apply(0, action)
    check_table(state)
    # Letter cards keep their letter; so the table reads the word wherever no joker is.
    read = "".join(letter for _c, _g, letter in state.table)
    assert all(read[i] == word[i] for i in range(len(word)) if i not in positions)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(WORDS), st.randoms(use_true_random=False))
def test_generated_shots_are_legal_and_read_correctly(word: str, rnd) -> None:
    # A table word, a random hand: every shot the generator finds is legal when it
    # reaches the weight, and its jokers read as their kinds allow.
    table = word[: max(2, len(word) - 2)]
    pool = [f for f, n in DECK_COUNTS.items() for _ in range(n)]
    for ch in table + "E" * 7:
        assume(ch in pool)  # the deck has one J: JUJUBE cannot be laid
        pool.remove(ch)
    hand = "".join(rnd.sample(pool, 7))
    state = arrange(new_state(bluff=False), ["E" * 7, hand], table)
    faces, values = state.deck.faces, state.deck.values
    found = generate(
        [(c, g, letter, values[c]) for c, g, letter in state.table],
        [(c, faces[c], values[c]) for c in state.hands[1]],
        LEXICON,
        limit=30,
    )
    for cand in found:
        action = Shot(cand.cards)
        if cand.value < state.weight:
            assert not state.is_legal(1, action)
            continue
        trial = state.clone()
        trial.apply(1, action)
        check_table(trial)
