"""Small generated Tennis Quizz decks shared by the game and CLI tests (tests/ is on
sys.path, see tests/conftest.py)."""

from __future__ import annotations


def question_toml(card: int, number: int, difficulty: int) -> str:
    a, b = card + 2, number + 3
    total = a + b
    return (
        "[[cards.questions]]\n"
        f'text = "Carte {card} : combien font {a} + {b} ?"\n'
        f'answer = "{total}"\n'
        f'wrong = ["{total + 1}", "{total - 1}"]\n'
        f'alternatives = ["{total} tout rond"]\n'
        'category = "culture/calcul"\n'
        f"difficulty = {difficulty}\n"
        'source = "arithmétique"\n\n'
    )


def deck_toml(cards: int, deck_id: str = "test-deck") -> str:
    """A valid deck of ``cards`` cards with distinct, checkable questions."""
    out = [
        "[deck]\n",
        f'id = "{deck_id}"\n',
        'title = "Paquet de test"\n',
        'language = "fr"\n',
        'licence = "CC0-1.0"\n',
        'authors = ["partie tests"]\n\n',
    ]
    for c in range(1, cards + 1):
        out.append(f'[[cards]]\nid = "c{c:02d}"\n\n')
        for n in range(1, 8):
            out.append(question_toml(c, n, 1 + (c + n) % 3))
    return "".join(out)


# Capitals and two other cities of each country: 28 questions, four cards of 7, whose
# facts are right and whose choices differ from one another (the deck editor's tests).
CAPITALS = [
    ("France", "Paris", "Lyon", "Marseille"), ("Italie", "Rome", "Milan", "Turin"),
    ("Espagne", "Madrid", "Séville", "Valence"), ("Portugal", "Lisbonne", "Porto", "Braga"),
    ("Allemagne", "Berlin", "Munich", "Hambourg"), ("Autriche", "Vienne", "Graz", "Linz"),
    ("Belgique", "Bruxelles", "Anvers", "Gand"), ("Suisse", "Berne", "Zurich", "Genève"),
    ("Pologne", "Varsovie", "Cracovie", "Gdansk"), ("Suède", "Stockholm", "Göteborg", "Malmö"),
    ("Norvège", "Oslo", "Bergen", "Trondheim"), ("Irlande", "Dublin", "Cork", "Galway"),
    ("Grèce", "Athènes", "Patras", "Larissa"), ("Hongrie", "Budapest", "Debrecen", "Szeged"),
    ("Canada", "Ottawa", "Toronto", "Montréal"), ("Australie", "Canberra", "Sydney", "Perth"),
    ("Japon", "Tokyo", "Osaka", "Kyoto"), ("Brésil", "Brasilia", "Rio", "Salvador"),
    ("Maroc", "Rabat", "Casablanca", "Fès"), ("Égypte", "Le Caire", "Alexandrie", "Louxor"),
    ("Kenya", "Nairobi", "Mombasa", "Kisumu"), ("Chili", "Santiago", "Valparaiso", "Arica"),
    ("Pérou", "Lima", "Cuzco", "Arequipa"), ("Turquie", "Ankara", "Istanbul", "Izmir"),
    ("Inde", "New Delhi", "Bombay", "Calcutta"), ("Chine", "Pékin", "Shanghai", "Canton"),
    ("Mexique", "Mexico", "Guadalajara", "Puebla"), ("Finlande", "Helsinki", "Turku", "Oulu"),
]  # fmt: skip
