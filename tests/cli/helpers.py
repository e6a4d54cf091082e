"""Run the real ``partie`` command in a subprocess, as a user would."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def partie(
    *args: str,
    stdin: str = "",
    env: dict[str, str] | None = None,
    cwd: Path | None = None,
    timeout: float = 300,
) -> subprocess.CompletedProcess[str]:
    full_env = {**os.environ, "PARTIE_LANG": "fr", "COLUMNS": "100", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "partie", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=full_env,
        cwd=cwd,
        timeout=timeout,
    )


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    """Assert a user's mistake gave exit 2 and a single line, no traceback; return it."""
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]
