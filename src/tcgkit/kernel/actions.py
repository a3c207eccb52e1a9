"""Actions: every choice a player makes is a small frozen value with a one-line notation.

``str(action)`` is the notation; ``state.parse_action(text, player)`` reads it back, so the
CLI, replays, bug reports, the browser and a game server all speak the same text.
"""

from __future__ import annotations

from dataclasses import dataclass

from .refs import Ref


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every game's actions. Subclasses define ``__str__`` as their notation and
    ``refs`` as the cards, cells and players they involve (what a front end makes clickable)."""

    def __str__(self) -> str:  # pragma: no cover - every concrete action overrides it
        raise NotImplementedError

    def refs(self) -> tuple[Ref, ...]:
        return ()


@dataclass(frozen=True, slots=True)
class Decision:
    """A pending choice: who must decide, what kind of choice it is, and how to ask it.

    States keep a stack of these; the top one is the decision being asked now. An effect
    that needs a target mid-resolution pushes a decision and resumes when it is answered,
    and a saved state resumes exactly there. ``secret`` marks a sealed choice whose
    content stays hidden from the other players until the rules reveal it.

    The stack holds bare decisions (player, kind, secret); ``State.decision_for(viewer)``
    fills in ``default`` (the legal action a turn timer takes, shown to the deciding player
    only). What a decision asks, in words, is the scene's prompt (``Pending.prompt``).
    """

    player: int
    kind: str
    secret: bool = False
    default: Action | None = None
