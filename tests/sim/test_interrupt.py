"""A two-worker simulation stops on the first Ctrl-C and leaves no process behind; its
workers exit by themselves when the main process is killed. Real processes and real
signals; every wait polls against a deadline."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from partie.core.errors import BadOptions
from partie.sim.runner import check_workers, max_workers

SLOW = ["simulate", "the-game", "--games", "100000", "--workers", "2", "--bot", "mc:50", "--json"]


def running(pid: int) -> bool:
    """Alive and not a zombie."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.split(")")[-1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def wait_for(check, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return check()


def start(args: list[str] = SLOW) -> tuple[subprocess.Popen[str], list[int]]:
    process = subprocess.Popen(
        [sys.executable, "-m", "partie", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        env={**os.environ, "PARTIE_LANG": "en"},
    )
    assert wait_for(lambda: len(children(process.pid)) >= 2, 60), "workers never started"
    return process, children(process.pid)


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_first_ctrl_c_stops_a_two_worker_run_at_once() -> None:
    process, workers = start()
    os.killpg(process.pid, signal.SIGINT)  # what a terminal sends on Ctrl-C
    sent = time.monotonic()
    _out, err = process.communicate(timeout=30)
    took = time.monotonic() - sent
    assert process.returncode == 130, err
    # "At once": the run asked for hours of work; 10 s leaves room for a loaded machine.
    assert took < 10, took
    assert "interrupted" in err and "Traceback" not in err
    assert wait_for(lambda: not any(running(w) for w in workers), 3)


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_ctrl_c_prints_what_was_done_of_a_billion_games() -> None:
    args = ["simulate", "the-game", "--games", "1000000000", "--workers", "2"]
    process, workers = start([*args, "--json", "--per-deal"])
    assert process.stdout is not None
    first = json.loads(process.stdout.readline())  # a chunk is done: lines stream
    assert first["deal"] == 0
    os.killpg(process.pid, signal.SIGINT)
    out = process.stdout.read()  # not communicate(): it would skip what readline buffered
    err = process.stderr.read() if process.stderr else ""
    assert process.wait(timeout=30) == 130, err
    summary = json.loads(out.strip().splitlines()[-1])
    lines = out.strip().splitlines()[:-1]
    assert summary["games"] == len(lines) + 1 >= 2
    assert f"interrupted: {summary['games']} games played" in err
    assert wait_for(lambda: not any(running(w) for w in workers), 3)


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_workers_exit_when_the_main_process_is_killed() -> None:
    process, workers = start()
    process.kill()
    process.wait(timeout=10)
    assert wait_for(lambda: not any(running(w) for w in workers), 3)


def test_workers_are_capped_at_the_cores() -> None:
    cores = max_workers()
    assert check_workers(None) == cores
    assert check_workers(cores) == cores
    with pytest.raises(BadOptions, match="--force"):
        check_workers(cores + 1)
    assert check_workers(cores + 1, force=True) == cores + 1
