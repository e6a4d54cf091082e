"""The worked checks of docs/rules/tennis-quizz.md on the real engine, and the
rules the page leaves to us (teams, discards, jeu décisif, pros)."""

from __future__ import annotations

from pathlib import Path

import pytest

from partie.core import IllegalAction, NotYourTurn, get_game
from partie.games.tennis_quizz import (
    Ask,
    Choose,
    ChooseAnswerer,
    ChooseServer,
    QuizzState,
    Reply,
    Rule,
)

GAME = get_game("tennis-quizz")


def new(deck: Path, seed: int = 1, **options) -> QuizzState:
    return GAME.setup(GAME.parse_options({"deck": str(deck), **options}), seed)


def at_score(deck: Path, score: str, seed: int = 1) -> QuizzState:
    """A match on ``deck`` from a score written as text (``sets 6-2; games 5 0``)."""
    return GAME.from_position(f"{score}; deck {deck}; seed {seed}")


def answer(state: QuizzState, right: bool) -> None:
    """The answerer answers right or wrong (by choice, or by typing for a pro)."""
    q = state.question
    seat = state.answerer
    if state.is_pro(seat):
        state.apply(seat, Reply(q.answer if right else "rien du tout"))
        return
    index = q.right if right else (q.right + 1) % 3
    state.apply(seat, Choose(index))


def win_game(state: QuizzState, side: int) -> None:
    """The given side wins the current game in four straight points."""
    start = state.score.games_played
    while state.score.games_played == start and not state.is_over:
        receivers = 1 - state.serving
        answer(state, right=(side == receivers))


def test_40_40_receiver_answers_right_and_wins_the_game(small_deck: Path) -> None:
    state = new(small_deck)
    server = state.serving
    for right in (True, False, True, False, True, False):
        answer(state, right)
    assert state.score.deciding_point
    assert state.view(0)["call"] == "40-40, point décisif"
    answer(state, True)
    assert state.score.games[1 - server] == 1 and state.score.games[server] == 0
    assert state.last_call == "jeu"


def test_5_5_to_7_5_and_6_6_to_7_6(small_deck: Path) -> None:
    state = at_score(small_deck, "games 5 5")
    win_game(state, 0)
    assert state.score.games == (6, 5)
    win_game(state, 0)
    assert state.score.sets == ((7, 5),)
    state = at_score(small_deck, "sets 7-5; games 6 5")
    win_game(state, 1)
    assert state.score.games == (6, 6) and state.sets_66 == 1
    win_game(state, 1)
    assert state.score.sets == ((7, 5), (6, 7))
    assert not state.is_over  # one set all: a third set


def test_two_sets_to_love_ends_the_match(small_deck: Path) -> None:
    state = at_score(small_deck, "sets 6-2; games 5 0")
    win_game(state, 0)
    assert state.is_over and state.score.sets == ((6, 2), (6, 0))
    assert state.result.winners == (0,) and state.result.scores == (2.0, 0.0)
    with pytest.raises(IllegalAction):
        state.apply(0, Choose(0))


def test_card_carries_over_then_a_new_card(small_deck: Path) -> None:
    state = new(small_deck)
    side = state.serving
    # A game ending after question 5: 15-0, 30-0, 40-0, 40-15, game.
    for right in (False, False, False, True, False):
        answer(state, right)
    assert state.score.games_played == 1
    card = state.current[side]
    assert state.asked[side] == [1, 2, 3, 4, 5]
    win_game(state, 0)  # the other side serves a game in between
    assert state.serving == side
    assert state.question.number == 6 and state.question.card == card
    answer(state, False)
    answer(state, False)  # question 7: the card is finished, the game is not
    assert state.current[side] != card and card in state.discards[side]
    assert state.question.number == 1 and state.question.card != card


def test_tactique_discards_the_card_after_each_game(small_deck: Path) -> None:
    state = new(small_deck, tactique=True)
    side = state.serving
    server = state.server
    assert state.phase == "ask" and state.to_act == (server,)
    state.apply(server, Ask(7))
    card = state.question.card
    answer(state, False)
    with pytest.raises(IllegalAction):
        state.apply(server, Ask(7))  # already asked
    for number in (3, 1, 2):
        state.apply(server, Ask(number))
        answer(state, False)
    assert state.score.games_played == 1
    assert card in state.discards[side] and state.current[side] is None


def test_doubles_server_choice_and_alternating_answerers(small_deck: Path) -> None:
    state = new(small_deck, players=4)
    serving = state.serving
    team = [s for s in range(4) if s % 2 == serving]
    assert state.phase == "server" and set(state.to_act) == set(team)
    with pytest.raises(IllegalAction):
        state.apply(team[0], ChooseServer(1 - serving))  # not in the team
    state.apply(team[1], ChooseServer(team[1]))
    assert state.server == team[1]
    answerers = []
    for _ in range(4):
        answerers.append(state.answerer)
        answer(state, False)
    receivers = [s for s in range(4) if s % 2 != serving]
    assert answerers == [receivers[0], receivers[1], receivers[0], receivers[1]]
    assert state.phase == "server" and state.serving != serving


