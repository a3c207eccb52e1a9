"""The account's Triple Triad collection: ``/api/collection`` and ``/api/collection/import``
(a local profile's, once, before any trade)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from ..refusal import Refusal
from ..service import ProfileImport
from .common import Me, Serving

router = APIRouter(prefix="/api/collection")


@router.get("")
async def owned_cards(who: Me, server: Serving) -> dict[str, Any]:
    return await server.collection(who.account)


@router.post("/import")
async def import_profile(body: ProfileImport, who: Me, server: Serving) -> dict[str, Any]:
    if who.guest:
        raise Refusal(403, "forbidden", "a guest's cards last as long as its session: sign up, then import")
    return await server.import_profile(who.account, body)
