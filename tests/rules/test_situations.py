"""The situation reader: numbers given roles, the game's rules deciding which rule
applies, and the answerer putting that rule first with its example after it."""

from __future__ import annotations

import pytest

from partie.rules.answerer import ask
from partie.rules.document import load_rules
from partie.rules.situations import read

# (game, question, rule picked, passage id of that rule). Written from the rules text:
# a card on a pile at every direction, the trick, refusals, a stuck hand; tennis scores
# of points, games and sets; Tennis de mots' weights.
SITUATIONS = [
    ("the-game", "la pile qui descend est a 52 et j'ai 62 je peux ?", "trick", "tour.4"),
    ("the-game", "j'ai le 43 et la montante est a 53", "trick", "tour.4"),
    ("the-game", "pile montante a 47, je pose 37 dessus ?", "trick", "tour.4"),
    ("the-game", "pile montante a 30, j'ai 81", "up", "tour.2"),
    ("the-game", "pile montante a 20 jpeux mettre 90 direct", "up", "tour.2"),
    ("the-game", "la descendante est a 65, je mets 12", "down", "tour.3"),
    ("the-game", "pile qui descend a 40, j'ai 45", "down-refused", "tour.3"),
    ("the-game", "pile montante a 50, je peux poser 39 ?", "trick-refused", "tour.4"),
    ("the-game", "montante a 70, j'ai 60 puis 50", "trick-chain", "tour.4"),
    ("the-game", "my card 44 on the ascending pile at 54?", "trick", "tour.4"),
    (
        "the-game",
        "j'ai 85 88 93 96, les montantes sont a 97 et 99, les descendantes a 20 et 12,"
        " encore de la pioche, on a perdu ?",
        "stuck",
        "fin.1",
    ),
    ("the-game", "on est 3, on recoit combien de cartes", "hand-size", "mise-en-place.2"),
    ("the-game", "on est 7 on peut jouer ?", "players", "mise-en-place.1"),
    ("the-game", "je peux dire aux autres que j'ai le 99 ?", "no-numbers", "communication.1"),
    ("the-game", "dans le chat je peux ecrire le 35 ?", "chat-number", "communication.2"),
    ("the-game", "il reste 7 cartes a la fin, c'est bien ?", "score", "fin.2"),
    ("the-game", "j'ai posé 3 cartes, je pioche combien ?", "draw", "tour.6"),
    ("the-game", "j'ai joué 1 carte, ça suffit ?", "minimum", "tour.5"),
    ("the-game", "en expert j'ai posé 2 cartes, ça suffit ?", "minimum", "variantes.1"),
    ("the-game", "on peut avoir le 100 en main ?", "markers", "materiel.2"),
    ("the-game", "il y a 72 sur une descendante et j'ai 82", "trick", "tour.4"),
    (
        "the-game",
        "il me reste 12 et 14, montantes a 50 et 60, descendantes a 10 et 11, pioche vide,"
        " c'est fini ?",
        "stuck",
        "fin.1",
    ),
    ("the-game", "je peux poser 5 cartes si je veux ?", "minimum", "tour.5"),
    ("the-game", "plus de pioche, je dois quand meme poser 2 cartes ?", "minimum", "tour.5"),
    ("tennis-quizz", "on peut faire des equipes de 4 ?", "side-size", "mise-en-place.1"),
    ("tennis-quizz", "40-30 et je rate", "points", "score.3"),
    (
        "tennis-quizz",
        "premier set 6-3 pour nous, le deuxieme 4-6, et ensuite ?",
        "match",
        "score.6",
    ),
    (
        "tennis-quizz",
        "6-6, jeu decisif, 5 bonnes reponses chacun",
        "decider-variant",
        "variantes.4",
    ),
    ("tennis-quizz", "40 partout, le relanceur repond juste", "points", "score.3"),
    ("tennis-quizz", "on est a 6-6 dans le 2e set", "six-all", "score.5"),
    (
        "tennis-quizz",
        "6 jeux partout avec la variante, on fait quoi",
        "decider-variant",
        "variantes.4",
    ),
    ("tennis-quizz", "5-3 et on gagne le jeu, c'est fini ?", "set", "score.4"),
    ("tennis-quizz", "un set partout, on continue ?", "match", "score.6"),
    ("tennis-quizz", "2 sets a 0 on joue le troisieme ?", "match", "score.6"),
    (
        "tennis-quizz",
        "le jeu s'est fini a la question 4, je reprends ou",
        "card-kept",
        "questions.2",
    ),
    (
        "tennis-mots",
        "le mot sur la table vaut 9, je dois faire combien",
        "return-weight",
        "renvoi.2",
    ),
    ("tennis-mots", "je sers un mot qui vaut 3 points", "fault", "service.3"),
    ("tennis-mots", "mon deuxieme service vaut encore 4 points", "double-fault", "service.4"),
    ("tennis-mots", "mon mot vaut 4 au second service", "double-fault", "service.4"),
    ("tennis-mots", "mon mot fait 15 points, ca s'appelle comment", "ligne", "coups.8"),
    ("tennis-mots", "table a 10, mon coup vaut 12, c'est quel nom", "amorti", "coups.7"),
    ("tennis-mots", "table a 10, mon mot vaut 11, ca s'appelle comment", "net", "coups.9"),
    ("tennis-mots", "la table vaut 9 et j'ai fait 11, c'est quel coup", "amorti", "coups.7"),
    ("tennis-mots", "on peut jouer a 6 ?", "players", "mise-en-place.1"),
    ("tennis-mots", "je peux servir 8 cartes ?", "serve-size", "service.2"),
    ("tennis-mots", "le joker carré peut remplacer un Y ?", "joker-letter", "materiel.3"),
    (
        "tennis-mots",
        "il a servi sous le poids un mot bidon, je conteste ?",
        "fault-unchecked",
        "service.5",
    ),
    (
        "tennis-mots",
        "la pioche a 2 cartes et je dois en prendre 8 en bonus",
        "ace-short",
        "echange.4",
    ),
    ("tennis-mots", "1 set partout, on continue ?", "match", "fin.6"),
    (
        "tennis-mots",
        "sur la table il y a 10 points, je dois faire combien",
        "return-weight",
        "renvoi.2",
    ),
    ("tennis-mots", "JEU devient JEUX, ca s'appelle comment", "shot-coup-droit", "coups.1"),
    ("tennis-mots", "AGE devient PAGE c'est quel coup", "shot-revers", "coups.2"),
    ("tennis-mots", "LE devient PLIE, quel coup ?", "shot-coup-droit-lifté", "coups.3"),
    ("tennis-mots", "RAT devient CHAT c'est quoi comme coup", "shot-revers-lifté", "coups.4"),
    ("tennis-mots", "SORT devient TORS, c'est quel coup", "net", "coups.9"),
    ("tennis-mots", "il y a LE sur la table, je dois faire combien", "return-weight", "renvoi.2"),
    # sixth round: one word in capitals asked whether it counts, read with the word list
    ("tennis-mots", "FINIRENT ca compte ?", "inflected-word", "mots.2"),
    ("tennis-mots", "ATTEL c'est valide ?", "word-start", "mots.1"),
    ("tennis-mots", "QXWZ ca passe ?", "no-word", "mots.1"),
    # sixth round: a question asked out of the card's order, a serve that reaches the weight
    ("tennis-quizz", "je peux poser la question 5 avant la 2 ?", "card-order", "questions.1"),
    (
        "tennis-quizz",
        "en tactique je commence par la question 6 ?",
        "tactical-order",
        "variantes.1",
    ),
    (
        "tennis-mots",
        "je sers ET, 1+1... non je sers MER qui fait 5, ca passe ?",
        "serve-weight",
        "service.2",
    ),
    # a shot named beside the two worths asks which shot it is
    (
        "tennis-mots",
        "sur la table un mot a 7, je joue un mot a 9, c est un amorti ou un net ?",
        "amorti",
        "coups.7",
    ),
    # a 100 a pile starts from is no card held
    ("the-game", "le tas qui part de 100, j ai 70, je peux le poser ?", "down", "tour.3"),
    ("the-game", "on peut avoir le 100 en main ?", "markers", "materiel.2"),
    # "une (seule) carte" is a count of one
    (
        "the-game",
        "pioche pas vide, j ai pose une seule carte, je peux m arreter ?",
        "minimum",
        "tour.5",
    ),
    ("the-game", "j ai joue une carte, je pioche combien ?", "draw", "tour.6"),
    (
        "the-game",
        "le dimanche je joue seule, on me donne combien de cartes ?",
        "hand-size",
        "mise-en-place.2",
    ),
    # a word served in capitals is worth its letters, against the serve's weight
    ("tennis-mots", "je sers LE et l autre dit faute, normal ?", "fault", "service.3"),
    ("tennis-mots", "je sers MER ca passe ?", "serve-weight", "service.2"),
    # the variant dealing one card fewer, as the engine's options say
    (
        "the-game",
        "en variante une carte de moins on est 3 joueurs, on recoit combien de cartes ?",
        "hand-size-fewer",
        "variantes.2",
    ),
    # a number told so that someone keeps a pile: the rule on talking, not a move
    (
        "the-game",
        "je peux dire a mon frere que j ai le 12 pour qu il me laisse la pile ?",
        "no-numbers",
        "communication.1",
    ),
    # letters added told in words: the engine's shape names the shot
    (
        "tennis-mots",
        "je mets une lettre au debut et une autre au bout, c est quel coup ?",
        "shot-coup-droit-lifté",
        "coups.3",
    ),
    (
        "tennis-mots",
        "j ajoute deux lettres devant, ca s appelle comment ?",
        "shot-revers",
        "coups.2",
    ),
    # both 6-6 games named in a dispute, no variant chosen: the rule without it
    (
        "tennis-quizz",
        "a 6-6 Tom dit jeu normal et Ana dit jeu decisif avec une nouvelle carte, qui a raison ?",
        "six-all",
        "score.5",
    ),
    # a count of people to split into two sides
    ("tennis-quizz", "nous sommes 8, on fait des equipes ?", "sides", "mise-en-place.1"),
    # what a rally's winner takes: the table and the pot, every hand after the last one
    ("tennis-mots", "si je gagne l echange je ramasse quoi ?", "rally-won", "echange.1"),
    (
        "tennis-mots",
        "le gagnant du dernier echange du set prend quoi de plus ?",
        "last-rally",
        "fin.4",
    ),
    # how cards are laid, not how many
    ("the-game", "je pose 2 cartes en meme temps ou une par une ?", "one-by-one", "tour.1"),
    # the server asking to pass
    ("tennis-mots", "c est moi qui sers, je peux passer ?", "server-passes", "service.5"),
    # the card's last question told beside a score: the score is the scene
    (
        "tennis-quizz",
        "on en est a 15-30 et j ai lu ma 7e question, plus de questions, je fais quoi ?",
        "card-done",
        "questions.3",
    ),
    # a game over *before* the 7th question: the card is kept
    (
        "tennis-quizz",
        "le jeu s'est termine avant la question 7, on change de carte ?",
        "card-kept",
        "questions.2",
    ),
    # a second serve missed, told in words: the double fault
    ("tennis-mots", "je loupe encore mon deuxieme service", "double-fault", "service.4"),
    ("tennis-mots", "what if I miss the second serve", "double-fault", "service.4"),
    # the draw pile and a hand both empty: a rule of its own in both games
    ("the-game", "la pioche est epuisee et ma cousine a plus une carte", "both-empty", "tour.7"),
    ("the-game", "deck is empty and my friend has no cards in his hand", "both-empty", "tour.7"),
    ("tennis-mots", "pioche finie, mon voisin a la main vide, on fait quoi", "both-empty", "fin.1"),
]

