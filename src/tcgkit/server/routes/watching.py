"""The lobby's lists of live matches and of your turns (``watch_lists.py``):
``GET /api/live`` (anyone: the matches open to spectators) and ``GET /api/turns`` (the
session's account: the matches waiting for its decision)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from .. import watch_lists
from .common import Me, Serving

router = APIRouter(prefix="/api")


@router.get("/live")
async def live(server: Serving) -> list[dict[str, Any]]:
    return await watch_lists.live(server.store)


@router.get("/turns")
async def turns(who: Me, server: Serving) -> list[dict[str, Any]]:
    return await watch_lists.your_turn(server.store, who.account)
