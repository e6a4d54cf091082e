"""The refusal catalogue and the code stay in step: read the source, not a list."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import partie
from partie.core.refusals import catalogue, markdown
from partie.core.registry import available_games, built_in

SRC = Path(partie.__file__).parent
FAMILIES = {"IllegalAction", "InvalidAction", "PartieError"}
"""Error classes whose own code is too coarse: raising them needs an explicit ``code=``."""


def _constants(node: ast.expr) -> list[str]:
    """The string constants a ``code=`` argument may take (``a if x else b`` included)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _constants(node.body) + _constants(node.orelse)
    raise AssertionError(f"code= must be a literal, not {ast.dump(node)}")


def _scan() -> tuple[dict[str, str], dict[str, list[str]], list[str]]:
    """Class defaults, codes passed at call sites, and bare family calls."""
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in SRC.rglob("*.py")}
    defaults: dict[str, str] = {}
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if (
                        isinstance(item, ast.Assign)
                        and any(isinstance(t, ast.Name) and t.id == "code" for t in item.targets)
                        and isinstance(item.value, ast.Constant)
                    ):
                        defaults[node.name] = item.value.value
    # Helpers that forward a parameter as ``code=`` (``_refused(code, fr, en)``): their
    # callers' literals are the codes raised.
    forwarders: dict[str, int] = {}
    for tree in trees.values():
        for func in ast.walk(tree):
            if not isinstance(func, ast.FunctionDef):
                continue
            params = [a.arg for a in func.args.args]
            for node in ast.walk(func):
                if not isinstance(node, ast.Call):
                    continue
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                for k in node.keywords:
                    if (
                        name in defaults
                        and k.arg == "code"
                        and isinstance(k.value, ast.Name)
                        and k.value.id in params
                    ):
                        forwarders[func.name] = params.index(k.value.id)
    raised: dict[str, list[str]] = {}
    bare: list[str] = []
    for path, tree in trees.items():
        forwarding = {
            id(k.value)
            for func in ast.walk(tree)
            if isinstance(func, ast.FunctionDef) and func.name in forwarders
            for node in ast.walk(func)
            if isinstance(node, ast.Call)
            for k in node.keywords
            if k.arg == "code" and isinstance(k.value, ast.Name)
        }
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            where = f"{path.relative_to(SRC)}:{node.lineno}"
            if name in forwarders:
                at = forwarders[name]
                arg = node.args[at] if len(node.args) > at else None
                for code in _constants(arg) if arg is not None else []:
                    raised.setdefault(code, []).append(where)
                continue
            if name not in defaults:
                continue
            codes = [
                c
                for k in node.keywords
                if k.arg == "code" and id(k.value) not in forwarding
                for c in _constants(k.value)
            ]
            for code in codes:
                raised.setdefault(code, []).append(where)
            forwarded = any(id(k.value) in forwarding for k in node.keywords)
            if not codes and not forwarded and name in FAMILIES:
                bare.append(f"{where} {name}")
    return defaults, raised, bare


DEFAULTS, RAISED, BARE = _scan()


def test_every_code_raised_anywhere_is_listed() -> None:
    used = set(DEFAULTS.values()) | set(RAISED)
    missing = sorted(used - set(catalogue()))
    assert not missing, f"codes raised but not in core/refusals.py: {missing}"


def test_every_listed_code_is_raised_or_is_a_class_default() -> None:
    # partie's own codes: a game installed beside partie raises its codes in its package
    own = {c for c, r in catalogue().items() if r.game in ("", "web") or built_in(r.game)}
    stale = sorted(own - set(RAISED) - set(DEFAULTS.values()))
    assert not stale, f"codes listed but never raised: {stale}"


def test_no_refusal_falls_back_to_a_generic_code() -> None:
    assert not BARE, "raise these with their own code=: " + ", ".join(BARE)


def test_each_entry_is_one_line_in_both_languages() -> None:
    for code, entry in catalogue().items():
        assert entry.code == code
        assert entry.fr and entry.en and "\n" not in entry.fr + entry.en
        assert entry.game in ("", "web", *available_games())


def test_the_documented_table_is_current() -> None:
    doc = SRC.parents[1] / "docs" / "refusals.md"
    assert doc.read_text(encoding="utf-8") == markdown(), "regenerate docs/refusals.md"


@pytest.mark.parametrize("game", ["the_game", "tennis_quizz", "tennis_mots"])
def test_state_apply_lists_what_it_may_raise(game: str) -> None:
    """Each game's ``State.apply`` docstring names every code its rules raise (as
    python-chess's ``parse_san`` lists its errors)."""
    path = SRC / "games" / game / "rules.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    raised = {
        code
        for code, places in RAISED.items()
        for p in places
        if p.startswith(f"games/{game}/rules.py")
    }
    applies = [
        ast.get_docstring(node) or ""
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and node.name == "apply"
    ]
    assert len(applies) == 1
    raised -= {"unreadable_action", "incomplete_action", "empty_move", "unreadable_move"}
    raised -= {"not_a_number", "yes_or_no", "empty_answer"}  # reading text, not apply
    missing = sorted(code for code in raised if f"``{code}``" not in applies[0])
    assert not missing, f"{game}: State.apply's docstring does not name {missing}"
