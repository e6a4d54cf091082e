#!/usr/bin/env python3
"""Rebuild the French lexicon shipped with Tennis de mots.

Source: the Dicollecte French dictionary, "toutes variantes" (all spellings, classic
and 1990 reform), version 7.0, by Olivier R. and the Dicollecte contributors, under the
Mozilla Public License 2.0. Debian ships it as ``hunspell-fr-comprehensive`` (1:7.0-1 in
Debian 12): ``/usr/share/hunspell/fr.dic`` and ``fr.aff``.

The Hunspell files hold stems with affix flags; this script expands every stem with its
suffix and prefix rules (twofold suffixes, continuation classes, NEEDAFFIX and
FORBIDDENWORD included) to get every inflected form, folds the forms to A-Z like the
game does (``partie.games.tennis_mots.lexicon.fold_entry``), and writes the compact
tables to ``src/partie/games/tennis_mots/data/lexicon-fr.bin``.

Entries that are no words a player may lay are left out by the dictionary's own marks
(:func:`left_out`): unit symbols and abbreviations (``KEEPCASE``), prefixes, proper
nouns, elided stumps; ``docs/lexicon.md`` lists what went.

Rerun (as root on Debian or Ubuntu, from the repository root)::

    apt-get update && apt-get install -y hunspell-fr-comprehensive
    PYTHONPATH=src python scripts/build_lexicon.py

Options: ``--dic``/``--aff`` to read other Hunspell files, ``--words FILE`` to also
write the folded word list (one per line), ``--from-words FILE`` to skip the expansion
and rebuild the tables from such a list, ``--removed FILE`` to write the folded words
the filter took out, ``--out`` for another output file.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from partie.games.tennis_mots.lexicon import fold_entry, write_data

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "src/partie/games/tennis_mots/data/lexicon-fr.bin"
DEBIAN_PACKAGE = "hunspell-fr-comprehensive"
MUST_HAVE = ("ATTELLERAIENT", "ATTELEE", "ATTELEES", "JEU", "SMASH", "ZUT", "BOF", "PIZZAS", "BAR")
MUST_NOT_HAVE = ("JEUZ", "HTTP", "WWW", "MCD", "VG", "ZZZZ", "KKAT", "KG", "KM", "HZ", "LORSQU")

LEFT_OUT_PARTS = {
    "npr": "nom propre",
    "patr": "nom propre",
    "pfx": "préfixe",
    "sfx": "suffixe",
    "err": "forme fautive",
}
"""Parts of speech (``po:`` tags) that are not words a player may lay, and why."""

UNTAGGED_ABBREVIATIONS = frozenset({"cf", "etc", "vs", "av"})
"""Abbreviations the dictionary files as ordinary entries (``po:loc.verb``, ``po:prep``),
with no tag or flag to tell them apart: named here, the only words left out by name."""


@dataclass(frozen=True)
class Rule:
    """One line of an affix class: strip this, add that, when the condition holds."""

    strip: str
    add: str
    flags: frozenset[str]  # continuation classes of the affixed form
    condition: re.Pattern[str]


@dataclass(frozen=True)
class Affix:
    """An affix class (all the rules under one flag)."""

    kind: str  # "PFX" or "SFX"
    cross: bool  # may combine with an affix of the other kind
    rules: tuple[Rule, ...]


@dataclass
class Affixes:
    """What the .aff file says that matters for expansion."""

    flag_mode: str
    classes: dict[str, Affix]
    need_affix: str | None
    forbidden: str | None
    keep_case: str | None = None

    def split_flags(self, text: str) -> frozenset[str]:
        """Flags of an entry or a rule, read according to the FLAG setting."""
        if self.flag_mode == "long":
            return frozenset(text[i : i + 2] for i in range(0, len(text) - 1, 2))
        if self.flag_mode == "num":
            return frozenset(f for f in text.split(",") if f)
        return frozenset(text)


def _condition(kind: str, text: str) -> re.Pattern[str]:
    """A Hunspell condition (letters, ``.``, ``[...]``, ``[^...]``) as a regex."""
    if text == ".":
        return re.compile("")
    pattern = "".join(
        part if part.startswith("[") or part == "." else re.escape(part)
        for part in re.findall(r"\[[^\]]*\]|.", text)
    )
    return re.compile(pattern + "$" if kind == "SFX" else "^" + pattern)


def read_aff(path: Path) -> Affixes:
    lines = path.read_text(encoding="utf-8").splitlines()
    affixes = Affixes("short", {}, None, None)
    pending: dict[str, tuple[str, bool, int, list[tuple[str, str, str, str]]]] = {}
    for line in lines:
        fields = line.split()
        if not fields or fields[0].startswith("#"):
            continue
        head = fields[0]
        if head == "FLAG":
            affixes.flag_mode = fields[1]
        elif head == "NEEDAFFIX":
            affixes.need_affix = fields[1]
        elif head == "FORBIDDENWORD":
            affixes.forbidden = fields[1]
        elif head == "KEEPCASE":
            affixes.keep_case = fields[1]
        elif head in ("PFX", "SFX"):
            flag = fields[1]
            if flag not in pending:
                pending[flag] = (head, fields[2] == "Y", int(fields[3]), [])
            else:
                strip, add = fields[2], fields[3]
                condition = fields[4] if len(fields) > 4 else "."
                add, _, cont = add.partition("/")
                pending[flag][3].append((strip, add, cont, condition))
    for flag, (kind, cross, count, raw) in pending.items():
        if len(raw) != count:
            raise SystemExit(f"{path}: class {flag} announces {count} rules, has {len(raw)}")
        rules = tuple(
            Rule(
                "" if strip == "0" else strip,
                "" if add == "0" else add,
                affixes.split_flags(cont),
                _condition(kind, condition),
            )
            for strip, add, cont, condition in raw
        )
        affixes.classes[flag] = Affix(kind, cross, rules)
    return affixes


@dataclass(frozen=True)
class Entry:
    """One line of the .dic file: the stem, its affix flags, its morphological tags."""

    word: str
    flags: frozenset[str]
    tags: tuple[str, ...]  # e.g. ("po:nom", "is:mas")


def read_entries(path: Path, affixes: Affixes) -> Iterator[Entry]:
    lines = path.read_text(encoding="utf-8").splitlines()
    for line in lines[1:]:
        fields = line.split()
        if not fields:
            continue
        word, _, flags = fields[0].partition("/")
        yield Entry(word, affixes.split_flags(flags), tuple(fields[1:]))


def read_dic(path: Path, affixes: Affixes) -> Iterator[tuple[str, frozenset[str]]]:
    for entry in read_entries(path, affixes):
        yield entry.word, entry.flags


def left_out(entry: Entry, affixes: Affixes) -> str | None:
    """Why a dictionary entry (and every form made from it) is not a playable word.

    The rule is the French Scrabble federation's idea of a word: no abbreviations,
    acronyms, symbols or proper nouns. The dictionary's own marks say which entries
    those are: ``KEEPCASE`` (its unit symbols and abbreviations, whose case matters:
    ``kg``, ``vg``, ``ha``; the SI prefixes attach only to them), the parts of speech
    in :data:`LEFT_OUT_PARTS`, and interjections that are one letter drawn out
    (``zzzz``, ``mmm``: a sound, not a word). ``None`` when the entry stays.
    """
    if affixes.keep_case is not None and affixes.keep_case in entry.flags:
        return "symbole ou abréviation"
    parts = {tag[3:] for tag in entry.tags if tag.startswith("po:")}
    for part in sorted(parts):
        if part in LEFT_OUT_PARTS:
            return LEFT_OUT_PARTS[part]
    if "interj" in parts and len(entry.word) > 1 and len(set(entry.word)) == 1:
        return "son"
    if entry.word in UNTAGGED_ABBREVIATIONS:
        return "abréviation"
    return None


def _apply(affix: Affix, rule: Rule, word: str) -> str | None:
    if not rule.condition.search(word):
        return None
    if affix.kind == "SFX":
        if rule.strip and not word.endswith(rule.strip):
            return None
        return word[: len(word) - len(rule.strip)] + rule.add
    if rule.strip and not word.startswith(rule.strip):
        return None
    return rule.add + word[len(rule.strip) :]


def expand(
    word: str, flags: frozenset[str], affixes: Affixes, out: set[str], depth: int = 0
) -> None:
    """Add to ``out`` every form of ``word``: itself unless it needs an affix, then each
    affix it allows, recursively through continuation classes (at most three deep)."""
    if affixes.forbidden in flags:
        return
    if affixes.need_affix not in flags:
        out.add(word)
    if depth >= 3:
        return
    for flag in flags:
        affix = affixes.classes.get(flag)
        if affix is None:
            continue
        # Affixes of the other kind that cross-combine stay available on the new form.
        other = frozenset(
            f
            for f in flags
            if (o := affixes.classes.get(f)) and o.kind != affix.kind and o.cross and affix.cross
        )
        for rule in affix.rules:
            form = _apply(affix, rule, word)
            if form is not None:
                expand(form, rule.flags | other, affixes, out, depth + 1)


def package_version(name: str) -> str:
    try:
        result = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", name], capture_output=True, text=True, check=True
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return result.stdout.strip() or "unknown"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dic", type=Path, default=Path("/usr/share/hunspell/fr.dic"))
    parser.add_argument("--aff", type=Path, default=Path("/usr/share/hunspell/fr.aff"))
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--words", type=Path, default=None, help="also write the folded list")
    parser.add_argument(
        "--from-words",
        type=Path,
        default=None,
        help="skip the expansion: read a folded list written earlier by --words",
    )
    parser.add_argument(
        "--removed", type=Path, default=None, help="also write the folded forms the filter removed"
    )
    args = parser.parse_args(argv)

    stems, raw, dropped = 0, set(), set()
    reasons: dict[str, int] = {}
    if args.from_words:
        listed = args.from_words.read_text(encoding="ascii").split()
        folded = {w for entry in listed if (w := fold_entry(entry, keep_capitals=True))}
    else:
        affixes = read_aff(args.aff)
        for entry in read_entries(args.dic, affixes):
            stems += 1
            reason = left_out(entry, affixes)
            if reason is None:
                expand(entry.word, entry.flags, affixes, raw)
            else:
                reasons[reason] = reasons.get(reason, 0) + 1
                expand(entry.word, entry.flags, affixes, dropped)
        folded = {w for entry in raw if (w := fold_entry(entry))}
        removed = {w for entry in dropped if (w := fold_entry(entry))} - folded
        print(f"left out {sum(reasons.values())} entries: {reasons}", file=sys.stderr)
        print(f"{len(removed)} folded forms removed by the filter", file=sys.stderr)
        if args.removed:
            args.removed.write_text("".join(w + "\n" for w in sorted(removed)), encoding="ascii")
    missing = [w for w in MUST_HAVE if w not in folded]
    extra = [w for w in MUST_NOT_HAVE if w in folded]
    if missing or extra:
        raise SystemExit(f"check failed: missing {missing}, unexpected {extra}")

    digest = hashlib.sha256(args.dic.read_bytes() + args.aff.read_bytes()).hexdigest()[:16]
    version = package_version(DEBIAN_PACKAGE)
    meta = {
        "source": (
            f"Dicollecte fr « toutes variantes » 7.0 (Debian {DEBIAN_PACKAGE} {version}), MPL-2.0"
        ),
        "source_sha256_16": digest,
    }
    write_data(args.out, folded, meta)
    if args.words:
        args.words.write_text("".join(w + "\n" for w in sorted(folded)), encoding="ascii")
    if not args.from_words:
        print(f"{stems} stems → {len(raw)} forms", file=sys.stderr)
    print(
        f"{len(folded)} folded A-Z forms; wrote {args.out} ({args.out.stat().st_size} bytes)",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
