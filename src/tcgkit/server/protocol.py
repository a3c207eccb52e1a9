"""The match protocol: the messages a client and the server exchange over a match's
WebSocket, typed, versioned, with their JSON Schema (``protocol_schema()``; ``tcgkit serve
--schema`` prints it).

A client sends an action as notation with the state version it saw (``Act``). The server
answers every viewer with its own ``Update``: its scene, and the steps since its cursor,
one per version. A step whose events the viewer may not see is a bare version number
(``{"version": 7}``): the gap shows, what happened does not. The acting seat's update
carries ``ack`` (its ``tag``). When only presence changes, everyone gets the light ``Seats``
(no scene). Anything refused is an ``Error`` with a ``code``; a stale
version is refused with the fresh scene and steps, nothing applied. Against the AI a seat may
ask for a hint (``AskHint``, answered ``Hint``) and take moves back (``AskUndo``: everyone is
sent ``Undone``), as the welcome's ``assists`` says (``server/assist.py``).
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_serializer

from .refusal import Refusal

PROTOCOL = 1
MAX_NOTATION = 400


class ProtocolMessage(BaseModel):
    model_config = ConfigDict(extra="forbid")


# -- client to server ---------------------------------------------------------------------------
class Act(ProtocolMessage):
    """Play ``action`` (notation) at ``version`` (the state version the client saw)."""

    type: Literal["act"]
    version: int = Field(ge=0)
    action: str = Field(min_length=1, max_length=MAX_NOTATION)
    tag: str | None = Field(default=None, max_length=64)


class Sync(ProtocolMessage):
    """Send me the steps since ``since`` and my scene again (after a gap, or to resume)."""

    type: Literal["sync"]
    since: int = Field(ge=-1)


class Claim(ProtocolMessage):
    """Claim the win over ``seat``, away past its grace time (a match set up with
    ``absence="claim"``)."""

    type: Literal["claim"]
    seat: int = Field(ge=0, le=3)


class Ping(ProtocolMessage):
    type: Literal["ping"]


class AskHint(ProtocolMessage):
    """Which move would the AI make in my place at ``version``? Answered with ``Hint``, to the
    asking seat only; offered where the welcome's ``assists`` holds ``hint``."""

    type: Literal["hint"]
    version: int = Field(ge=0)


class AskUndo(ProtocolMessage):
    """Take back my last move and everything after it, at ``version``: every viewer is sent
    ``Undone``; offered where the welcome's ``assists`` holds ``undo``."""

    type: Literal["undo"]
    version: int = Field(ge=0)


ClientMessage = Annotated[Act | Sync | Claim | Ping | AskHint | AskUndo, Field(discriminator="type")]
CLIENT = TypeAdapter(ClientMessage)


# -- server to client ---------------------------------------------------------------------------
# Who made a move for its seat's player, when they did not (the server, by the match's rules):
MadeBy = Literal["clock", "stand_in"]
CLOCK: MadeBy = "clock"  # their time ran out: the decision's default
STAND_IN: MadeBy = "stand_in"  # an AI played for them while they were away


def made_by_of(stored: str | None) -> MadeBy | None:
    """A stored ``made_by`` as what the protocol says (anything else: the player's own)."""
    return CLOCK if stored == CLOCK else STAND_IN if stored == STAND_IN else None


class Step(ProtocolMessage):
    """What version ``version`` changed, as the viewer may see it: its events, or nothing
    (``events`` absent) when the viewer may see none of them. ``made_by``, when present: the
    server made this move for its seat's player, who did not (``clock``: their time ran out
    and the decision's default was played; ``stand_in``: an AI played for them while away)."""

    version: int
    events: list[dict[str, Any]] | None = None
    made_by: MadeBy | None = None

    @model_serializer
    def bare(self) -> dict[str, Any]:
        out: dict[str, Any] = {"version": self.version}
        if self.events is not None:
            out["events"] = self.events
        if self.made_by is not None:
            out["made_by"] = self.made_by
        return out


class Clock(ProtocolMessage):
    """A seat's time: ``bank`` seconds left (a chess clock), ``buffer`` the per-decision
    seconds spent first; ``running`` while it is this seat's decision."""

    seat: int
    bank: float | None = None
    buffer: float | None = None
    running: bool = False


class SeatInfo(ProtocolMessage):
    seat: int
    kind: str  # human, ai
    name: str | None = None
    connected: bool = False
    absent_for: float | None = None  # seconds the player has been away, while they are
    stand_in: str | None = None  # the AI playing for them, past their grace time
    claimable: bool = False  # past their grace, the others may claim the win


class Welcome(ProtocolMessage):
    type: Literal["welcome"] = "welcome"
    protocol: int = PROTOCOL
    match: str
    game: str
    options: dict[str, Any]
    seat: int | None
    version: int
    scene: dict[str, Any]
    steps: list[Step]
    seats: list[SeatInfo]
    clocks: list[Clock] = Field(default_factory=list)
    ended: dict[str, Any] | None = None  # the server's result (a clock, an absence), if it gave one
    assists: list[str] = Field(default_factory=list)  # hint, undo: what this seat may ask for


class Update(ProtocolMessage):
    type: Literal["update"] = "update"
    version: int
    scene: dict[str, Any]
    steps: list[Step]
    ack: str | None = None
    seats: list[SeatInfo] = Field(default_factory=list)
    clocks: list[Clock] = Field(default_factory=list)
    ended: dict[str, Any] | None = None


