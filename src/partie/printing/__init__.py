"""Print-and-play PDFs: each game's cards (fronts, duplex-aligned backs, crop marks) and
its rules sheet. ``make_pdf("the-game", "out.pdf", paper="a4")``; a question deck is
named by its built-in name or its file. Each game names the function that draws its
cards (``Game.print_cards``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from partie.core.errors import UnknownGame
from partie.core.registry import available_games, get_game, load_hook
from partie.printing.layout import PAPERS
from partie.printing.pdf import CardPdf, Face, save
from partie.rules.document import load_rules


def printable_games() -> list[str]:
    """The registered games that have print faces."""
    return [g for g in available_games() if get_game(g).print_cards is not None]


@dataclass(frozen=True)
class Printed:
    out: str
    game: str
    cards: int
    pages: int
    paper: str

    def to_json(self) -> dict[str, object]:
        return {"out": self.out, "game": self.game, "cards": self.cards,
                "pages": self.pages, "paper": self.paper}  # fmt: skip


def cards_of(target: str, lang: str = "fr") -> tuple[str, list[Face], Face]:
    """The game a target prints, its fronts and its back: a game id, or a deck."""
    fr = lang == "fr"
    games = printable_games()
    if target in games:
        game = get_game(target)
    else:
        decks = [get_game(g) for g in games if get_game(g).prints_decks]
        if not decks:
            raise UnknownGame(
                f"rien à imprimer pour {target!r} (jeux : {', '.join(games)})",
                f"nothing to print for {target!r} (games: {', '.join(games)})",
            )
        game = decks[0]
    fronts, back = load_hook(game.print_cards)(None if target == game.id else target, fr)
    return game.id, fronts, back


def make_pdf(
    target: str, out: str | Path, paper: str = "a4", lang: str = "fr", rules: bool = True
) -> Printed:
    """Write the cards of ``target`` (then its rules sheet) to ``out``."""
    if paper not in PAPERS:
        raise ValueError(paper)
    game, fronts, back = cards_of(target, lang)
    pdf = CardPdf(paper)
    pdf.set_title(f"{game} — partie")
    pdf.card_sheets(fronts, back)
    if rules:
        pdf.rules_sheet(load_rules(game, lang))
    pages = save(pdf, out)
    return Printed(str(out), game, len(fronts), pages, paper)
