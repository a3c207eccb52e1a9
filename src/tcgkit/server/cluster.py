"""Several server processes on one PostgreSQL database.

Each match is owned by one process at a time: the one holding the match's advisory lock
(``pg_try_advisory_lock``, taken on a connection of its own, so it is released the moment
its owner dies). Only the owner plays actions, runs the clocks and the AI seats. Any other
process with clients in the match keeps a replica: it hears of each committed action through
LISTEN/NOTIFY (the owner's notification is sent in the action's own transaction, so it
arrives exactly when the action is committed), reads the actions it lacks from the database,
plays them on its copy and sends its clients their frames. An action sent to a replica is
forwarded to the owner (a notification), and the answer comes back the same way: the
acknowledgement with the next version, or the refusal. A process that finds a match's lock
free (its owner died) takes the match over: it catches up from the database and plays on,
including the actions forwarded to the dead owner and not answered.

Presence crosses processes too: each process tells the others how many connections each
seat has there, so the owner's absence rules count a player connected anywhere. Each process
holds an advisory lock of its own for as long as it lives: when the lock of a process that
told of connections comes free, that process died, and its connections are forgotten (its
players are away, and the absence rules run).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from typing import TYPE_CHECKING, Any

import psycopg
from sqlalchemy import select, text
from sqlalchemy.orm import Session

from .db import ActionRow, MatchRow
from .protocol import Error
from .refusal import Refusal
from .replication import Forwarded
from .room import Connection, Room

if TYPE_CHECKING:
    from .service import Server

log = logging.getLogger("tcgkit.server")
CHANNEL = "tcgkit"
TAKEOVER_EVERY = 1.0  # seconds between looks for matches whose owner is gone


def lock_key(match_id: str) -> int:
    """The advisory lock of a match: 60 bits of its hex id (a bigint)."""
    return int(match_id[:15], 16)


def dsn(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def notify_sql() -> Any:
    return text("SELECT pg_notify(:channel, :payload)")


# an action as a replica catches up: number, seat, notation, banks, made_by
Committed = tuple[int, int, str, list[float] | None, str | None]

class Cluster:
    def __init__(self, server: Server) -> None:
        self.server = server
        self.origin = secrets.token_hex(7)  # 56 bits: also the key of this process's own lock
        self._control: psycopg.AsyncConnection[Any] | None = None
        self._listen: psycopg.AsyncConnection[Any] | None = None
        self._control_lock = asyncio.Lock()
        self._tasks: list[asyncio.Task[None]] = []
        self._handling: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        url = dsn(self.server.settings.db)
        self._control = await psycopg.AsyncConnection.connect(url, autocommit=True)
        self._listen = await psycopg.AsyncConnection.connect(url, autocommit=True)
        await self._listen.execute(f"LISTEN {CHANNEL}")
        await self._control.execute("SELECT pg_advisory_lock(%s)", (int(self.origin, 16),))
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._hear()), loop.create_task(self._take_over())]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for connection in (self._listen, self._control):
            if connection is not None:
                with contextlib.suppress(Exception):
                    await connection.close()

    # -- ownership ------------------------------------------------------------------------------
    async def try_own(self, match_id: str) -> bool:
        assert self._control is not None
        async with self._control_lock:
            cursor = await self._control.execute("SELECT pg_try_advisory_lock(%s)", (lock_key(match_id),))
            row = await cursor.fetchone()
        return bool(row and row[0])

    async def release(self, match_id: str) -> None:
        """Give up owning a match (unloaded): any process may own it next."""
        assert self._control is not None
        async with self._control_lock:
            await self._control.execute("SELECT pg_advisory_unlock(%s)", (lock_key(match_id),))

    async def alive(self, origin: str) -> bool:
        """Whether the process ``origin`` still holds its lock (is running)."""
        assert self._control is not None
        async with self._control_lock:
            cursor = await self._control.execute("SELECT pg_try_advisory_lock(%s)", (int(origin, 16),))
            row = await cursor.fetchone()
            if row and row[0]:  # free: it died; given back at once
                await self._control.execute("SELECT pg_advisory_unlock(%s)", (int(origin, 16),))
                return False
        return True

    async def _forget_the_dead(self) -> None:
        """Drop the connections that processes now dead told of."""
        told = {origin for room in self.server.rooms.values() for counts in room.presence.remote.values()
                for origin, count in counts.items() if count > 0}
        for origin in told:
            if not await self.alive(origin):
                log.warning("process %s is gone: its connections are dropped", origin)
                for room in list(self.server.rooms.values()):
                    room.presence.forget(origin)

    async def _take_over(self) -> None:
        while True:
            await asyncio.sleep(TAKEOVER_EVERY)
            try:
                await self._forget_the_dead()
            except Exception:
                log.exception("looking for processes that died failed")
            for room in list(self.server.rooms.values()):
                if room.replication.owner or room.over:
                    continue
                try:
                    if await self.try_own(room.match_id):
                        await self.catch_up(room)
                        log.warning("match %s: taken over by this process", room.match_id)
                        await room.replication.become_owner()
                except Exception:
                    log.exception("match %s: taking it over failed", room.match_id)

    # -- notifications ----------------------------------------------------------------------------
    async def send(self, payload: dict[str, Any]) -> None:
        assert self._control is not None
        async with self._control_lock:
            await self._control.execute("SELECT pg_notify(%s, %s)", (CHANNEL, json.dumps(payload)))

    def note(self, room: Room, forwarded: Forwarded | None) -> dict[str, Any]:
        """What the owner's notification of a new version says (sent in its transaction)."""
        payload: dict[str, Any] = {"kind": "version", "match": room.match_id, "from": self.origin}
        if forwarded is not None:
            payload.update(origin=forwarded.origin, conn=forwarded.conn, tag=forwarded.tag)
        return payload

    async def _hear(self) -> None:
        """Each notification handled in a task of its own, so one match's catching up never
        holds up another's (a replica's catch-up reads what is committed, in any order)."""
        assert self._listen is not None
        loop = asyncio.get_running_loop()
        async for notice in self._listen.notifies():
            task = loop.create_task(self._handle(notice.payload))
            self._handling.add(task)
            task.add_done_callback(self._handling.discard)

    async def _handle(self, text: str) -> None:
        try:
            await self._heard(json.loads(text))
        except Exception:
            log.exception("a notification could not be handled: %s", text[:200])

    async def _heard(self, payload: dict[str, Any]) -> None:
        kind, room = payload.get("kind"), self.server.rooms.get(payload.get("match", ""))
        if kind == "presence" and payload.get("from") != self.origin:
            if room is None:
                room = await self.server.room(payload["match"])
            if room is not None:
                room.presence.remote_presence(payload["from"], payload["seat"], payload["count"])
            return
        if room is None:
            return
        if kind == "version" and not room.replication.owner:
            await self.catch_up(room, payload)
        elif kind == "act" and room.replication.owner:
            await self._act_for(room, payload)
        elif kind == "refused" and payload.get("origin") == self.origin:
            await self._refused(room, payload)

    async def catch_up(self, room: Room, payload: dict[str, Any] | None = None) -> None:
        """Play on the replica what was committed since its version, and tell its clients."""
        match_id, version = room.match_id, room.state.version

        def work(session: Session) -> tuple[list[Committed], str, Any]:
            rows = session.scalars(select(ActionRow).where(ActionRow.match_id == match_id,
                                                           ActionRow.number > version)
                                   .order_by(ActionRow.number))
            match = session.get(MatchRow, match_id)
            assert match is not None
            committed = [(r.number, r.seat, r.notation, r.clock, r.made_by) for r in rows]
            return committed, match.status, match.outcome

        rows, status, outcome = await self.server.store.read(work)
        async with room.lock:
            for number, seat, notation, banks, made_by in rows:
                if number == room.state.version + 1:
                    room.replication.follow(seat, notation, banks, made_by)
            if status == "over" and not room.state.is_terminal:
                room.ended = outcome
            acting, tag = None, None
            if payload is not None and payload.get("origin") == self.origin:
                acting = room.presence.connection(payload.get("conn"))
                tag = payload.get("tag")
                room.replication.answered(payload.get("conn"), tag)
            room.broadcast(acting, tag)

    async def forward(self, room: Room, conn: Connection, kind: str, **fields: Any) -> None:
        """Send the owner what ``conn`` asked of a match this process only replicates."""
        forwarded = Forwarded(self.origin, conn.id, fields.get("tag"), kind, conn.viewer or 0, fields)
        room.replication.forwarded.append(forwarded)
        await self.send({"kind": "act", "match": room.match_id, "origin": self.origin, "conn": conn.id,
                         "seat": conn.viewer, "what": kind, **fields})

    async def _act_for(self, room: Room, payload: dict[str, Any]) -> None:
        forwarded = Forwarded(payload["origin"], payload["conn"], payload.get("tag"), payload["what"],
                              payload["seat"], payload)
        try:
            await room.replication.run(forwarded)
        except Refusal as refusal:
            await self.send({"kind": "refused", "match": room.match_id, "origin": forwarded.origin,
                             "conn": forwarded.conn, "error": Error.of(refusal).model_dump(mode="json")})

    async def _refused(self, room: Room, payload: dict[str, Any]) -> None:
        conn = room.presence.connection(payload.get("conn"))
        error = Error.model_validate(payload["error"])
        room.replication.answered(payload.get("conn"), error.tag)
        if conn is None:
            return
        if error.code == "stale":  # the fresh scene as this process has it, once caught up
            await self.catch_up(room)
            error = error.model_copy(update={"scene": room.scene(conn.viewer, conn.cursor),
                                             "steps": room.steps(conn.viewer, conn.cursor)})
        conn.push(error.model_dump_json())

    async def presence(self, room: Room, seat: int, count: int) -> None:
        await self.send({"kind": "presence", "match": room.match_id, "from": self.origin, "seat": seat,
                         "count": count})
