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

Rerun (as root on Debian or Ubuntu, from the repository root)::

    apt-get update && apt-get install -y hunspell-fr-comprehensive
    PYTHONPATH=src python scripts/build_lexicon.py

Options: ``--dic``/``--aff`` to read other Hunspell files, ``--words FILE`` to also
write the folded word list (one per line), ``--from-words FILE`` to skip the expansion
and rebuild the tables from such a list, ``--out`` for another output file.
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
MUST_HAVE = ("ATTELLERAIENT", "ATTELEE", "ATTELEES", "JEU", "SMASH")
MUST_NOT_HAVE = ("JEUZ",)


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


def read_dic(path: Path, affixes: Affixes) -> Iterator[tuple[str, frozenset[str]]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    for line in lines[1:]:
        entry = line.split("\t")[0].split(" ")[0] if line else ""
        if not entry:
            continue
        word, _, flags = entry.partition("/")
        yield word, affixes.split_flags(flags)


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
    args = parser.parse_args(argv)

    stems, raw = 0, set()
    if args.from_words:
        listed = args.from_words.read_text(encoding="ascii").split()
        folded = {w for entry in listed if (w := fold_entry(entry, keep_capitals=True))}
    else:
        affixes = read_aff(args.aff)
        for word, flags in read_dic(args.dic, affixes):
            stems += 1
            expand(word, flags, affixes, raw)
        folded = {w for entry in raw if (w := fold_entry(entry))}
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
