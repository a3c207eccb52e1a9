"""Replays by link: a finished match's replay and record, for whoever has its address.

- ``GET /api/matches/{id}/replay?seat=S&at=K``: the table after the match's first ``K``
  actions (``at`` left out: the end; ``version`` is its older name) as seat ``S`` saw it, or
  as a spectator sees it (``seat`` left out: the public view), with the move list;
- ``GET /api/matches/{id}/record``: the match's replay record (``kernel/record.py``) with its
  digest (``kernel/digest.py``), as a file to download; ``tcgkit replay`` checks the digest.

Who may: anyone with the link, signed in or not, once the match is over (as lichess shows
every finished game) — unless its creator closed it to spectators, and then only its
players. A match that is not over is refused: its record holds the seed, which deals every
hidden card still to come, and a seat's view would show that player's hand to anyone.

A move list entry says who moved and whether the server made the move for them (``made_by``:
``clock`` or ``stand_in``); its ``log`` (what the move did, as the viewer saw it) is given
only for the moves played by ``K``: a later move's sentences could name a card still hidden
at ``K``.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request, Response
from sqlalchemy import select
from sqlalchemy.orm import Session

from ..kernel.match import Match, PlayedMove
from ..kernel.record import MatchRecord
from ..kernel.registry import load_game
from . import accounts
from .accounts import SESSION_COOKIE
from .db import ActionRow, MatchRow, SeatRow
from .refusal import Refusal
from .store import Store

router = APIRouter(prefix="/api/matches")
CLOSED = "the match's creator closed it to spectators: only its players may replay it"


@dataclass
class Finished:
    """A finished match as its rows give it: the record's material and each action's mover."""

    row: MatchRow
    notations: list[str]
    movers: list[int]
    made_by: dict[str, str]  # action number (from 1, as text) -> clock or stand_in


async def finished(store: Store, match_id: str, account: int | None) -> Finished:
    """The match if ``account`` (``None``: nobody signed in) may replay it; else the refusal
    (404 no such match, 403 closed to spectators, 409 not over)."""

    def work(session: Session) -> Finished:
        row = session.get(MatchRow, match_id)
        if row is None:
            raise Refusal(404, "not_found", f"no match {match_id!r}")
        if not row.settings.get("spectators", True):
            players = set(session.scalars(select(SeatRow.account_id).where(SeatRow.match_id == match_id)))
            if account is None or account not in players:
                raise Refusal(403, "forbidden", CLOSED)
        if row.status != "over":
            raise Refusal(409, "conflict", f"the match is {row.status}: it is replayed once it is over "
                                           "(until then its record would show the hidden cards)")
        actions = session.execute(select(ActionRow.notation, ActionRow.seat, ActionRow.made_by)
                                  .where(ActionRow.match_id == match_id).order_by(ActionRow.number)).all()
        made_by = {str(number): a[2] for number, a in enumerate(actions, 1) if a[2] is not None}
        return Finished(row, [a[0] for a in actions], [a[1] for a in actions], made_by)

    return await store.read(work)


def record_of(match: Finished) -> MatchRecord:
    """The match's replay record, carrying its digest."""
    row = match.row
    return MatchRecord(row.game, row.options, row.seed, row.decks, list(match.notations), row.engine,
                       row.cards, row.outcome, made_by=dict(match.made_by)).with_digest()


async def _viewer(request: Request) -> int | None:
    found = await accounts.who(request.app.state.server.store, request.cookies.get(SESSION_COOKIE))
    return None if found is None else found.account


def _at(at: int | None, version: int | None, last: int) -> int:
    """The version asked for: ``at`` (or the older ``version``), -1 or left out for the end."""
    asked = at if at is not None else version if version is not None else -1
    if asked == -1:
        return last
    if not 0 <= asked <= last:
        raise Refusal(422, "invalid", f"at: 0 to {last} (the match has {last} moves), not {asked}")
    return asked


