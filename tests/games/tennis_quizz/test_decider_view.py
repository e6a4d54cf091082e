"""What the screens read of a jeu décisif: the question being asked counts 1 to 7 for
each side, and after a tied round the view says the tie (the count went back to 0-0)."""

from __future__ import annotations

from partie.games.tennis_quizz.game import GAME
from partie.games.tennis_quizz.referee import Referee, RefereeOptions
from partie.games.tennis_quizz.rules import Choose


def test_a_tied_jeu_decisif_is_said_in_the_match_view() -> None:
    state = GAME.from_position("games 6 5; points 0 0; jeu-decisif; sets-to-win 1; seed 2")
    asked: list[tuple[int, int]] = []
    for _ in range(400):
        view = state.view(None)
        decider = view["decider"]
        if decider is not None and decider["tie"] is not None:
            break
        if state.phase == "answer":
            # 6-6 first (the receiver wins the game), then 4 right answers of 7 each way.
            right = decider is None or decider["asked"] <= 4
            if decider is not None:
                asked.append((decider["turn"], decider["asked"]))
            index = state.question.right if right else (state.question.right + 1) % 3
            state.apply(state.answerer, Choose(index))
        else:
            seat = state.to_act[0]
            state.apply(seat, state.legal_actions(seat)[0])
    assert asked == [(turn, n) for turn in (0, 1) for n in range(1, 8)]
    decider = state.view(None)["decider"]
    assert decider["tie"] == 4 and decider["right"] == [0, 0]


def test_a_tied_jeu_decisif_is_said_by_the_referee() -> None:
    taps = ["server"] * 48  # every server holds: 6-6
    taps += (["receiver"] * 4 + ["server"] * 3) * 2  # 4 right answers each way
    referee = Referee.replay(RefereeOptions(jeu_decisif=True, sets_to_win=1), taps)
    decider = referee.to_json()["decider"]
    assert decider["tie"] == 4 and decider["round"] == 2 and decider["asked"] == 0
