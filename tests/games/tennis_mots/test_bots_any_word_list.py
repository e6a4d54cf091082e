"""Every Tennis de mots bot plays only legal moves whatever word list the table uses:
small random lists, some missing letters. A list is either refused before the game
(one ``PartieError``) or played to the end by every bot with no move refused (the
``simple`` bot once faulted with an ``F`` worth the weight, an illegal NET)."""

from __future__ import annotations

import string
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from partie.core import get_game
from partie.core.errors import PartieError
from partie.sim.runner import play_one

GAME = get_game("tennis-mots")
BOTS = ("simple", "greedy", "tactician", "mc:5")

suffix = st.text(alphabet="AEIOURSTLN", min_size=0, max_size=5)
# One short word for each letter (a few letters sometimes left out), and random words.
word_list = st.builds(
    lambda tails, dropped, extra: [
        letter + tail
        for letter, tail in zip(string.ascii_uppercase, tails, strict=True)
        if letter not in dropped
    ]
    + extra,
    st.lists(suffix, min_size=26, max_size=26),
    st.one_of(st.just(set()), st.sets(st.sampled_from(string.ascii_uppercase), max_size=3)),
    st.lists(st.text(alphabet=string.ascii_uppercase, min_size=1, max_size=8), max_size=15),
)


@settings(
    max_examples=15,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(words=word_list, bot=st.sampled_from(BOTS), seed=st.integers(0, 2**32))
def test_every_bot_plays_legal_moves_with_any_word_list(
    words: list[str], bot: str, seed: int
) -> None:
    with tempfile.TemporaryDirectory(prefix="partie-words-") as folder:
        path = Path(folder) / "words.txt"
        path.write_text("\n".join(words) + "\n", encoding="utf-8")
        try:
            options = GAME.parse_options({"players": 2, "lexicon": str(path)})
        except PartieError as exc:  # refused before any game: one reason, in both languages
            assert exc.en and exc.fr
            assert "no word starts with" in exc.en
            return
        state = play_one(GAME, options, (bot, bot), seed)  # an illegal move raises here
        assert state.is_over


def test_a_list_where_every_letter_starts_a_word_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "words.txt"
    path.write_text("\n".join(letter + "A" for letter in string.ascii_uppercase), "utf-8")
    options = GAME.parse_options({"players": 2, "lexicon": str(path)})
    assert play_one(GAME, options, ("simple", "simple"), 3).is_over
