#!/usr/bin/env python3
"""Mutation testing: change one operator or constant of a module at a time, run the
tests that cover it, and count the changes the tests notice ("killed").

A surviving mutant is a bug the suite would let through. Prints one JSON object per
module: ``mutants``, ``killed``, ``survived``, ``timeout``, ``equivalent`` (listed by
hand, with a reason, in ``bench/mutation_equivalent.toml``), ``score`` and the
survivors with their line and change.

Usage (from the repository root)::

    python bench/mutation.py                     # every module of bench/mutation.toml
    python bench/mutation.py src/partie/core/tennis.py --jobs 2
    python bench/mutation.py src/partie/core/tennis.py --list   # the mutants, not run

Each mutant runs in a copy of ``src/`` and ``docs/`` (so the working tree is never
touched), in a child forked from this process after pytest and the heavy libraries are
imported (but never ``partie``), with the copy first on ``sys.path`` and byte-code
caching off, stopping at the first failing test. A mutant that runs longer than three
times the unmutated run (plus ten seconds) counts as a timeout, which is a kill: a
change that makes the code loop forever is noticed by any test with a time limit.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "bench" / "mutation.toml"
EQUIVALENT = ROOT / "bench" / "mutation_equivalent.toml"

_COMPARE_SWAPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
_BINOP_SWAPS: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.FloorDiv,
    ast.Div: ast.Mult,
    ast.FloorDiv: ast.Mult,
    ast.Mod: ast.FloorDiv,
    ast.BitAnd: ast.BitOr,
    ast.BitOr: ast.BitAnd,
    ast.LShift: ast.RShift,
    ast.RShift: ast.LShift,
}
_SYMBOLS = {
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.In: "in",
    ast.NotIn: "not in",
    ast.Is: "is",
    ast.IsNot: "is not",
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.Div: "/",
    ast.FloorDiv: "//",
    ast.Mod: "%",
    ast.BitAnd: "&",
    ast.BitOr: "|",
    ast.LShift: "<<",
    ast.RShift: ">>",
    ast.And: "and",
    ast.Or: "or",
}
#: Strings longer than this are messages, not values: changing them says little.
MAX_STRING = 40


@dataclass(frozen=True)
class Mutant:
    """One change: the ``index``-th mutation point of the module, at ``line``."""

    index: int
    line: int
    change: str


def _docstring_ids(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def _skipped_ids(tree: ast.AST) -> set[int]:
    """Nodes never mutated: docstrings, type annotations, and messages (the pieces of an
    f-string, the positional arguments of an error raised): changing a sentence's words
    says nothing of the logic, while an error's ``code=`` keyword is still mutated."""
    skipped = _docstring_ids(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            skipped.update(id(n) for n in ast.walk(node.value))
        if isinstance(node, ast.JoinedStr):
            skipped.update(id(v) for v in node.values if isinstance(v, ast.Constant))
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            for arg in node.exc.args:
                skipped.update(
                    id(n) for n in ast.walk(arg) if isinstance(n, ast.Constant | ast.JoinedStr)
                )
        annotations: list[ast.AST] = []
        if isinstance(node, ast.AnnAssign) or (
            isinstance(node, ast.arg) and node.annotation is not None
        ):
            annotations.append(node.annotation)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.returns:
            annotations.append(node.returns)
        for annotation in annotations:
            skipped.update(id(n) for n in ast.walk(annotation))
    return skipped


class _Mutator(ast.NodeTransformer):
    """Walks the tree in a fixed order; numbers every mutation point and applies the
    ``target``-th one (or none, to only count and describe them)."""

    def __init__(self, skipped: set[int], target: int | None = None) -> None:
        self.skipped = skipped
        self.target = target
        self.points: list[Mutant] = []

    def _point(self, node: ast.AST, change: str) -> bool:
        index = len(self.points)
        self.points.append(Mutant(index, getattr(node, "lineno", 0), change))
        return index == self.target

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.generic_visit(node)
        for i, op in enumerate(node.ops):
            swap = _COMPARE_SWAPS.get(type(op))
            if swap and self._point(node, f"{_SYMBOLS[type(op)]} → {_SYMBOLS[swap]}"):
                node.ops[i] = swap()
        return node

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        swap = _BINOP_SWAPS.get(type(node.op))
        if (
            swap
            and not (isinstance(node.left, ast.Constant) and isinstance(node.left.value, str))
            and self._point(node, f"{_SYMBOLS[type(node.op)]} → {_SYMBOLS[swap]}")
        ):
            node.op = swap()
        return node

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.AST:
        self.generic_visit(node)
        swap = _BINOP_SWAPS.get(type(node.op))
        if swap and self._point(node, f"{_SYMBOLS[type(node.op)]}= → {_SYMBOLS[swap]}="):
            node.op = swap()
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        self.generic_visit(node)
        swap = ast.Or if isinstance(node.op, ast.And) else ast.And
        if self._point(node, f"{_SYMBOLS[type(node.op)]} → {_SYMBOLS[swap]}"):
            node.op = swap()
        return node

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.op, ast.Not) and self._point(node, "not x → x"):
            return node.operand
        if isinstance(node.op, ast.USub) and self._point(node, "-x → x"):
            return node.operand
        return node

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        if id(node) in self.skipped:
            return node
        value = node.value
        if isinstance(value, bool):
            if self._point(node, f"{value} → {not value}"):
                return ast.copy_location(ast.Constant(not value), node)
        elif isinstance(value, int | float):
            if self._point(node, f"{value} → {value + 1}"):
                return ast.copy_location(ast.Constant(value + 1), node)
        elif (
            isinstance(value, str)
            and 0 < len(value) <= MAX_STRING
            and self._point(node, f"{value!r} → {'XX' + value!r}")
        ):
            return ast.copy_location(ast.Constant("XX" + value), node)
        return node

    def visit_Return(self, node: ast.Return) -> ast.AST:
        self.generic_visit(node)
        value = node.value
        if (
            value is not None
            and not (isinstance(value, ast.Constant) and value.value is None)
            and self._point(node, "return x → return None")
        ):
            node.value = None
        return node

    # Annotations, decorators' arguments and ``__all__`` are not behaviour.
    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST:
        if node.value is not None:
            node.value = self.visit(node.value)
        return node


