"""A match's AI: the agent of each AI seat and of each person's stand-in, thinking in the
server's worker pool (``ai.py``) whenever one of them is to move, and its moves played as
any seat's (``Room.act``), a stand-in's marked as such.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import TYPE_CHECKING, Any

from ..kernel.rng import derive_seed
from . import ai
from .protocol import STAND_IN
from .refusal import Refusal

if TYPE_CHECKING:
    from .room import Room

log = logging.getLogger("tcgkit.server")
AI_STREAM = 31  # the sub-stream of the match seed the AI seats draw from


class AiSeats:
    """A room's agents: one task plays their turns, one after another, while one is to move."""

    def __init__(self, room: Room, pool: Any) -> None:
        self.room = room
        self.pool = pool
        self.maker: int | None = None  # the account that made the match (its AI's turn: ``ai.Pool``)
        self._known = 0  # the version this match's worker was last told of
        self._task: asyncio.Task[None] | None = None

    def level(self, seat: int) -> str | None:
        """The agent playing ``seat``: its own (an AI seat), or the stand-in of a person away."""
        entry = self.room.seats[seat]
        if entry.kind == "ai":
            return entry.level
        return self.room.rules.stand_in if seat in self.room.presence.stand_ins else None

    @property
    def thinking(self) -> bool:
        return self._task is not None and not self._task.done()

    def kick(self) -> None:
        """Start the AI's turns when an AI seat is to move (and none is thinking)."""
        room = self.room
        mover = room.state.to_move
        if (mover is None or room.over or not room.replication.owner or self.level(mover) is None
                or room.problem is not None):
            return
        if not self.thinking:
            self._task = asyncio.get_running_loop().create_task(self._turns())

    def forget(self) -> None:
        """The worker's copy may stand at this very version on another line of play (an
        undo): it is sent the whole match again."""
        self._known = 0

    async def _turns(self) -> None:
        room = self.room
        while True:
            state = room.state
            mover = state.to_move
            level = None if mover is None else self.level(mover)
            if mover is None or level is None or room.problem is not None or room.over:
                return
            version = state.version
            seed = derive_seed(room.seed, AI_STREAM, mover, version)
            try:
                text = await self._move(level, mover, version, seed)
            except Exception as exc:
                log.exception("match %s: the AI of seat %d failed", room.match_id, mover)
                # What the players read names no card: the details stay in the server's log.
                room.stop_for(f"the AI of seat {mover} is lost: its worker died and could not be "
                              "replaced" if isinstance(exc, ai.WorkerLost)
                              else f"the AI of seat {mover} failed: {type(exc).__name__}")
                return
            try:
                await room.act(mover, version, text,
                               made_by=STAND_IN if room.seats[mover].kind == "human" else None)
            except Refusal as refusal:
                if refusal.code != "stale":  # stale: someone else moved (a clock); think again
                    log.error("match %s: the AI's move %s was refused: %s", room.match_id, text,
                              refusal.message)
                    room.stop_for(f"the AI of seat {mover} played an illegal move")
                    return

    async def _move(self, level: str, mover: int, version: int, seed: int) -> str:
        """Ask the match's worker for ``mover``'s move at ``version``, sending the actions
        since the version it was last told of (all of them when it no longer holds the match)."""
        room = self.room
        options = json.dumps(room.game.options_json(), sort_keys=True)  # the worker's key of the game
        for known in dict.fromkeys([self._known if self._known <= version else 0, 0]):
            position = ai.Position(room.match_id, room.game.name, options, room.seed, room.decks, known,
                                   room.history[known:version])
            try:
                text = await self.pool.ask(room.match_id, ai.choose, position, level, mover, seed,
                                           share=self.maker)
            except ai.Unknown:
                continue
            self._known = version
            return text
        raise ai.Unknown(f"the worker could not rebuild match {room.match_id}")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
