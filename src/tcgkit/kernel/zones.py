"""Zones with visibility: views are derived from them, not written by hand per game."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Visibility(StrEnum):
    PUBLIC = "public"  # everyone sees the cards
    OWNER = "owner"  # only the owner sees the cards; others see how many
    HIDDEN = "hidden"  # nobody sees the cards (a deck's order); everyone sees how many


@dataclass(slots=True)
class Zone:
    """A named container of cards as a viewer may see it.

    ``cards`` holds whatever the game uses to describe a card in a view (a name, a dict).
    ``None`` in a public zone marks an empty slot (a board cell).
    """

    name: str
    owner: int | None
    visibility: Visibility
    cards: list[Any] = field(default_factory=list)

    def visible_to(self, viewer: int | None) -> bool:
        if self.visibility is Visibility.PUBLIC:
            return True
        return self.visibility is Visibility.OWNER and viewer is not None and viewer == self.owner

    def view(self, viewer: int | None) -> dict[str, Any]:
        count = sum(card is not None for card in self.cards)
        seen: dict[str, Any] = {"owner": self.owner, "count": count}
        if self.visible_to(viewer):
            seen["cards"] = list(self.cards)
        return seen
