"""Hints in the terminal: after a person's shot or NET, the better shots they had."""

from __future__ import annotations

import io

from mots_position import GAME, arrange, new_state
from rich.console import Console

from partie.games.tennis_mots.rules import PASS, Shot
from partie.table import Seat, run_table
from partie.terminal.tennis_mots import TennisMotsScreen, hint_line


def test_a_pass_is_followed_by_what_could_have_been_played() -> None:
    state = arrange(new_state(bluff=False), ["XZSEEST", "AAAAAAA"], "JEU", server=1)
    before = state.view(0)
    line = hint_line(before, PASS, None, "fr")
    assert line is not None and line.startswith("Vous auriez pu jouer : ")
    assert "LIGNE" in line and line.count("(") == 3
    english = hint_line(before, PASS, None, "en")
    assert english is not None and english.startswith("You could have played: ")
    assert "on the line" in english


def test_the_best_shot_played_gets_no_hint() -> None:
    state = arrange(new_state(bluff=False), ["XZSEEST", "AAAAAAA"], "JEU", server=1)
    before = state.view(0)
    top = hint_line(before, PASS, None, "fr")
    assert top is not None
    assert hint_line(before, Shot(()), 999, "fr") is None


def test_the_terminal_shows_hints_after_a_human_pass() -> None:
    seats = [Seat("Joueur 1"), Seat("Bot 2", "simple")]

    def shown(show_hints: bool) -> str:
        state = arrange(new_state(bluff=False), ["XZSEEST", "AAAAAAA"], "JEU", server=1)
        lines = iter(["passe"])
        out = io.StringIO()
        console = Console(file=out, width=120, highlight=False)
        screen = TennisMotsScreen(
            GAME, [s.name for s in seats], [0], lambda _p: next(lines, None), console, "fr",
            show_hints=show_hints,
        )  # fmt: skip
        run = run_table(GAME, state.options, state.seed, seats, screen, None, start=state)
        assert not run.finished
        return out.getvalue()

    assert "Vous auriez pu jouer : " in shown(True)
    assert "Vous auriez pu jouer" not in shown(False)
