"""Actions: every choice a player makes is a small frozen value with a one-line notation.

``str(action)`` is the notation; ``state.parse_action(text)`` reads it back, so the CLI,
replays, bug reports and the browser all speak the same text.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every game's actions. Subclasses define ``__str__`` as their notation."""

    def __str__(self) -> str:  # pragma: no cover - every concrete action overrides it
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Decision:
    """A pending choice: who must decide and what kind of choice it is.

    States keep a stack of these; the top one is the decision being asked now. An effect
    that needs a target mid-resolution pushes a decision and resumes when it is answered,
    and a saved state resumes exactly there. ``secret`` marks a sealed choice whose
    content stays hidden from the other players until the rules reveal it.
    """

    player: int
    kind: str
    secret: bool = False
