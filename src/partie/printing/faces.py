"""The faces of each game's cards, drawn on a ``CardPdf`` at a card's top-left corner.

Sizes are in mm on a 63 × 88 mm card; everything that matters stays 3 mm inside the
cut line, so a cut a little off does not eat a value or a question.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from partie.printing.layout import CARD_H, CARD_W
from partie.printing.pdf import FONT, CardPdf, Face, escape

SAFE = 3.0
RADIUS = 3.5
GREEN = (40, 110, 60)
CLAY = (190, 90, 50)
NAVY = (30, 50, 110)

_TURNED = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}


def reads_otherwise_upside_down(number: str) -> bool:
    """True when the number turned over reads as another number (6 and 9, 68 and 89):
    those are underlined, as on real cards."""
    if any(d not in _TURNED for d in number):
        return False
    turned = "".join(_TURNED[d] for d in reversed(number))
    return turned != number and not turned.startswith("0")


def _frame(pdf: CardPdf, x: float, y: float, colour: tuple[int, int, int]) -> None:
    pdf.set_draw_color(*colour)
    pdf.set_line_width(0.6)
    pdf.rect(
        x + SAFE,
        y + SAFE,
        CARD_W - 2 * SAFE,
        CARD_H - 2 * SAFE,
        round_corners=True,
        corner_radius=RADIUS,
    )
    pdf.set_draw_color(0)


def _centre(pdf: CardPdf, x: float, y: float, w: float, h: float, text: str, size: float,
            style: str = "", underline: bool = False) -> None:  # fmt: skip
    pdf.set_font(FONT, style + ("U" if underline else ""), size)
    pdf.set_xy(x, y)
    pdf.cell(w, h, text, align="C")


def _corners(pdf: CardPdf, x: float, y: float, text: str, size: float, underline: bool) -> None:
    """The index in the top-left corner, and turned over in the bottom-right one."""
    style = "BU" if underline else "B"
    pdf.set_font(FONT, style, size)
    w = pdf.get_string_width(text) + 1
    pdf.set_xy(x + SAFE + 3, y + SAFE + 3)
    pdf.cell(w, 5, text)
    with pdf.rotation(180, x + CARD_W / 2, y + CARD_H / 2):
        pdf.set_xy(x + SAFE + 3, y + SAFE + 3)
        pdf.cell(w, 5, text)


def _back(pdf: CardPdf, x: float, y: float, title: str, subtitle: str,
          colour: tuple[int, int, int]) -> None:  # fmt: skip
    pdf.set_fill_color(*colour)
    pdf.rect(x + SAFE, y + SAFE, CARD_W - 2 * SAFE, CARD_H - 2 * SAFE, style="F",
             round_corners=True, corner_radius=RADIUS)  # fmt: skip
    pdf.set_draw_color(255)
    pdf.set_line_width(0.8)
    pdf.ellipse(x + CARD_W / 2 - 22, y + CARD_H / 2 - 22, 44, 44)
    pdf.set_text_color(255)
    _centre(pdf, x, y + CARD_H / 2 - 5, CARD_W, 10, title, 12, "B")
    if subtitle:
        _centre(pdf, x + 5, y + CARD_H - SAFE - 12, CARD_W - 10, 6, subtitle[:60], 6.5)
    pdf.set_text_color(0)
    pdf.set_draw_color(0)


# -- Faces any game may use (a plug-in game's print faces are built from these) ---------


def numbered_front(number: int, colour: tuple[int, int, int] = NAVY) -> Face:
    """A card showing one number, large in the middle and in two corners (6 and 9
    underlined)."""

    def draw(pdf: CardPdf, x: float, y: float) -> None:
        text = str(number)
        mark = reads_otherwise_upside_down(text)
        _frame(pdf, x, y, colour)
        _corners(pdf, x, y, text, 11, mark)
        pdf.set_text_color(*colour)
        _centre(pdf, x, y + CARD_H / 2 - 10, CARD_W, 20, text, 44, "B", mark)
        pdf.set_text_color(0)

    return draw


def plain_back(title: str, subtitle: str = "", colour: tuple[int, int, int] = NAVY) -> Face:
    """A back in one colour with the game's name (and a short line under it)."""
    return partial(_back, title=title, subtitle=subtitle, colour=colour)


