"""Events: what happened, for logs and animation, redacted per viewer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    ``visible_to`` is ``None`` for a public event, else the players who may see ``data``;
    everyone else sees ``redacted`` instead (or nothing, when ``redacted`` is ``None``).
    """

    kind: str
    data: dict[str, Any]
    visible_to: frozenset[int] | None = None
    redacted: dict[str, Any] | None = None

    def for_viewer(self, viewer: int | None) -> dict[str, Any] | None:
        if self.visible_to is None or (viewer is not None and viewer in self.visible_to):
            return {"kind": self.kind, **self.data}
        if self.redacted is None:
            return None
        return {"kind": self.kind, **self.redacted}


def redact(events: list[Event], viewer: int | None, since: int = 0) -> list[dict[str, Any]]:
    """The events from index ``since`` on, as ``viewer`` may see them."""
    out = []
    for event in events[since:]:
        seen = event.for_viewer(viewer)
        if seen is not None:
            out.append(seen)
    return out
