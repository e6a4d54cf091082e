"""Print-and-play PDFs, read back with pypdf and poppler: page counts, every card and
question in the text, fonts embedded, fronts and backs aligned, a page rendered to PNG
under tests/artifacts/ for a person to look at."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from math import ceil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from partie.cli import cli
from partie.games.tennis_mots.cards import load_deck as load_letters
from partie.games.tennis_quizz.decks import load_deck
from partie.printing import make_pdf
from partie.printing.faces import reads_otherwise_upside_down
from partie.printing.layout import CARD_H, CARD_W, PAPERS, PRINTABLE, Grid

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
MM = 72 / 25.4


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def render(pdf: Path, page: int, name: str) -> Path:
    """Page ``page`` as a PNG kept under tests/artifacts/ (poppler's pdftoppm)."""
    ARTIFACTS.mkdir(exist_ok=True)
    stem = ARTIFACTS / name
    subprocess.run(
        ["pdftoppm", "-png", "-r", "50", "-singlefile", "-f", str(page), "-l", str(page),
         str(pdf), str(stem)],
        check=True,
    )  # fmt: skip
    png = stem.with_suffix(".png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    return png


@pytest.mark.parametrize("paper", PAPERS)
def test_grid_fits_the_paper_and_backs_mirror_the_fronts(paper: str) -> None:
    grid = Grid.for_paper(paper)
    assert (grid.cols, grid.rows) == (3, 3)
    assert grid.left >= PRINTABLE and grid.top >= PRINTABLE
    for slot in range(grid.per_sheet):
        (fx, fy), (bx, by) = grid.front(slot), grid.back(slot)
        # printed on the other side, flipped on the long edge: same place on the paper
        assert bx == pytest.approx(grid.width - fx - CARD_W) and by == fy
    for x1, y1, x2, y2 in grid.crop_marks():
        for x, y in ((x1, y1), (x2, y2)):
            assert PRINTABLE - 1e-9 <= x <= grid.width - PRINTABLE + 1e-9
            assert PRINTABLE - 1e-9 <= y <= grid.height - PRINTABLE + 1e-9
            inside_x = grid.left < x < grid.left + grid.cols * CARD_W
            inside_y = grid.top < y < grid.top + grid.rows * CARD_H
            assert not (inside_x and inside_y)  # never on a card


def test_six_and_nine_are_underlined_but_not_ten() -> None:
    assert reads_otherwise_upside_down("6") and reads_otherwise_upside_down("89")
    assert not reads_otherwise_upside_down("10") and not reads_otherwise_upside_down("88")
    assert not reads_otherwise_upside_down("47")


@pytest.fixture(scope="module")
def the_game_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("pdf") / "the-game.pdf"
    printed = make_pdf("the-game", out)
    assert printed.cards == 98 + 4
    return out


def test_the_game_cards_every_number_and_the_rules(the_game_pdf: Path) -> None:
    reader = PdfReader(the_game_pdf)
    card_pages = 2 * ceil(102 / 9)
    assert len(reader.pages) > card_pages  # then the rules sheet
    fronts = " ".join(reader.pages[i].extract_text() for i in range(0, card_pages, 2))
    numbers = {int(n) for n in re.findall(r"\b\d+\b", fronts)}
    assert set(range(2, 100)) <= numbers
    assert "pile montante" in fronts and "pile descendante" in fronts
    rules = " ".join(p.extract_text() for p in reader.pages[card_pages:])
    assert squash("The Game — les règles") in squash(rules)
    assert squash("exactement 10 de moins") in squash(rules)
    # A4 pages, DejaVu embedded (accents and arrows need it)
    box = reader.pages[0].mediabox
    assert float(box.width) == pytest.approx(210 * MM, abs=0.5)
    fonts = {
        str(font["/BaseFont"])
        for page in reader.pages[:2]
        for font in page["/Resources"]["/Font"].values()
    }
    assert any("DejaVu" in name for name in fonts)
    assert render(the_game_pdf, 1, "the-game-fronts").exists()


def test_tennis_mots_letters_values_and_jokers(tmp_path: Path) -> None:
    out = tmp_path / "mots.pdf"
    make_pdf("tennis-mots", out, paper="letter", rules=False)
    reader = PdfReader(out)
    assert len(reader.pages) == 2 * ceil(107 / 9)
    assert float(reader.pages[0].mediabox.height) == pytest.approx(11 * 72, abs=0.5)
    text = "\n".join(reader.pages[i].extract_text() for i in range(0, len(reader.pages), 2))
    for glyph in "★■●◀▶":
        assert glyph in text, glyph
    deck = load_letters()
    # one value label a card: as many "N point(s)" as cards worth N
    for value in set(deck.values):
        expected = sum(v == value for v in deck.values)
        assert len(re.findall(rf"(?<!\d){value} points?\b", text)) == expected, value
    assert len(re.findall(r"\bpoints?\b", text)) == deck.size
    assert text.count("joker : une voyelle") == deck.counts()["●"]
    render(out, 1, "tennis-mots-fronts")
    render(out, len(reader.pages) - 1, "tennis-mots-last-fronts")


def test_quizz_deck_every_question_and_the_right_answer_marked(tmp_path: Path) -> None:
    deck = load_deck("fr-starter")
    out = tmp_path / "quizz.pdf"
    result = CliRunner().invoke(
        cli, ["print", "fr-starter", "--out", str(out), "--no-rules", "--json"]
    )
    assert result.exit_code == 0, result.output
    reader = PdfReader(out)
    assert len(reader.pages) == 2 * ceil(len(deck.cards) / 9)
    text = squash("".join(p.extract_text() for p in reader.pages))
    for question in deck.questions:
        assert squash(question.text) in text, question.text
        for choice in question.choices:
            assert squash(choice) in text, choice
    render(out, 1, "tennis-quizz-fronts")
    render(out, 2, "tennis-quizz-backs")


def test_right_answers_are_underlined(tmp_path: Path) -> None:
    """Each question's right choice is drawn with an underline: a thin filled rectangle
    right under its words (fpdf2 draws underlines so)."""
    deck = load_deck("fr-starter")
    out = tmp_path / "one.pdf"
    make_pdf("fr-starter", out, rules=False)
    content = PdfReader(out).pages[0].get_contents().get_data().decode("latin-1")
    underlines = re.findall(r"re f", content)
    assert len(underlines) >= 9 * len(deck.cards[0].questions)


def test_deck_print_writes_a_pdf_and_a_bad_deck_is_one_line(tmp_path: Path) -> None:
    out = tmp_path / "d.pdf"
    result = CliRunner().invoke(cli, ["deck", "print", "fr-starter", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:5] == b"%PDF-"
    run = subprocess.run(
        [sys.executable, "-m", "partie", "print", "no-such-deck", "--out", str(tmp_path / "x.pdf")],
        capture_output=True, text=True, env={**os.environ, "PARTIE_LANG": "fr"}, timeout=120,
    )  # fmt: skip
    assert run.returncode == 2 and "paquet introuvable" in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "x.pdf").exists()


def test_print_never_replaces_a_file_without_force(tmp_path: Path, capsys) -> None:
    from partie.cli.common import run_cli

    out = tmp_path / "cards.pdf"
    out.write_bytes(b"my own notes")
    assert run_cli(cli, ["print", "the-game", "--out", str(out), "--no-rules"]) == 2
    assert "--force" in capsys.readouterr().err
    assert out.read_bytes() == b"my own notes"  # untouched, checked before any work
    missing = tmp_path / "no-such-folder" / "cards.pdf"
    assert run_cli(cli, ["print", "the-game", "--out", str(missing)]) == 2
    assert not missing.parent.exists()
    assert run_cli(cli, ["print", "the-game", "--out", str(out), "--no-rules", "--force"]) == 0
    assert out.read_bytes().startswith(b"%PDF")
    assert [p.name for p in tmp_path.iterdir()] == ["cards.pdf"]  # no temporary file left
