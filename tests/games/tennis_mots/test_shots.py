"""Shot names: property tests of the pure classification, built from transformations
whose name is known by construction."""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st

from partie.games.tennis_mots import shots
from partie.games.tennis_mots.shots import (
    AMORTI,
    COUP_DROIT,
    COUP_DROIT_LIFTE,
    LIGNE,
    LOB,
    NET,
    REVERS,
    REVERS_LIFTE,
    SERVICE,
    SMASH,
    names,
    shape,
)

old_words = st.lists(st.integers(0, 99), min_size=1, max_size=8, unique=True)
added_cards = st.lists(st.integers(100, 199), min_size=1, max_size=7, unique=True)


@given(old_words, added_cards)
def test_cards_added_on_the_right_is_a_coup_droit(old: list[int], added: list[int]) -> None:
    assert shape(old, old + added) == COUP_DROIT


@given(old_words, added_cards)
def test_cards_added_on_the_left_is_a_revers(old: list[int], added: list[int]) -> None:
    assert shape(old, added + old) == REVERS


@given(old_words, added_cards, st.data())
def test_cards_added_in_several_places_is_lifted(
    old: list[int], added: list[int], data: st.DataObject
) -> None:
    gaps = data.draw(st.lists(st.integers(0, len(old)), min_size=len(added), max_size=len(added)))
    # Not all on the right, not all on the left.
    assume(not all(g == len(old) for g in gaps) and not all(g == 0 for g in gaps))
    new: list[int] = []
    for i in range(len(old) + 1):
        new.extend(a for a, g in zip(added, gaps, strict=True) if g == i)
        if i < len(old):
            new.append(old[i])
    assert shape(old, new) == COUP_DROIT_LIFTE


@given(old_words, st.lists(st.integers(100, 199), max_size=4, unique=True), st.data())
def test_cards_taken_off_is_a_revers_lifte(
    old: list[int], added: list[int], data: st.DataObject
) -> None:
    assume(len(old) >= 2)
    keep = data.draw(st.lists(st.sampled_from(old), min_size=1, max_size=len(old) - 1, unique=True))
    new = data.draw(st.permutations(keep + added))
    jokers = set(data.draw(st.lists(st.sampled_from(added), unique=True))) if added else set()
    result = shape(old, new, jokers)
    assert result in (REVERS_LIFTE, SMASH)
    assert result == REVERS_LIFTE or jokers
    # Without hand jokers, it can only be a REVERS LIFTÉ.
    assert shape(old, new, set()) == REVERS_LIFTE


@given(old_words, st.data())
def test_reordering_is_a_revers_lifte(old: list[int], data: st.DataObject) -> None:
    assume(len(old) >= 2)
    new = data.draw(st.permutations(old))
    assume(new != old)
    extra = data.draw(st.lists(st.integers(100, 199), max_size=3, unique=True))
    assert shape(old, new + extra) == REVERS_LIFTE


@given(old_words, added_cards, st.data())
def test_replacing_everything_is_a_lob(
    old: list[int], added: list[int], data: st.DataObject
) -> None:
    jokers = set(data.draw(st.lists(st.sampled_from(added), unique=True)))
    assert shape(old, added, jokers) == LOB


@given(old_words, st.data())
def test_a_hand_joker_in_place_of_a_letter_is_a_smash(old: list[int], data: st.DataObject) -> None:
    assume(len(old) >= 2)
    j = data.draw(st.integers(0, len(old) - 1))
    joker = 500
    new = [*old[:j], joker, *old[j + 1 :]]
    right = data.draw(st.lists(st.integers(100, 199), max_size=3, unique=True))
    assert shape(old, new + right, {joker}) == SMASH
    # The same card, not a joker from the hand: a letter taken off, another put in.
    assert shape(old, new + right, set()) == REVERS_LIFTE


@given(old_words, st.lists(st.integers(100, 199), max_size=5, unique=True), st.data())
def test_shape_ignores_the_card_numbers(
    old: list[int], added: list[int], data: st.DataObject
) -> None:
    pool = old + added
    new = data.draw(st.lists(st.sampled_from(pool), unique=True, min_size=1)) if pool else []
    jokers = set(data.draw(st.lists(st.sampled_from(added), unique=True))) if added else set()
    relabel = {c: 1000 + 7 * i for i, c in enumerate(reversed(pool))}
    assert shape(old, new, jokers) == shape(
        [relabel[c] for c in old], [relabel[c] for c in new], {relabel[c] for c in jokers}
    )
    assert shape(old, new, jokers) in shots.SHAPES


@given(st.lists(st.integers(0, 99), min_size=1, max_size=7, unique=True))
def test_a_serve_is_a_serve(new: list[int]) -> None:
    assert shape([], new) == SERVICE


@given(old_words, added_cards, st.integers(0, 60), st.integers(0, 60))
def test_qualifiers(old: list[int], added: list[int], value: int, weight: int) -> None:
    got = names(old, old + added, (), value, weight)
    if value < weight:
        assert got == (NET,)
        return
    assert got[0] == COUP_DROIT
    assert (AMORTI in got) == (value == weight)
    assert (LIGNE in got) == (value >= 13)


def test_the_worked_check_jeux() -> None:
    # J E U (12), next weight 14; X on the right: 19 points, COUP DROIT and LIGNE.
    assert names([1, 2, 3], [1, 2, 3, 4], (), 19, 14) == (COUP_DROIT, LIGNE)
