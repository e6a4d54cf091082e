"""Answers a rule question with the passages of the rules that answer it.

Each passage of the rules is a document for BM25 (``bm25.py``): its words, its
section's title, the players' keywords for it and the FAQ questions that rest on it
(so the way players word a question teaches the index). The best passage is a *sure*
answer only when three signals agree: it holds enough of the question's weight
(``COVERAGE``), it leads the second passage clearly (``MARGIN``), and the nearest FAQ
question rests on that same passage (``NEIGHBOUR``); or when the question is a known
FAQ question (``KNOWN``); or when the ``VOTERS`` nearest FAQ questions all rest on
it and it holds enough and leads enough (``VOTE_COVERAGE``, ``VOTE_MARGIN``). The
thresholds are calibrated on the FAQ's training part (``evaluate.calibrate``, see
``docs/rules-questions.md``); otherwise the reply is "pas de réponse sûre" with the
closest passages, never a confident guess.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from partie.core.numbers import ORDINAL_WORDS
from partie.rules.asides import OTHER_GAMES, asked_part, without_other_games
from partie.rules.bm25 import BM25
from partie.rules.document import LANGS, Passage, load_rules
from partie.rules.examples import asks_example, without_request
from partie.rules.faq import FaqEntry, load_faq, load_keywords
from partie.rules.normalise import (
    compile_synonyms,
    fold,
    stem,
    terms,
    words_of,
)
from partie.rules.situations import RANK, Reading, read
from partie.rules.spelling import Speller
from partie.rules.synonyms import (
    card_first,
    letter_terms,
    number_terms,
    plain_numbers,
    synonyms_for,
)

COVERAGE = 0.5
"""Least share of the question's weight the best passage must hold to be sure."""
MARGIN = 0.7
"""Least lead of the best passage's score over the second's, as a share of the best."""
NEIGHBOUR = 0.1
"""Least share of the question's weight the nearest FAQ question must hold."""
CLOSE = 0.96
"""A question at least this alike its nearest FAQ question (``BM25.overlap``), when
that question rests on the passage ranked first, is answered surely. Calibrated with
the same margin of safety as the other signals (tenth round; it was 0.9, the value of
``KNOWN``, with none): training questions whose nearest FAQ question rests on another
passage reach overlaps of 0.86, and a blind question was answered surely this way with
a passage that was not its label."""
VOTERS = 5
"""How many of the nearest FAQ questions vote: when every one of them rests on the
passage ranked first, players asked that passage in many ways like this one."""
VOTE_COVERAGE = 0.5
"""With a unanimous vote, the least share of the question's weight the passage must
hold to be sure (calibrated like ``COVERAGE``)."""
VOTE_MARGIN = 0.4
"""With a unanimous vote, the least lead of the best passage (calibrated)."""
VOTE_SURE = False
"""Whether a unanimous vote may make an answer sure. Off: on the two blind series
(questions written from the rules text alone) it added no right answer first and made six
answers sure whose label was a worked example while the answer was the rule that example
illustrates; without it no blind question got a sure wrong answer. The vote is still
computed and reported (``signals["votes"]``)."""
READ_SURE = False
"""A question whose situation was read (``situations.read``) is never sure by the
signals, only when it is a known FAQ question: it tells a whole situation, and people
who told one in the blind series often wanted the worked example that shows it, which
is never the answer (it comes second). With it on, the calibration loosened and one
such question got a sure answer by the rule where its label was the example."""
MIN_TERMS = 3
"""A question of fewer distinct terms is sure only when it is close to a FAQ question:
two words ("make word") fit too many passages for the other signals to vouch for one."""
KNOWN = 0.9
"""A question this alike a FAQ question (``BM25.overlap``) is that question: it is
answered by the FAQ's own passage whatever the margin."""
SHOWN = 3
"""A request for an example gets one that shows one of the question's ``SHOWN`` best
rules."""
SHOWS = 0.45
"""A worked example shows the rules its own text scores at least this share of its best
rule: the turn's example shows laying, the minimum and drawing after."""
EXAMPLE_COVERAGE = 0.25
"""Least share of a request's weight (its request words left out) the example must
hold: "un exemple de partie en double" shares only "partie" with the examples, and
gets the rule. On the held-out requests the right example held 0.28 to 1, the
examples wrongly offered 0.15 and 0.16 (set by hand, not calibrated: few cases)."""
MORE_RATIO = 0.5
"""A further passage is shown when it scores at least this share of the best."""
MAX_ANSWERS = 3
SECTION_WEIGHT = 0.5
"""Neighbouring paragraphs: the passages of the leading passage's section get, on top
of their score, this share of a BM25 over that section alone, made of each passage's
own text and keywords (not its FAQ questions). Its weights are what tells the
neighbours apart: "double" is common across the game (double joker, playing in
doubles) but, among the serve's paragraphs, only the double fault's. Fitted on the
training folds alone (French and English right first: 0.25 to 0.6 tie as the best,
+4 over none; the middle was taken), then checked on the blind series."""
ASIDE_TERMS = 2
"""Least distinct terms the part of a question outside another game's clause must
hold to count twice ("ici aussi ?" holds none: the clause is then the question)."""
KEYWORD_WEIGHT = 2
"""Players' keywords count twice: they are few, and chosen for the passage."""
MAX_QUESTION = 300
"""Characters of a question that are read (the web box and the CLI bound it too)."""

