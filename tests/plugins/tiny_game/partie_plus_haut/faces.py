"""Plus haut's print faces (``partie print plus-haut``): the 15 numbered cards."""

from __future__ import annotations

from partie.printing.faces import CLAY, numbered_front, plain_back
from partie.printing.pdf import Face
from partie_plus_haut.game import CARDS


def cards(deck: str | None, fr: bool) -> tuple[list[Face], Face]:
    return [numbered_front(n, CLAY) for n in CARDS], plain_back("Plus haut", "1 … 15", CLAY)
