"""The modules of Tennis de mots import each other without cycles (one module, one
job: a cycle means two modules share one)."""

from __future__ import annotations

import ast
from pathlib import Path

import partie.games.tennis_mots as package

PACKAGE = "partie.games.tennis_mots"


def imports_of(path: Path) -> set[str]:
    """Every module of the package this file imports, at the top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(PACKAGE):
            if node.module == PACKAGE:
                found |= {f"{PACKAGE}.{alias.name}" for alias in node.names}
            else:
                found.add(node.module)
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith(PACKAGE + ".")}
    return found


def test_no_import_cycle() -> None:
    root = Path(package.__file__).parent
    graph = {
        f"{PACKAGE}.{path.stem}": imports_of(path)
        for path in root.glob("*.py")
        if path.stem != "__init__"
    }
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            cycle = [*path[path.index(module) :], module]
            raise AssertionError("import cycle: " + " → ".join(cycle))
        if module in done or module not in graph:
            return
        for other in sorted(graph[module]):
            visit(other, [*path, module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])
    assert f"{PACKAGE}.bot_specs" in graph