# -- The Game ---------------------------------------------------------------------------


def the_game_front(number: int) -> Face:
    return numbered_front(number, NAVY)


def the_game_marker(number: int, fr: bool) -> Face:
    """The pile markers 1 and 100 (not cards of the game: the piles start on them)."""
    up = number == 1
    caption = (
        ("pile montante" if up else "pile descendante")
        if fr
        else ("ascending pile" if up else "descending pile")
    )

    def draw(pdf: CardPdf, x: float, y: float) -> None:
        _frame(pdf, x, y, CLAY)
        pdf.set_text_color(*CLAY)
        _centre(pdf, x, y + 14, CARD_W, 14, "↑" if up else "↓", 30, "B")
        _centre(pdf, x, y + CARD_H / 2 - 8, CARD_W, 16, str(number), 34, "B")
        _centre(pdf, x, y + CARD_H / 2 + 12, CARD_W, 6, caption, 9)
        _centre(pdf, x, y + CARD_H - 22, CARD_W, 14, "↑" if up else "↓", 30, "B")
        pdf.set_text_color(0)

    return draw


def the_game_back() -> Face:
    return plain_back("The Game", "2 … 99", NAVY)


# -- Tennis de mots ---------------------------------------------------------------------

JOKER_CAPTIONS = {
    "★": ("joker : toute lettre", "joker: any letter"),
    "■": ("joker : une consonne", "joker: a consonant"),
    "●": ("joker : une voyelle A E I O U", "joker: a vowel A E I O U"),
    "◀": ("double : ◀ lettre d'avant, ▶ lettre d'après", "double: ◀ letter before, ▶ after"),
}


def letter_front(face: str, value: int, fr: bool) -> Face:
    joker = face in JOKER_CAPTIONS
    shown = "◀ ▶" if face == "◀" else face

    def draw(pdf: CardPdf, x: float, y: float) -> None:
        _frame(pdf, x, y, CLAY if joker else GREEN)
        _corners(pdf, x, y, str(value), 12, False)
        pdf.set_text_color(*(CLAY if joker else GREEN))
        size = 34 if face == "◀" else 54
        _centre(pdf, x, y + CARD_H / 2 - 14, CARD_W, 26, shown, size, "B")
        pdf.set_text_color(0)
        label = f"{value} point{'s' if value > 1 else ''}"
        _centre(pdf, x, y + CARD_H / 2 + 14, CARD_W, 6, label, 8)
        if joker:
            caption = JOKER_CAPTIONS[face][0 if fr else 1]
            pdf.set_font(FONT, "", 7)
            pdf.set_xy(x + 8, y + CARD_H - SAFE - 16)
            pdf.multi_cell(CARD_W - 16, 3.4, caption, align="C")

    return draw


def letter_back() -> Face:
    return partial(_back, title="Tennis de mots", subtitle="", colour=GREEN)


# -- Tennis Quizz -----------------------------------------------------------------------

QUIZ_SIZES = tuple(s / 4 for s in range(26, 15, -1))  # 6.5 pt down to 4 pt
"""Font sizes tried for a question card, largest first, until the seven fit."""


def quiz_front(card_id: str, questions: tuple, deck_title: str) -> Face:
    """Seven questions, each with its three choices; the right one underlined and bold,
    so the server sees it at a glance. Choices are in alphabetical order, so the right
    one is not always first."""

    def lines(q) -> tuple[str, str]:
        from partie.games.tennis_quizz.decks import fold

        choices = sorted(q.choices, key=fold)
        shown = []
        for letter, choice in zip("abc", choices, strict=True):
            text = f"{letter}) {escape(choice)}"
            shown.append(f"**--{text}--**" if choice == q.answer else text)
        return escape(q.text), "   ".join(shown)

    def draw(pdf: CardPdf, x: float, y: float) -> None:
        _frame(pdf, x, y, CLAY)
        inner_x, inner_w = x + SAFE + 2, CARD_W - 2 * SAFE - 4
        pdf.set_fill_color(*CLAY)
        pdf.rect(
            x + SAFE,
            y + SAFE,
            CARD_W - 2 * SAFE,
            6,
            style="F",
            round_corners=True,
            corner_radius=RADIUS,
        )
        pdf.set_text_color(255)
        pdf.set_font(FONT, "B", 7)
        pdf.set_xy(inner_x, y + SAFE + 0.5)
        pdf.cell(inner_w, 5, f"Tennis Quizz · {card_id}")
        pdf.set_text_color(0)
        top, bottom = y + SAFE + 7.5, y + CARD_H - SAFE - 1.5
        texts = [lines(q) for q in questions]
        for size in QUIZ_SIZES:
            height = _questions(pdf, inner_x, top, inner_w, texts, size, dry=True)
            if top + height <= bottom:
                break
        _questions(pdf, inner_x, top, inner_w, texts, size, dry=False)

    return draw


