"""Where cards go on a sheet: paper sizes, the card grid, crop marks, duplex backs.

Cards are 63 × 88 mm (the common "poker" size, which fits standard 66 × 91 mm
sleeves), nine to a sheet on A4 and on Letter, butted together so one cut separates
two cards. The grid is centred, so the back of the card in column ``c`` sits in
column ``cols - 1 - c`` of the back sheet, and both line up when the sheet is printed
on both sides flipping on the long edge.
"""

from __future__ import annotations

from dataclasses import dataclass

CARD_W, CARD_H = 63.0, 88.0
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARK_GAP, MARK_LEN = 1.0, 4.0
"""Crop marks start this far outside the grid and are at most this long (mm)."""
PRINTABLE = 5.0
"""Most printers leave this much of the paper's edge blank: marks stop short of it."""


@dataclass(frozen=True)
class Grid:
    paper: str
    width: float
    height: float
    cols: int
    rows: int

    @classmethod
    def for_paper(cls, paper: str) -> Grid:
        width, height = PAPERS[paper]
        cols = int((width - 2 * PRINTABLE) // CARD_W)
        rows = int((height - 2 * PRINTABLE) // CARD_H)
        return cls(paper, width, height, cols, rows)

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def left(self) -> float:
        return (self.width - self.cols * CARD_W) / 2

    @property
    def top(self) -> float:
        return (self.height - self.rows * CARD_H) / 2

    def front(self, slot: int) -> tuple[float, float]:
        """Top-left corner of card ``slot`` (row by row) on a front sheet."""
        row, col = divmod(slot, self.cols)
        return self.left + col * CARD_W, self.top + row * CARD_H

    def back(self, slot: int) -> tuple[float, float]:
        """Top-left corner of the back of card ``slot``: its column mirrored."""
        row, col = divmod(slot, self.cols)
        return self.left + (self.cols - 1 - col) * CARD_W, self.top + row * CARD_H

    def crop_marks(self) -> list[tuple[float, float, float, float]]:
        """Short lines outside the grid on every cut line (x1, y1, x2, y2), kept inside
        the printable area (on Letter the top and bottom ones are short)."""
        lines = []
        bottom = self.top + self.rows * CARD_H
        right = self.left + self.cols * CARD_W
        v_len = min(MARK_LEN, self.top - MARK_GAP - PRINTABLE)
        h_len = min(MARK_LEN, self.left - MARK_GAP - PRINTABLE)
        if v_len > 0:
            for c in range(self.cols + 1):
                x = self.left + c * CARD_W
                lines.append((x, self.top - MARK_GAP - v_len, x, self.top - MARK_GAP))
                lines.append((x, bottom + MARK_GAP, x, bottom + MARK_GAP + v_len))
        if h_len > 0:
            for r in range(self.rows + 1):
                y = self.top + r * CARD_H
                lines.append((self.left - MARK_GAP - h_len, y, self.left - MARK_GAP, y))
                lines.append((right + MARK_GAP, y, right + MARK_GAP + h_len, y))
        return lines
