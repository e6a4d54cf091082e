"""Reports: the Markdown page and real PNG plots, in French by default and in English.

The series are real simulations (few games); the plots' texts are read from the figure
the report draws, before any saving, so what the designer reads is what is checked.
"""

from __future__ import annotations

import re
import struct
from pathlib import Path
from typing import Any

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.text import Text

from partie.sim.report import (
    SCORE_PNG,
    TRACE_PNG,
    WIN_RATE_PNG,
    Series,
    draw_scores,
    draw_traces,
    draw_win_rates,
    new_figure,
    series_label,
    write_report,
)
from partie.sim.runner import SimulationSpec, run_simulation
from partie.sim.summary import summarize
from partie.sim.words import end_reason

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
EN_WORDS = ("series", "players", "games", "wins", "win rate", "mean score", "end reasons")
FR_WORDS = ("série", "joueurs", "parties", "victoires", "taux de victoire", "score moyen")
EN_TABLE = "| series | players | games | wins | win rate [95% CI] | mean score [95% CI] |"
FR_TABLE = "| série | joueurs | parties | victoires | taux de victoire [IC 95 %] |"


def simulate(game: str, bots: tuple[str, ...], games: int, lang: str, trace: bool) -> Series:
    spec = SimulationSpec(
        game=game,
        options={"players": len(bots)},
        bots=bots,
        games=games,
        seed=1,
        trace=trace,
    )
    outcomes = run_simulation(spec, workers=1)
    summary = summarize(spec, outcomes, 1.0)
    cooperative = game == "the-game"  # as partie.sim.plan.describe marks it
    summary["win_rate_of"] = "the table (a cooperative game)" if cooperative else "seat 1"
    name = "+".join(sorted(set(bots)))
    return Series(series_label(name, len(bots), lang), name, len(bots), summary, outcomes)


@pytest.fixture(scope="module")
def outcomes() -> dict[str, list[Any]]:
    """The games once; each test labels them in its own language."""
    played = {}
    for players in (1, 2):
        s = simulate("the-game", ("greedy",) * players, 12, "fr", True)
        played[f"the-game-{players}"] = [s.summary, s.outcomes]
    s = simulate("tennis-quizz", ("quiz", "quiz"), 10, "fr", False)
    played["duel"] = [s.summary, s.outcomes]
    return played


def series_of(played: dict[str, list[Any]], key: str, lang: str) -> Series:
    summary, games = played[key]
    players = summary["players"]
    return Series(
        series_label(summary["bot"], players, lang), summary["bot"], players, summary, games
    )


def the_game(played: dict[str, list[Any]], lang: str) -> list[Series]:
    return [series_of(played, f"the-game-{n}", lang) for n in (1, 2)]


def texts(fig: Any) -> list[str]:
    """Every text the saved image shows: titles, axis labels, ticks, legend, notes."""
    FigureCanvasAgg(fig).draw()  # tick labels are only written when the figure is drawn
    return [t.get_text() for t in fig.findobj(Text) if t.get_text() and t.get_visible()]


def prose(markdown: str) -> str:
    """The report's words, lowered, without its plots' file names (which stay English)."""
    return re.sub(r"\]\([a-z_]+\.png\)", "]", markdown).lower()


def png_size(data: bytes) -> tuple[int, int]:
    assert data.startswith(PNG_SIGNATURE) and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def percent(rate: float, lang: str) -> str:
    """How the table writes a rate, spelled out here independently of the formatter."""
    text = f"{rate * 100:.2f}"
    return text.replace(".", ",") + "\u202f%" if lang == "fr" else text + "%"


def test_french_report_holds_french_words_and_numbers(
    tmp_path: Path, outcomes: dict[str, list[Any]]
) -> None:
    series = the_game(outcomes, "fr")
    path = write_report(tmp_path / "out", series, title="The Game : simulation", command="c")
    text = path.read_text(encoding="utf-8")
    assert path.name == "report.md"
    assert FR_TABLE in text
    assert "greedy, 2 joueurs" in text and "greedy, 1 joueur |" in text
    assert "Pour refaire cette simulation" in text and "## Graphiques" in text
    for s in series:
        m = s.summary
        low, high = m["win_rate_ci95"]
        bounds = f"[{percent(low, 'fr')} ; {percent(high, 'fr')}]"
        assert f"{percent(m['win_rate'], 'fr')} {bounds}" in text
        assert f"{m['mean_score']:.2f}".replace(".", ",") in text
    assert "blocage" in text  # the end reason "stuck" in words (greedy loses some)
    lowered = prose(text)
    for word in (*EN_WORDS, "reproduce with", "## plots", "stuck", "player"):
        assert word not in lowered, word
    assert not re.search(r"\d\.\d\d%", text)  # no English number anywhere
    for name in (SCORE_PNG, WIN_RATE_PNG, TRACE_PNG):
        data = (tmp_path / "out" / name).read_bytes()
        assert png_size(data) == (850, 460) and len(data) > 5_000
        assert f"]({name})" in text


