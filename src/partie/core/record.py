"""Game records: (game id, options, seed, actions, result) as JSON.

A record is the save format, the replay and the bug report at once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from partie.core.errors import BadRecord, PartieError
from partie.core.game import State
from partie.core.options import options_to_json
from partie.core.registry import get_game

FORMAT = "partie-record/1"


@dataclass
class Record:
    game: str
    options: dict[str, Any]
    seed: int
    actions: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    players: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, state: State, players: list[str] | None = None) -> Record:
        """The record of a state played so far."""
        result = state.result
        return cls(
            game=state.game.id,
            options=options_to_json(state.options),
            seed=state.seed,
            actions=[(seat, action.to_json()) for seat, action in state.history],
            result=result.to_json() if result is not None else None,
            players=list(players or []),
        )

    def dump(self) -> str:
        data = {
            "format": FORMAT,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "players": self.players,
            "actions": [[seat, action] for seat, action in self.actions],
            "result": self.result,
        }
        return json.dumps(data, ensure_ascii=False, indent=1)

    @classmethod
    def load(cls, text: str) -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise BadRecord(
                f"enregistrement illisible : JSON invalide ({exc.msg}, ligne {exc.lineno})",
                f"unreadable record: invalid JSON ({exc.msg}, line {exc.lineno})",
            ) from None
        try:
            if not isinstance(data, dict):
                raise TypeError
            if data.get("format", FORMAT) != FORMAT:
                raise BadRecord(
                    f"format d'enregistrement inconnu : {data.get('format')!r}",
                    f"unknown record format: {data.get('format')!r}",
                )
            return cls(
                game=str(data["game"]),
                options=dict(data.get("options") or {}),
                seed=int(data["seed"]),
                actions=[(int(seat), dict(action)) for seat, action in data["actions"]],
                result=data.get("result"),
                players=list(data.get("players") or []),
            )
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, PartieError):
                raise
            raise BadRecord(
                "enregistrement incomplet : il faut game, seed et actions",
                "incomplete record: game, seed and actions are required",
            ) from None

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.dump() + "\n", encoding="utf-8")
        return path

    @classmethod
    def read(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise BadRecord(
                f"impossible de lire {path} : {exc.strerror}",
                f"cannot read {path}: {exc.strerror}",
            ) from None
        return cls.load(text)


def replay(record: Record, *, on_action: Any = None) -> State:
    """Replay ``record`` from its seed; ``on_action(state, seat, action)`` is called
    before each action. Raises ``BadRecord`` when an action is refused or the final
    result differs from the recorded one."""
    game = get_game(record.game)
    state = game.setup(game.parse_options(record.options), record.seed)
    for index, (seat, data) in enumerate(record.actions, start=1):
        try:
            action = game.action_from_json(data)
            if on_action is not None:
                on_action(state, seat, action)
            state.apply(seat, action)
        except PartieError as exc:
            raise BadRecord(
                f"coup {index} refusé au rejeu : {exc.fr}",
                f"move {index} refused on replay: {exc.en}",
            ) from None
    if record.result is not None:
        got = state.result
        if got is None or json.loads(json.dumps(got.to_json())) != record.result:
            raise BadRecord(
                "le rejeu ne retrouve pas le résultat enregistré",
                "the replay does not reach the recorded result",
            )
    return state
