"""Actions: every choice a player makes is a small frozen value with a one-line notation.

``str(action)`` is the notation; ``state.parse_action(text, player)`` reads it back, so the
CLI, replays, bug reports, the browser and a game server all speak the same text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .errors import NotationError
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
    fills in ``prompt`` (what is asked, in the player's words) and ``default`` (the legal
    action a turn timer takes, shown to the deciding player only).
    """

    player: int
    kind: str
    secret: bool = False
    prompt: str = ""
    default: Action | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "kind": self.kind,
            "secret": self.secret,
            "prompt": self.prompt,
            "default": None if self.default is None else str(self.default),
        }

    @staticmethod
    def from_json(data: object, parse: Callable[[str], Action] | None = None) -> Decision:
        """Read ``to_json``'s form; ``parse`` reads the default's notation (needed when
        there is one). Malformed data raises ``NotationError`` naming the field."""
        if not isinstance(data, dict):
            raise NotationError(f"decision: expected an object, got {type(data).__name__}")
        extra = set(data) - {"player", "kind", "secret", "prompt", "default"}
        if extra:
            raise NotationError(f"decision: unknown field(s) {', '.join(sorted(map(str, extra)))}")
        player, kind = data.get("player"), data.get("kind")
        secret, prompt, default = data.get("secret", False), data.get("prompt", ""), data.get("default")
        if type(player) is not int or player < 0:
            raise NotationError(f"decision, field 'player': expected a player number, got {player!r}")
        if not isinstance(kind, str) or not kind:
            raise NotationError(f"decision, field 'kind': expected a name, got {kind!r}")
        if type(secret) is not bool:
            raise NotationError(f"decision, field 'secret': expected true or false, got {secret!r}")
        if not isinstance(prompt, str):
            raise NotationError(f"decision, field 'prompt': expected text, got {prompt!r}")
        if default is not None and not isinstance(default, str):
            raise NotationError(f"decision, field 'default': expected an action's notation, got {default!r}")
        action = None
        if default is not None:
            if parse is None:
                raise NotationError("decision, field 'default': no action reader given")
            try:
                action = parse(default)
            except NotationError as exc:
                raise NotationError(f"decision, field 'default': {exc}") from None
        return Decision(player, kind, secret, prompt, action)
