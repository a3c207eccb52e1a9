"""Whose turn it is in each match, kept in the database (``db.TurnRow``) with the action that
made it so: the lobby's list of the matches where it is an account's turn is one query, with
no room loaded, and it holds across restarts. The row also says when the decision opened, so
a correspondence match's clock (``Rules.correspondence``) resumes with the deadline it had.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from sqlalchemy import update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from ..kernel.game import State
from .db import TurnRow

if TYPE_CHECKING:
    from .room import Room, Seat
    from .store import Store

COLUMNS = ("version", "seat", "account_id", "since")  # what each action's write sets
UPSERTS: dict[str, Any] = {}  # the statement by dialect (``upsert``)


def upsert(dialect: str) -> Any:
    """The statement that writes a match's turn, made once per dialect: it runs with every
    action, so it is one statement on the session's connection, no read, no ORM flush."""
    made = UPSERTS.get(dialect)
    if made is None:
        insert = (pg_insert if dialect == "postgresql" else sqlite_insert)(TurnRow)
        made = UPSERTS[dialect] = insert.on_conflict_do_update(
            index_elements=[TurnRow.match_id], set_={c: insert.excluded[c] for c in COLUMNS})
    return made


def record(session: Session, match_id: str, state: State[Any] | None, version: int,
           people: dict[int, int]) -> None:
    """In the transaction that made ``version``: whose decision the match now waits for
    (``state=None`` or a finished game: nobody's), ``people`` being each person's account by
    seat."""
    mover = None if state is None or state.is_terminal else state.to_move
    connection = session.connection()
    connection.execute(upsert(connection.dialect.name), {
        "match_id": match_id, "version": version, "seat": mover, "since": time.time(),
        "account_id": people.get(mover) if mover is not None else None})


def ended(session: Session, match_id: str) -> None:
    """In the transaction where the server ends a match (a clock, an absence): nobody's turn."""
    session.execute(update(TurnRow).where(TurnRow.match_id == match_id).values(seat=None, account_id=None))


def people_of(seats: list[Seat]) -> dict[int, int]:
    """Each person's account by seat (the AI seats have none)."""
    return {number: seat.account for number, seat in enumerate(seats)
            if seat.kind == "human" and seat.account is not None}


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
        people = people_of(room.seats)
        await store.write(lambda s: record(s, match_id, state, version, people))
