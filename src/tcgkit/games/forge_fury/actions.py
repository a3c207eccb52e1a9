"""Forge & Fury actions, one line each: ``colour red``, ``pick Mist Wyrm #012``,
``rps rock``, ``call odd``, ``show 3``."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...kernel import refs
from ...kernel.actions import Action
from .cards import COLOURS

SIGNS = ("rock", "paper", "scissors")


@dataclass(frozen=True, slots=True)
class ChooseColour(Action):
    colour: int  # index in COLOURS

    def __str__(self) -> str:
        return f"colour {COLOURS[self.colour] if 0 <= self.colour < len(COLOURS) else self.colour}"


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """The secret pick of a round: hidden from the rival until both have picked."""

    card: int
    label: str = field(compare=False)

    def __str__(self) -> str:
        return f"pick {self.label}"

    def refs(self) -> tuple[refs.Ref, ...]:
        return (refs.card(self.card),)


@dataclass(frozen=True, slots=True)
class Throw(Action):
    """A sealed rock-paper-scissors sign."""

    sign: int  # index in SIGNS

    def __str__(self) -> str:
        return f"rps {SIGNS[self.sign] if 0 <= self.sign < len(SIGNS) else self.sign}"


@dataclass(frozen=True, slots=True)
class Call(Action):
    """Odd-or-even: the caller's public call before both show fingers."""

    odd: bool

    def __str__(self) -> str:
        return f"call {'odd' if self.odd else 'even'}"


@dataclass(frozen=True, slots=True)
class Show(Action):
    """Odd-or-even: a sealed number of fingers, 0..5."""

    fingers: int

    def __str__(self) -> str:
        return f"show {self.fingers}"


COLOUR_ACTIONS = tuple(ChooseColour(c) for c in range(3))
THROWS = tuple(Throw(s) for s in range(3))
CALLS = (Call(False), Call(True))
SHOWS = tuple(Show(n) for n in range(6))
