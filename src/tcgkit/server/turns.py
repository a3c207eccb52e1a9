"""Whose turn it is in each match, kept in the database (``db.TurnRow``) with the action that
made it so: the lobby's list of the matches where it is an account's turn is one query, with
no room loaded, and it holds across restarts. The row also says when the decision opened, so
a correspondence match's clock (``Rules.correspondence``) resumes with the deadline it had.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from sqlalchemy.orm import Session

from ..kernel.game import State
from .db import SeatRow, TurnRow

if TYPE_CHECKING:
    from .room import Room
    from .store import Store


def record(session: Session, match_id: str, state: State[Any] | None, version: int) -> None:
    """In the transaction that made ``version``: whose decision the match now waits for
    (``state=None`` or a finished game: nobody's)."""
    mover = None if state is None or state.is_terminal else state.to_move
    account = None
    if mover is not None:
        seat = session.get(SeatRow, (match_id, mover))
        account = seat.account_id if seat is not None and seat.kind == "human" else None
    row = session.get(TurnRow, match_id)
    if row is None:
        row = TurnRow(match_id=match_id)
        session.add(row)
    row.version, row.seat, row.account_id, row.since = version, mover, account, time.time()


def ended(session: Session, match_id: str) -> None:
    """In the transaction where the server ends a match (a clock, an absence): nobody's turn."""
    row = session.get(TurnRow, match_id)
    if row is not None:
        row.seat = row.account_id = None


async def resume(store: Store, room: Room) -> None:
    """A room just loaded: its turn written if the database has none for its version (a match
    just started, or one older than this table); else, in a correspondence match, its clock
    told how long ago the open decision began."""
    match_id, version = room.match_id, room.state.version
    mover = None if room.over else room.state.to_move

    def work(session: Session) -> tuple[int, int | None, float] | None:
        row = session.get(TurnRow, match_id)
        return None if row is None else (row.version, row.seat, row.since)

    found = await store.read(work)
    if found is not None and found[:2] == (version, mover):
        if room.rules.correspondence and mover is not None:
            room.clock.opened_ago = max(0.0, time.time() - found[2])
        return
    if room.replication.owner:
        state = None if room.over else room.state
        await store.write(lambda s: record(s, match_id, state, version))