def mutants_of(source: str) -> list[Mutant]:
    tree = ast.parse(source)
    mutator = _Mutator(_skipped_ids(tree))
    mutator.visit(tree)
    return mutator.points


def mutated_source(source: str, index: int) -> str:
    tree = ast.parse(source)
    mutator = _Mutator(_skipped_ids(tree), target=index)
    mutator.visit(tree)
    ast.fix_missing_locations(tree)
    return ast.unparse(tree)


def load_equivalent(module: str) -> dict[tuple[int, str], str]:
    """Mutants declared equivalent by hand: (line, change) → reason."""
    if not EQUIVALENT.exists():
        return {}
    data = tomllib.loads(EQUIVALENT.read_text(encoding="utf-8"))
    return {
        (int(e["line"]), str(e["change"])): str(e["reason"])
        for e in data.get("equivalent", [])
        if e["module"] == module
    }


def _workspace(tmp: Path, n: int) -> Path:
    """A copy of ``src/``, and of ``docs/`` beside it: some tests compare a page of the
    documentation with what the source generates (the refusal codes' table)."""
    copy = tmp / f"w{n}"
    shutil.copytree(ROOT / "src", copy / "src", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "docs", copy / "docs", ignore=shutil.ignore_patterns("img"))
    return copy


def _warm_imports() -> None:
    """Import pytest and the heavy libraries once, before forking: each mutant's run
    then starts in a few milliseconds instead of paying the interpreter's start and
    these imports again. ``partie`` itself is never imported here, so every child
    imports the mutated copy."""
    import hypothesis  # noqa: F401
    import numpy  # noqa: F401
    import pydantic  # noqa: F401
    import pytest  # noqa: F401

    for name in ("xdist.plugin", "hypothesis.extra.pytestplugin", "click", "rich"):
        with contextlib.suppress(ImportError):
            __import__(name)
    if any(m == "partie" or m.startswith("partie.") for m in sys.modules):
        raise SystemExit("mutation: partie was imported before forking")


def _fork_tests(workspace: Path, tests: list[str]) -> int:
    """Run the tests in a forked child that imports ``partie`` from ``workspace``."""
    pid = os.fork()
    if pid:
        return pid
    try:  # the child
        import pytest

        os.chdir(ROOT)
        sys.path.insert(0, str(workspace / "src"))
        sys.dont_write_bytecode = True
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        code = pytest.main(["-x", "-q", "-p", "no:cacheprovider", "-o", "addopts=", *tests])
        os._exit(int(code))
    except BaseException:
        os._exit(3)


