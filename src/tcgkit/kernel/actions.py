"""Actions: every choice a player makes is a small frozen value with a one-line notation.

``str(action)`` is the notation; ``state.parse_action(text, player)`` reads it back, so the
CLI, replays, bug reports, the browser and a game server all speak the same text.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from string import Formatter
from typing import ClassVar

from .refs import Ref, card


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every game's actions. Subclasses define ``__str__`` as their notation and
    ``refs`` as the cards, cells and players they involve (what a front end makes clickable),
    or declare ``notation``: its pieces, each a ``str.format`` template of the action's fields
    left out when a field it names is ``None`` (``"cast {card}", " at {target}"``; a ``Ref`` is
    written as its id). A declared action's refs are its ``card`` field (a card id) and every
    field holding a ``Ref``, in field order."""

    notation: ClassVar[str | tuple[str, ...]] = ()

    def __str__(self) -> str:
        pieces = declared_pieces(type(self))
        if not pieces:
            raise NotImplementedError(f"{type(self).__name__} declares no notation and writes no __str__")
        said = []
        for template, names in pieces:
            values = [getattr(self, name) for name in names]
            if None not in values:
                written = [v.id if isinstance(v, Ref) else v for v in values]
                said.append(template.format(**dict(zip(names, written, strict=True))))
        return "".join(said)

    def refs(self) -> tuple[Ref, ...]:
        if not type(self).notation:
            return ()
        out = []
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Ref):
                out.append(value)
            elif f.name == "card" and isinstance(value, int):
                out.append(card(value))
        return tuple(out)


PIECES: dict[type, tuple[tuple[str, tuple[str, ...]], ...]] = {}


def declared_pieces(cls: type[Action]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """A declared notation's pieces with the fields each names (read once per class)."""
    pieces = PIECES.get(cls)
    if pieces is None:
        declared = (cls.notation,) if isinstance(cls.notation, str) else cls.notation
        pieces = PIECES[cls] = tuple(
            (piece, tuple(name for _, name, _, _ in Formatter().parse(piece) if name)) for piece in declared)
    return pieces


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