class Seats(ProtocolMessage):
    """Only who is here changed (a connection came or went, a grace time ran out, a stand-in
    took over): the seats and clocks, with no scene and no steps, so the client's version
    stays where it was. Added in protocol 1 beside ``update``: a client that does not know
    it may ignore it (the next ``update`` carries the seats too)."""

    type: Literal["seats"] = "seats"
    version: int
    seats: list[SeatInfo]
    clocks: list[Clock] = Field(default_factory=list)
    ended: dict[str, Any] | None = None


class Error(ProtocolMessage):
    """A refusal (``Error.of``) or a notice. ``code``: bad_message, too_large, rate_limited,
    origin, unknown_match, not_started, spectator, stale, illegal, not_your_turn, over,
    not_absent, timeout, storage, no_help, no_undo, broken, signed_out."""

    type: Literal["error"] = "error"
    code: str
    message: str
    tag: str | None = None
    version: int | None = None
    scene: dict[str, Any] | None = None
    steps: list[Step] | None = None

    @classmethod
    def of(cls, refusal: Refusal) -> Error:
        """What the socket says of a refusal (over HTTP it is ``{"error": message}``)."""
        return cls(code=refusal.code, message=refusal.message, tag=refusal.tag, version=refusal.version,
                   scene=refusal.scene, steps=refusal.steps)


class Pong(ProtocolMessage):
    type: Literal["pong"] = "pong"


class HintOption(BaseModel):
    """A move the hint's search weighed: its notation, how many of the search's play-outs
    tried it, and the seat's chance to win with it (percent)."""

    action: str
    visits: int
    chance: float


class Hint(ProtocolMessage):
    """The AI's move in the asking seat's place at ``version``, worked out from that seat's
    view alone (``agents/assist.py``): ``action`` (notation), by the search AI ``agent``
    after ``iterations`` play-outs; the seat's chance to win now (``before``) and after the
    move (``after``), in percent (``agents/explain.py`` says how they are estimated);
    ``options``: the move and the best alternatives, ranked as the search ranks them;
    ``effects``: what the move does, as the seat's log would say it (sentences, the scene's);
    ``tie`` when every move weighed has the same chance; ``change``: the move leaves the seat
    ``better`` off, the ``same`` or ``worse`` than now, by those chances."""

    type: Literal["hint"] = "hint"
    version: int
    action: str
    before: float
    after: float
    tie: bool
    change: Literal["better", "same", "worse"] = "same"
    agent: str = ""
    iterations: int = 0
    options: list[HintOption] = Field(default_factory=list)
    effects: list[dict[str, Any]] = Field(default_factory=list)


class Undone(ProtocolMessage):
    """``count`` actions were taken back: the match is at ``version`` again. The scene's log
    and the steps start from the deal (``since`` -1), so a client draws its table anew."""

    type: Literal["undone"] = "undone"
    version: int
    count: int
    scene: dict[str, Any]
    steps: list[Step]
    seats: list[SeatInfo]
    clocks: list[Clock] = Field(default_factory=list)


ServerMessage = Annotated[Welcome | Update | Seats | Error | Pong | Hint | Undone,
                          Field(discriminator="type")]
SERVER = TypeAdapter(ServerMessage)


KINDS = ("act", "sync", "claim", "ping", "hint", "undo")


def parse_client(text: str) -> Act | Sync | Claim | Ping | AskHint | AskUndo:
    """The client's message in ``text``; a ``Refusal`` of code ``bad_message`` names what is
    wrong with it."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise bad_message(f"not JSON ({exc.msg})") from None
    except RecursionError:
        raise bad_message("not JSON (nested too deeply)") from None
    except ValueError:  # an integer of more digits than Python converts (sys.int_info)
        raise bad_message("not JSON (a number too long)") from None
    if not isinstance(data, dict):
        raise bad_message(f"a message is a JSON object, got {type(data).__name__}")
    kind = data.get("type")
    if kind not in KINDS:
        raise bad_message(f"unknown message type {str(kind)[:40]!r}; known: {', '.join(KINDS)}")
    try:
        # strict: the schema's integers are integers, not "1" or true
        message: Act | Sync | Claim | Ping | AskHint | AskUndo = CLIENT.validate_python(data, strict=True)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(p) for p in err['loc'][1:]) or 'message'}: {err['msg']}"
                             for err in exc.errors())
        raise bad_message(f"{kind}: {problems}") from None
    return message


def bad_message(reason: str) -> Refusal:
    return Refusal(400, "bad_message", reason)


def encode(message: ProtocolMessage, **raw: str) -> str:
    """``message`` as JSON text, each field named in ``raw`` given as JSON text already: a
    scene, written once for every frame that carries it, is not decoded and written again."""
    text = message.model_dump_json(exclude=set(raw))
    members = "".join(f',"{key}":{value}' for key, value in raw.items())
    return text[:-1] + (members if text != "{}" else members[1:]) + "}"


def protocol_schema() -> dict[str, Any]:
    """The JSON Schema of both directions, with the protocol's version."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"tcgkit match protocol {PROTOCOL}",
        "version": PROTOCOL,
        "client": CLIENT.json_schema(),
        "server": SERVER.json_schema(mode="serialization"),
    }
