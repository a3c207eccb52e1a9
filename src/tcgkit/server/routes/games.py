"""The lobby's reference: ``/api/games`` (every game with its options' JSON Schema, in the
language asked) and ``/api/protocol`` (the WebSocket messages' JSON Schema)."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Header, Query, Response

from ...kernel.words import Words
from ..client_words import LOBBY, LOBBY_FOLDERS
from ..languages import chosen_language
from ..protocol import protocol_schema
from ..service import game_listing
from .common import Serving

router = APIRouter(prefix="/api")


@router.get("/games")
async def games(server: Serving, lang: str | None = Query(None, max_length=16),
                accept_language: str | None = Header(None, max_length=1000)) -> Response:
    """The games, their summaries and AI levels in the language asked (as ``/api/words``)."""
    chosen = chosen_language(lang, accept_language)
    listing = server.listings.get(chosen)
    if listing is None:  # made once per language: the games do not change while serving
        words = Words(LOBBY, chosen, LOBBY_FOLDERS)  # the server's and each game's catalogue
        listing = server.listings[chosen] = json.dumps(game_listing(words)).encode()
    return Response(listing, media_type="application/json")


@router.get("/protocol")
async def protocol() -> dict[str, Any]:
    return protocol_schema()
