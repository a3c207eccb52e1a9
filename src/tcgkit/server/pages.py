"""What the browser's pages ask beyond the match itself, each a small read-only endpoint:

- ``GET /api/games/{name}/cards``: the card table, the preconstructed decks and a legal deck
  to start from (the deck editor);
- ``POST /api/games/{name}/deck-check``: a deck's text (one card a line) checked by the
  game's own deck rules under the given options, each problem with its line;
- ``POST /api/games/{name}/hands``: whether a match of the game under the given options
  takes each person's hand from their collection (a Triple Triad trade rule), and whether
  that hand is picked or dealt (the Random rule): the lobby's hand picker;
- ``GET /api/history``: the matches the session's account sat in, newest first.

A finished match's replay and record are ``replays.py``'s.

None changes anything, so none needs the CSRF header (the deck check is a POST only to carry
its text, and holds nothing).
"""

from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select
from sqlalchemy.orm import Session

from ..kernel.decks import parse_deck
from ..kernel.errors import TcgkitError
from ..kernel.registry import find_game, load_game
from ..kernel.rng import Rng
from . import accounts, collection
from .accounts import SESSION_COOKIE, Who
from .db import MatchRow, SeatRow
from .refusal import Refusal
from .service import Server, account_names, check_game, public_match

MAX_DECK_TEXT = 32 * 1024
LINE = re.compile(r"line (\d+): ")
router = APIRouter(prefix="/api")


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")
    options: dict[str, Any] = Field(default_factory=dict)


class DeckText(BaseModel):
    model_config = ConfigDict(extra="forbid")
    options: dict[str, Any] = Field(default_factory=dict)
    text: str = Field(max_length=MAX_DECK_TEXT)


async def signed_in(request: Request) -> tuple[Server, Who]:
    server: Server = request.app.state.server
    found = await accounts.who(server.store, request.cookies.get(SESSION_COOKIE))
    if found is None:
        raise Refusal(401, "no_session", accounts.NO_SESSION)
    return server, found


@router.get("/games/{name}/cards")
def cards(name: str) -> dict[str, Any]:
    """The deck editor's material: every card (the game's card table, each row's
    ``deck_name`` the spelling a deck line takes), the named decks and one legal deck."""
    try:
        entry = find_game(name)
    except TcgkitError as exc:
        raise Refusal(404, "not_found", str(exc)) from None
    game = load_game(name, {})
    table = game.card_table()
    rows = [] if table is None else table.model_dump()["rows"]
    for row in rows:
        row["deck_name"] = row.get("label") or row.get("name")
    decks = game.sample_decks(Rng(0))
    sample = decks[0] if len(decks) == game.num_players else []  # not one shared deck
    return {"game": name, "title": game.title, "collects_cards": entry.cls.collects_cards,
            "table": None if table is None else {**table.model_dump(), "rows": rows},
            "named_decks": entry.cls.named_decks(), "sample": sample}


@router.post("/games/{name}/deck-check")
def deck_check(name: str, body: DeckText) -> dict[str, Any]:
    """The deck's cards and the game's problems with it, each ``{line, message}`` (``line``
    ``None`` for a problem of the whole deck: its size, a copy limit over several lines)."""
    game = check_game(name, body.options)
    deck = parse_deck(body.text)
    problems = []
    for text in deck.locate(game.validate_deck(deck.cards)):
        found = LINE.match(text)
        problems.append({"line": int(found.group(1)) if found else None,
                         "message": text[found.end():] if found else text})
    return {"game": game.name, "cards": deck.cards, "problems": problems}


@router.post("/games/{name}/hands")
def hands(name: str, body: Options) -> dict[str, Any]:
    """``collects``: the game's hands come from collections, never from a saved deck;
    ``trades``: a person's hand comes from their collection (and the match stakes it);
    ``picked``: the person picks it (else it is dealt from the collection by the seed);
    ``size``: its cards (``None`` for a game without collections)."""
    game = check_game(name, body.options)
    rules = game.collection()
    trades = collection.trades(game)
    picked = trades and rules is not None and not rules.dealt
    return {"game": game.name, "collects": type(game).collects_cards, "trades": trades,
            "picked": picked, "size": rules.hand_size if rules is not None else None}


@router.get("/history")
async def history(request: Request) -> list[dict[str, Any]]:
    server, who = await signed_in(request)

    def work(session: Session) -> list[dict[str, Any]]:
        mine = select(SeatRow.match_id).where(SeatRow.account_id == who.account)
        rows = list(session.scalars(select(MatchRow).where(MatchRow.id.in_(mine))
                                    .order_by(MatchRow.created.desc()).limit(200)))
        seats = list(session.scalars(select(SeatRow).where(SeatRow.match_id.in_([r.id for r in rows]))))
        names = account_names(session, {s.account_id for s in seats if s.account_id is not None})
        out = []
        for row in rows:
            own = [s for s in seats if s.match_id == row.id]
            out.append({**public_match(row, own, names),
                        "my_seat": next(s.seat for s in own if s.account_id == who.account)})
        return out

    return await server.store.read(work)
