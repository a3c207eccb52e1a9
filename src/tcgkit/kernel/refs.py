"""References to things on the table: a card, a player, a cell, an item on the stack.

A ``Ref`` is ``(kind, id)``: the targets an activation chose, the subjects of an event that
fired a trigger, and what a scene's actions and areas point at (so a front end can offer
"click a card, then a cell"). No game encodes a kind in an int or a string. ``card(3)`` and
the like give the one shared value of each reference: they are made often in hot paths.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Kind(StrEnum):
    CARD = "card"
    PLAYER = "player"
    CELL = "cell"
    ITEM = "item"  # an item on the stack (a pending ability), by its place from the bottom


@dataclass(frozen=True, slots=True)
class Ref:
    kind: Kind
    id: int

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "id": self.id}

    def __str__(self) -> str:
        return f"{self.kind.value}:{self.id}"


Target = Ref
"""What an activation chose: a ``Ref`` (the name the effect runtime uses, beside its own
``Ref``, the text references a card's effects name: "self", "target", "bearer")."""
KINDS = tuple(k.value for k in Kind)
_MADE: dict[tuple[Kind, int], Ref] = {}


def make(kind: Kind, number: int) -> Ref:
    ref = _MADE.get((kind, number))
    if ref is None:
        ref = _MADE[(kind, number)] = Ref(kind, number)
    return ref


def card(number: int) -> Ref:
    return make(Kind.CARD, number)


def player(number: int) -> Ref:
    return make(Kind.PLAYER, number)


def cell(number: int) -> Ref:
    return make(Kind.CELL, number)


def item(number: int) -> Ref:
    return make(Kind.ITEM, number)


def ids(refs: tuple[Ref, ...], kind: Kind) -> list[int]:
    """The ids of ``refs`` of one kind, in order."""
    return [r.id for r in refs if r.kind is kind]