def _check_isolation(workspace: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(workspace / "src"), PYTHONDONTWRITEBYTECODE="1")
    found = subprocess.run(
        [sys.executable, "-c", "import partie; print(partie.__file__)"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    if not found.startswith(str(workspace)):
        raise SystemExit(f"mutation: the copy is not imported first ({found})")


def _wait(pid: int, deadline: float) -> str:
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return "survived" if os.waitstatus_to_exitcode(status) == 0 else "killed"
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return "timeout"
        time.sleep(0.01)


def run_module(module: str, tests: list[str], jobs: int) -> dict[str, object]:
    path = ROOT / module
    source = path.read_text(encoding="utf-8")
    mutants = mutants_of(source)
    equivalent = load_equivalent(module)
    relative = path.relative_to(ROOT / "src")
    results: dict[int, str] = {}
    with tempfile.TemporaryDirectory(prefix="partie-mutation-") as tmp:
        spaces = [_workspace(Path(tmp), n) for n in range(jobs)]
        _check_isolation(spaces[0])
        _warm_imports()
        start = time.monotonic()
        if _wait(_fork_tests(spaces[0], tests), start + 600) != "survived":
            raise SystemExit(f"mutation: the tests of {module} fail before any change")
        baseline = time.monotonic() - start
        timeout = 3 * baseline + 10
        todo = [m for m in mutants if (m.line, m.change) not in equivalent]
        free = list(spaces)
        running: dict[int, tuple[Mutant, Path, float]] = {}
        while todo or running:
            while todo and free:
                mutant, space = todo.pop(0), free.pop()
                (space / "src" / relative).write_text(
                    mutated_source(source, mutant.index), encoding="utf-8"
                )
                pid = _fork_tests(space, tests)
                running[pid] = (mutant, space, time.monotonic() + timeout)
            for pid, (mutant, space, deadline) in list(running.items()):
                done, status = os.waitpid(pid, os.WNOHANG)
                if done:
                    code = os.waitstatus_to_exitcode(status)
                    results[mutant.index] = "survived" if code == 0 else "killed"
                elif time.monotonic() > deadline:
                    os.kill(pid, signal.SIGKILL)
                    os.waitpid(pid, 0)
                    results[mutant.index] = "timeout"
                else:
                    continue
                del running[pid]
                (space / "src" / relative).write_text(source, encoding="utf-8")
                free.append(space)
            time.sleep(0.005)
    killed = sum(1 for o in results.values() if o == "killed")
    timeouts = sum(1 for o in results.values() if o == "timeout")
    survivors = [m for m in mutants if results.get(m.index) == "survived"]
    counted = len(results)
    return {
        "module": module,
        "tests": tests,
        "mutants": len(mutants),
        "equivalent": len(mutants) - counted,
        "killed": killed,
        "timeout": timeouts,
        "survived": len(survivors),
        "score": round((killed + timeouts) / counted, 4) if counted else None,
        "seconds_per_run": round(baseline, 2),
        "survivors": [{"line": m.line, "change": m.change} for m in survivors],
    }


def _configured() -> dict[str, list[str]]:
    data = tomllib.loads(CONFIG.read_text(encoding="utf-8"))
    return {name: list(entry["tests"]) for name, entry in data["modules"].items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help="module paths (default: bench/mutation.toml)")
    parser.add_argument("--tests", nargs="*", help="test paths (default: from the config)")
    parser.add_argument("--jobs", type=int, default=1, help="mutants run at once")
    parser.add_argument("--list", action="store_true", help="print the mutants, run nothing")
    args = parser.parse_args(argv)
    config = _configured()
    modules = args.modules or list(config)
    for module in modules:
        if args.list:
            source = (ROOT / module).read_text(encoding="utf-8")
            for m in mutants_of(source):
                print(json.dumps({"module": module, "line": m.line, "change": m.change}))
            continue
        tests = args.tests or config.get(module)
        if not tests:
            parser.error(f"no tests named for {module}: add it to {CONFIG.name} or use --tests")
        print(json.dumps(run_module(module, tests, max(1, args.jobs)), ensure_ascii=False))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
