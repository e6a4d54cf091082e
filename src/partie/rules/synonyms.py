"""What players call things, per game: each canonical word (a word of our rules text)
with the phrases, French and English, that mean it. Phrases are matched after folding,
number conversion and stemming, so "marches arrière" matches "marche arriere"."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from partie.rules.normalise import stem

_COUNTS = range(1, 9)

COMMON: dict[str, list[str]] = {
    "joueur": [
        "participant",
        "personne",
        "gens",
        "player",
        "players",
        "people",
        *(f"{form} {n}" for n in _COUNTS for form in ("jouer a", "on est", "play with")),
        *(f"we are {n}" for n in _COUNTS),
        "etre combien",
        "on joue a combien",
        "a combien on joue",
        "a combien on peut jouer",
        "how many can play",
    ],
    # asking how a thing goes ("le jeu décisif, comment ça se passe ?") is not asking
    # whether it exists ("y a-t-il un jeu décisif ?"): the words are stop words alone
    "commentmarche": [
        "comment ca marche",
        "comment ca se passe",
        "comment se passe",
        "comment ca fonctionne",
        "comment marche",
        "comment fonctionne",
        "comment se joue",
        "comment ca se joue",
        "comment on joue",
        "comment se deroule",
    ],
    "commence": ["debut", "debuter", "premier a jouer", "start", "begin", "goes first", "go first"],
    "score": [
        "compter les points",
        "decompte",
        "resultat",
        "result",
        "count",
        "c est bien",
        "bien joue",
        "bon score",
        "good score",
        "is that good",
    ],
    "variante": ["variant", "variantes", "option", "regle optionnelle", "mode"],
    "fin": ["terminer", "termine", "finir", "fini", "arreter", "arrete", "end", "ends"],
    "gagne": ["gagner", "vainqueur", "remporte", "remporter", "win", "wins", "winner"],
    "materiel": ["contenu", "boite", "contient", "material", "contents"],
}

THE_GAME: dict[str, list[str]] = {
    "retro": [
        "marche arriere",
        "en arriere",
        "retour en arriere",
        "retour arriere",
        "reculer",
        "recul",
        "10 de moins",
        "10 de plus",
        "10 plus bas",
        "10 plus haut",
        "ecart de 10",
        "difference de 10",
        "saut de 10",
        "backwards",
        "backward",
        "going back",
        "go back",
        "back by 10",
        "10 lower",
        "10 higher",
        "trick",
        "la regle des 10",
        "regle du 10",
        "regle des dizaines",
        "dizaine",
        "faire baisser une pile qui monte",
        "faire baisser la montante",
        "faire remonter une pile qui descend",
        "faire remonter la descendante",
        "redescendre une pile montante",
    ],
    "pioche": ["talon", "stock", "draw pile", "reserve", "piocher"],
    "montante": [
        "croissante",
        "ascendante",
        "qui monte",
        "vers le haut",
        "ascending",
        "pile du 1",
        "pile de 1",
        "pile 1",
        "pile a 1",
        "going up",
        "up pile",
        "pile marked 1",
    ],
    "descendante": [
        "decroissante",
        "qui descend",
        "vers le bas",
        "descending",
        "pile du 100",
        "pile de 100",
        "pile 100",
        "pile a 100",
        "going down",
        "down pile",
        "pile marked 100",
    ],
    "parler": [
        "dire",
        "annoncer",
        "communiquer",
        "communication",
        "discuter",
        "indice",
        "indices",
        "signe",
        "signaler",
        "talk",
        "say",
        "tell",
        "hint",
        "chat",
        "chiffres",
        "reveler",
        "montrer",
    ],
    "minimum": [
        "au moins",
        "obligatoire",
        "obligatoirement",
        "oblige",
        "at least",
        "minimum de cartes",
        "suffit",
        "suffire",
        "suffisent",
        "assez",
        "enough",
        "au minimum",
        "m arreter",
        "je m arrete",
        "s arreter apres",
        "stop after",
        "can i stop",
    ],
    "main": ["hand", "en main", "distribuer", "distribue", "deal"],
    "chacune": [  # one card at a time, each on any pile: not the minimum's "toute ta main"
        "une par une",
        "une a une",
        "une apres l autre",
        "one by one",
        "one at a time",
        "meme pile",
        "plusieurs piles",
        "n importe quelle pile",
        "pile de ton choix",
        "pile de mon choix",
        "same pile",
        "several piles",
        "any pile",
    ],
    "solo": ["tout seul", "jouer seul", "seul joueur", "1 joueur", "alone", "solitaire"],
    "cooperatif": [
        *("coop", "ensemble", "equipe", "contre les autres", "team", "cooperative"),
        # a winner of one's own: there is none, everyone wins or loses together
        *("classement", "individuel", "meilleur joueur", "qui a gagne", "le gagnant"),
        *("chacun pour soi", "chacun ses points", "ranking", "individual", "best player"),
    ],
    "expert": ["difficile", "plus dur", "corser", "harder", "hard", "plus difficile"],
    "victoire": ["gagner", "gagne", "reussir", "win", "perdu", "perdre", "lose", "lost"],
    "fin": [
        "bloque",
        "coince",
        "plus jouer",
        "peut plus",
        "peux plus",
        "stuck",
        "can not play",
        "peux rien poser",
        "peux rien jouer",
        "peux pas poser",
        "peux pas jouer",
        "rentre nulle part",
        "rentre pas",
        "rentrent pas",
        "rentre",
        "va nulle part",
        "nulle part",
        "aucune carte ne",
        "aucune carte jouable",
        "aucune carte qui",
        "aucune pile",
        "trop haute",
        "trop basse",
        "trop hautes",
        "trop basses",
        "qu une carte jouable",
        "qu une seule",
        "une seule que je peux",
        "une seule jouable",
        "manque une carte",
        "en manque",
        "pas assez de cartes jouables",
        "fits nowhere",
        "no pile takes",
        "nothing fits",
        "only one playable",
    ],
    "saute": ["passe son tour", "passer son tour", "skip", "skipped"],
    "tourfini": [
        "fini de poser",
        "fin de mon tour",
        "fin du tour",
        "fin de son tour",
        "termine mon tour",
        "finit son tour",
        "fini mon tour",
        "apres avoir pose",
        "apres avoir joue",
        "done laying",
        "end of my turn",
        "end of the turn",
        "after playing",
    ],
    "mainvide": [
        "n a plus de cartes",
        "plus aucune carte",
        "main vide",
        "no cards left",
        "has no cards",
        "empty hand",
        "out of cards",
        "vide sa main",
        "plus de carte",
        "plus rien en main",
        "plus rien dans la main",
        "a plus rien",
        "main est vide",
        "aucune carte en main",
        "sans carte",
        "sans cartes",
        "finished his cards",
        "emptied",
        "simplement saute",
        "simply skipped",
        "plus une seule carte",
        "plus une carte",
    ],
}

TENNIS_QUIZZ: dict[str, list[str]] = {
    "sixsix": [
        "6 6",
        "6 a 6",
        "6 partout",
        "6 jeu partout",
        "6 jeux a 6",
        "6 all",
        "tie break",
        "tiebreak",
        "tie",
        "jeu decisif",
    ],
    "noad": [
        "40 40",
        "40 a 40",
        "40 partout",
        "40 all",
        "forty all",
        "40 a",
        "egalite",
        "deuce",
        "avantage",
        "advantage",
        "no ad",
        "point decisif",
    ],
    "relanceur": ["receveur", "receiver", "repondeur", "celui qui repond", "qui repond"],
    "serveur": ["server", "service", "servir", "sert", "serve", "qui pose"],
    "juste": ["bonne reponse", "correct", "right", "vrai", "bien repondu"],
    "mauvaise": ["se trompe", "trompe", "fausse", "faux", "wrong", "erreur", "rate"],
    "tactique": ["ordre des questions", "choisir la question", "tactical", "dans le desordre"],
    "debutant": [
        "pro",
        "pros",
        "beginner",
        "sans les choix",
        "qcm",
        "choix multiple",
        "confirme",
        "confirmes",
        "niveau",
        "handicap",
        "rivaliser",
        "equilibrer",
    ],
    "frappe": ["orthographe", "faute", "accent", "typo", "spelling", "mal ecrit"],
    "equipe": ["double", "doubles", "team", "teams", "a 4", "a plusieurs", "coequipier"],
    "set": ["manche", "sets", "manches"],
    "match": ["partie"],
    "carte": ["fiche", "card", "cards"],
    "paquet": ["deck", "tas", "pile"],
    "import": ["importer", "gift", "aiken", "csv", "moodle", "fichier"],
    "choisit": ["decide", "decider", "decident", "designe", "designer", "choose", "chooses"],
    "tirage": ["tirage au sort", "pile ou face", "toss", "hasard", "qui sert en premier"],
    "cartefinie": [
        "carte est finie",
        "carte finie",
        "carte terminee",
        "carte est terminee",
        "carte vide",
        "carte est vide",
        "plus de questions sur",
        "plus de question sur",
        "toutes les questions ont ete posees",
        "7 questions posees",
        "card is finished",
        "card runs out",
        "out of questions",
    ],
    "jeufini": [
        "jeu se termine",
        "jeu est fini",
        "jeu fini",
        "jeu termine",
        "jeu est termine",
        "jeu s arrete",
        "game ends",
        "game is over",
        "game is won",
    ],
    "setsuivant": [
        "set au suivant",
        "set suivant",
        "nouveau set",
        "prochain set",
        "apres un set",
        "apres le set",
        "changement de set",
        "next set",
        "new set",
    ],
    "3": [
        "1 set partout",
        "1 set a 1",
        "set partout",
        "1 1",
        "se departager",
        "departager",
        "belle",
        "decider set",
        "1 set each",
        "1 set all",
    ],
    "tableau": [
        "pion",
        "pions",
        "marqueur",
        "compteur",
        "feuille de score",
        "score board",
        "scoreboard",
        "score sheet",
        "noter le score",
        "marquer le score",
    ],
    "ordre": [
        *("sauter une question", "passer une question", "changer l ordre", "skip a question"),
        "chronologique",
        "a la suite",
        "une apres l autre",
        "dans l ordre",
        "in order",
        "in sequence",
        "one after the other",
    ],
}

TENNIS_MOTS: dict[str, list[str]] = {
    "contester": [
        "contestation",
        "challenge",
        "challenger",
        "verification",
        "verifier",
        "defier",
        "douter",
        "check",
    ],
    "bluff": ["bluffer", "tricher", "mot invente", "faux mot", "inventer", "cheat"],
    "faute": ["fault", "double faute", "double fault", "rater son service"],
    "poids": [
        "weight",
        "minimum pour servir",
        "valeur minimale",
        "2 de plus",
        "2 points de plus",
        "1 point de plus",
        "point de plus",
        "points de plus",
        "plus de points",
        "more points",
    ],
    "joker": ["jocker", "jokers", "wildcard", "blank"],
    "jokervaleur": [  # a joker's worth (0), not how many jokers the deck holds
        "vaut un joker",
        "vaut le joker",
        "valeur du joker",
        "valeur d un joker",
        "valeur des jokers",
        "joker vaut",
        "jokers valent",
        "valent les jokers",
        "joker worth",
        "jokers worth",
        "worth of a joker",
    ],
    "net": [
        *("debarrasser", "defausser", "se defaire", "get rid", "inutile", "inutiles"),
        *("genante", "genantes", "servent a rien", "sert a rien", "useless"),
        "filet",
        "passer",
        "passe",
        "pass",
        "je passe",
        "can not play",
        "can not make",
        "no word",
        "pas de mot",
        "aucun mot",
        "peux pas jouer",
        "peux rien jouer",
        "peux pas renvoyer",
        "rien a jouer",
    ],
    "malus": ["penalite", "penalty", "pénalité"],
    "troptard": [  # the moment to contest: before the next shot
        *("trop tard", "deja rejoue", "deja joue", "a rejoue", "d apres a joue"),
        *("une fois que", "apres que", "too late", "already played", "after the next"),
    ],
    "conjugaison": [  # any inflected form is a word: not the dictionary's choice
        *("infinitif", "conjugue", "conjuguer", "conjugues", "verbe", "imparfait", "futur"),
        *("accorde", "accord", "feminin", "pluriel", "infinitive", "conjugated", "tense"),
    ],
    "pot": ["defausse", "discard"],
    "plis": ["pli", "tricks", "trick", "tas de plis", "ramasse"],
    "accent": ["accents", "cedille", "accentue", "trait d union", "apostrophe"],
    "valide": [
        "dictionnaire",
        "lexique",
        "existe",
        "mot valide",
        "dictionary",
        "word list",
        "debut de mot",
        "autorise",
    ],
    "ace": [
        "aces",
        "personne ne renvoie",
        "personne ne repond",
        "bonus",
        "nobody returns",
        "nobody returned",
        "nobody could return",
        "nobody could answer",
        "no one returned",
        "personne n a renvoye",
        "personne n a pu renvoyer",
    ],
    "valeur": ["vaut", "points", "value", "worth", "compte"],
    "set": ["manche", "sets", "manches"],
    "echange": ["rally", "jeu"],
    "coup": ["shot", "shots", "coups"],
    "reordonne": [
        "changer de place",
        "lettres de place",
        "deplacer les lettres",
        "bouger les lettres",
        "intervertir",
        "permuter",
        "rearranger",
        "rearrangement",
        "reorganiser",
        "reordonner",
        "melanger les lettres",
        "anagramme",
        "reorder",
        "rearrange",
        "shuffle the letters",
    ],
    "endroit": [
        "epars",
        "au milieu",
        "inserer",
        "insertion",
        "intercaler",
        "in the middle",
        "inside",
        "insert",
    ],
    "ligne": ["on the line", "ligne de fond", "baseline"],
    "gauche": [
        "devant",
        "en tete",
        "avant le mot",
        "in front",
        "before the word",
        "on the left",
        "to the left",
        "a gauche",
    ],
    "droite": [
        "derriere",
        "a la fin du mot",
        "apres le mot",
        "after the word",
        "at the end of the word",
        "on the right",
        "to the right",
        "suffixe",
    ],
}

GAME_NUMBERS: dict[str, frozenset[int]] = {
    "the-game": frozenset({1, 10, 98, 100}),
    "tennis-quizz": frozenset({15, 30, 40}),
    "tennis-mots": frozenset({11, 13, 96, 107, 263}),
}
"""Numbers above ten that are words of a game (the piles' 1 and 100, the retro's 10,
tennis's 15-30-40, the LIGNE's 13, the deck's sizes). Any other is a value that only
the question's situation gives ("la pile est à 47"): it is not searched, so that the
47 of a rule's example does not pull a question about another pile to it."""

TABLES = {"the-game": THE_GAME, "tennis-quizz": TENNIS_QUIZZ, "tennis-mots": TENNIS_MOTS}


def synonyms_for(game: str) -> dict[str, list[str]]:
    """The game's table merged over the common one."""
    merged = {key: list(value) for key, value in COMMON.items()}
    for key, value in TABLES[game].items():
        merged.setdefault(key, []).extend(value)
    return merged


def number_terms(
    game: str, numbers: list[int], found: Sequence[str] = (), card_first: bool = False
) -> list[str]:
    """Words a question's numbers imply (Tennis de mots: ``_word_values``). In The
    Game two card values exactly 10 apart
    ("50 sur 60", "play 30 on 40") are the backwards trick, unless the question names
    the pile's direction and the card goes that way (45 on a falling pile at 55 is a
    plain move); two other values above ten (or a pile's 1) name a pile first and a
    card after it ("pile à 20, je joue 80"; ``card_first``: "80 sur 20"): a higher
    card is a rising pile's move, a lower one a falling pile's, unless the question
    names the pile itself. Small numbers are counts ("one card but need two"), not
    cards."""
    if game == "tennis-mots":
        return _word_values(numbers, found)
    if game != "the-game":
        return []
    cards = [n for n in numbers if 2 <= n <= 99]
    if any(abs(b - a) == 10 for a in cards for b in cards):
        if len(cards) == 2 and _plain_move(cards, found, card_first):
            return []
        return ["retro", "retro"]  # the surest sign a question can give: counted twice
    cards = [n for n in numbers if n == 1 or 10 < n <= 100]  # with the piles' 1 and 100
    if len(cards) >= 2 and max(cards) > 10 and not {"montante", "descendante"} & set(found):
        pile, card = reversed(cards[:2]) if card_first else cards[:2]
        return ["montante" if card > pile else "descendante"]
    return []


def _plain_move(cards: list[int], found: Sequence[str], card_first: bool) -> bool:
    """Whether a card 10 away from its pile goes the way of the pile the question
    names: higher on a rising pile, lower on a falling one (no backwards trick)."""
    pile, card = reversed(cards) if card_first else cards
    directions = {"montante", "descendante"} & set(found)
    if directions == {"montante"}:
        return card > pile
    if directions == {"descendante"}:
        return card < pile
    return False


def card_first(words: Sequence[str]) -> bool:
    """Whether a question's first number is the card laid on the second ("45 sur
    55", "play 30 on 40", "j'ai le 23 et la pile est à 33") rather than the pile a
    card is laid on ("pile à 20, je joue 80")."""
    at = [i for i, word in enumerate(words) if word.isdigit()]
    if len(at) < 2:
        return False
    first, second = at[:2]
    if words[first + 1] in ("sur", "on", "onto"):
        return True
    return any(w.startswith("pile") for w in words[first + 1 : second])


SERVE_WEIGHT = 5
"""Tennis de mots' serve weight by default (the rules' "poids du service")."""
LIGNE = 13
"""A shot worth this or more is a LIGNE."""
RAISE = 2
"""A return must be worth the table's word plus this."""


def _word_values(numbers: list[int], found: Sequence[str]) -> list[str]:
    """In Tennis de mots, a serve worth less than the weight ("3 points", "moins de
    5") is a fault (a serve and a value named: "first serve" is no value), a value
    followed by that value plus 2 is the return's weight ("9 on the table, 11?"), and
    a shot worth 13 or more (not a deck size) is a LIGNE."""
    out = []
    serve = any(t in ("serv", "ser", "servic", "serveur", "sert") for t in found)
    below = any(0 < n < SERVE_WEIGHT for n in numbers)
    below |= SERVE_WEIGHT in numbers and any(t in ("moin", "les", "under") for t in found)
    if serve and "valeur" in found and below:
        out.append("faute")
    if any(b - a == RAISE for a, b in pairwise(numbers)):
        out.append("poids")  # "9 on the table, must I make 11?": the return's weight
    if any(LIGNE <= n < 96 for n in numbers):
        out.append("ligne")
    return out


def plain_numbers(game: str, found: list[str]) -> list[str]:
    """``found`` without the numbers above ten that are not words of the game
    (``GAME_NUMBERS``): what they imply is added by ``number_terms``. A number just
    before "cards" counts cards ("moins de 10 cartes"): it is no card value, so not
    The Game's 10 of the backwards trick either."""
    keep = GAME_NUMBERS[game]
    out = []
    for i, t in enumerate(found):
        if t.isdigit() and int(t) > 10 and int(t) not in keep:
            continue
        counted = i + 1 < len(found) and found[i + 1] in ("cart", "card")
        if game == "the-game" and t == "10" and counted:
            continue
        out.append(t)
    return out


_CARD_LETTER = re.compile(r"(?<![\w'’])[A-Z](?![\w'’])")


def letter_terms(game: str, question: str) -> list[str]:
    """In Tennis de mots a capital letter standing alone ("combien de S", "le W vaut
    combien") is a card of the deck: the question is about letters, even when the
    letter itself is a small word that folding drops ("s", "a"). The question's first
    character is left out ("A combien…", "Y a-t-il…")."""
    if game != "tennis-mots":
        return []
    if any(m.start() > 0 for m in _CARD_LETTER.finditer(question)):
        return [stem("lettre")]
    return []