ILLUSTRATIONS = frozenset({"exemples"})
"""Sections that illustrate rules stated elsewhere: never ranked among the rules (their
numbers and situations would pull questions away from the rule they show); a question
that asks for an example (``examples.asks_example``) gets the closest one first, and
the rule after it."""
SUMMARIES = frozenset({"bref"})
"""Sections that sum the game up: the answer to "what is the goal?", found through
their players' keywords and FAQ questions only, since their text repeats rules that
other passages state (and would pull those rules' questions to the summary)."""

NO_SURE = {"fr": "pas de réponse sûre", "en": "no sure answer"}
EXAMPLE_FIRST = {
    "fr": "un exemple, puis la règle qu'il montre",
    "en": "an example, then the rule it shows",
}
"""The message of a reply to a request for an example: the example is never a sure
answer, but it is what was asked."""

_FRENCH_HINTS = frozenset(
    " ".join(
        (
            "le la les des une du est que qui quoi quand comment pourquoi peut on je tu il",
            "a au aux sur avec pour pas ne se si mon ma mes combien faut doit ca",
        )
    ).split()
)
_ENGLISH_HINTS = frozenset(
    " ".join(
        (
            "the is are what when how why can may must do does a an of to on with my your",
            "i you if it happens should there have has get we they who which where much",
            "many any card cards play plays played player players turn draw deck hand win",
            "wins lose serve word words letter letters worth",
        )
    ).split()
)


def detect_lang(question: str, game: str | None = None) -> str:
    """French unless the words look English (players are French first). When no small
    word tells ("backhand", "game over"), the language whose rules and FAQ of ``game``
    know more of the question's words."""
    if fold(question) != question.casefold():
        return "fr"
    words = words_of(question)
    french = sum(w in _FRENCH_HINTS for w in words)
    english = sum(w in _ENGLISH_HINTS for w in words)
    if english == french == 0 and game is not None:
        french = sum(w in _vocabulary(game, "fr") for w in words)
        english = sum(w in _vocabulary(game, "en") for w in words)
    return "en" if english > french else "fr"


@cache
def _vocabulary(game: str, lang: str) -> frozenset[str]:
    """The words of a game's rules, keywords and FAQ questions in one language, minus
    those of the other language's rules (names such as SMASH or LOB are in both)."""
    own = _words_in(game, lang)
    return own - _words_in(game, "en" if lang == "fr" else "fr")


@cache
def _words_in(game: str, lang: str) -> frozenset[str]:
    texts = [p.section + " " + p.text for p in load_rules(game, lang).passages]
    texts += list(load_keywords(game, lang).values())
    texts += [e.question for e in load_faq(game) if e.lang == lang]
    return frozenset(w for text in texts for w in words_of(text) if not w.isdigit())


@dataclass(frozen=True)
class Hit:
    passage: Passage
    score: float

    def to_json(self) -> dict[str, Any]:
        return {
            "section": self.passage.section,
            "section_id": self.passage.section_id,
            "id": self.passage.id,
            "text": self.passage.text,
            "score": round(self.score, 3),
            "example": self.passage.section_id in ILLUSTRATIONS,
        }