# Questions that tell no situation (or numbers in other roles): left to the ranking.
LEFT_ALONE = [
    ("the-game", "comment marche le retro"),
    ("the-game", "qui pose la premiere carte"),
    ("the-game", "combien de cartes dans le jeu"),
    ("the-game", "on peut mettre 2 cartes sur la meme pile"),
    ("the-game", "mon oncle dit que le retro marche avec 9 d'ecart"),
    ("the-game", "pioche vide, il me reste 1 carte"),
    # a move or a score that only sets the scene of a question about another rule
    ("the-game", "pile montante a 47, je pose 48, puis je pioche combien ?"),
    ("the-game", "pile montante a 47, j'ai 48, je peux le dire aux autres ?"),
    ("tennis-quizz", "a 40-30 en double, qui doit repondre ?"),
    ("tennis-quizz", "on a gagne le set 6-4, qui sert au debut du set suivant ?"),
    ("tennis-quizz", "qui sert en premier"),
    ("tennis-quizz", "on est 3 contre 3, qui repond ?"),
    ("tennis-quizz", "on peut jouer en double ?"),
    ("tennis-quizz", "on peut jouer a deux equipes"),  # two sides, not two players
    ("tennis-quizz", "combien de questions par carte"),
    ("tennis-quizz", "la feuille de score avec 0 15 30 40 ca sert a quoi"),  # the scale
    ("tennis-mots", "qui sert en premier"),
    ("tennis-mots", "2 fautes de suite au service"),
    ("tennis-mots", "le W vaut combien"),
    ("tennis-mots", "un set dure combien de temps ? on a 50 minutes"),
    ("tennis-mots", "les noms propres comme PARIS on a le droit ?"),
    ("tennis-mots", "c'est quoi un SMASH"),
    # a count of cards or players that only sets the scene
    ("the-game", "pioche vide, 1 carte suffit ?"),
    ("the-game", "je ne peux poser qu une carte alors qu il en faut deux"),  # stuck
    ("tennis-mots", "a 4 joueurs, qui sert apres un echange ?"),
    ("tennis-mots", "j ai servi MER et personne a renvoye, je gagne quoi ?"),  # the ace
    ("tennis-mots", "je sers AIE, ca existe ?"),  # the word's validity, not its worth
    ("tennis-mots", "qui sert apres l echange, celui qui prend les cartes ?"),
    ("tennis-mots", "qui sert apres, on passe le service a qui ?"),
    ("tennis-mots", "je sers un mot trop faible, il se passe quoi ?"),
    ("tennis-quizz", "je pose la question 1 puis la 2 avant la 3 ?"),
    ("the-game", "la pioche est vide, je dois poser plus de cartes ?"),  # more cards, no hand
    ("tennis-mots", "pioche vide, j'ai plus de cartes apres un NET"),  # the NET's rule
    ("tennis-mots", "si je rate mon service il se passe quoi"),  # a first miss: words decide
]