def _questions(pdf: CardPdf, x: float, y: float, w: float, texts: list[tuple[str, str]],
               size: float, dry: bool) -> float:  # fmt: skip
    """Lay out (or only measure) the questions at ``size`` pt; returns the height."""
    line = size * 0.3528 * 1.18
    gap = line * 0.45
    used = 0.0
    for n, (question, choices) in enumerate(texts, 1):
        for text, style, indent in ((f"{n}. {question}", "B", 0.0), (choices, "", 2.5)):
            pdf.set_font(FONT, style, size)
            kwargs = {"markdown": True, "align": "L"}
            laid = pdf.multi_cell(w - indent, line, text, dry_run=True, output="LINES", **kwargs)
            count = len(laid)
            if not dry:
                pdf.set_xy(x + indent, y + used)
                pdf.multi_cell(w - indent, line, text, markdown=True, align="L")
            used += count * line
        used += gap
    return used - gap


def quiz_back(deck_title: str) -> Face:
    return partial(_back, title="Tennis Quizz", subtitle=deck_title, colour=CLAY)


# --- Each game's cards: the hooks the games name (``Game.print_cards``) ---------------


def the_game_cards(deck: str | None, fr: bool) -> tuple[list[Face], Face]:
    """The 98 cards and the four pile markers."""
    fronts = [the_game_front(n) for n in range(2, 100)]
    fronts += [the_game_marker(n, fr) for n in (1, 1, 100, 100)]
    return fronts, the_game_back()


def letter_cards(deck: str | None, fr: bool) -> tuple[list[Face], Face]:
    """The letters and jokers of the default deck."""
    from partie.games.tennis_mots.cards import load_deck as load_letters

    letters = load_letters()
    fronts = [letter_front(letters.faces[i], letters.values[i], fr) for i in letters.ids]
    return fronts, letter_back()


QUIZ_DEFAULT_DECK = "fr-starter"

PRINTABLE_CHARS = 3000
"""The most characters of questions and choices one card can show: at the smallest
type (4 pt) a 63 × 88 mm card holds about 45 lines of 70 characters. Beyond, nothing
fits, and laying out a 10,000-character question at every size took seconds a card."""


def check_printable(card: Any) -> None:
    """Refuse a card whose text cannot fit on it, before any layout."""
    size = sum(len(q.text) + sum(len(c) for c in q.choices) for q in card.questions)
    if size > PRINTABLE_CHARS:
        from partie.core.errors import BadDeck

        raise BadDeck(
            f"carte {card.id} : {size} caractères de questions et de choix ne tiennent pas "
            f"sur une carte (au plus {PRINTABLE_CHARS})",
            f"card {card.id}: {size} characters of questions and choices do not fit on a "
            f"card (at most {PRINTABLE_CHARS})",
        )


def quiz_cards(deck: str | None, fr: bool) -> tuple[list[Face], Face]:
    """A question deck's cards (the built-in starter deck by default)."""
    from partie.games.tennis_quizz.decks import load_deck

    questions = load_deck(deck or QUIZ_DEFAULT_DECK)
    for card in questions.cards:
        check_printable(card)
    fronts = [quiz_front(card.id, card.questions, questions.title) for card in questions.cards]
    return fronts, quiz_back(questions.title)
