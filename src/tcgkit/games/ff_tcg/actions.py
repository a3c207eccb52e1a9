"""Final Fantasy TCG actions, one line each (``play Asp#7 attack``, ``assign Asp#7 -> Fighter#63``).

A card is written ``Name#id``: ``id`` is the card instance (in its owner's block of
``deck_size`` ids, assigned by the seed). Labels are carried for the notation only; actions
compare by ids.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...kernel import refs
from ...kernel.actions import Action
from ...kernel.refs import Ref

# Where a played card goes (``Play.mode``).
TO_PLAY = ""  # characters, villains, cities: their one place
TO_WORLD = "world"
TO_ATTACK = "attack"
TO_CITY = "city"  # a monster onto an opponent's city
TO_CHARACTER = "on"  # an item onto one of your characters


@dataclass(frozen=True, slots=True)
class Play(Action):
    """The turn's one play from hand."""

    card: int
    label: str = field(compare=False)
    mode: str = TO_PLAY
    where: int = -1  # the city or character for ``city`` / ``on``
    where_label: str = field(default="", compare=False)

    def __str__(self) -> str:
        if self.mode in (TO_CITY, TO_CHARACTER):
            return f"play {self.label} {self.mode} {self.where_label}"
        return f"play {self.label} {self.mode}" if self.mode else f"play {self.label}"

    def refs(self) -> tuple[Ref, ...]:
        return cards(self.card, self.where)


@dataclass(frozen=True, slots=True)
class Hide(Action):
    """Any card from hand face down into the hidden zone: the turn's one play."""

    card: int
    label: str = field(compare=False)

    def __str__(self) -> str:
        return f"hide {self.label}"

    def refs(self) -> tuple[Ref, ...]:
        return cards(self.card)


@dataclass(frozen=True, slots=True)
class Turn(Action):
    """Turn a hidden action face up (Virar): it resolves, then goes to the discard pile."""

    card: int
    label: str = field(compare=False)
    target: int = -1
    target_label: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"turn {self.label} -> {self.target_label}" if self.target >= 0 else f"turn {self.label}"

    def refs(self) -> tuple[Ref, ...]:
        return cards(self.card, self.target)


@dataclass(frozen=True, slots=True)
class Use(Action):
    """Use ability ``ability`` (its index on the card) of a card in play."""

    card: int
    label: str = field(compare=False)
    ability: int
    target: int = -1
    target_label: str = field(default="", compare=False)

    def __str__(self) -> str:
        head = f"use {self.label} {self.ability}"
        return f"{head} -> {self.target_label}" if self.target >= 0 else head

    def refs(self) -> tuple[Ref, ...]:
        return cards(self.card, self.target)


@dataclass(frozen=True, slots=True)
class End(Action):
    """End the play phase and go to combat."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Close a step: the attack declaration or one's effect window of a fight."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Assign(Action):
    """The character side sends one attacking monster against one of its characters."""

    monster: int
    label: str = field(compare=False)
    character: int
    character_label: str = field(compare=False)

    def __str__(self) -> str:
        return f"assign {self.label} -> {self.character_label}"

    def refs(self) -> tuple[Ref, ...]:
        return cards(self.monster, self.character)


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Name one card: ``verb`` is attack, clear, fight, skull, wound, discard, sacrifice,
    search or target (the choice the pending decision asks for)."""

    verb: str
    card: int
    label: str = field(compare=False)

    def __str__(self) -> str:
        return f"{self.verb} {self.label}"

    def refs(self) -> tuple[Ref, ...]:
        return cards(self.card)


def cards(*ids: int) -> tuple[Ref, ...]:
    """References to the cards an action names (-1: none named there)."""
    return tuple(refs.card(c) for c in ids if c >= 0)


END = End()
DONE = Done()
PICK_VERBS = ("attack", "clear", "fight", "skull", "wound", "discard", "sacrifice", "search", "target")
