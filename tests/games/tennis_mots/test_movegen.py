"""The move generator against a brute force filtered by the engine, on thousands of
seeded small positions, and every generated shot played on a copy of the state."""

from __future__ import annotations

import random
from typing import Any

import pytest
from mots_position import arrange, new_state

from partie.games.tennis_mots.cards import AFTER, BEFORE, DOUBLE, JOKER_LETTERS, LETTERS_SET
from partie.games.tennis_mots.lexicon import Lexicon
from partie.games.tennis_mots.movegen import (
    GeneratedShot,
    all_shots,
    best_shot,
    cheapest_return,
    hints,
    keeping_best,
)
from partie.games.tennis_mots.rules import Net, Shot, TennisMotsState
from partie.games.tennis_mots.shots import REVERS_LIFTE

LEXICON = Lexicon.default()


# -- the brute force ----------------------------------------------------------------------


def _choices(state: TennisMotsState, card: int) -> list[tuple[str, str]]:
    """Every way to lay a card: a letter as itself, the double as ◀ or ▶, a ★ ■ ●
    with each letter it may state."""
    face = state.deck.faces[card]
    if face in LETTERS_SET:
        return [(face, "")]
    if face == DOUBLE:
        return [(BEFORE, ""), (AFTER, "")]
    return [(face, letter) for letter in sorted(JOKER_LETTERS[face])]


def brute_force(state: TennisMotsState, seat: int) -> dict[tuple[Any, ...], list[Shot]]:
    """Every arrangement of table and hand cards (by card id) that the engine accepts as
    a truthful shot, grouped by what a player sees: per position, the origin, face,
    value, glyph and letter read.

    Arrangements grow card by card; one the engine cannot read is not extended, since a
    start of a start of a word is itself a start (for ▶ too: a last ▶ reads the letter
    of the card that followed it). The one exception: ▶ alone reads nothing yet (it has
    no letter before it) but ▶W may, so a run of ▶ only is always extended."""
    faces, values = state.deck.faces, state.deck.values
    on_table = {c for c, _g, _l in state.table} if state.phase == "rally" else set()
    pool = sorted(on_table) + list(state.hands[seat])
    weight = state.weight
    found: dict[tuple[Any, ...], list[Shot]] = {}
    seq: list[tuple[int, str, str]] = []
    # The engine reads what the cards show (glyphs and stated letters), not their ids:
    # one reading per sequence shown; each shot found is then checked whole.
    checked: dict[str, str | None] = {}

    used: set[int] = set()

    def grow(value: int, shown: str, only_after: bool) -> None:
        for card in pool:
            if card in used:
                continue
            used.add(card)
            v = value + values[card]
            for glyph, letter in _choices(state, card):
                seq.append((card, glyph, letter))
                sig = shown + (letter or glyph)
                if sig not in checked:
                    checked[sig] = state._read(sig)  # the engine's reading of the cards
                letters = checked[sig]
                if letters is not None:
                    if v >= weight:
                        key = tuple(
                            (c in on_table, faces[c], values[c], g, new_letter)
                            for (c, g, _l), new_letter in zip(seq, letters, strict=True)
                        )
                        found.setdefault(key, []).append(Shot(tuple(seq)))
                    grow(v, sig, False)
                elif only_after and glyph == AFTER:
                    grow(v, sig, True)
                seq.pop()
            used.discard(card)

    grow(0, "", True)
    for key, shots in found.items():
        assert state.is_legal(seat, shots[0]) and state._plan(seat, shots[0].cards).valid, key
    return found


def canonical(state: TennisMotsState, seat: int, shots: list[Shot]) -> Shot:
    """The representative the generator must pick among equivalent shots: hand cards of
    a face in ascending id order, the table cards avoiding REVERS LIFTÉ when some choice
    does, then the smallest id sequence."""
    faces, values = state.deck.faces, state.deck.values
    hand = state.hands[seat]

    def hand_first(shot: Shot) -> bool:
        used: dict[tuple[str, int], list[int]] = {}
        for c, _g, _l in shot.cards:
            if c in hand:
                used.setdefault((faces[c], values[c]), []).append(c)
        for (face, value), cards in used.items():
            same = sorted(c for c in hand if faces[c] == face and values[c] == value)
            if cards != same[: len(cards)]:
                return False
        return True

    candidates = [s for s in shots if hand_first(s)]
    assert candidates
    if len(candidates) == 1:
        return candidates[0]
    plans = {s: state._plan(seat, s.cards) for s in candidates}
    better = [s for s in candidates if plans[s].names[0] != REVERS_LIFTE] or candidates
    return min(better, key=lambda s: [c for c, _g, _l in s.cards])


