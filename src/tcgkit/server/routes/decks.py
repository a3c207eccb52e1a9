"""Saved decks: ``/api/decks`` (list, save) and ``/api/decks/delete``."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from ..service import DeckRequest
from .common import Me, Serving

router = APIRouter(prefix="/api/decks")


class DeckName(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64)
    name: str = Field(max_length=40)


@router.get("")
async def decks(who: Me, server: Serving) -> list[dict[str, Any]]:
    return await server.decks(who.account)


@router.post("")
async def save_deck(body: DeckRequest, who: Me, server: Serving) -> dict[str, Any]:
    return await server.save_deck(who.account, body)


@router.post("/delete")
async def delete_deck(body: DeckName, who: Me, server: Serving) -> dict[str, Any]:
    await server.delete_deck(who.account, body.game, body.name)
    return {"ok": True}
