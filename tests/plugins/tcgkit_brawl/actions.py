"""Brawl's actions: each a small frozen value whose ``str()`` is its notation."""

from __future__ import annotations

from dataclasses import dataclass

from tcgkit.kernel import Action, refs


@dataclass(frozen=True, slots=True)
class Cast(Action):
    card: int
    target: refs.Ref | None = None  # a player or a spell, as the card's target says

    def __str__(self) -> str:
        return f"cast {self.card}" + ("" if self.target is None else f" at {self.target.id}")

    def refs(self) -> tuple[refs.Ref, ...]:
        return (refs.card(self.card),) + (() if self.target is None else (self.target,))


@dataclass(frozen=True, slots=True)
class Discard(Action):
    card: int

    def __str__(self) -> str:
        return f"discard {self.card}"

    def refs(self) -> tuple[refs.Ref, ...]:
        return (refs.card(self.card),)


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
