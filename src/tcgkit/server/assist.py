"""Hints and undo at the browser's table, as the terminal gives them (``agents/assist.py``),
for a seat playing against the AI only: every other seat an AI seat, so asking for help or
taking a move back changes no other person's game.

- A **hint** is worked out from the asking seat's view alone (never the room's true state),
  with a generator seeded by the match and the version, and sent to that seat only.
- **Undo** takes back the seat's last action and everything after it, never past an action
  that told the seat something hidden or drew at random. It is not offered in a trading
  match (its hand is staked: the terminal refuses it too), under a clock (the banks would be
  the ones spent), nor when several server processes share the match (their copies move only
  forward). The state is replayed from the match's seed, so each draw comes out as it did, and
  an AI answers a position as it did (its seed is the match's, the seat's and the version's).
"""

from __future__ import annotations

import asyncio
import math
from typing import TYPE_CHECKING, Literal

from ..agents.assist import advise
from ..kernel.rng import derive_seed
from .protocol import Hint, HintOption

if TYPE_CHECKING:
    from .room import Room

HINT_STREAM = 14  # the match seed's sub-stream for hints (the terminal's)
__all__ = ["against_ai", "assists", "hint", "in_words", "why_no_undo"]


def against_ai(room: Room, seat: int | None) -> bool:
    return seat is not None and all(s.kind == "ai" for n, s in enumerate(room.seats) if n != seat)


def why_no_undo(room: Room, seat: int | None) -> str | None:
    """Why ``seat`` may not take moves back in ``room``, or ``None`` when it may."""
    if not against_ai(room, seat):
        return "moves are taken back only in a match against the AI alone"
    if room.settings.get("trading"):
        return "a trading match stakes its hands: its moves stay"
    if room.rules.clock != "off":
        return "a match with a clock takes no move back"
    if room.replication.peers is not None:
        return "this match is shared by several server processes: its moves stay"
    return None


def assists(room: Room, seat: int | None) -> list[str]:
    """What ``seat`` may ask for: ``hint`` against the AI, ``undo`` where it is offered."""
    if not against_ai(room, seat):
        return []
    return ["hint"] if why_no_undo(room, seat) else ["hint", "undo"]


async def hint(room: Room, seat: int) -> Hint:
    """The hint for ``seat``, to move now (the caller checked), from its view alone. The view
    and the legal moves are taken here, on the event loop; the search (a tenth of a second or
    more) runs in a thread, so the other matches' moves are not held up behind it."""
    state = room.state
    found = await asyncio.to_thread(advise, state.game, state.view(seat), state.legal_actions(),
                                    derive_seed(room.seed, HINT_STREAM, state.version))
    why = found.explanation
    return Hint(version=state.version, action=str(found.action), before=found.before,
                after=found.after, tie=found.tie, change=in_words(found.before, found.after),
                agent=why.agent, iterations=why.iterations,
                options=[HintOption(action=o.action, visits=o.visits, chance=o.chance)
                         for o in why.options[:HINT_OPTIONS]],
                effects=[sentence.model_dump(mode="json") for sentence in found.effects])


HINT_OPTIONS = 4  # the move and three alternatives, as the terminal names them


def in_words(before: float, after: float) -> Literal["better", "same", "worse"]:
    """A hint's chances to win (percent) as a player reads them: is the seat better off after
    the move than now, by the whole percentages the table shows beside the words (16.6% and
    17.2% both read 17%: "better" beside "17% now, 17% after" would contradict the numbers).
    Rounded half up, as the table's ``Math.round`` does."""
    shown_before, shown_after = math.floor(before + 0.5), math.floor(after + 0.5)
    return "better" if shown_after > shown_before else "worse" if shown_after < shown_before else "same"
