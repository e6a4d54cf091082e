"""The table loop and the three terminal screens, driven with typed lines and a real
recording console (no terminal needed)."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

import pytest
from rich.console import Console

from partie.core import get_game
from partie.core.record import Record, replay
from partie.table import Seat, run_table
from partie.terminal.tennis_mots import TennisMotsScreen, only_a_net, render
from partie.terminal.tennis_quizz import TennisQuizzScreen
from partie.terminal.the_game import TheGameScreen, corners_itself, hand_line

sys.path.insert(0, str(Path(__file__).parents[1] / "games" / "tennis_mots"))
from mots_position import arrange, new_state

THE_GAME = get_game("the-game")
QUIZZ = get_game("tennis-quizz")
MOTS = get_game("tennis-mots")


class Typist:
    """Lines typed one by one; ``None`` (end of input) once they run out. A line
    ``"^C"`` raises ``KeyboardInterrupt`` as Ctrl-C does."""

    def __init__(self, lines: Iterable[str]) -> None:
        self.lines = list(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str | None:
        self.prompts.append(prompt)
        if not self.lines:
            return None
        line = self.lines.pop(0)
        if line == "^C":
            raise KeyboardInterrupt
        return line


def screen_for(cls, game, seats: list[Seat], typist: Typist, lang: str = "fr", **options):
    console = Console(record=True, width=100, highlight=False, force_terminal=False)
    persons = [p for p, seat in enumerate(seats) if seat.is_person]
    screen = cls(game, [s.name for s in seats], persons, typist, console, lang, **options)
    return screen, console


# The Game ---------------------------------------------------------------------------


def test_a_bare_card_plays_or_names_its_piles_then_quitting_saves(tmp_path: Path) -> None:
    seats = [Seat("Joueur 1"), Seat("Bot 2", "random")]
    options = THE_GAME.parse_options({"players": 2})
    hand = THE_GAME.setup(options, 3).hands[0]  # 11 17 39 44 55 61 70 on this seed
    typist = Typist([str(hand[0]), f"{hand[0]} a1", str(hand[1]), "quitter"])
    screen, console = screen_for(TheGameScreen, THE_GAME, seats, typist)
    run = run_table(THE_GAME, options, 3, seats, screen, tmp_path / "g.json")
    out = console.export_text()
    assert f"{hand[0]} : a1, a2, d1 ou d2 ?" in out
    assert not run.finished and not run.interrupted
    assert next(a for _, a in Record.read(run.record).actions) == {
        "type": "play",
        "card": hand[0],
        "pile": "a1",
    }
    # After a1 holds the first card, the second fits a1, a2, d1, d2 again: asked again.
    assert f"{hand[1]} : a1, a2, d1 ou d2 ?" in out


def test_ctrl_c_saves_the_record_so_far(tmp_path: Path) -> None:
    seats = [Seat("Joueur 1"), Seat("Bot 2", "random")]
    options = THE_GAME.parse_options({"players": 2})
    first = THE_GAME.setup(options, 8).hands[0][0]
    typist = Typist([f"{first} a1", "^C"])
    screen, _console = screen_for(TheGameScreen, THE_GAME, seats, typist)
    run = run_table(THE_GAME, options, 8, seats, screen, tmp_path / "g.json")
    assert run.interrupted and not run.finished
    record = Record.read(run.record)
    assert record.result is None and record.seed == 8
    assert replay(record).fingerprint() == run.state.fingerprint()


def test_the_end_says_why_and_opens_every_hand(tmp_path: Path) -> None:
    seats = [Seat("Bot 1", "random"), Seat("Bot 2", "random")]
    options = THE_GAME.parse_options({"players": 2})
    screen, console = screen_for(TheGameScreen, THE_GAME, seats, Typist([]))
    run = run_table(THE_GAME, options, 5, seats, screen, None)
    assert run.finished and run.record is None
    out = console.export_text()
    assert run.state.reason == "stuck"  # random bots do not win this deal
    assert "Fin de la partie : le joueur au tour ne pouvait plus poser le minimum." in out
    for seat, hand in enumerate(run.state.hands):
        shown = " ".join(str(c) for c in hand) or "(vide)"
        assert f"Bot {seat + 1} : {shown}" in out


def test_two_people_at_one_keyboard_hand_over_before_each_hand_shows(tmp_path: Path) -> None:
    seats = [Seat("Joueur 1"), Seat("Joueur 2")]
    options = THE_GAME.parse_options({"players": 2})
    state = THE_GAME.setup(options, 4)
    a, b = state.hands[0][:2]
    typist = Typist([f"{b} d1", f"{a} d1", "fin", ""])  # "" is Enter at the hand-over
    screen, _console = screen_for(TheGameScreen, THE_GAME, seats, typist, hand_over=True)
    run_table(THE_GAME, options, 4, seats, screen, None)
    handovers = [i for i, p in enumerate(typist.prompts) if "Passez le clavier" in p]
    assert len(handovers) == 1 and "Joueur 2" in typist.prompts[handovers[0]]
    assert handovers[0] == 3  # after Joueur 1's three lines, before Joueur 2's first
    assert typist.prompts[4] == "> "


def test_fits_nowhere_and_fits_everywhere_differ_by_more_than_colour() -> None:
    view = {"hand": [50, 99], "piles": []}
    view["piles"] = [
        {"name": n, "top": t, "ascending": up}
        for n, t, up in (("a1", 55, True), ("a2", 70, True), ("d1", 45, False), ("d2", 30, False))
    ]
    text = hand_line(view, "fr").plain
    assert "50✗" in text  # fits nowhere
    assert "99(a1 a2)" in text


def test_corners_itself_reads_the_rule_from_the_view() -> None:
    from partie.games.the_game import Play

    view = {
        "hand": [10, 50],
        "piles": [
            {"top": 70, "ascending": True},
            {"top": 70, "ascending": True},
            {"top": 20, "ascending": False},
            {"top": 5, "ascending": False},
        ],
        "played_this_turn": 0,
        "min_cards": 2,
        "draw_count": 10,
    }
    assert corners_itself(view, Play(10, 2))  # then 50 fits nowhere: stuck
    assert not corners_itself({**view, "hand": [10, 15]}, Play(15, 2))  # 10 still fits d1
    assert not corners_itself({**view, "played_this_turn": 1}, Play(10, 2))  # minimum met


# Tennis Quizz -------------------------------------------------------------------------


def test_help_at_every_prompt_and_the_result_winner_first(tmp_path: Path) -> None:
    seats = [Seat("Joueur 1"), Seat("Bot 2", "quiz:0.5")]
    options = QUIZZ.parse_options({"players": 2, "sets_to_win": 1})
    typist = Typist(["?", "aide", "Z"] + ["a"] * 400)
    screen, console = screen_for(TennisQuizzScreen, QUIZZ, seats, typist)
    run = run_table(QUIZZ, options, 2, seats, screen, tmp_path / "q.json")
    assert run.finished
    out = console.export_text()
    assert out.count("Répondez A, B ou C (ou tapez") == 3  # the start, then "?" and "aide"
    assert "répondez A, B ou C" in out
    view = run.state.view(None)
    side = view["winner"]
    last = view["score"]["sets"][-1]
    winners = " & ".join(seats[s].name for s in view["winners"])
    assert f"Jeu, set et match : {winners} ({last[side]}-{last[1 - side]})" in out
    assert last[side] > last[1 - side]
    # A person serving to a bot sees the question they ask and its answer.
    assert "Vous posez :" in out and "→ réponse :" in out


# Tennis de mots ------------------------------------------------------------------------


def test_the_board_is_redrawn_after_an_error_and_on_request() -> None:
    seats = [Seat("Joueur 1"), Seat("Bot 2", "greedy")]
    options = MOTS.parse_options({"players": 2})
    typist = Typist(["zz1", "plateau", "quitter"])
    screen, console = screen_for(TennisMotsScreen, MOTS, seats, typist)
    run_table(MOTS, options, 3, seats, screen, None)
    out = console.export_text()
    assert out.count("Table : ") == 3  # first, after the error, on "plateau"


def test_a_bluff_question_asks_again_until_o_or_n() -> None:
    seats = [Seat("Joueur 1"), Seat("Joueur 2")]
    state = arrange(new_state(), ["ZXQAAAA", "SSSSSSS"])
    view = state.view(0)
    typist = Typist(["peut-être", "", "n"])
    screen, console = screen_for(TennisMotsScreen, MOTS, seats, typist)
    assert screen.read(view, "ZXQ") is None  # declined after two unreadable answers
    assert len(typist.prompts) == 3
    assert console.export_text().count("Répondez o ou n.") == 2


def test_second_ball_is_never_written_at_set_point() -> None:
    state = arrange(new_state(), ["JEUAAAA", "SSSSSSS"])
    view = state.view(0)
    second = {**view, "serve_number": 2}
    console = Console(record=True, width=100)
    console.print(render(second, 2, "fr"))
    assert "(2e balle)" in console.export_text()
    console.print(render({**second, "last_rally": True}, 2, "fr"))
    assert "(2e balle)" not in console.export_text()


def test_a_server_with_only_doubles_is_told_only_a_net_is_left() -> None:
    state = arrange(new_state(), ["◀◀", "SSSSSSS"], draw=0)
    view = state.view(0)
    assert view["phase"] == "serve" and view["turn"] == 0
    assert only_a_net(view, state.lexicon)
    state = arrange(new_state(), ["JEUAAAA", "SSSSSSS"])
    assert not only_a_net(state.view(0), state.lexicon)


@pytest.mark.parametrize(
    "word,reason",
    [("<JE", "◀ ne peut jamais venir en premier"), ("JEUZ", "aucun mot français")],
)
def test_a_refused_word_gets_the_lexicon_s_own_reason(word: str, reason: str) -> None:
    from partie.core.errors import IllegalAction

    state = arrange(new_state(bluff=False), ["◀JEUZAA", "SSSSSSS"])
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, MOTS.parse_action(state.view(0), word))
    assert caught.value.code == "not_a_word" and reason in caught.value.fr


def test_the_running_points_of_the_set_count_the_cards_seen_won() -> None:
    seats = [Seat("Bot 1", "greedy"), Seat("Bot 2", "greedy")]
    screen, _console = screen_for(TennisMotsScreen, MOTS, seats, Typist([]))
    state = MOTS.setup(MOTS.parse_options({"players": 2}), 6)
    bots = {s: MOTS.make_bot("greedy", s) for s in (0, 1)}
    expected = [0, 0]
    checked = 0
    while not state.is_over and checked < 3:
        before = state.view(None)
        seen = before["table_value"] + before["pot_value"]
        seat = state.to_move
        events = len(state.events)
        state.apply(seat, bots[seat].act(state.view(seat)))
        screen.played(state.view(None), seat, None)
        for event in state.events[events:]:
            if event["kind"] == "rally":
                expected[event["winner"]] += seen
            elif event["kind"] == "fault" and event["double"]:
                expected[event["seat"]] -= event["value"]
            elif event["kind"] == "set":
                assert screen.seen_points == [0, 0]
                expected = [0, 0]
                checked += 1
        assert screen.seen_points == expected
    assert any(expected) or checked
    assert "Points du set (cartes vues) : Bot 1 " in screen.points_line()


def test_no_bluff_question_for_a_word_the_rules_refuse_anyway() -> None:
    seats = [Seat("Joueur 1"), Seat("Joueur 2")]
    state = arrange(new_state(), ["ZXQAAAA", "SSSSSSS"])
    view = state.view(0)
    typist = Typist([])
    screen, _console = screen_for(TennisMotsScreen, MOTS, seats, typist)
    for word, code in (("AA", "below_weight"), ("AAA", "not_a_word")):
        # 4 points: under the weight (a shot, not a NET); 6 points: not on the LIGNE.
        action = screen.read(view, word)
        assert action is not None and typist.prompts == []
        with pytest.raises(Exception) as caught:
            state.apply(0, action)
        assert caught.value.code == code
    assert screen.read(view, "net AAA") is not None  # 6 ≥ 5: no NET, no question
    assert typist.prompts == []
