"""The French help of the ``partie`` command, keyed by its English text.

The commands are written in English (click reads their docstrings and ``help=``);
``localize`` swaps in the French text when the run is in French. A help text with no
entry here stays English, so a new option never breaks the help, and a test lists
the ones still missing. Keys are compared with their whitespace collapsed.
"""

from __future__ import annotations

HELP_FR: dict[str, str] = {
    # partie
    "Play, simulate and author The Game, Tennis Quizz and Tennis de mots.": (
        "Jouer, simuler et écrire The Game, Tennis Quizz et Tennis de mots."
    ),
    "Show the version and exit.": "Afficher la version et quitter.",
    "Show this message and exit.": "Afficher cette aide et quitter.",
    "Language of the help, messages and screens (default: from LANG, else French).": (
        "Langue de l'aide, des messages et des écrans (défaut : selon LANG, sinon français)."
    ),
    # play
    "Play a game in the terminal.": "Jouer une partie dans le terminal.",
    "Players at the table, people and bots (default: people + bots).": (
        "Joueurs à la table, personnes et bots (défaut : personnes + bots)."
    ),
    "A game option.": "Une option du jeu.",
    # games
    "List the games installed (built in or from another package).": (
        "Lister les jeux installés (fournis avec partie ou par un autre paquet)."
    ),
    "One JSON object per game, in a list.": "Un objet JSON par jeu, dans une liste.",
    "The Game: cooperative, 1-5 players, 98 cards on four piles.": (
        "The Game : coopératif, 1 à 5 joueurs, 98 cartes sur quatre piles."
    ),
    "Players at the table, people and bots (default: people + bots, min 1).": (
        "Joueurs à la table, personnes et bots (défaut : personnes + bots, au moins 1)."
    ),
    "How many of the players are bots (they sit after the people).": (
        "Combien de joueurs sont des bots (ils s'assoient après les personnes)."
    ),
    "Which bot: heuristic, best (stronger, slower to prepare), greedy, random, mc:N.": (
        "Quel bot : heuristic, best (plus fort, plus long à préparer), greedy, random, mc:N."
    ),
    "Lay at least 3 cards while the draw pile lasts.": (
        "Poser au moins 3 cartes tant que dure la pioche."
    ),
    "Deal every hand one card fewer.": "Donner une carte de moins à chaque main.",
    "Let a player take back the cards laid this turn (reprendre).": (
        "Permettre de reprendre les cartes posées dans le tour (reprendre)."
    ),
    "Seed of the deal (default: a fresh one, printed at the end).": (
        "Graine de la donne (défaut : une nouvelle, affichée à la fin)."
    ),
    "Language of the screens (default: from LANG).": (
        "Langue des écrans (défaut : selon LANG, sinon français)."
    ),
    "Where to save the game record (default: the user data folder).": (
        "Où enregistrer la partie (défaut : le dossier de données de l'utilisateur)."
    ),
    "Tennis Quizz: questions served with tennis scoring, against a bot or at one keyboard.": (
        "Tennis Quizz : des questions servies avec le score du tennis, contre un bot ou "
        "à un seul clavier."
    ),
    "Bot for the other side, e.g. quiz:0.6 or quiz:0.9/0.7/0.5 (default: two people).": (
        "Bot de l'autre côté, ex. quiz:0.6 ou quiz:0.9/0.7/0.5 (défaut : deux personnes)."
    ),
    "Bot for your partners in doubles (default: people).": (
        "Bot pour vos partenaires en double (défaut : des personnes)."
    ),
    "2 for singles, 4 or 6 for doubles (even seats one side, odd seats the other).": (
        "2 en simple, 4 ou 6 en double (places paires d'un côté, impaires de l'autre)."
    ),
    "A variant (repeatable): tactique, jeu-decisif, debutants-pros.": (
        "Une variante (répétable) : tactique, jeu-decisif, debutants-pros."
    ),
    "With debutants-pros: a player (from 1) who answers without the choices "
    "(default: every person).": (
        "Avec debutants-pros : un joueur (compté depuis 1) qui répond sans les choix "
        "(défaut : chaque personne)."
    ),
    "Deck name or file.": "Nom ou fichier du paquet.",
    "Doubles: the receiving team picks who answers.": (
        "Double : l'équipe à la relance choisit qui répond."
    ),
    "2: best of 3.": "2 : en deux sets gagnants.",
    "Tennis de mots: a French word card game, 2-4 players, first to 2 sets.": (
        "Tennis de mots : un jeu de cartes de mots français, 2 à 4 joueurs, en deux sets gagnants."
    ),
    "Players at the table, people and bots (default: people + bots, min 2).": (
        "Joueurs à la table, personnes et bots (défaut : personnes + bots, au moins 2)."
    ),
    "Which bot.": "Quel bot.",
    "What a serve must be worth.": "Ce que doit valoir un service.",
    "Check every word at once (no unchecked NET/LIGNE).": (
        "Vérifier chaque mot tout de suite (pas de NET ni de LIGNE non vérifiés)."
    ),
    "After each shot of a person, show better shots they had "
    "(default: on when people play against bots).": (
        "Après chaque coup d'une personne, montrer de meilleurs coups qu'elle avait "
        "(défaut : oui quand des personnes jouent contre des bots)."
    ),
    "A word list file (default: the packaged French lexicon).": (
        "Un fichier de mots (défaut : le lexique français fourni)."
    ),
    "A deck file (default: the packaged deck).": (
        "Un fichier de paquet (défaut : le paquet fourni)."
    ),
    # replay
    "Replay the game record FILE, print each move, and check the final result.": (
        "Rejouer l'enregistrement FILE, afficher chaque coup et vérifier le résultat final."
    ),
    "Only print the verdict.": "N'afficher que le verdict.",
    "Draw the table before each move as the seat that moved saw it, and every hand "
    "open at the end.": (
        "Dessiner la table avant chaque coup telle que la voyait la place qui a joué, "
        "et toutes les mains ouvertes à la fin."
    ),
    # simulate
    "Play GAME many times between bots and report win rate and score with 95% intervals."
    "\n\nThe same --seed gives the same games, whatever --workers or --ray is.": (
        "Jouer GAME de nombreuses fois entre bots et donner le taux de victoire et le "
        "score avec leurs intervalles à 95 %.\n\nLa même --seed donne les mêmes parties, "
        "quels que soient --workers ou --ray."
    ),
    "Bot name; give it once for every seat, or once per seat "
    "(default: the game's own: heuristic, quiz, greedy).": (
        "Nom du bot ; une fois pour toutes les places, ou une fois par place "
        "(défaut : celui du jeu : heuristic, quiz, greedy)."
    ),
    "Seats: one count, or a sweep such as 1-5 or 1,2,4 (one result per count).": (
        "Places : un nombre, ou un balayage comme 1-5 ou 1,2,4 (un résultat par nombre)."
    ),
    "Games per configuration (default 1000, or every deal of --deals).": (
        "Parties par configuration (défaut 1000, ou chaque donne de --deals)."
    ),
    "Local worker processes (default: all cores); with --ray local, Ray's CPUs.": (
        "Processus locaux (défaut : tous les cœurs) ; avec --ray local, les CPU de Ray."
    ),
    "Run on the Ray cluster at ADDRESS; 'local' starts a small local one.": (
        "Tourner sur la grappe Ray à ADDRESS ; « local » en démarre une petite sur place."
    ),
    "A game option, e.g. -o expert=true (repeatable).": (
        "Une option de jeu, ex. -o expert=true (répétable)."
    ),
    "Play the deals of FILE (one JSON array per line) instead of shuffling.": (
        "Jouer les donnes de FILE (un tableau JSON par ligne) au lieu de mélanger."
    ),
    "Play bots A and B on the same deals and seeds; report paired differences.": (
        "Faire jouer les bots A et B sur les mêmes donnes et graines ; donner les "
        "différences appariées."
    ),
    "Print JSON instead of a table.": "Afficher du JSON au lieu d'un tableau.",
    "With --json: first one line per deal.": "Avec --json : d'abord une ligne par donne.",
    "Write DIR/report.md with PNG plots.": "Écrire DIR/report.md avec des graphiques PNG.",
    # rules
    "Show the rules of GAME; with QUESTION, only the paragraphs that mention it.": (
        "Afficher les règles de GAME ; avec QUESTION, seulement les paragraphes qui en parlent."
    ),
    # lexicon
    "Ask the French word list of Tennis de mots.": (
        "Interroger la liste de mots français de Tennis de mots."
    ),
    "Is each WORD a French word, or the start of one?\n\nWORD may hold jokers: ★ any "
    "letter, ■ a consonant, ● a vowel, ◀ same as the card before, ▶ same as the card "
    "after (type * # @ < >, quoted). Each verdict shows how the jokers read and an "
    "example word.": (
        "Chaque WORD est-il un mot français, ou le début d'un mot ?\n\nWORD peut contenir "
        "des jokers : ★ toute lettre, ■ une consonne, ● une voyelle, ◀ comme la carte "
        "d'avant, ▶ comme la carte d'après (tapez * # @ < >, entre guillemets). Chaque "
        "verdict montre comment se lisent les jokers et un mot d'exemple."
    ),
    "One JSON list of verdicts.": "Une liste JSON de verdicts.",
    "Another word list (UTF-8, one word per line) instead of the shipped one.": (
        "Une autre liste de mots (UTF-8, un mot par ligne) au lieu de celle fournie."
    ),
    "Language of the verdicts.": "Langue des verdicts.",
    # deck
    "Question decks of Tennis Quizz: check, list, import, export, print.": (
        "Paquets de questions de Tennis Quizz : vérifier, lister, importer, exporter, imprimer."
    ),
    "Validate a deck; every error names the file, card, question and field (exit 2).": (
        "Valider un paquet ; chaque erreur nomme le fichier, la carte, la question et le "
        "champ (sortie 2)."
    ),
    "Print one JSON object.": "Afficher un objet JSON.",
    "Show the built-in decks.": "Montrer les paquets fournis.",
    "Import questions from GIFT, Aiken, CSV, Open Trivia DB or OpenQuizzDB into a TOML "
    "deck (cards of 7; an incomplete last card is left out and reported).": (
        "Importer des questions GIFT, Aiken, CSV, Open Trivia DB ou OpenQuizzDB dans un "
        "paquet TOML (cartes de 7 ; une dernière carte incomplète est laissée de côté et "
        "signalée)."
    ),
    "Input format (default: from the file name or the JSON's shape).": (
        "Format d'entrée (défaut : selon le nom du fichier ou la forme du JSON)."
    ),
    "TOML to write.": "Fichier TOML à écrire.",
    "Deck id (default: the file's stem).": "Identifiant du paquet (défaut : le nom du fichier).",
    "Deck title.": "Titre du paquet.",
    "Licence of the questions.": "Licence des questions.",
    "An author (repeatable).": "Un auteur (répétable).",
    "Source line for questions that have none.": "Source des questions qui n'en ont pas.",
    "OpenQuizzDB language.": "Langue d'OpenQuizzDB.",
    "Export a deck to GIFT (Moodle) or CSV.": "Exporter un paquet en GIFT (Moodle) ou CSV.",
    "A printable card sheet (HTML): 7 questions a card, the right choice underlined.": (
        "Une planche de cartes à imprimer (HTML) : 7 questions par carte, le bon choix souligné."
    ),
    "HTML file.": "Fichier HTML.",
    # odds
    "Exact odds of a game from per-point probabilities.": (
        "Chances exactes d'un match à partir des probabilités par point."
    ),
    "Exact probability that side A wins the match, questions per match, how often 6-6 "
    "and the jeu décisif happen (the toss decides who asks first).": (
        "Probabilité exacte que le côté A gagne le match, questions par match, fréquence "
        "du 6-6 et du jeu décisif (le tirage au sort décide qui pose en premier)."
    ),
    "P(A wins a point A asks).": "P(A gagne un point où A pose la question).",
    "P(B wins a point B asks).": "P(B gagne un point où B pose la question).",
    "Instead of --p/--q: how often side A and side B answer right.": (
        "Au lieu de --p/--q : à quelle fréquence les côtés A et B répondent juste."
    ),
    "The jeu décisif variant at 6-6.": "La variante jeu décisif à 6-6.",
    # analyze
    "Analyse deals with an oracle that sees every card (the ceiling for bots).": (
        "Analyser des donnes avec un oracle qui voit toutes les cartes (le plafond des bots)."
    ),
    "The fraction of deals that perfect play could win (proved), could not (proved), "
    "and that the oracle left undecided within its node budget.": (
        "La part des donnes qu'un jeu parfait pouvait gagner (prouvé), ne pouvait pas "
        "gagner (prouvé), et que l'oracle a laissées indécises dans son budget de nœuds."
    ),
    "Deals file.": "Fichier de donnes.",
    "Seeded deals to analyse (default 100; with --deals, every deal of the file).": (
        "Donnes tirées à analyser (défaut 100 ; avec --deals, chaque donne du fichier)."
    ),
    "Search nodes per deal before answering 'undecided' (default 1000000).": (
        "Nœuds de recherche par donne avant de répondre « indécis » (défaut 1000000)."
    ),
    "Widest beam of the first phase (default 1024; 0: exhaustive search only).": (
        "Faisceau le plus large de la première phase (défaut 1024 ; 0 : recherche "
        "exhaustive seule)."
    ),
    "Local worker processes (default: all cores).": ("Processus locaux (défaut : tous les cœurs)."),
    # serve
    "Serve the web app: lobby, tables, play in the browser, replays.": (
        "Servir l'application web : salon, tables, jeu dans le navigateur, rejeux."
    ),
    "Another origin whose pages may use this server (a reverse proxy's https://name); "
    "repeatable. Pages of any other site are refused.": (
        "Une autre origine dont les pages peuvent utiliser ce serveur (le https://nom d'un "
        "mandataire inverse) ; répétable. Les pages de tout autre site sont refusées."
    ),
    "Address to listen on.": "Adresse d'écoute.",
    "Port to listen on (0: any free port, printed).": (
        "Port d'écoute (0 : un port libre, affiché)."
    ),
    "Storage URL, e.g. sqlite:///path/partie.sqlite3.": (
        "Base de données, ex. sqlite:///chemin/partie.sqlite3."
    ),
    "Open the page in the browser.": "Ouvrir la page dans le navigateur.",
    "Seconds a bot waits before it plays, so people can follow.": (
        "Secondes d'attente d'un bot avant de jouer, pour que l'on puisse suivre."
    ),
    "Do not prepare the compiled bots at start.": (
        "Ne pas préparer les bots compilés au démarrage."
    ),
    (
        "Minutes after which a finished or unstarted table nobody watches leaves memory "
        "(it stays stored; 0: never)."
    ): (
        "Minutes après lesquelles une table finie ou jamais lancée que personne ne regarde "
        "quitte la mémoire (elle reste enregistrée ; 0 : jamais)."
    ),
    # rules
    "Show the rules of GAME; with QUESTION, the passages that answer it, best first.": (
        "Afficher les règles de GAME ; avec QUESTION, les passages qui y répondent, le "
        "meilleur d'abord."
    ),
    "Language of the rules and answers (default: the question's, else PARTIE_LANG).": (
        "Langue des règles et des réponses (défaut : celle de la question, sinon PARTIE_LANG)."
    ),
    # print
    (
        "Cards of GAME (the-game, tennis-mots, tennis-quizz) or of a Tennis Quizz DECK "
        "(built-in name or file) as a PDF: 63 × 88 mm cards nine to a sheet, crop marks, "
        "each sheet of fronts followed by its backs for duplex printing (flip on the long "
        "edge), then the rules sheet."
    ): (
        "Les cartes de GAME (the-game, tennis-mots, tennis-quizz) ou d'un paquet DECK de "
        "Tennis Quizz (nom intégré ou fichier) en PDF : cartes de 63 × 88 mm, neuf par "
        "feuille, traits de coupe, chaque feuille de recto suivie de ses versos pour "
        "l'impression recto verso (retourner sur le bord long), puis la feuille de règles."
    ),
    "PDF file to write.": "Fichier PDF à écrire.",
    "Language of the rules sheet and card captions (default: PARTIE_LANG, else fr).": (
        "Langue de la feuille de règles et des légendes (défaut : PARTIE_LANG, sinon fr)."
    ),
    "Cards only, without the rules sheet.": "Les cartes seules, sans la feuille de règles.",
    "Replace --out if it exists.": "Remplacer --out s'il existe.",
    "Replace --record if it exists.": "Remplacer --record s'il existe.",
    "Allow more --workers than cores.": "Permettre plus de --workers que de cœurs.",
    "Local worker processes (default: all cores, at most the cores without --force); "
    "with --ray local, Ray's CPUs.": (
        "Processus locaux (défaut : tous les cœurs, au plus les cœurs sans --force) ; "
        "avec --ray local, les CPU de Ray."
    ),
    "Allow more --workers than cores, and --report into a folder that is not empty.": (
        "Permettre plus de --workers que de cœurs, et --report dans un dossier non vide."
    ),
    "Print-and-play cards (PDF, as ``partie print DECK``): 7 questions a card, the right "
    "choice underlined, backs for duplex; an ``.html`` file gets the old HTML sheet.": (
        "Cartes à imprimer (PDF, comme ``partie print DECK``) : 7 questions par carte, le "
        "bon choix souligné, versos pour le recto verso ; un fichier ``.html`` reçoit "
        "l'ancienne feuille HTML."
    ),
    "PDF (or .html) file.": "Fichier PDF (ou .html).",
}


def key(text: str) -> str:
    """A help text with its whitespace collapsed (docstrings are indented)."""
    return " ".join(text.split())


FRENCH: dict[str, str] = {key(english): french for english, french in HELP_FR.items()}


def french(text: str | None) -> str | None:
    """The French help for ``text``, or ``text`` itself when it has none yet."""
    if not text:
        return text
    return FRENCH.get(key(text), text)
