"""A match in a cluster of processes (PostgreSQL, ``cluster.py``): one process owns it and
plays it; the others replicate it, follow each action the owner commits, and send the owner
what their clients ask (``Forwarded``) until it answers. When the owner dies, a replica takes
the match over and plays first what was left unanswered.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..kernel.match import PlayedMove
from .protocol import Error, made_by_of
from .refusal import Refusal

if TYPE_CHECKING:
    from .room import Connection, Room


@dataclass
class Forwarded:
    """A request a client made at a process that only replicates the match, sent on to its
    owner: from connection ``conn`` of process ``origin``."""

    origin: str
    conn: int
    tag: str | None
    what: str  # act or claim
    seat: int
    fields: dict[str, Any]


class Peers(Protocol):
    """The other processes of a PostgreSQL cluster, as a room speaks to them."""

    def note(self, room: Room, forwarded: Forwarded | None) -> dict[str, Any]: ...

    async def presence(self, room: Room, seat: int, count: int) -> None: ...


class Replication:
    """Whether this process owns its room's match, the other processes, and the requests
    sent to the owner not answered yet. A room alone (SQLite) owns its match and has no peers."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.owner = True  # False: a replica of a match another process owns
        self.peers: Peers | None = None
        self.forwarded: list[Forwarded] = []  # sent to the owner, not answered yet

    def note(self, forwarded: Forwarded | None = None) -> dict[str, Any] | None:
        """What the other processes are told with a commit (``None``: there are none)."""
        return None if self.peers is None else self.peers.note(self.room, forwarded)

    def answered(self, conn: Any, tag: str | None) -> None:
        """The owner answered connection ``conn``'s request ``tag``: it waits no more."""
        self.forwarded = [f for f in self.forwarded if f.conn != conn or f.tag != tag]

    def follow(self, seat: int, notation: str, banks: list[float] | None, made_by: str | None = None) -> None:
        """A replica plays an action its owner committed."""
        self.room.match.replay([PlayedMove(notation, seat, made_by_of(made_by))])
        if banks is not None:
            self.room.clock.banks = banks

    async def become_owner(self) -> None:
        """Take the match over (its owner died): play on, first what this process's clients
        had sent to the old owner without an answer."""
        self.owner = True
        pending, self.forwarded = self.forwarded, []
        self.room.begin()
        for forwarded in pending:
            conn = self.room.presence.connection(forwarded.conn)
            try:
                await self.run(forwarded, conn)
            except Refusal as refusal:
                if conn is not None:
                    conn.push(Error.of(refusal).model_dump_json())

    async def run(self, forwarded: Forwarded, conn: Connection | None = None) -> None:
        """What a client of another process asked for, done by this owner."""
        fields = forwarded.fields
        if forwarded.what == "claim":
            await self.room.claim(forwarded.seat, int(fields["seat"]))
        else:
            await self.room.act(forwarded.seat, int(fields["version"]), str(fields["action"]), conn,
                                forwarded.tag, forwarded=None if conn is not None else forwarded)