def shot_key(state: TennisMotsState, shot: GeneratedShot) -> tuple[Any, ...]:
    faces, values = state.deck.faces, state.deck.values
    on_table = {c for c, _g, _l in state.table}
    return tuple(
        (c in on_table, faces[c], values[c], g, letter)
        for (c, g, _l), letter in zip(shot.action.cards, shot.letters, strict=True)
    )


# -- seeded small positions ------------------------------------------------------------------


def small_position(seed: int) -> tuple[TennisMotsState, int]:
    """A real position: a table of 1-4 cards reading a start of a word (or a serve),
    a hand of 2-4 cards, at most one joker in all, bluff on or off."""
    rng = random.Random(seed)
    state = new_state(seed, bluff=rng.random() < 0.5)
    faces = state.deck.faces
    deck = list(state.deck.ids)
    rng.shuffle(deck)
    letters = [c for c in deck if faces[c] in LETTERS_SET]
    jokers = [c for c in deck if faces[c] not in LETTERS_SET]
    serve = rng.random() < 0.2
    table: list[int] = []
    readings = ""
    if not serve:
        size = rng.randint(1, 4)
        for _ in range(200):
            table = rng.sample(letters, size)
            readings = "".join(faces[c] for c in table)
            if LEXICON.is_prefix(readings):
                break
        else:
            table = [letters[0]]
            readings = faces[table[0]]
    rest = [c for c in letters if c not in table]
    hand = rng.sample(rest, rng.randint(2, 4))
    table_faces = [faces[c] for c in table]
    if rng.random() < 0.35:
        card = rng.choice(jokers)
        kind = faces[card]
        if table and kind != DOUBLE and rng.random() < 0.3:
            # A joker on the table, reading the letter it stands in for.
            at = rng.randrange(len(table))
            if readings[at] in JOKER_LETTERS[kind]:
                table_faces[at] = kind
            else:
                hand[0] = card
        else:
            hand[0] = card
    used = set(table) | set(hand)
    other = [c for c in deck if c not in used and faces[c] in LETTERS_SET][:7]
    state = arrange(
        state,
        ["".join(faces[c] for c in hand), "".join(faces[c] for c in other)],
        "".join(table_faces),
        server=1,
        readings=readings if table else None,
    )
    if not table:
        state.turn = 0
        state.server = 0
    return state, 0


def check_position(seed: int) -> int:
    state, seat = small_position(seed)
    view = state.view(seat)
    generated = all_shots(view, LEXICON)
    expected = brute_force(state, seat)
    keys = [shot_key(state, s) for s in generated]
    assert len(keys) == len(set(keys)), f"seed {seed}: duplicates"
    assert set(keys) == set(expected), (
        f"seed {seed}: {state!r} missing {sorted(set(expected) - set(keys))[:3]} "
        f"extra {sorted(set(keys) - set(expected))[:3]}"
    )
    for shot, key in zip(generated, keys, strict=True):
        want = canonical(state, seat, expected[key])
        assert shot.action == want, f"seed {seed}: {shot.action} is not {want}"
        plan = state._check(seat, shot.action)
        assert plan.valid
        assert shot.value == plan.value >= plan.weight
        assert shot.names == plan.names
        assert shot.letters == "".join(letter for _c, _g, letter in plan.new)
        assert shot.laid == tuple(plan.added)
        assert shot.removed == tuple(plan.removed)
        jokers = tuple(
            (i, letter) for i, (_c, g, letter) in enumerate(plan.new) if g not in LETTERS_SET
        )
        assert shot.jokers == jokers
        waiting = shot.action.cards[-1][1] == AFTER
        assert shot.complete == (not waiting and LEXICON.is_word(shot.letters))
    return len(generated)


@pytest.mark.parametrize("block", range(6))
def test_the_generator_agrees_with_the_brute_force(block: int) -> None:
    total = 0
    for seed in range(block * 250, (block + 1) * 250):
        total += check_position(seed)
    assert total > 0


def test_every_generated_shot_is_played_by_the_engine() -> None:
    for seed in range(60):
        state, seat = small_position(10_000 + seed)
        for shot in all_shots(state.view(seat), LEXICON):
            copy = state.clone()
            copy.apply(seat, shot.action)
            event = copy.events[-1]
            assert event["kind"] == "shot" and event["letters"] == shot.letters
            assert tuple(event["names"]) == shot.names


# -- the queries ------------------------------------------------------------------------------


def _worth(view: dict[str, Any]) -> dict[int, int]:
    letters = [v for f, v in view["deck_values"].items() if f in LETTERS_SET]
    top = max([*letters, *(c["value"] for c in view["hand"])]) + 1
    return {c["id"]: (c["value"] if c["face"] in LETTERS_SET else top) for c in view["hand"]}


