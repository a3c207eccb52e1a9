"""What a match's spectators are shown: the public view (``viewer=None``), and, when the
match was made with ``spectator_delay=d``, the match ``d`` moves behind while it runs, the whole
of it once it is over. A friend watching cannot tell a player what the other holds, nor
coach them move by move: the delay is allowed in any game, hidden information or not, as
broadcasts of open games delay theirs for the same reason.

The delayed match is the room's own start replayed with its moves up to the version shown,
moved on as the match goes (one move replayed per move played) and replayed again from the
start only when the match went back (an undo).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..kernel.match import Match

if TYPE_CHECKING:
    from .room import Room

MAX_DELAY = 100  # moves; more and a spectator would see little of a match before its end


class Spectating:
    """A room's view for spectators: its delay in moves and the delayed match."""

    def __init__(self, room: Room, delay: int) -> None:
        self.room = room
        self.delay = delay
        self._behind: Match | None = None

    def version(self) -> int:
        """The version spectators are shown now."""
        room = self.room
        if self.delay == 0 or room.over:
            return room.state.version
        return max(0, room.state.version - self.delay)

    def match(self) -> Match:
        """The match as spectators are shown it now (the room's own when not behind)."""
        room = self.room
        target = self.version()
        if target == room.state.version:
            return room.match
        behind = self._behind
        played = room.match.actions
        if (behind is None or len(behind.actions) > target
                or behind.actions != played[:len(behind.actions)]):
            behind = Match.start(room.game, room.seed, room.decks)
        behind.replay(room.match.moves()[len(behind.actions):target])
        self._behind = behind
        return behind
