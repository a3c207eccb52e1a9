"""Conflictus Aeternus actions: small frozen values whose ``str`` is the notation.

Cards are written ``Name#id``, sets ``set#id`` (the id of the warrior that founded the set),
players ``P0``..``P3``. A payment names how many free Light and Shadow sources it uses
(``pay L1+S1``); a card of one faction always pays with that faction's sources.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...kernel import refs
from ...kernel.actions import Action


def pay_text(luz: int, sombra: int) -> str:
    parts = [f"L{luz}"] * bool(luz) + [f"S{sombra}"] * bool(sombra)
    return f" pay {'+'.join(parts)}" if parts else ""


@dataclass(frozen=True, slots=True)
class Pass(Action):
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """End a declaration (attackers, blockers)."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class Mulligan(Action):
    def __str__(self) -> str:
        return "mulligan"


@dataclass(frozen=True, slots=True)
class Source(Action):
    """Put a source down from hand (one in your Main phase, one in an opponent's)."""

    card: int
    label: str = ""

    def __str__(self) -> str:
        return f"source {self.label}"

    def refs(self) -> tuple[refs.Ref, ...]:
        return (refs.card(self.card),)


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a warrior, relic or equipment from hand: ``on`` is the set (-1: a new set)."""

    card: int
    on: int = -1
    luz: int = 0
    sombra: int = 0
    label: str = ""

    def __str__(self) -> str:
        where = f" on set#{self.on}" if self.on >= 0 else ""
        return f"play {self.label}{where}{pay_text(self.luz, self.sombra)}"

    def refs(self) -> tuple[refs.Ref, ...]:
        return (refs.card(self.card),)


@dataclass(frozen=True, slots=True)
class Cast(Action):
    """Play an amulet from hand, or use an activated ability of a card in play (``ability`` >= 0),
    at ``target`` (a card or a player; ``None``: it takes none)."""

    card: int
    ability: int = -1
    target: refs.Ref | None = None
    luz: int = 0
    sombra: int = 0
    label: str = ""
    target_label: str = ""

    def __str__(self) -> str:
        verb = "amulet" if self.ability < 0 else f"use {self.ability}"
        at = f" at {self.target_label}" if self.target is not None else ""
        return f"{verb} {self.label}{at}{pay_text(self.luz, self.sombra)}"

    def refs(self) -> tuple[refs.Ref, ...]:
        return (refs.card(self.card),) if self.target is None else (refs.card(self.card), self.target)


@dataclass(frozen=True, slots=True)
class Attack(Action):
    on: int  # the attacking set
    player: int

    def __str__(self) -> str:
        return f"attack set#{self.on} P{self.player}"

    def refs(self) -> tuple[refs.Ref, ...]:
        return (refs.player(self.player),)


@dataclass(frozen=True, slots=True)
class Block(Action):
    on: int  # the blocking set
    attacker: int  # the attacking set

    def __str__(self) -> str:
        return f"block set#{self.attacker} with set#{self.on}"


@dataclass(frozen=True, slots=True)
class Sacrifice(Action):
    card: int
    label: str = ""

    def __str__(self) -> str:
        return f"sacrifice {self.label}"

    def refs(self) -> tuple[refs.Ref, ...]:
        return (refs.card(self.card),)


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Answer a discard: this card of your hand goes to the Mortis."""

    card: int
    label: str = ""

    def __str__(self) -> str:
        return f"discard {self.label}"

    def refs(self) -> tuple[refs.Ref, ...]:
        return (refs.card(self.card),)


@dataclass(frozen=True, slots=True)
class Offer(Action):
    """Answer a card cost (``pay_cards``): this card of yours in play pays it."""

    card: int
    label: str = ""

    def __str__(self) -> str:
        return f"offer {self.label}"

    def refs(self) -> tuple[refs.Ref, ...]:
        return (refs.card(self.card),)


@dataclass(frozen=True, slots=True)
class Search(Action):
    """Answer a search of your mons: take a card of this name (the mons is then shuffled)."""

    name: str

    def __str__(self) -> str:
        return f"search {self.name}"