def test_the_queries_follow_their_definitions() -> None:
    for seed in range(150):
        state, seat = small_position(20_000 + seed)
        view = state.view(seat)
        shots = all_shots(view, LEXICON)
        if not shots:
            assert best_shot(view, LEXICON) is None
            assert cheapest_return(view, LEXICON) is None
            assert keeping_best(view, LEXICON) is None
            continue
        best = best_shot(view, LEXICON)
        assert best is not None and best.value == max(s.value for s in shots)
        assert best == shots[0]  # ties: the canonical order of all_shots
        words: list[GeneratedShot] = []
        for s in shots:
            if all(w.letters != s.letters for w in words):
                words.append(s)
        assert hints(view, LEXICON, top=3) == words[:3]
        worth = _worth(view)
        cheap = cheapest_return(view, LEXICON)
        assert cheap is not None
        least = min(sum(worth[c] for c in s.laid) for s in shots)
        assert sum(worth[c] for c in cheap.laid) == least
        keep = keeping_best(view, LEXICON)
        assert keep is not None

        def kept(s: GeneratedShot, worth: dict[int, int] = worth) -> list[int]:
            return sorted((worth[c] for c in worth if c not in s.laid), reverse=True)

        best_kept = max(kept(s) for s in shots)
        assert kept(keep) == best_kept
        assert keep.value == max(s.value for s in shots if kept(s) == best_kept)


def test_worked_check_jeux_is_found_with_its_names() -> None:
    state = arrange(new_state(bluff=False), ["AAAAAAA", "XZSSSSS"], "JEU")
    shots = all_shots(state.view(1), LEXICON)
    jeux = [s for s in shots if s.letters == "JEUX" and not s.removed]
    assert len(jeux) == 1
    assert jeux[0].value == 19 and jeux[0].names == ("COUP DROIT", "LIGNE")
    assert not any(s.letters.startswith("JEUZ") for s in shots)
    assert all(s.value >= 14 for s in shots)


def test_two_identical_cards_make_one_shot() -> None:
    state = arrange(new_state(bluff=False), ["AAAAAAA", "SSXEETR"], "LE")
    shots = all_shots(state.view(1), LEXICON)
    keys = [shot_key(state, s) for s in shots]
    assert len(keys) == len(set(keys))
    # LES with either S of the hand is one shot, laid with the smaller id.
    jeus = [s for s in shots if s.letters == "LES" and not s.removed]
    assert len(jeus) == 1
    assert jeus[0].laid == (min(c for c in state.hands[1] if state.deck.faces[c] == "S"),)


def test_jokers_state_their_letter_and_doubles_read() -> None:
    state = arrange(new_state(bluff=False), ["AAAAAAA", "★◀TLEEE"], "ATTE")
    shots = all_shots(state.view(1), LEXICON)
    attell = [s for s in shots if s.letters.startswith("ATTELL") and not s.removed]
    assert attell, "ATTEL◀ (ATTELL…) is a shot"
    by_text = {s.text() for s in shots}
    assert "ATTEL[◀L]" in by_text
    assert any(s.text() == "ATTEL[▶E]" for s in shots)
    for s in shots:
        for (_c, glyph, stated), (i, letter) in zip(
            [c for c in s.action.cards if c[1] not in LETTERS_SET], s.jokers, strict=True
        ):
            assert s.letters[i] == letter
            if glyph in ("★", "■", "●"):
                assert stated == letter


def test_only_the_seat_to_play_gets_shots() -> None:
    state = arrange(new_state(), ["AAAAAAA", "XZSSSSS"], "JEU")
    assert all_shots(state.view(0), LEXICON) == []
    assert all_shots(state.view(None), LEXICON) == []
    state.apply(1, Net())  # seat 1 passes: seat 0 wins the rally, seat 1 serves
    assert state.phase == "serve" and state.turn == 1
    assert all_shots(state.view(0), LEXICON) == []
    serves = all_shots(state.view(1), LEXICON)
    assert serves and all(s.names[0] == "SERVICE" and not s.removed for s in serves)


def test_hints_show_distinct_words_best_first() -> None:
    state = arrange(new_state(bluff=False), ["AAAAAAA", "XZSEEST"], "JEU")
    view = state.view(1)
    found = hints(view, LEXICON, top=3)
    assert 1 <= len(found) <= 3
    assert len({h.letters for h in found}) == len(found)
    assert found[0].value == max(s.value for s in all_shots(view, LEXICON))
    values = [h.value for h in found]
    assert values == sorted(values, reverse=True)


def test_a_limit_caps_the_walk_with_legal_shots() -> None:
    state = arrange(new_state(bluff=False), ["AAAAAAA", "XZSEEST"], "JEU")
    view = state.view(1)
    every = all_shots(view, LEXICON)
    some = all_shots(view, LEXICON, limit=10)
    assert len(every) > 10 and len(some) == 10
    assert all(state.is_legal(1, s.action) for s in some)
    assert {s.action for s in some} <= {s.action for s in every}
