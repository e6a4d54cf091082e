"""Lighthouse's scores of the browser client: a developer's check, not part of partie.

Usage: python bench/lighthouse.py

Starts ``partie serve`` on a free port with a temporary SQLite file, makes one table of
each game (one seat left for a newcomer, one bot), and runs Lighthouse 12.2.3 from npm
(``npx --yes lighthouse@12.2.3``; Node 20 is enough) against Debian's Chromium on the
lobby and the three table pages, as a newcomer opening the link sees them, with
Lighthouse's default phone profile (a slow phone and network simulated). Prints one JSON
object: ``{page: {accessibility, best_practices, performance}}``, scores 0-100. Node.js is
needed for this script only: installing or running partie never needs it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))

from browsing import CHROMIUM, Server, create_table

LIGHTHOUSE = ["npx", "--yes", "lighthouse@12.2.3"]
TABLES = {
    "the-game": {"options": {"players": 2}, "seats": [{}, {"bot": "greedy"}]},
    "tennis-mots": {"options": {"players": 2}, "seats": [{}, {"bot": "greedy"}]},
    "tennis-quizz": {"options": {"players": 2}, "seats": [{}, {"bot": "quiz"}]},
}
CATEGORIES = {
    "accessibility": "accessibility",
    "best-practices": "best_practices",
    "performance": "performance",
}


def scores(url: str) -> dict[str, int]:
    """One Lighthouse run on ``url``: its three scores, 0-100."""
    cmd = [
        *LIGHTHOUSE,
        url,
        "--output=json",
        "--output-path=stdout",
        "--quiet",
        "--only-categories=" + ",".join(CATEGORIES),
        "--chrome-flags=--headless --no-sandbox",
    ]
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True)
    report = json.loads(done.stdout)
    return {
        CATEGORIES[key]: round(100 * (report["categories"][key]["score"] or 0))
        for key in CATEGORIES
    }


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(db=Path(tmp) / "lighthouse.sqlite3")
        server.start()
        try:
            pages = {"lobby": server.url + "/"}
            for game, body in TABLES.items():
                code = create_table(server.url, {"game": game, **body})["code"]
                pages[game] = f"{server.url}/t/{code}"
            out = {name: scores(url) for name, url in pages.items()}
        finally:
            server.stop()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
