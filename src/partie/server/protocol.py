"""The messages of the web protocol (``docs/protocol.md``), checked by the same strict
layer as records and decks, and the one function that builds what a connection sees.

Nothing about a game reaches a client except through ``table_message``: the view of the
connection's seat (or the public view), the seat's legal actions, and the last action
as the engine writes it. The leak test rebuilds these messages from states whose hidden
cards were dealt again and finds them identical.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import AfterValidator, Field, model_validator

from partie.core.errors import PartieError
from partie.core.inputs import MESSAGE_LIMITS, BadInput, Seat, Strict, parse_json, validate

if TYPE_CHECKING:
    from partie.core.game import State
    from partie.server.games import GameAdapter

NAME_MAX = 24
CHAT_MAX = 200


def clean_text(text: str, *, limit: int, what: str) -> str:
    """Plain text a person typed: no control or format characters, spaces squeezed,
    1..``limit`` characters. The client still escapes it when it shows it."""
    kept = []
    for ch in text:
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp"):
            if ch in "\t\n\r":
                kept.append(" ")
                continue
            raise PartieError(
                f"{what} : caractère de contrôle refusé",
                f"{what}: control character refused",
                code="control_character",
            )
        kept.append(ch)
    cleaned = " ".join("".join(kept).split())
    if not cleaned:
        raise PartieError(f"{what} : vide", f"{what}: empty", code="empty_text")
    if len(cleaned) > limit:
        raise PartieError(
            f"{what} : trop long (au plus {limit} caractères)",
            f"{what}: too long (at most {limit} characters)",
            code="text_too_long",
        )
    return cleaned


def _name(text: str) -> str:
    return clean_text(text, limit=NAME_MAX, what="nom / name")


Name = Annotated[str, Field(max_length=200), AfterValidator(_name)]
BotSpec = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[a-z][a-z0-9_.:/=,@-]*$")]
Lang = Literal["fr", "en"]


class Settings(Strict):
    """What the server adds to a game's options: turn timers and the stand-in bot."""

    turn_seconds: Annotated[int, Field(ge=0, le=3600)] = 0
    away_seconds: Annotated[int, Field(ge=0, le=3600)] = 0
    zombie_bot: BotSpec | None = None
    #: Shown in the lobby's lists (the creator ticked the box); otherwise the table's
    #: link or code is the only way in. Set at creation only.
    listed: bool = False


class SeatSpec(Strict):
    """A seat at creation: empty, or a bot."""

    bot: BotSpec | None = None


class CreateTable(Strict):
    game: Annotated[str, Field(max_length=40)]
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] | None = Field(default=None, max_length=64)
    settings: Settings = Field(default_factory=Settings)


class Hello(Strict):
    type: Literal["hello"]
    table: Annotated[str, Field(max_length=20)]
    token: Annotated[str, Field(max_length=64)] | None = None
    lang: Lang = "fr"
    #: Watch without the seat the token holds, keeping the owner's rights (a classroom
    #: projector opened in a seated teacher's browser must not show that seat's view).
    watch: bool = False


class Sit(Strict):
    type: Literal["sit"]
    seat: Seat
    name: Name


class Leave(Strict):
    type: Literal["leave"]


class Rename(Strict):
    """A seated person's new name, at any time: renaming used to mean leaving the seat."""

    type: Literal["rename"]
    name: Name


class Act(Strict):
    """A move, as the action's JSON or as text the game's ``parse_action`` reads."""

    type: Literal["act"]
    version: Annotated[int, Field(ge=0)]
    action: Any = None
    text: Annotated[str, Field(min_length=1, max_length=200)] | None = None

    @model_validator(mode="after")
    def _one_of_action_or_text(self) -> Act:
        if (self.action is None) == (self.text is None):
            raise ValueError("action or text, one of them")
        return self


class Preview(Strict):
    type: Literal["preview"]
    version: Annotated[int, Field(ge=0)]
    action: Any


class Ask(Strict):
    type: Literal["ask"]
    what: Annotated[str, Field(min_length=1, max_length=40)]
    args: dict[str, Any] = Field(default_factory=dict)


Tag = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_.:-]+$")]


class Options(Strict):
    """``tag`` (chosen by the client) comes back in the ``refused`` or ``done`` answer
    to this very message, so a form tells its own answer from other updates."""

    type: Literal["options"]
    options: dict[str, Any]
    settings: Settings | None = None
    tag: Tag | None = None


class SeatBot(Strict):
    type: Literal["seat_bot"]
    seat: Seat
    bot: BotSpec | None


class Start(Strict):
    type: Literal["start"]


class Again(Strict):
    type: Literal["again"]
    same_deal: bool = False


class Chat(Strict):
    type: Literal["chat"]
    text: Annotated[str, Field(max_length=1000)]


class Ping(Strict):
    type: Literal["ping"]


Message = Annotated[
    Hello
    | Sit
    | Leave
    | Rename
    | Act
    | Preview
    | Ask
    | Options
    | SeatBot
    | Start
    | Again
    | Chat
    | Ping,
    Field(discriminator="type"),
]


class _Envelope(Strict):
    message: Message


def read_message(text: str | bytes) -> Any:
    """One client message, or ``BadInput`` with one line naming what is wrong."""
    data = parse_json(text, what="message", limits=MESSAGE_LIMITS)
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise BadInput(
            "message : un objet avec un champ « type » est attendu",
            "message: an object with a 'type' field is expected",
            code="bad_message",
        )
    return validate(_Envelope, {"message": data}, what="message").message


def refusal(error: PartieError, ref: str | None = None, tag: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "refused", "code": error.code, "fr": error.fr, "en": error.en}
    if ref is not None:
        out["ref"] = ref
    if tag is not None:
        out["tag"] = tag
    return out


def played_for_message(adapter: GameAdapter, seat: int, actions: list[Any]) -> dict[str, Any]:
    """What a stand-in bot played for ``seat`` while its person was away or out of time,
    each move described as that seat's own view reads it: sent to that seat only."""
    return {
        "type": "played_for_you",
        "seat": seat,
        "moves": [adapter.describe(seat, action, seat) for action in actions],
    }


def table_message(
    adapter: GameAdapter,
    state: State | None,
    seat: int | None,
    *,
    summary: dict[str, Any],
    version: int,
    last: tuple[int, Any] | None,
    timer: dict[str, Any] | None,
) -> dict[str, Any]:
    """What one connection sees of a table: the only way game state leaves the server."""
    view = None if state is None else state.view(seat)
    legal: list[Any] = []
    if state is not None and seat is not None and seat in state.to_act:
        legal = adapter.legal_json(state, seat)
    message: dict[str, Any] = {
        "type": "table",
        "table": summary,
        "version": version,
        "view": view,
        "legal": legal,
        "last": None if last is None else adapter.describe(last[0], last[1], seat),
    }
    if timer is not None:
        message["timer"] = timer
    if state is not None:
        extra = adapter.public(state, seat)
        if extra:
            message["extra"] = extra
    return message
