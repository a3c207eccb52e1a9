"""Brawl's actions: each a small frozen value whose ``str()`` is its notation."""

from __future__ import annotations

from dataclasses import dataclass

from tcgkit.kernel import Action


@dataclass(frozen=True, slots=True)
class Cast(Action):
    card: int
    target: int = -1  # a player or a spell, as the card's target says; -1: none

    def __str__(self) -> str:
        return f"cast {self.card}" + (f" at {self.target}" if self.target >= 0 else "")


@dataclass(frozen=True, slots=True)
class Discard(Action):
    card: int

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class First(Action):
    """Which of the player's triggers starts first (named by its card)."""

    card: int

    def __str__(self) -> str:
        return f"trigger {self.card}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class End(Action):
    def __str__(self) -> str:
        return "end"


PASS, END = Pass(), End()