class MoveLogs:
    """What each move of a finished match did as one viewer saw it, kept for the last
    ``KEPT`` (match, viewer) pairs asked: a finished match never changes, and telling each move
    apart takes a scene a move (2-3 s for a 200-move Final Fantasy TCG or Monster Collection
    match, against 20 ms for the replay alone), so a replay stepped through pays it once."""

    KEPT = 32

    def __init__(self) -> None:
        self.kept: OrderedDict[tuple[str, int | None], list[list[dict[str, Any]]]] = OrderedDict()
        self.lock = threading.Lock()

    def of(self, match: Finished, seat: int | None) -> list[list[dict[str, Any]]]:
        key = (match.row.id, seat)
        with self.lock:
            found = self.kept.get(key)
            if found is not None:
                self.kept.move_to_end(key)
                return found
        row = match.row
        played = Match.start(load_game(row.game, row.options), row.seed, row.decks)
        logs = []
        for move in _moves(match):
            mark = played.state.event_count()
            played.replay([move])
            logs.append([s.model_dump() for s in played.state.scene(seat, mark).log])
        with self.lock:
            self.kept[key] = logs
            while len(self.kept) > self.KEPT:
                self.kept.popitem(last=False)
        return logs


MOVE_LOGS = MoveLogs()


def _moves(match: Finished) -> list[PlayedMove]:
    return [PlayedMove(n, mover) for n, mover in zip(match.notations, match.movers, strict=True)]


def replay_at(match: Finished, seat: int | None, at: int) -> dict[str, Any]:
    """The scene after ``at`` actions as ``seat`` (``None``: a spectator) saw it, and the moves
    (what each did only up to ``at``: a later move's words could name a card hidden at ``at``)."""
    row = match.row
    game = load_game(row.game, row.options)
    moves = _moves(match)
    logs = MOVE_LOGS.of(match, seat)
    listed = [{"number": number, "seat": move.mover, "made_by": match.made_by.get(str(number)),
               **({"log": logs[number - 1]} if number <= at else {})}
              for number, move in enumerate(moves, 1)]
    state = Match.start(game, row.seed, row.decks).replay(moves[:at]).state
    scene: dict[str, Any] = state.scene(seat, 0).to_json()
    scene["moves"] = []  # a replay is watched, not played
    if at == len(moves) and scene.get("outcome") is None:
        scene["outcome"] = row.outcome  # a result the server gave (a clock, an absence)
    return {"match": row.id, "game": row.game, "seat": seat, "version": at, "last": len(moves),
            "players": game.num_players, "scene": scene, "made_by": match.made_by, "moves": listed}


@router.get("/{match_id}/replay")
async def replay(request: Request, match_id: str, seat: int | None = None, at: int | None = None,
                 version: int | None = None) -> dict[str, Any]:
    """Seat ``seat``'s view (left out: a spectator's) after ``at`` actions (left out: the end)."""
    match = await finished(request.app.state.server.store, match_id[:64], await _viewer(request))
    players = load_game(match.row.game, match.row.options).num_players
    if seat is not None and not 0 <= seat < players:
        raise Refusal(422, "invalid", f"seat: 0 to {players - 1} (the match has {players} seats), "
                                      f"not {seat}; leave it out for a spectator's view")
    # a long match's first replay takes seconds of work (``MoveLogs``): off the event loop
    return await asyncio.to_thread(replay_at, match, seat, _at(at, version, len(match.notations)))


@router.get("/{match_id}/record")
async def record(request: Request, match_id: str) -> Response:
    """The record as a file (``tcgkit-record-ID.json``), written as ``tcgkit replay`` reads it."""
    match = await finished(request.app.state.server.store, match_id[:64], await _viewer(request))
    text = json.dumps(record_of(match).to_json(), indent=1) + "\n"
    return Response(text, media_type="application/json", headers={
        "content-disposition": f'attachment; filename="tcgkit-record-{match.row.id}.json"'})
