"""Game records: (game id, options, seed, actions, result) as JSON.

A record is the save format, the replay and the bug report at once.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field
from pydantic import Strict as StrictType

from partie.core.errors import BadRecord, PartieError
from partie.core.files import read_bounded, write_atomic
from partie.core.game import State
from partie.core.inputs import RECORD_LIMITS, Seat, Seed, Strict, parse_json, validate
from partie.core.options import MAX_OPTION_TEXT, options_to_json
from partie.core.registry import get_game

FORMAT = "partie-record/1"
WHAT = "record"
MAX_ACTIONS = 100_000
"""More moves than any real game makes (a long Tennis de mots match has a few thousand)."""

LIMITS = dataclasses.replace(RECORD_LIMITS, max_string=MAX_OPTION_TEXT)
"""A record's texts may be as long as an option's: an inline deck is up to 1 MiB."""

Name = Annotated[str, Field(max_length=200)]
StrictSeat = Annotated[Seat, StrictType()]
# JSON has no tuples: a [seat, action] pair arrives as a list, its items stay strict.
Move = Annotated[tuple[StrictSeat, dict[str, Any]], Field(strict=False)]


class RecordModel(Strict):
    """The shape of a record file, checked before any game is set up."""

    format: Literal["partie-record/1"] = FORMAT
    game: Annotated[str, Field(max_length=40)]
    options: dict[str, Any] = Field(default_factory=dict)
    seed: Seed
    players: Annotated[list[Name], Field(max_length=64)] = Field(default_factory=list)
    actions: Annotated[list[Move], Field(max_length=MAX_ACTIONS)]
    result: dict[str, Any] | None = None


def _canonical(data: Any) -> str:
    """JSON text that tells ``1`` from ``1.0``, ``true`` and ``"1"``; keys sorted."""
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


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
    def load(cls, text: str | bytes) -> Record:
        """A record from untrusted JSON: bounded, strictly typed (``"seed": 7.9``, ``"7"``
        or ``-7`` is not the seed 7), every action read back by its game exactly as it
        was written (no extra key, ``"choice": 1`` is not ``"A"``), every seat at the
        table, and options that name no file. Raises ``BadRecord``."""
        try:
            data = parse_json(text, what=WHAT, limits=LIMITS)
            model = validate(RecordModel, data, what=WHAT)
            game = get_game(model.game)
            options = game.parse_options(model.options, trusted=False)
        except PartieError as exc:
            raise BadRecord(exc.fr, exc.en) from None
        players = getattr(options, "players", None)
        actions: list[tuple[int, dict[str, Any]]] = []
        for index, (seat, action) in enumerate(model.actions, start=1):
            where_fr, where_en = f"{WHAT} : coup {index}", f"{WHAT}: move {index}"
            if players is not None and seat >= players:
                raise BadRecord(
                    f"{where_fr} : pas de place {seat} à {players} joueurs",
                    f"{where_en}: no seat {seat} with {players} players",
                )
            try:
                parsed = game.action_from_json(action)
            except PartieError as exc:
                raise BadRecord(f"{where_fr} : {exc.fr}", f"{where_en}: {exc.en}") from None
            if _canonical(parsed.to_json()) != _canonical(action):
                raise BadRecord(
                    f"{where_fr} : coup mal écrit (clé en trop ou valeur d'un autre type)",
                    f"{where_en}: badly written move (an extra key or a value of another type)",
                )
            actions.append((seat, dict(action)))
        return cls(
            game=model.game,
            options=dict(model.options),
            seed=model.seed,
            actions=actions,
            result=dict(model.result) if model.result is not None else None,
            players=list(model.players),
        )

    def save(self, path: str | Path, *, force: bool = True) -> Path:
        """Write the record atomically at ``path`` (its folder must exist)."""
        return write_atomic(path, self.dump() + "\n", force=force)

    @classmethod
    def read(cls, path: str | Path) -> Record:
        try:
            data = read_bounded(path, RECORD_LIMITS.max_bytes, what=WHAT)
        except PartieError as exc:
            raise BadRecord(exc.fr, exc.en) from None
        return cls.load(data)


def replay(record: Record, *, on_action: Any = None) -> State:
    """Replay ``record`` from its seed; ``on_action(state, seat, action)`` is called
    before each action. Raises ``BadRecord`` when an action is refused, the final
    result differs from the recorded one, or the game ends and the record has none."""
    game = get_game(record.game)
    state = game.setup(game.parse_options(record.options, trusted=False), record.seed)
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
    if record.result is None and state.result is not None:
        # A finished game's record always carries its result: one without it cannot be
        # checked, so it must not pass for an identical replay.
        raise BadRecord(
            "le rejeu finit la partie mais l'enregistrement n'a pas de résultat à comparer",
            "the replay ends the game but the record holds no result to compare",
        )
    if record.result is not None:
        got = state.result
        if got is None or json.loads(json.dumps(got.to_json())) != record.result:
            raise BadRecord(
                "le rejeu ne retrouve pas le résultat enregistré",
                "the replay does not reach the recorded result",
            )
    return state
