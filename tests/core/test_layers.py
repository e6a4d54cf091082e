"""The layers hold, read from the source: the core imports no game and no layer above
it; a game's modules import the core and their own game only."""

from __future__ import annotations

import ast
from pathlib import Path

import partie

SRC = Path(partie.__file__).parent
ABOVE_CORE = ("games", "server", "sim", "cli", "terminal", "printing", "rules", "table")


def imported(path: Path) -> set[str]:
    """Every ``partie...`` module a file imports, at the top or inside a function."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names if a.name.startswith("partie"))
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.add(node.module or "")
    return {name for name in names if name.startswith("partie")}


def test_the_core_imports_no_game_and_no_layer_above_it() -> None:
    for path in (SRC / "core").rglob("*.py"):
        for name in imported(path):
            part = name.split(".")[1] if "." in name else ""
            assert part not in ABOVE_CORE, f"{path.relative_to(SRC)} imports {name}"


def test_a_game_imports_the_core_and_itself_only() -> None:
    for game in (SRC / "games").iterdir():
        if not (game / "__init__.py").exists():
            continue
        own = f"partie.games.{game.name}"
        for path in game.rglob("*.py"):
            for name in imported(path):
                ok = name == "partie" or name.startswith(("partie.core", own))
                assert ok, f"{path.relative_to(SRC)} imports {name}"