def test_receiving_team_may_choose_its_answerer(small_deck: Path) -> None:
    state = new(small_deck, players=4, choose_answerer=True)
    state.apply(state.to_act[0], ChooseServer(state.to_act[0]))
    receivers = [s for s in range(4) if s % 2 != state.serving]
    assert state.phase == "answerer" and set(state.to_act) == set(receivers)
    with pytest.raises(NotYourTurn):
        state.apply(state.server, ChooseAnswerer(receivers[0]))
    state.apply(receivers[0], ChooseAnswerer(receivers[1]))
    assert state.answerer == receivers[1] and state.phase == "answer"


def test_pile_runs_out_and_discard_is_reshuffled(tiny_deck: Path) -> None:
    state = new(tiny_deck)
    while state.reshuffles == [0, 0]:
        answer(state, False)
    side = 0 if state.reshuffles[0] else 1
    assert state.reshuffles[side] == 1
    GAME.check_invariants(state)


def test_jeu_decisif_seven_questions_each_then_a_tie_plays_again(small_deck: Path) -> None:
    state = at_score(small_deck, "games 6 5; jeu-decisif")
    win_game(state, 1)
    assert state.score.in_decider and state.decider is not None
    first = state.serving
    set_aside = list(state.current)
    # Round 1: both sides answer 3 of 7 right: a tie.
    for i in range(14):
        answer(state, right=(i % 7) < 3)
    assert state.deciders == 2 and state.decider is not None
    assert state.serving == 1 - first, "after a tie the other side asks first"
    # Round 2: the side answering first gets all 7 right, the other none.
    answering_first = 1 - state.serving
    for i in range(14):
        answer(state, right=i < 7)
    assert state.decider is None
    won = state.score.sets[-1]
    assert won[answering_first] == 7 and won[1 - answering_first] == 6
    assert state.current == set_aside, "the started cards come back after the jeu décisif"
    GAME.check_invariants(state)


def test_pros_answer_openly_and_the_server_may_overrule(small_deck: Path) -> None:
    state = new(small_deck, pros=[0, 1], overrule=True)
    seat = state.answerer
    with pytest.raises(IllegalAction):
        state.apply(seat, Choose(0))
    assert state.view(seat)["question"]["choices"] is None
    assert "answer" not in state.view(seat)["question"]
    typed = state.question.answer.upper() + "."
    state.apply(seat, Reply(typed))
    assert state.phase == "ruling" and state.view(seat)["ruling"]["judged"] is True
    state.apply(state.server, Rule(False))  # the server overrules
    assert state.log[-1]["right"] is False and state.log[-1]["overruled"]
    assert sum(state.score.points) == 1 and state.score.points[state.serving] == 1


def test_beginner_cannot_type(small_deck: Path) -> None:
    state = new(small_deck, pros=[0])
    if state.answerer == 0:
        state = new(small_deck, pros=[1])
    seat = state.answerer
    assert not state.is_pro(seat)
    before = state.fingerprint()
    with pytest.raises(IllegalAction):
        state.apply(seat, Reply("7"))
    assert state.fingerprint() == before


def test_toss_is_seeded(small_deck: Path) -> None:
    tosses = {new(small_deck, seed).toss for seed in range(20)}
    assert tosses == {0, 1}
    assert new(small_deck, 5).toss == new(small_deck, 5).toss


def test_too_small_a_deck_is_refused(tmp_path: Path) -> None:
    from quizz_decks import deck_toml

    path = tmp_path / "three.toml"
    path.write_text(deck_toml(3), encoding="utf-8")
    with pytest.raises(Exception) as info:
        new(path)
    assert getattr(info.value, "code", "") == "bad_options"


def _near_miss_deck(path: Path) -> Path:
    """Four cards whose every question has a wrong choice one letter from the answer."""
    head = '[deck]\nid = "near"\ntitle = "Presque"\n\n'
    cards = []
    for c in range(1, 5):
        questions = "".join(
            "[[cards.questions]]\n"
            f'text = "Carte {c}, question {n} : pluriel de cheval ?"\n'
            'answer = "Chevaux"\nwrong = ["Chevaus", "Chameaux"]\n'
            'difficulty = 1\nsource = "grammaire"\n\n'
            for n in range(1, 8)
        )
        cards.append(f'[[cards]]\nid = "c{c}"\n\n{questions}')
    path.write_text(head + "".join(cards), encoding="utf-8")
    return path


def test_a_pro_typing_a_shown_wrong_choice_loses_the_point(tmp_path: Path) -> None:
    state = new(_near_miss_deck(tmp_path / "near.toml"), pros=[0, 1])
    seat = state.answerer
    state.apply(seat, Reply("chevaus"))
    assert state.log[-1]["right"] is False
    assert state.score.points[state.serving] == 1


def test_a_pros_legal_actions_do_not_show_the_hidden_choices(small_deck: Path) -> None:
    state = new(small_deck, pros=[0, 1])
    seat = state.answerer
    listed = {a.answer for a in state.legal_actions(seat) if isinstance(a, Reply)}
    assert listed and listed.isdisjoint(state.question.shown)
    assert state.view(seat)["question"]["choices"] is None
