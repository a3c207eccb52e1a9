"""A match's clock as it runs on the event loop: each seat's time (``clock.py``'s ``Clocks``),
the timer of the decision open now, and what its running out does (``Rules.on_timeout``: the
seat loses, or its decision's default is played for it, marked as the clock's).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from .client_words import TIMED_OUT
from .clock import Clocks
from .protocol import Clock
from .refusal import Refusal

if TYPE_CHECKING:
    from .room import Room

log = logging.getLogger("tcgkit.server")


class MatchClock:
    """A room's clock; only the owner's runs (a replica keeps the banks its owner commits)."""

    def __init__(self, room: Room, banks: list[float] | None) -> None:
        self.room = room
        self.clocks = Clocks.new(room.rules, len(room.seats), banks)
        self._timer: asyncio.TimerHandle | None = None
        # seconds since the open decision began, when it began before this process loaded
        # the match (a correspondence match keeps its deadline across a restart: ``turns.py``)
        self.opened_ago: float | None = None

    @property
    def banks(self) -> list[float]:
        return self.clocks.banks

    @banks.setter
    def banks(self, banks: list[float]) -> None:
        self.clocks.banks = list(banks)

    @property
    def on(self) -> bool:
        """Whether the match has a clock at all (its banks are then kept with each action)."""
        return self.clocks.on

    @property
    def running(self) -> bool:
        return self._timer is not None

    def info(self) -> list[Clock]:
        return [Clock.model_validate(c) for c in self.clocks.view(self.room.now())]

    def answer(self, seat: int, timed_out: bool) -> list[float] | None:
        """The banks once ``seat`` answers now; ``None`` when its time ran out first (the
        clock's own answer, ``timed_out``, empties a chess bank)."""
        now = self.room.now()
        person = self.clocks.seat == seat
        if person and not timed_out and self.clocks.left(seat, now) <= 0:
            return None
        banks = self.clocks.banks_after(seat, now) if person else list(self.clocks.banks)
        if timed_out and self.clocks.rules.clock == "chess":
            banks[seat] = 0.0
        return banks

    def restart(self) -> None:
        """The clock of the decision open now: a person's runs, anyone else's does not (and
        only the owner's clock counts)."""
        self.stop()
        room = self.room
        mover = None if room.over or not room.replication.owner else room.state.to_move
        person = mover is not None and room.ai_seats.level(mover) is None
        ago, self.opened_ago = self.opened_ago or 0.0, None
        seconds = self.clocks.start(mover if person else None, room.now() - ago)
        if seconds is not None:
            seconds = max(0.0, seconds - ago)
            version = room.state.version
            self._timer = asyncio.get_running_loop().call_later(
                seconds, lambda: asyncio.ensure_future(self._time_out(version)))

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    async def _time_out(self, version: int) -> None:
        room = self.room
        mover = room.state.to_move
        if room.over or room.state.version != version or mover is None:
            return
        if room.rules.on_timeout == "lose":
            await room.end(mover, TIMED_OUT)
            return
        decision = room.state.decision_for(mover)
        assert decision is not None and decision.default is not None
        try:
            await room.act(mover, version, str(decision.default), timed_out=True)
        except Refusal as refusal:
            log.info("match %s: the default on time-out was refused: %s", room.match_id, refusal.message)
