"""How long an uploaded deck of about 1 MiB takes to check, as the server checks it.

``python bench/deck_check.py`` prints one JSON object: seconds (best of 3) for a valid
deck just under 1 MiB (5,950 questions) and for one of the same size with a problem on
every question (each problem placed on its line).
"""

from __future__ import annotations

import json
import time

from partie.games.tennis_quizz.uploads import MAX_DECK_BYTES, read_upload


def deck(cards: int, *, source: bool) -> bytes:
    parts = ['[deck]\nid = "gros"\ntitle = "Gros paquet"\nlanguage = "fr"\n']
    for c in range(cards):
        parts.append(f'\n[[cards]]\nid = "c{c}"\n')
        for n in range(7):
            parts.append(
                f'\n[[cards.questions]]\ntext = "Question {c} {n} sur le sujet {c * 7 + n} ?"\n'
                f'answer = "Réponse {c} {n}"\nwrong = ["Faux {c} {n} a", "Faux {c} {n} b"]\n'
                f"difficulty = {1 + n % 3}\n" + (f'source = "Source {c}"\n' if source else "")
            )
    return "".join(parts).encode()


def best_of(data: bytes, runs: int = 3) -> tuple[float, bool, int]:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        upload = read_upload("gros.toml", data)
        times.append(time.perf_counter() - started)
    return round(min(times), 3), upload.ok, len(upload.errors)


def main() -> None:
    valid = deck(850, source=True)
    broken = deck(950, source=False)
    assert len(valid) < MAX_DECK_BYTES and len(broken) < MAX_DECK_BYTES
    ok_seconds, ok, _ = best_of(valid)
    bad_seconds, _, problems = best_of(broken)
    print(
        json.dumps(
            {
                "valid_bytes": len(valid),
                "valid_seconds": ok_seconds,
                "valid_ok": ok,
                "broken_bytes": len(broken),
                "broken_problems": problems,
                "broken_seconds": bad_seconds,
            }
        )
    )


if __name__ == "__main__":
    main()