@dataclass(frozen=True)
class Answer:
    question: str
    lang: str
    sure: bool
    hits: tuple[Hit, ...]  # best first: the answers when sure, else the closest
    signals: dict[str, Any] = field(default_factory=dict, compare=False)
    situation: Reading | None = None
    """The situation the question's numbers tell, read with the game's rules."""

    @property
    def example_first(self) -> bool:
        """Whether the question asked for an example and a worked example comes first."""
        return bool(self.signals.get("example_first"))

    @property
    def best(self) -> Hit | None:
        return self.hits[0] if self.hits else None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"question": self.question, "lang": self.lang}
        if self.sure:
            out["answers"] = [h.to_json() for h in self.hits]
        else:
            out["answers"] = []
            out["closest"] = [h.to_json() for h in self.hits]
            out["message"] = NO_SURE[self.lang]
        if self.example_first:
            out["example_first"] = True
            out["message"] = EXAMPLE_FIRST[self.lang]
        if self.situation is not None:
            out["situation"] = self.situation.to_json(self.lang)
        return out


@dataclass(frozen=True)
class Thresholds:
    coverage: float = COVERAGE
    margin: float = MARGIN
    neighbour: float = NEIGHBOUR
    close: float = CLOSE
    known: float = KNOWN
    open: bool = True
    """False: sure only of questions close to a FAQ question."""
    vote_coverage: float = VOTE_COVERAGE
    vote_margin: float = VOTE_MARGIN
    vote: bool = VOTE_SURE

    def sure(self, signals: dict[str, Any]) -> bool:
        if signals["agree"] and signals["known"] >= self.close:
            return True
        if not (self.open and signals["agree"] and signals.get("terms", MIN_TERMS) >= MIN_TERMS):
            return False
        if illustrated(signals) or signals.get("unseen", 0):
            # a word no passage, keyword or FAQ question of the game holds ("qui a gagné
            # le tie-break de Federer"): the rest may fit a rule while the word that
            # matters is outside the rules; sure only when it is a known FAQ question
            return False
        if (
            self.vote
            and signals.get("votes", 0) >= VOTERS
            and (
                signals["coverage"] >= self.vote_coverage and signals["margin"] >= self.vote_margin
            )
        ):
            return True
        return (
            signals["coverage"] >= self.coverage
            and signals["margin"] >= self.margin
            and signals["neighbour"] >= self.neighbour
        )


def _numbers(text: str) -> frozenset[str]:
    """The numbers a question tells, as digits ("six six" is 6 6)."""
    return frozenset(w for w in words_of(text) if w.isdigit())


