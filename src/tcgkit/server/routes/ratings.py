"""The ratings (``ratings.py``): ``/api/ratings/{game}?players=N`` (a game's table: its
accounts, the provisional ones marked, and its AI levels on the same scale) and
``/api/accounts/{name}/ratings`` (an account's ratings by game, each with its history)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query

from .. import ratings
from .common import Serving

router = APIRouter(prefix="/api")


@router.get("/ratings/{game}")
async def game_ratings(game: str, server: Serving,
                       players: str | None = Query(None)) -> dict[str, Any]:
    found, count = ratings.game_of(game[:64], players if players is None else players[:8])
    return await server.store.read(lambda session: ratings.table(session, found, count))


@router.get("/accounts/{name}/ratings")
async def account_ratings(name: str, server: Serving) -> dict[str, Any]:
    return await server.store.read(lambda session: ratings.account_ratings(session, name[:40]))
