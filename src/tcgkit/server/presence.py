"""Who is at a match: its connections here and the counts other processes report, the
absence rules (a seat's grace time, then its stand-in or a claim, ``clock.py``'s ``Rules``),
and the ``Seats`` frames that tell everyone, gathered when changes come close together.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from typing import TYPE_CHECKING, Any

from .protocol import SeatInfo

if TYPE_CHECKING:
    from .room import Connection, Room

PRESENCE_DELAY = 0.1  # seconds a change of presence waits for others to go out with it


class Presence:
    """A room's connections and its seats' comings and goings."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.connections: set[Connection] = set()
        self.remote: dict[int, dict[str, int]] = {}  # seat -> process -> its connections there
        self.absent: dict[int, float] = {}  # seat -> room time its last connection closed
        self.stand_ins: set[int] = set()  # absent seats an AI plays for
        self.claimable: set[int] = set()  # absent seats past their grace, under absence="claim"
        self._grace: dict[int, asyncio.TimerHandle] = {}
        self._seats_soon: asyncio.TimerHandle | None = None  # a Seats frame on its way
        self._seats_sent = 0.0  # monotonic time of the last Seats frame
        self._seats_changed_at = 0.0  # ... and of the last change of presence
        self._telling: set[asyncio.Task[None]] = set()  # presence sent to the other processes
        self._ids = itertools.count(1)

    def connection(self, conn_id: Any) -> Connection | None:
        return next((c for c in self.connections if c.id == conn_id), None)

    def arrive(self, conn: Connection) -> None:
        """``conn`` is numbered and counted; a seat's player is back before they are told."""
        conn.id = next(self._ids)
        self.connections.add(conn)
        if conn.viewer is not None:
            self._changed(conn.viewer)

    def welcomed(self, conn: Connection) -> None:
        """``conn``'s welcome (with the seats as they are) is queued: the others are told."""
        conn.welcomed = time.monotonic()
        if conn.viewer is not None:
            self._seats_changed(joiner=conn)

    def depart(self, conn: Connection) -> None:
        conn.close()
        self.connections.discard(conn)
        if conn.viewer is not None:
            self._changed(conn.viewer)
            self._seats_changed()

    def present(self, seat: int) -> bool:
        """Whether ``seat``'s player is connected, here or at another process."""
        return (any(c.viewer == seat and not c.closed for c in self.connections)
                or sum(self.remote.get(seat, {}).values()) > 0)

    def seat_info(self) -> list[SeatInfo]:
        room = self.room
        now = room.now()  # connected: here, or at another process of the cluster
        return [SeatInfo(seat=p, kind=s.kind, name=s.name, connected=self.present(p),
                         absent_for=round(now - self.absent[p], 3) if p in self.absent else None,
                         stand_in=room.rules.stand_in if p in self.stand_ins else None,
                         claimable=p in self.claimable)
                for p, s in enumerate(room.seats)]

    def begin(self) -> None:
        """Every person not connected is absent: the grace time runs for each from now."""
        for seat, entry in enumerate(self.room.seats):
            if entry.kind == "human" and not self.present(seat):
                self._away(seat)

    # -- the other processes ------------------------------------------------------------------
    def remote_presence(self, origin: str, seat: int, count: int) -> None:
        self.remote.setdefault(seat, {})[origin] = count
        self._changed(seat, tell=False)
        self.room.broadcast_seats()

    def forget(self, origin: str) -> None:
        """The process ``origin`` died: its connections are gone."""
        seats = [seat for seat, counts in self.remote.items() if counts.pop(origin, 0)]
        for seat in seats:
            self._changed(seat, tell=False)
        if seats:
            self.room.broadcast_seats()

    # -- absence ------------------------------------------------------------------------------
    def _changed(self, seat: int, tell: bool = True) -> None:
        """A connection of ``seat`` came or went: the absence rules, and the other processes."""
        peers = self.room.replication.peers
        if tell and peers is not None:
            count = sum(c.viewer == seat and not c.closed for c in self.connections)
            task = asyncio.get_running_loop().create_task(peers.presence(self.room, seat, count))
            self._telling.add(task)
            task.add_done_callback(self._telling.discard)
        if self.present(seat):
            self._back(seat)
        else:
            self._away(seat)

    def _back(self, seat: int) -> None:
        """Back inside the grace, or after it (the stand-in gives the seat back)."""
        if seat not in self.absent:
            return
        self.absent.pop(seat)
        self.claimable.discard(seat)
        handle = self._grace.pop(seat, None)
        if handle is not None:
            handle.cancel()
        if seat in self.stand_ins:
            self.stand_ins.discard(seat)
            if self.room.state.to_move == seat and self.room.replication.owner:
                self.room.clock.restart()

    def _away(self, seat: int) -> None:
        room = self.room
        if room.over or seat in self.absent or not room.replication.owner or room.seats[seat].kind != "human":
            return
        self.absent[seat] = room.now()
        if room.rules.absence == "wait":  # a correspondence match: only its clock ends it
            return
        self._grace[seat] = asyncio.get_running_loop().call_later(room.rules.grace, self._grace_over, seat)

    def _grace_over(self, seat: int) -> None:
        room = self.room
        self._grace.pop(seat, None)
        if seat not in self.absent or room.over:
            return
        if room.rules.absence == "ai":
            self.stand_ins.add(seat)
            if room.state.to_move == seat:
                room.clock.restart()  # an AI's time is charged to nobody
            room.ai_seats.kick()
        else:
            self.claimable.add(seat)
        room.broadcast_seats()

    # -- the Seats frame ----------------------------------------------------------------------
    def _seats_changed(self, joiner: Connection | None = None) -> None:
        """A player came or went: everyone is sent a ``Seats`` frame at once, or, within
        ``PRESENCE_DELAY`` of the last one, one frame at its end for all the changes meanwhile
        (a spectator changes no seat, and sends nothing; a joiner's welcome shows the seats)."""
        now = time.monotonic()
        self._seats_changed_at = now
        if joiner is not None:
            joiner.welcomed = now
        if self._seats_soon is not None:
            return  # it goes out with the frame on its way
        wait = self._seats_sent + PRESENCE_DELAY - now
        if wait <= 0:
            self._seats_sent = now
            self.room.broadcast_seats(skip=joiner)
        else:
            self._seats_soon = asyncio.get_running_loop().call_later(wait, self._seats_now)

    def _seats_now(self) -> None:
        self._seats_soon = None
        self._seats_sent = time.monotonic()
        text = self.room.seats_text()
        for conn in list(self.connections):
            if conn.welcomed < self._seats_changed_at:  # a later welcome showed it all
                conn.push(text)

    def quiet(self) -> bool:
        """Nobody connected here, and no grace time, frame or message to another process under way."""
        return not self.connections and not self._grace and self._seats_soon is None and not self._telling

    def stop(self) -> None:
        """No grace time runs out and no frame goes out from now on (the room closes)."""
        for handle in [self._seats_soon, *self._grace.values()]:
            if handle is not None:
                handle.cancel()