@pytest.mark.parametrize(("game", "question", "rule", "passage"), SITUATIONS)
def test_a_situation_picks_the_rule_that_applies(
    game: str, question: str, rule: str, passage: str
) -> None:
    reading = read(game, question)
    assert reading is not None, question
    assert (reading.rule, reading.passage) == (rule, passage)
    assert reading.why[0] and reading.why[1]


@pytest.mark.parametrize(("game", "question"), LEFT_ALONE)
def test_a_question_without_a_situation_is_left_alone(game: str, question: str) -> None:
    assert read(game, question) is None


def test_the_verdict_comes_from_the_rules_engine() -> None:
    """The same numbers change rule with the pile's direction, as ``playable`` says."""
    up = read("the-game", "pile montante a 60, j'ai 50")
    down = read("the-game", "pile descendante a 60, j'ai 50")
    assert up is not None and down is not None
    assert (up.rule, down.rule) == ("trick", "down")
    piles = "montantes a 80 et 90, descendantes a 20 et 30, on est bloque ?"
    stuck = read("the-game", f"j'ai 50 et 55, {piles}")
    free = read("the-game", f"j'ai 91 et 95, {piles}")
    assert stuck is not None and free is not None
    assert "s'arrête" in stuck.why[0] and "continue" in free.why[0]