class Answerer:
    """The answerer of one game in one language; ``faq`` are the entries it learns from
    (their questions join the passages they rest on, and are the neighbours)."""

    def __init__(
        self, game: str, lang: str, faq: Iterable[FaqEntry], limits: Thresholds | None = None
    ):
        self.game, self.lang = game, lang
        self.limits = limits or Thresholds()
        self.synonyms = compile_synonyms(synonyms_for(game))
        rules = load_rules(game, lang).passages
        self.passages = [p for p in rules if p.section_id not in ILLUSTRATIONS]
        self.examples = [p for p in rules if p.section_id in ILLUSTRATIONS]
        # Only rules are ranked among the rules: a question labelled with a worked
        # example teaches the examples' own index, which a request for an example asks.
        learnt = [e for e in faq if e.lang == lang]
        self.faq = [e for e in learnt if not illustrates(e)]
        extra: dict[str, list[str]] = {}
        for pid, words in load_keywords(game, lang).items():
            extra[pid] = [words] * KEYWORD_WEIGHT
        for entry in learnt:
            if entry.passage_id:
                extra.setdefault(entry.passage_id, []).append(without_other_games(entry.question))
        self.example_index = BM25(
            [
                self.terms(" ".join([p.text, *(without_request(q) for q in extra.get(p.id, []))]))
                for p in self.examples
            ]
            or [[]]
        )
        texts = [" ".join([p.text, *extra.get(p.id, [])]) for p in self.passages]
        known = [*texts, *(p.section for p in self.passages), *self._phrases()]
        known += [e.question for e in self.faq if not e.passage_id]
        known.append(RANK)  # the situation reader's mark of an ordinal, read as it is
        known += OTHER_GAMES  # "dobble" is a game, not a typo of "double"
        vocabulary = [w for text in known for w in words_of(text)]
        self.speller = Speller([*vocabulary, *ORDINAL_WORDS], lang)  # read as digits
        docs, self.own = [], []
        for p, text in zip(self.passages, texts, strict=True):
            if p.section_id in SUMMARIES:
                text = " ".join(extra.get(p.id, []))
            body = self.terms(text)
            docs.append(self.terms(p.section) + body)
            self.own.append(frozenset(body))  # what the passage itself says
        self.index = BM25(docs)
        keywords = load_keywords(game, lang)
        self.sections = self._sections(keywords)
        self.position = {p.id: i for i, p in enumerate(self.passages)}
        self.shows = [self._shows(p, keywords.get(p.id, "")) for p in self.examples]
        self.neighbours = BM25([self.query(e.question, authored=True) for e in self.faq])
        self.told = [_numbers(e.question) for e in self.faq]  # read once, not per question

    def _sections(self, keywords: dict[str, str]) -> dict[str, tuple[list[int], BM25]]:
        """Per section of two passages or more: their positions and a BM25 over their
        own text and keywords alone (the FAQ questions, many and alike, would blur what
        tells them apart)."""
        members: dict[str, list[int]] = {}
        for i, p in enumerate(self.passages):
            members.setdefault(p.section_id, []).append(i)
        own = [
            self.terms(" ".join([p.text, *[keywords.get(p.id, "")] * KEYWORD_WEIGHT]))
            for p in self.passages
        ]
        return {
            sid: (ids, BM25([own[i] for i in ids])) for sid, ids in members.items() if len(ids) > 1
        }

    def _shows(self, example: Passage, keywords: str) -> frozenset[int]:
        """The rules a worked example shows: those its own text and its players'
        keywords rank first (the example repeats their words and numbers) and the one
        its situation is read as."""
        scores = self.index.scores(self.terms(example.text + " " + keywords))
        best = max(scores)
        shown = {i for i, score in enumerate(scores) if score > 0 and score >= SHOWS * best}
        reading = read(self.game, example.text)
        if reading is not None and reading.passage in self.position:
            shown.add(self.position[reading.passage])
        return frozenset(shown)

    def _phrases(self) -> list[str]:
        """The synonym table's words: players' words the rules text may not hold."""
        return [" ".join((c, *phrases)) for c, phrases in synonyms_for(self.game).items()]

    def terms(self, text: str) -> list[str]:
        """Terms of rules text (a synonym adds its canonical word)."""
        return plain_numbers(self.game, terms(text, self.synonyms))

    def query(self, question: str, authored: bool = False) -> list[str]:
        """Terms of a question: the same steps as the rules text, typos put right on
        the game's words (not in the FAQ's own questions: ``authored``), plus what its
        numbers and card letters imply (``synonyms.number_terms``, ``letter_terms``)."""
        found = terms(question, self.synonyms, None if authored else self.speller.correct)
        numbers = [int(t) for t in found if t.isdigit()]
        laid = card_first(words_of(question))
        implied = number_terms(self.game, numbers, found, laid)
        implied += letter_terms(self.game, question)
        if self.game == "tennis-mots" and "net" in found and "valeur" not in found:
            # "un W et un K qui me servent à rien, je m'en débarrasse ?": the letters are
            # the hand's, what is asked is getting rid of them (their values are not)
            found = [t for t in found if len(t) > 1]
            implied = [t for t in implied if t != stem("lettre")]
        query = plain_numbers(self.game, found) + implied
        rest = None if authored else asked_part(question)
        if rest is not None:
            # another game's clause sets the scene; the rest asks about ours: it counts
            # twice (when it has words of its own, else the clause is the question)
            asked = [t for t in terms(rest, self.synonyms, self.speller.correct) if t in query]
            if len(set(asked)) >= ASIDE_TERMS:
                query += asked
        return query

    def signals(
        self,
        query: list[str],
        situation: Reading | None = None,
        request: bool = False,
        numbers: frozenset[str] = frozenset(),
    ) -> tuple[list[int], list[float], dict[str, Any]]:
        """Passages best first, their scores, and what the sure/unsure call rests on.

        A question that is (nearly) a FAQ question (``known`` ≥ ``KNOWN``) puts that
        entry's passage first: the FAQ was written for it, unless the question tells
        ``numbers`` that entry does not (a situation, not the general question).
        Otherwise a situation read with the game's rules (``situations.read``) puts the
        passage of the rule that applies first: the numbers' roles decide what words
        cannot."""
        scores = self._neighbours_apart(self.index.scores(query), query)
        order = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
        signals: dict[str, Any] = {"coverage": 0.0, "margin": 0.0, "neighbour": 0.0, "known": 0.0}
        signals["agree"], signals["votes"] = False, 0
        signals["asks_example"] = request
        near: list[float] = []
        read_only = situation is not None and situation.passage in self.position
        if scores[order[0]] <= 0 and not read_only:
            return order, scores, signals
        entry = None
        voters: list[int] = []  # the nearest FAQ questions, nearest first
        if self.faq:
            near = self.neighbours.scores(query)
            voters = sorted(range(len(near)), key=lambda i: (-near[i], i))[:VOTERS]
            same = [i for i in voters if near[i] > 0 and numbers <= self.told[i]]
            best = voters[0]
            if not numbers <= self.told[best]:
                # of the nearest questions, one that tells the same numbers is the one
                best = same[0] if same else best
            alike = self._most_alike(query, same)
            if alike is not None:
                best = alike
            if near[best] > 0:
                entry = self.faq[best]
                signals["neighbour"] = self.neighbours.coverage(query, best)
                signals["known"] = self.neighbours.overlap(query, best)
                if not numbers <= self.told[best]:
                    # "pile qui descend à 65, je peux poser 74 ?" is not "poser sur pile
                    # qui descend": numbers are no terms, and they make it a situation
                    signals["known"] = 0.0
        first = None
        if entry is not None and entry.passage_id and signals["known"] >= self.limits.known:
            first = self.position[entry.passage_id]
        elif situation is not None and situation.passage in self.position:
            first = self.position[situation.passage]
            signals["situation"] = situation.rule
        if first is not None:
            order.remove(first)
            order.insert(0, first)
        top = order[0]
        signals["coverage"] = self._coverage(query, top)
        signals["terms"] = len(set(query))
        second = scores[order[1]] if len(order) > 1 else 0.0
        signals["margin"] = max(0.0, (scores[top] - second) / scores[top]) if scores[top] else 0.0
        signals["agree"] = entry is not None and entry.passage_id == self.passages[top].id
        pid = self.passages[top].id
        signals["votes"] = sum(near[i] > 0 and self.faq[i].passage_id == pid for i in voters)
        return order, scores, signals

    def _most_alike(self, query: list[str], nearest: list[int]) -> int | None:
        """Of the nearest FAQ questions (those that tell the question's numbers), the
        one most alike the question when it is a known one (overlap ≥ ``KNOWN``): a FAQ
        question asked word for word is itself, though a longer wording of the same
        passage may score higher."""
        overlaps = {i: self.neighbours.overlap(query, i) for i in nearest}
        best = max(nearest, key=lambda i: (overlaps[i], -i), default=None)
        return best if best is not None and overlaps[best] >= self.limits.known else None

    def _neighbours_apart(self, scores: list[float], query: list[str]) -> list[float]:
        """The scores, the leading passage's section re-weighed by what tells its
        paragraphs apart (``SECTION_WEIGHT``)."""
        if not SECTION_WEIGHT or max(scores, default=0.0) <= 0:
            return scores
        lead = max(range(len(scores)), key=lambda i: (scores[i], -i))
        section = self.sections.get(self.passages[lead].section_id)
        if section is None:
            return scores
        ids, local = section
        out = list(scores)
        for i, extra in zip(ids, local.scores(query), strict=True):
            out[i] += SECTION_WEIGHT * extra
        return out

    def _fixed(self, question: str) -> list[str]:
        """The question's folded words with its typos put right."""
        return self.speller.correct(words_of(question))

    def _coverage(self, query: list[str], doc: int) -> float:
        """Share of the question's weight found in the passage's own terms (its section
        title helps to rank, but every passage of the section has it: no evidence)."""
        distinct = set(query)
        whole = sum(self.index.weight(t) for t in distinct)
        found = sum(self.index.weight(t) for t in distinct if t in self.own[doc])
        return found / whole if whole else 0.0

    def ask(self, question: str) -> Answer:
        question = question[:MAX_QUESTION]
        query = self.query(question)
        situation = read(self.game, question, self.speller.correct)
        # "exxemple de rétro", "exe mple": the request read on the words put right too
        request = asks_example(question) or asks_example(" ".join(self._fixed(question)))
        order, scores, signals = self.signals(query, situation, request, _numbers(question))
        if "terms" in signals:
            # a synonym's word adds a term, not evidence: "le tas au milieu" is two
            # words, though "milieu" brings the lifted forehand's "endroit" with it
            said = set(terms(question, (), self.speller.correct))
            added = set(terms(question, self.synonyms, self.speller.correct)) - said
            signals["terms"] = len(set(query) - added)
            own = set(query) - added
            signals["unseen"] = sum(t not in self.index.idf and not t.isdigit() for t in own)
        top = order[0]
        if scores[top] <= 0 and "situation" not in signals:
            return Answer(question, self.lang, False, (), signals)
        if "situation" not in signals:
            situation = None  # a known FAQ question's own passage came first
        hits = [Hit(self.passages[top], scores[top])]
        for i in order[1:]:
            if len(hits) == MAX_ANSWERS:
                break
            if scores[i] > 0 and scores[i] >= MORE_RATIO * scores[order[0]]:
                hits.append(Hit(self.passages[i], scores[i]))
        example = self._example(question, situation, order[:SHOWN]) if request else None
        if example is not None:
            # Asked for an example: the example first, the rule it shows second.
            hits = [example, *hits[: MAX_ANSWERS - 1]]
            signals["example_first"] = True
        elif situation is not None and situation.example is not None:
            shown = next(p for p in self.examples if p.id == situation.example)
            hits = [hits[0], Hit(shown, 0.0), *hits[1 : MAX_ANSWERS - 1]]
        sure = self.limits.sure(signals)
        return Answer(question, self.lang, sure, tuple(hits), signals, situation)

    def _example(self, question: str, situation: Reading | None, rules: list[int]) -> Hit | None:
        """The worked example a request for one wants: the one that shows the situation
        the question tells when it was read, else the closest by its words (the
        request's own words left out) among those that show one of the question's
        best rules (``rules``). None when no example fits: the rule is then first."""
        if not self.examples:
            return None
        terms = self.query(without_request(question))
        scores = self.example_index.scores(terms)
        if situation is not None and situation.example is not None:
            shown = next(i for i, p in enumerate(self.examples) if p.id == situation.example)
            return Hit(self.examples[shown], scores[shown])
        fits = [i for i, shows in enumerate(self.shows) if shows & set(rules) and scores[i] > 0]
        best = max(fits, key=lambda i: (scores[i], -i), default=None)
        if best is None or self.example_index.coverage(terms, best) < EXAMPLE_COVERAGE:
            return None
        return Hit(self.examples[best], scores[best])


def illustrated(signals: dict[str, Any]) -> bool:
    """Whether a worked example may be what the question wanted: it asks for one, or
    it tells a whole situation (unless ``READ_SURE``). The rule comes first and the
    example after it, so the answer is not sure by the signals (only when known)."""
    return bool(signals.get("asks_example") or (signals.get("situation") and not READ_SURE))


def illustrates(entry: FaqEntry) -> bool:
    """Whether a FAQ entry rests on a worked example rather than on a rule."""
    return entry.passage_id is not None and entry.passage_id.split(".")[0] in ILLUSTRATIONS


@cache
def answerer(game: str, lang: str) -> Answerer:
    """The answerer players use: it learns from the whole FAQ of the game."""
    return Answerer(game, lang, load_faq(game))


def ask(game: str, question: str, lang: str | None = None) -> Answer:
    """Answer ``question`` about ``game``, in ``lang`` or the question's own language."""
    language = lang if lang in LANGS else detect_lang(question, game)
    return answerer(game, language).ask(question)
