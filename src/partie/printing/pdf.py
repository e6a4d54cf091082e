"""A PDF of cards: fronts and mirrored backs on alternate sheets, crop marks, cut lines,
then a rules sheet. Faces are drawn by functions of ``faces.py``."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path

from fpdf import FPDF

from partie.printing.fonts import FILES, font_dir
from partie.printing.layout import CARD_H, CARD_W, Grid
from partie.rules.document import Rules

FONT = "dejavu"
Face = Callable[["CardPdf", float, float], None]
"""Draws one face of a card with its top-left corner at (x, y), in mm."""

_MARKERS = ("**", "__", "~~", "--")


def escape(text: str) -> str:
    """Text shown as is by fpdf2's markdown mode (its markers escaped)."""
    text = text.replace("\\", "\\\\")
    for marker in _MARKERS:
        text = text.replace(marker, "\\" + marker)
    return text


class CardPdf(FPDF):
    """An FPDF with DejaVu Sans embedded and millimetre units."""

    def __init__(self, paper: str):
        self.grid = Grid.for_paper(paper)
        super().__init__(unit="mm", format=(self.grid.width, self.grid.height))
        self.set_auto_page_break(False)
        self.set_margins(0, 0, 0)
        folder = font_dir()
        for style, name in FILES.items():
            self.add_font(FONT, style, str(folder / name))
        self.set_font(FONT, size=10)
        self.set_creator("partie")

    # -- cards -------------------------------------------------------------------------

    def card_sheets(self, fronts: Sequence[Face], back: Face) -> None:
        """Fronts nine to a sheet, each sheet followed by its backs, mirrored."""
        per = self.grid.per_sheet
        for start in range(0, len(fronts), per):
            batch = fronts[start : start + per]
            self.add_page()
            self._marks()
            for slot, face in enumerate(batch):
                x, y = self.grid.front(slot)
                face(self, x, y)
                self._cut_line(x, y)
            self.add_page()
            self._marks()
            for slot in range(len(batch)):
                x, y = self.grid.back(slot)
                back(self, x, y)
                self._cut_line(x, y)

    def _marks(self) -> None:
        self.set_draw_color(0)
        self.set_line_width(0.2)
        for x1, y1, x2, y2 in self.grid.crop_marks():
            self.line(x1, y1, x2, y2)

    def _cut_line(self, x: float, y: float) -> None:
        self.set_draw_color(190)
        self.set_line_width(0.1)
        self.rect(x, y, CARD_W, CARD_H)
        self.set_draw_color(0)

    # -- rules sheet -------------------------------------------------------------------

    def rules_sheet(self, rules: Rules) -> None:
        """The rules of a game on plain pages, 20 mm margins."""
        margin = 20.0
        width = self.grid.width - 2 * margin
        self.set_auto_page_break(True, margin)
        self.set_margins(margin, margin, margin)
        self.add_page()
        self.set_font(FONT, "B", 18)
        self.multi_cell(width, 9, rules.title, new_x="LMARGIN", new_y="NEXT")
        self.ln(2)
        self.set_font(FONT, "", 10)
        if rules.intro:
            self.multi_cell(width, 5, _inline(rules.intro), markdown=True)
            self.ln(3)
        for section in rules.sections:
            if self.get_y() > self.grid.height - margin - 25:
                self.add_page()
            self.set_font(FONT, "B", 12.5)
            self.multi_cell(width, 7, section.title, new_x="LMARGIN", new_y="NEXT")
            self.set_font(FONT, "", 10)
            for passage in section.passages:
                self.multi_cell(
                    width, 4.8, _inline(passage.text), markdown=True, new_x="LMARGIN", new_y="NEXT"
                )
                self.ln(1.6)
            self.ln(1.5)
        self.set_auto_page_break(False)
        self.set_margins(0, 0, 0)


def _inline(text: str) -> str:
    """Our Markdown's *italics* and `code` as fpdf2 markdown."""
    text = escape(text)
    text = re.sub(r" ([:;?!»])", "\u00a0\\1", text).replace("« ", "«\u00a0")  # French spacing
    text = re.sub(r"`([^`]+)`", r"\1", text)
    return re.sub(r"(?<![*\w])\*([^*]+)\*(?![*\w])", r"__\1__", text)


def save(pdf: CardPdf, out: str | Path) -> int:
    """Write the PDF all at once (a temporary file, then a rename: never half a PDF);
    returns its page count. The caller checked ``out`` before the work started."""
    from partie.core.files import write_atomic

    write_atomic(out, bytes(pdf.output()), force=True)
    return pdf.page_no()
