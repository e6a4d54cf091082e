"""The deck checker's deck-wide warnings: a dominant rank of the right answer among
numeric choices, a question that gives another's answer away, a deck too small to play;
and the starter deck shows none of them."""

from __future__ import annotations

from pathlib import Path

import pytest

from partie.core import get_game
from partie.core.errors import BadOptions
from partie.games.tennis_quizz.decks import answer_rank, check_file, check_text, load_deck
from quizz_decks import deck_toml

HEAD = '[deck]\nid = "w"\ntitle = "Avertissements"\n\n'


def question(text: str, answer: str, wrong: tuple[str, str], *alternatives: str) -> str:
    alts = ", ".join(f'"{a}"' for a in alternatives)
    return (
        "[[cards.questions]]\n"
        f'text = "{text}"\nanswer = "{answer}"\nwrong = ["{wrong[0]}", "{wrong[1]}"]\n'
        f"alternatives = [{alts}]\n"
        'difficulty = 2\nsource = "test"\n\n'
    )


def filler(card: int, start: int, count: int) -> str:
    """Questions with nothing in common: no numbers, no shared rare word."""
    words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]
    return "".join(
        question(f"Mot {card}-{n} : {words[n % 8]}{card} ?", f"Reponse{card}x{n}", ("Non", "Faux"))
        for n in range(start, start + count)
    )


def deck_of(*cards: str) -> str:
    return HEAD + "".join(f'[[cards]]\nid = "c{i}"\n\n{body}' for i, body in enumerate(cards, 1))


def warnings_about(text: str, field: str) -> list:
    report = check_text(text, "w.toml")
    assert report.ok, [e.text("en") for e in report.errors]
    return [w for w in report.warnings if w.field == field]


def test_the_rank_of_a_numeric_answer() -> None:
    deck = load_deck("fr-starter")
    ranks = {answer_rank(q) for q in deck.questions}
    assert ranks == {None, 0, 1, 2}
    by_text = {q.text: q for q in deck.questions}
    absolute_zero = next(q for t, q in by_text.items() if "zéro absolu" in t)
    assert answer_rank(absolute_zero) == 0  # −273,15 is the lowest: the minus sign counts
    isner = next(q for t, q in by_text.items() if "Isner" in t)
    assert answer_rank(isner) == 2  # "70-68": the hyphen is no minus sign


def test_a_dominant_rank_is_reported(tmp_path: Path) -> None:
    # The generated deck asks "a + b ?" with a−1 and a+1 as wrong choices: always the middle.
    path = tmp_path / "middle.toml"
    path.write_text(deck_toml(4), encoding="utf-8")
    report = check_file(str(path))
    [warning] = [w for w in report.warnings if w.field == "wrong"]
    assert "28 des 28" in warning.message_fr and "celle du milieu" in warning.message_fr
    assert "0/28/0" in warning.message_en


def test_an_even_spread_of_ranks_is_not_reported(tmp_path: Path) -> None:
    text = deck_toml(4)
    for total in range(6, 18):  # the right answer: the lowest, the middle, the highest
        middle = f'wrong = ["{total + 1}", "{total - 1}"]'
        spread = [[total + 1, total - 1], [total + 1, total + 2], [total - 1, total - 2]]
        wrong = spread[total % 3]
        text = text.replace(middle, f'wrong = ["{wrong[0]}", "{wrong[1]}"]')
    path = tmp_path / "even.toml"
    path.write_text(text, encoding="utf-8")
    report = check_file(str(path))
    ranks = [answer_rank(q) for q in report.deck.questions]
    assert max(ranks.count(r) for r in (0, 1, 2)) < 14  # none holds half of the 28
    assert report.ok and [w for w in report.warnings if w.field == "wrong"] == []


def test_a_demonym_with_the_subject_among_the_choices_gives_an_answer_away() -> None:
    text = deck_of(
        question(
            "De quel pays Justine Henin est-elle originaire ?",
            "La Belgique",
            ("La Suisse", "La France"),
            "Belgique",
        )
        + filler(1, 2, 6),
        question(
            "Quelle Belge a remporté l'US Open 2009 grâce à une invitation ?",
            "Kim Clijsters",
            ("Justine Henin", "Yanina Wickmayer"),
        )
        + filler(2, 2, 6),
    )
    [warning] = warnings_about(text, "text")
    assert (warning.card, warning.question) == ("c2", 1)
    assert "carte c1, question 1" in warning.message_fr and "La Belgique" in warning.message_fr


def test_an_answer_stated_about_the_same_thing_gives_it_away() -> None:
    text = deck_of(
        question(
            "Le stade des Internationaux de France porte le nom d'un pionnier de "
            "l'aviation. Lequel ?",
            "Roland Garros",
            ("Louis Blériot", "Jean Mermoz"),
        )
        + filler(1, 2, 6),
        filler(2, 1, 6)
        + question(
            "En 1913, l'aviateur Roland Garros a traversé quelle mer ?",
            "La Méditerranée",
            ("La Manche", "La mer du Nord"),
        ),
    )
    [warning] = warnings_about(text, "text")
    assert (warning.card, warning.question) == ("c2", 7)
    assert "Roland Garros" in warning.message_en


def test_a_mere_mention_of_an_answer_is_no_giveaway() -> None:
    text = deck_of(
        question(
            "Quel joueur suisse a gagné huit fois Wimbledon ?",
            "Roger Federer",
            ("Stan Wawrinka", "Marc Rosset"),
        )
        + filler(1, 2, 6),
        question("Dans quelle ville est né Roger Federer ?", "Bâle", ("Zurich", "Lausanne"))
        + filler(2, 2, 6),
    )
    assert warnings_about(text, "text") == []


def test_a_deck_too_small_to_play_is_said_as_play_says_it(tmp_path: Path) -> None:
    path = tmp_path / "one.toml"
    path.write_text(deck_toml(1, "one"), encoding="utf-8")
    report = check_file(str(path))
    assert report.ok
    [warning] = [w for w in report.warnings if w.field == "cards"]
    game = get_game("tennis-quizz")
    with pytest.raises(BadOptions) as refused:
        game.setup(game.parse_options({"deck": str(path)}), 1)
    assert warning.message_fr == refused.value.fr and warning.message_en == refused.value.en
    assert "1 carte :" in warning.message_fr and "1 card:" in warning.message_en


def test_the_starter_deck_has_no_warning() -> None:
    report = check_file("fr-starter")
    assert report.ok and report.warnings == []