def test_the_answerer_puts_the_rule_first_and_its_example_second() -> None:
    answer = ask("the-game", "la pile qui descend est a 52 et j'ai 62 je peux ?")
    assert [h.passage.id for h in answer.hits[:2]] == ["tour.4", "exemples.2"]
    assert answer.situation is not None and answer.situation.rule == "trick"
    assert not answer.sure  # a situation is never sure by the signals alone
    reply = answer.to_json()
    assert reply["situation"]["why"].startswith("62 sur une pile descendante à 52")


def test_every_example_a_reading_names_is_a_worked_example() -> None:
    for game, question, _, _ in SITUATIONS:
        reading = read(game, question)
        assert reading is not None
        ids = {p.id for p in load_rules(game, "fr").passages}
        assert reading.passage in ids
        assert reading.example is None or reading.example.startswith("exemples.")


def test_a_word_on_the_table_is_worth_its_letters() -> None:
    """The return's weight comes from the deck's values: LE is 3 + 1."""
    reading = read("tennis-mots", "il y a LE sur la table, je dois faire combien")
    assert reading is not None and "au moins 6" in reading.why[0]


def test_what_a_joker_stands_for_is_the_engines() -> None:
    vowel = read("tennis-mots", "le joker rond peut remplacer un B ?")
    consonant = read("tennis-mots", "le joker carré peut remplacer un Y ?")
    assert vowel is not None and consonant is not None
    assert "non" in vowel.why[0] and "oui" in consonant.why[0]


def test_a_side_too_large_is_refused_by_the_games_limit() -> None:
    reading = read("tennis-quizz", "une classe de 24, deux equipes de 12 ?")
    assert reading is not None and reading.why[0] == "12 par camp : non, 3 au plus."


def test_scores_and_values_told_in_words() -> None:
    nil = read("tennis-quizz", "on mene 2 sets a rien, on continue ?")
    under = read("tennis-mots", "mon mot vaut moins de 5 au service")
    assert nil is not None and nil.why[0] == "2 set(s) à 0 : le match est fini."
    assert under is not None and under.rule == "fault" and "moins de 5" in under.why[0]


def test_a_reading_answers_even_when_no_word_of_the_question_is_in_the_rules() -> None:
    # in the English rules nothing holds "ca passe": the word list's reading still answers
    answer = ask("tennis-mots", "PARTIRAIENT ca passe ?", "en")
    assert answer.situation is not None and answer.hits[0].passage.id == "mots.2"
    assert not answer.sure