def test_english_report_holds_english_words_and_numbers(
    tmp_path: Path, outcomes: dict[str, list[Any]]
) -> None:
    series = the_game(outcomes, "en")
    path = write_report(tmp_path, series, title="t", command="partie simulate x", lang="en")
    text = path.read_text(encoding="utf-8")
    assert EN_TABLE in text
    assert "greedy, 2 players" in text and "Reproduce with:" in text
    assert "partie simulate x" in text
    for s in series:
        m = s.summary
        low, high = m["win_rate_ci95"]
        bounds = f"[{percent(low, 'en')}, {percent(high, 'en')}]"
        assert f"{percent(m['win_rate'], 'en')} {bounds}" in text
    lowered = prose(text)
    for word in (*FR_WORDS, "blocage", "graphiques", "joueur", "graine"):
        assert word not in lowered, word
    assert "\u202f" not in text and not re.search(r"\d,\d\d", text)


def test_plot_texts_follow_the_language(outcomes: dict[str, list[Any]]) -> None:
    shown = {}
    for lang in ("fr", "en"):
        series = the_game(outcomes, lang)
        fig = new_figure()
        assert draw_traces(fig, series, lang)
        ax = fig.axes[0]
        shown[lang] = (ax.get_xlabel(), ax.get_ylabel(), texts(fig))
        scores = new_figure()
        draw_scores(scores, series, lang)
        shown[lang] += (scores.axes[0].get_ylabel(), texts(scores))
    assert shown["fr"][:2] == ("tour", "cartes restantes (mains + pioche)")
    assert shown["en"][:2] == ("turn", "cards left (hands + draw pile)")
    assert shown["fr"][3] == "parties" and shown["en"][3] == "games"
    assert "greedy, 2 joueurs" in shown["fr"][2] and "greedy, 2 players" in shown["en"][2]
    assert any(t.startswith("cartes restées non jouées") for t in shown["fr"][4])
    english = set(shown["en"][2] + shown["en"][4])
    french = set(shown["fr"][2] + shown["fr"][4])
    words_only = {t for t in english if re.search("[a-z]{3}", t)}
    assert not words_only & french  # every word the English plots show is translated


def test_a_duel_shows_each_seats_wins_against_an_equal_share(
    outcomes: dict[str, list[Any]],
) -> None:
    duel = series_of(outcomes, "duel", "fr")
    games = len(duel.outcomes)
    first = sum(0 in o.winners for o in duel.outcomes)
    fig = new_figure()
    draw_win_rates(fig, [duel], "fr")
    shown = texts(fig)
    assert "Taux de victoire par place" in shown
    assert "place 1" in shown and "place 2" in shown
    assert "part égale (50\u202f%)" in shown  # no draws in a tennis match
    assert f"{round(100 * first / games)}\u202f%" in shown  # seat 1's bar is labelled
    ticks = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert "0\u202f%" in ticks and len(set(ticks)) == len(ticks)
    scores = new_figure()
    three = Series(duel.label, duel.group, 2, duel.summary, duel.outcomes[:3])
    draw_scores(scores, [three], "fr")
    texts(scores)
    counts = [t.get_text() for t in scores.axes[0].get_yticklabels()]
    assert len(set(counts)) == len(counts)  # 3 games: whole numbers, none twice
    assert [t.get_text() for t in scores.axes[0].get_xticklabels()] == ["0", "1", "2"]
    english = new_figure()
    draw_win_rates(english, [series_of(outcomes, "duel", "en")], "en")
    shown = texts(english)
    assert "Win rate by seat" in shown and "seat 1" in shown and "equal share (50%)" in shown


def test_a_game_without_a_trace_has_no_trace_plot(
    tmp_path: Path, outcomes: dict[str, list[Any]]
) -> None:
    duel = series_of(outcomes, "duel", "fr")
    path = write_report(tmp_path, [duel], title="t", command="c")
    text = path.read_text(encoding="utf-8")
    assert not (tmp_path / TRACE_PNG).exists()
    assert "pas de valeur tour par tour" in text
    assert "match gagné : 10" in text  # the end reason in words, with its count
    assert png_size((tmp_path / SCORE_PNG).read_bytes()) == (850, 460)


def test_end_reasons_without_words_keep_their_code() -> None:
    assert end_reason("the-game", "stuck", "fr") == "blocage (minimum impossible)"
    assert end_reason("the-game", "stuck", "en") == "stuck (minimum out of reach)"
    assert end_reason("the-game", "resigned", "fr") == "resigned"
