"""Events: ``/api/events`` (list, create), ``/api/events/{id}`` (describe: entrants, each
round's pairings with their matches, standings), ``.../join``, ``.../leave`` (before the
start), ``.../start`` and ``.../pair`` (by its creator). ``events.py`` does the work."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request

from ..events import EventRequest, Events
from .common import Me, Serving, limited

router = APIRouter(prefix="/api/events")


async def events_of(request: Request) -> Events:
    found: Events = request.app.state.events
    return found


Desk = Annotated[Events, Depends(events_of)]


@router.get("")
async def listing(events: Desk) -> list[dict[str, Any]]:
    return await events.listing()


@router.post("", status_code=201)
async def create(body: EventRequest, who: Me, events: Desk, server: Serving) -> dict[str, Any]:
    limited(server.limits.matches, str(who.account), "new matches and events")
    return await events.describe(await events.create(body, who.account))


@router.get("/{event_id}")
async def describe(event_id: str, events: Desk) -> dict[str, Any]:
    return await events.describe(event_id[:64])


@router.post("/{event_id}/join")
async def join(event_id: str, who: Me, events: Desk) -> dict[str, Any]:
    await events.join(event_id[:64], who.account)
    return await events.describe(event_id[:64])


@router.post("/{event_id}/leave")
async def leave(event_id: str, who: Me, events: Desk) -> dict[str, Any]:
    await events.leave(event_id[:64], who.account)
    return await events.describe(event_id[:64])


@router.post("/{event_id}/start")
async def start(event_id: str, who: Me, events: Desk) -> dict[str, Any]:
    await events.start(event_id[:64], who.account)
    return await events.describe(event_id[:64])


@router.post("/{event_id}/pair")
async def pair(event_id: str, who: Me, events: Desk) -> dict[str, Any]:
    await events.pair(event_id[:64], who.account)
    return await events.describe(event_id[:64])
