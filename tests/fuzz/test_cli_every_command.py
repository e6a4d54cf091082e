"""Random option values and files fed to every subcommand: each run works (exit 0) or is
refused (exit 2) in one line, never a traceback, and no file changes but the output the
command was given. In-process through ``run_cli``; a fixed, small number of examples
per subcommand so that CI stays quick (derandomised: a failure replays).

The values are hostile on purpose (NaN, 10^30, ``²``, ``/dev/zero``, a FIFO, a folder,
the file being read, an existing file without ``--force``) but never a valid request
for hours of work: counts that pass are small.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from partie.cli import cli
from partie.cli.common import run_cli
from quizz_decks import deck_toml

EXAMPLES = settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

#: Paths of the sandbox: ``{name}`` in a value becomes a path inside it.
FILES = ("{deck}", "{words}", "{record}", "{victim}", "{fifo}", "{folder}", "{new}", "/dev/zero")
NUMBERS = ("-1", "0", "1", "2", "nan", "inf", "-inf", "1e400", "9" * 30, "²", "0x10", "", " 1")
TEXTS = ("", " ", "\udcff", "x" * 300, "é", "-h", "--", "a\nb", "mc:", "greedy", "random")
value = st.sampled_from(FILES + NUMBERS + TEXTS)
small = st.sampled_from(("1", "2", "0", "-1", "nan", "9" * 30, "²", ""))
games = st.sampled_from(("the-game", "tennis-mots", "tennis-quizz", "chess", ""))


@contextlib.contextmanager
def sandbox() -> Iterator[dict[str, str]]:
    """A fresh folder with the files a command may be pointed at."""
    with tempfile.TemporaryDirectory(prefix="partie-every-") as name:
        root = Path(name)
        (root / "deck.toml").write_text(deck_toml(2, "fuzz"), encoding="utf-8")
        words = "".join(f"{c}A\n{c}ES\n" for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        (root / "words.txt").write_text(words, encoding="utf-8")
        (root / "victim.txt").write_text("precious\n", encoding="utf-8")
        (root / "folder").mkdir()
        os.mkfifo(root / "fifo")
        (root / "records").mkdir()
        code, _out, err = run(
            ["play", "the-game", "--players", "1", "--bots", "1", "--bot", "greedy", "--seed", "1",
             "--record", str(root / "record.json")]
        )  # fmt: skip
        assert code == 0, err
        yield {
            "deck": str(root / "deck.toml"),
            "words": str(root / "words.txt"),
            "record": str(root / "record.json"),
            "victim": str(root / "victim.txt"),
            "fifo": str(root / "fifo"),
            "folder": str(root / "folder"),
            "new": str(root / "new.out"),
            "root": str(root),
        }


def snapshot(root: Path) -> dict[str, str]:
    """Every entry under ``root`` with a digest of its content (a FIFO is not read)."""
    out = {}
    for path in sorted(root.rglob("*")):
        if path.is_fifo() or path.is_dir():
            out[str(path)] = "fifo" if path.is_fifo() else "dir"
        else:
            out[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def run(argv: list[str], stdin: str = "quit\n") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = run_cli(cli, argv)
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


def fill(argv: list[str], paths: dict[str, str]) -> list[str]:
    return [arg.format(**paths) if "{" in arg and "}" in arg else arg for arg in argv]


def allowed_outputs(
    args: list[str], flags: tuple[str, ...], before: dict[str, str], root: Path
) -> set[str]:
    """The paths a successful run may write: the value of an output flag, an existing
    file only with ``--force``, and never a file the command also reads."""
    allowed = set()
    for i, arg in enumerate(args[:-1]):
        if arg in flags:
            target = str(root / args[i + 1])  # a relative path is in the sandbox
            others = {str(root / a) for j, a in enumerate(args) if j != i + 1}
            if target in before and "--force" not in args:
                continue
            if target not in others:
                allowed.add(target)
    return allowed


def check(argv: list[str], outputs: tuple[str, ...] = ()) -> None:
    """Run ``argv`` in a sandbox: exit 0 or 2, one line when 2, no traceback, and only
    the named output (or the records folder) changed, and only on success."""
    with sandbox() as paths:
        root = Path(paths["root"])
        args = fill(argv, paths)
        before = snapshot(root)
        env = {"PARTIE_RECORDS": str(root / "records"), "PARTIE_LANG": "en", "COLUMNS": "100"}
        saved = {k: os.environ.get(k) for k in env}
        os.environ.update(env)
        here = os.getcwd()
        os.chdir(root)  # a relative output ("--record nan") lands in the sandbox
        try:
            code, _out, err = run(args)
        finally:
            os.chdir(here)
            for key, old in saved.items():
                if old is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = old
        assert "Traceback" not in err, err
        assert code in (0, 2), (args, code, err)
        if code == 2:  # one line, or a report on stdout (``deck check`` lists every error)
            assert len(err.strip().splitlines()) == 1 or (not err and _out), (args, err)
        after = snapshot(root)
        allowed = allowed_outputs(args, outputs, before, root) if code == 0 else set()
        allowed_prefix = str(root / "records") if code == 0 else None
        changed = {key for key in before.keys() | after.keys() if before.get(key) != after.get(key)}
        unexpected = {
            key
            for key in changed
            if key not in allowed
            and not (allowed_prefix and key.startswith(allowed_prefix))
            and not any(key.startswith(a + os.sep) for a in allowed)
        }
        assert not unexpected, (args, code, err, unexpected)


def opt(flag: str, strategy: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    """``[flag, value]`` or nothing."""
    return st.one_of(st.just([]), strategy.map(lambda v: [flag, v]))


def command(head: list[str], *parts: st.SearchStrategy[list[str]]) -> st.SearchStrategy:
    return st.tuples(*parts).map(lambda chosen: head + [a for part in chosen for a in part])


COMMANDS: dict[str, tuple[st.SearchStrategy[list[str]], tuple[str, ...]]] = {
    "play the-game": (
        command(
            ["play", "the-game", "--bots", "1", "--players", "1"],
            opt("--bot", st.sampled_from(("greedy", "random", "mc:", "x" * 200, ""))),
            opt("--seed", value),
            opt("--record", value),
            st.sampled_from(([], ["--force"])),
        ),
        ("--record",),
    ),
    "play tennis-mots": (
        command(
            ["play", "tennis-mots", "--bots", "2", "--bot", "simple"],
            opt("--lexicon", value),
            opt("--deck", value),
            opt("--serve-weight", small),
            opt("--seed", value),
            opt("--record", value),
            st.sampled_from(([], ["--force"])),
        ),
        ("--record",),
    ),
    "play tennis-quizz": (
        command(
            ["play", "tennis-quizz"],
            opt("--deck", value),
            opt("--players", small),
            opt("--vs", value),
            opt("--record", value),
        ),
        ("--record",),
    ),
    "simulate": (
        command(
            ["simulate"],
            games.map(lambda g: [g]),
            opt("--games", small),
            opt("--workers", st.sampled_from(("1", "0", "99999", "9" * 30, "nan"))),
            opt("--seed", value),
            opt("--bot", st.sampled_from(("greedy", "random", "mc:", "")).map(str)),
            opt(
                "-o",
                st.sampled_from(
                    (
                        "lexicon={fifo}",
                        "deck=/dev/zero",
                        "players=1e400",
                        "lexicon={words}",
                        "x",
                        "players=2",
                    )
                ),
            ),
            opt("--deals", value),
            opt("--report", value),
            opt("--players", small),
        ),
        ("--report",),
    ),
    "replay": (
        command(
            ["replay"],
            value.map(lambda v: [v]),
            st.sampled_from(([], ["-q"], ["--board"])),
        ),
        (),
    ),
    "analyze": (
        command(
            ["analyze", "the-game", "--budget", "20"],
            opt("--games", small),
            opt("--workers", st.sampled_from(("1", "0", "3", "9" * 30))),
            opt("--beam", small),
            opt("--budget", small),
            opt("--deals", value),
            opt("--seed", value),
        ),
        (),
    ),
    "lexicon check": (
        command(
            ["lexicon", "check"],
            value.map(lambda v: [v]),
            opt("--lexicon", value),
            st.sampled_from(([], ["--json"])),
        ),
        (),
    ),
    "deck": (
        st.one_of(
            command(["deck", "check"], value.map(lambda v: [v])),
            command(
                ["deck", "export"],
                value.map(lambda v: [v]),
                st.just(["--to", "csv"]),
                opt("--out", value),
                st.sampled_from(([], ["--force"])),
            ),
            command(
                ["deck", "import"],
                value.map(lambda v: [v]),
                opt("--out", value),
                opt("--title", value),
                st.sampled_from(([], ["--force"])),
            ),
            command(
                ["deck", "print"],
                value.map(lambda v: [v]),
                st.just(["--out"]),
                value.map(lambda v: [v + ".html" if v.startswith("{new") else v]),
                st.sampled_from(([], ["--force"])),
            ),
        ),
        ("--out",),
    ),
    "print": (
        command(
            ["print"],
            st.sampled_from(("the-game", "{deck}", "{fifo}", "/dev/zero", "")).map(lambda v: [v]),
            st.just(["--out"]),
            value.map(lambda v: [v]),
            st.sampled_from(([], ["--force"])),
            st.just(["--no-rules"]),
        ),
        ("--out",),
    ),
    "odds": (
        command(
            ["odds", "tennis-quizz"],
            opt("--p", value),
            opt("--q", value),
            opt("--sets-to-win", small),
        ),
        (),
    ),
    "rules": (
        command(
            ["rules"], games.map(lambda g: [g]), opt("--lang", value), value.map(lambda v: [v])
        ),
        (),
    ),
    "games": (
        command(["games"], st.sampled_from(([], ["--json"])), value.map(lambda v: [v])),
        (),
    ),
    "serve": (
        # One option is always refused (a valid set would start serving).
        command(
            ["serve", "--port", "0"],
            st.sampled_from(
                (
                    ["--host", ""],
                    ["--bot-pause", "nan"],
                    ["--idle-minutes", "-1"],
                    ["--db", "sqlite:///{folder}/missing/x.db"],
                    ["--port", "99999"],
                )
            ),
            opt("--db", value.map(lambda v: "sqlite:///" + v)),
            opt("--bot-pause", value),
            opt("--idle-minutes", value),
        ),
        (),
    ),
}


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_subcommand_exits_0_or_2_and_changes_only_its_output(name: str) -> None:
    strategy, outputs = COMMANDS[name]

    @EXAMPLES
    @given(argv=strategy)
    def each(argv: list[str]) -> None:
        check(argv, outputs)

    each()


def test_the_list_covers_every_subcommand() -> None:
    covered = {name.split()[0] for name in COMMANDS}
    assert covered == set(cli.commands)
