"""The build script: Hunspell expansion on small real files, and the data round trip."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from partie.games.tennis_mots.lexicon import Lexicon, read_data, write_data

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "build_lexicon.py"

AFF = """SET UTF-8
FLAG long
NEEDAFFIX ()
FORBIDDENWORD {}

PFX L' Y 1
PFX L' 0 l' [aeiouhé]

SFX S. Y 2
SFX S. 0 0/L' [^sxz]
SFX S. 0 s/L' [^sxz]

SFX F. Y 2
SFX F. 0 e/S. [^e]
SFX F. 0 0/S. [^e]

SFX v1 Y 4
SFX v1 er er/L' er
SFX v1 er ons er
SFX v1 er èrent er
SFX v1 ler llerai ler
"""

DIC = """7
attelé/F.()
atteler/v1()
jeu/S.()
chat/S.
Paris/S.
porte-monnaie
fauxmot/{}
"""


@pytest.fixture(scope="module")
def build() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_lexicon", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_lexicon"] = module
    spec.loader.exec_module(module)
    return module


def test_hunspell_expansion(build: ModuleType, tmp_path: Path) -> None:
    aff, dic = tmp_path / "t.aff", tmp_path / "t.dic"
    aff.write_text(AFF, encoding="utf-8")
    dic.write_text(DIC, encoding="utf-8")
    affixes = build.read_aff(aff)
    forms: set[str] = set()
    for word, flags in build.read_dic(dic, affixes):
        build.expand(word, flags, affixes, forms)
    # twofold suffixes: attelé → attelée (F.) → attelées (S. on the result)
    assert {"attelé", "attelée", "attelés", "attelées"} <= forms
    assert "atteler" in forms and "attelons" in forms and "attellerai" in forms
    assert "l'atteler" in forms  # a prefix allowed by a suffix's continuation class
    assert "jeu" in forms and "jeus" in forms
    assert "chat" in forms and "chats" in forms
    assert "fauxmot" not in forms  # FORBIDDENWORD
    assert {"attelé()", "jeu()"}.isdisjoint(forms)
    folded = {w for f in forms if (w := build.fold_entry(f))}
    assert "ATTELEES" in folded and "CHATS" in folded
    assert "PARIS" not in folded and "PORTEMONNAIE" not in folded
    assert not any("L'" in w or "'" in w for w in folded)


FILTER_AFF = """SET UTF-8
FLAG long
KEEPCASE ||

PFX U. N 2
PFX U. 0 k .
PFX U. 0 m .

SFX S. Y 1
SFX S. 0 s [^sxz]
"""

FILTER_DIC = """9
g/U.||-- po:nom is:mas is:inv
bar/||-- po:nom is:mas is:inv
bar/S. po:nom is:mas
http/S. po:pfx
ofbiz po:npr is:mas
zzzz po:interj
zut po:interj
etc po:loc.adv
lorsqu po:mg po:cjsub po:err
"""


def test_the_filter_leaves_out_what_the_tags_say_is_no_word(
    build: ModuleType, tmp_path: Path
) -> None:
    aff, dic = tmp_path / "t.aff", tmp_path / "t.dic"
    aff.write_text(FILTER_AFF, encoding="utf-8")
    dic.write_text(FILTER_DIC, encoding="utf-8")
    affixes = build.read_aff(aff)
    kept: set[str] = set()
    reasons = {}
    for entry in build.read_entries(dic, affixes):
        reason = build.left_out(entry, affixes)
        reasons[entry.word] = reasons.get(entry.word) or reason
        if reason is None:
            build.expand(entry.word, entry.flags, affixes, kept)
    # the unit symbol and its prefixed forms (kg, mg) go; the noun "bar" stays
    assert kept == {"bar", "bars", "zut"}
    assert all(reasons[w] is not None for w in ("g", "http", "ofbiz", "zzzz", "etc", "lorsqu"))


def test_a_stem_that_needs_an_affix_is_not_a_word(build: ModuleType, tmp_path: Path) -> None:
    aff, dic = tmp_path / "t.aff", tmp_path / "t.dic"
    aff.write_text(AFF, encoding="utf-8")
    dic.write_text("1\nparl/v1()\n", encoding="utf-8")
    affixes = build.read_aff(aff)
    forms: set[str] = set()
    for word, flags in build.read_dic(dic, affixes):
        build.expand(word, flags, affixes, forms)
    assert forms == set()  # "parl" does not end in "er": no rule applies, and it needs one


def test_data_file_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "lexicon.bin"
    write_data(path, ["JEU", "JEUX", "JEUNE", "ATTELLE"], {"source": "test"})
    meta, words, starts = read_data(path.read_bytes())
    assert meta["forms"] == 4 and meta["source"] == "test"
    assert meta["starts"] == len(
        {w[:k] for w in ["JEU", "JEUX", "JEUNE", "ATTELLE"] for k in range(1, len(w) + 1)}
    )
    table = Lexicon(words, starts, forms=4)
    assert table.is_word("JEUNE") and not table.is_word("JEUN")
    assert table.is_prefix("JEUN") and table.example("JEUN") == "JEUNE"
    assert table.example("J") == "JEUNE" and table.next_letters("JEU") == "NX"
    with pytest.raises(ValueError):
        read_data(b"not a lexicon")
