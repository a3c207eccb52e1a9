"""The lobby's matches: ``/api/matches`` (list, create), ``/api/matches/{id}`` (describe),
``.../join`` (also how an invitation is accepted), ``.../decline`` (an invitation refused),
``.../leave``, ``.../rematch`` (an invitation to the same people); and the
match itself, the WebSocket ``/api/matches/{id}/ws?since=V`` (``match_socket.py``). A finished
match's ``.../replay`` and ``.../record`` are ``server/replays.py``'s."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, WebSocket
from pydantic import BaseModel, ConfigDict, Field

from ..refusal import Refusal
from ..service import NewMatch, Server
from .common import Me, Serving, limited
from .match_socket import serve_socket

router = APIRouter(prefix="/api/matches")


class JoinRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int | None = Field(default=None, ge=0, le=3)
    deck: str | None = Field(default=None, max_length=40)  # one of the joiner's saved decks
    hand: str | None = Field(default=None, max_length=400)  # a trading match: cards of the collection


class RematchRequest(BaseModel):
    """The asker's stake in the rematch (the others choose theirs when they accept)."""

    model_config = ConfigDict(extra="forbid")
    deck: str | None = Field(default=None, max_length=40)
    hand: str | None = Field(default=None, max_length=400)


@router.get("")
async def matches(server: Serving, status: str | None = None) -> list[dict[str, Any]]:
    if status not in (None, "open", "running", "over"):
        raise Refusal(422, "invalid", f"status: open, running or over, not {status[:20]!r}")
    return await server.listing(status)


@router.post("", status_code=201)
async def create(body: NewMatch, who: Me, server: Serving) -> dict[str, Any]:
    limited(server.limits.matches, str(who.account), "new matches")
    return await server.describe(await server.create(body, who.account))


@router.get("/{match_id}")
async def describe(match_id: str, server: Serving) -> dict[str, Any]:
    return await server.describe(match_id[:64])


@router.post("/{match_id}/join")
async def join(match_id: str, body: JoinRequest, who: Me, server: Serving) -> dict[str, Any]:
    seat = await server.join(match_id[:64], who.account, body.seat, body.deck, body.hand)
    return {"seat": seat, **await server.describe(match_id[:64])}


@router.post("/{match_id}/leave")
async def leave(match_id: str, who: Me, server: Serving) -> dict[str, Any]:
    await server.leave(match_id[:64], who.account)
    return await server.describe(match_id[:64])


@router.post("/{match_id}/decline")
async def decline(match_id: str, who: Me, server: Serving) -> dict[str, Any]:
    await server.decline(match_id[:64], who.account)
    return await server.describe(match_id[:64])


@router.post("/{match_id}/rematch", status_code=201)
async def rematch(match_id: str, body: RematchRequest, who: Me, server: Serving) -> dict[str, Any]:
    limited(server.limits.matches, str(who.account), "new matches")
    return await server.describe(await server.rematch(match_id[:64], who.account, body.hand, body.deck))


@router.websocket("/{match_id}/ws")
async def play(websocket: WebSocket, match_id: str, since: int = -1) -> None:
    server: Server = websocket.app.state.server
    await serve_socket(server, websocket, match_id[:64], since)
