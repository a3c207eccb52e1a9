"""Triple Triad actions: ``Geezard@4`` places a card on cell 4; ``take Geezard`` picks a
card in a trade. Cells are numbered 0..8 row by row from the top left."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...kernel import refs
from ...kernel.actions import Action


@dataclass(frozen=True, slots=True)
class Place(Action):
    card: int  # card id in the game's CardDB
    cell: int
    name: str = field(compare=False)

    def __str__(self) -> str:
        return f"{self.name}@{self.cell}"

    def refs(self) -> tuple[refs.Ref, ...]:
        return refs.card(self.card), refs.cell(self.cell)


@dataclass(frozen=True, slots=True)
class Take(Action):
    card: int
    name: str = field(compare=False)

    def __str__(self) -> str:
        return f"take {self.name}"

    def refs(self) -> tuple[refs.Ref, ...]:
        return (refs.card(self.card),)
