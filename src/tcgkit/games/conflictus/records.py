"""Conflictus Aeternus's side records and how the state writes what is not a plain value.

The records the rules keep (a set of cards, an attack, a block, the sources put down, an
ability used once a rodada, the result), and the value types of ``rules.py``'s declaration
that the kernel's do not cover: a target (``P1`` or ``Name#id``), a hit of combat damage, a map
written in the order it was made, and the kernel's ``Modifiers`` keyed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple, get_args

from ...kernel import refs
from ...kernel import values as v
from .effects import REGISTRY, Keyword

CARD, PLAYER = v.Card(), v.Player()


# -- records ------------------------------------------------------------------------------------
@v.record
class CardSet(v.SideRecord):
    """A set: its owner, the sources bound to it, its warriors bottom to top (the last one is the
    active warrior), its equipment, and which warrior or equipment each source paid for
    (``paid``: a source leaves the set with it). Its cards lie here (``SPEC``: the field holds
    cards; ``paid`` names cards of the other lists, ``held`` below)."""

    FIELDS: ClassVar[dict[str, v.Value]] = {"owner": PLAYER, "sources": v.ListOf(CARD),
                                            "warriors": v.ListOf(CARD), "equipment": v.ListOf(CARD),
                                            "paid": v.MapOf(CARD, CARD, ("source", "card"))}
    owner: int
    sources: list[int]
    warriors: list[int]
    equipment: list[int]
    paid: dict[int, int]

    def held(self) -> list[int]:
        return [*self.sources, *self.warriors, *self.equipment]


class AbilityKey(NamedTuple):
    """An ability of a card instance (once a rodada: ``used_abilities``)."""

    card: int
    ability: int


class Attacking(NamedTuple):
    """An attack declared: the set's active warrior then, and the player it attacks."""

    warrior: int
    target: int


class Blocking(NamedTuple):
    """A block declared (keyed by the attacking set): the blocking set and its active warrior."""

    set: int
    warrior: int


class Drops(NamedTuple):
    """Sources a player put down: in their own Main phase, in an opponent's, and the extra ones
    an effect still allows before their next rodada."""

    own: int = 0
    foreign: int = 0
    extra: int = 0


NO_DROPS = Drops()


class Result(NamedTuple):
    winner: int | None  # None: a draw, or the last players went out together
    reason: str


# -- value types --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Target(v.Value):
    """A card or a player that an ability aims at or a shield covers (a typed reference),
    written as the notation writes it: ``P1``, ``Name#id``; ``none`` when there is none."""

    none: str = ""

    def dump(self, value: Any, ctx: v.Ctx) -> Any:
        if value is None:
            return self.none
        return f"P{value.id}" if value.kind is refs.Kind.PLAYER else ctx.codec.key(value.id)

    def load(self, data: Any, ctx: v.Ctx, where: str) -> refs.Ref | None:
        if data == self.none:
            return None
        seat = re.fullmatch(r"P(\d)", data) if isinstance(data, str) else None
        if seat is None:
            return refs.card(ctx.codec.card(data, ctx, where))
        player = int(seat[1])
        if player >= ctx.players:
            raise v.bad(where, f"should be a player P0..P{ctx.players - 1} or a card, not {v.excerpt(data)}")
        return refs.player(player)


@dataclass(frozen=True)
class Hit(v.Value):
    """Combat damage dealt to a warrior: ``[card, amount]``."""

    def dump(self, value: Any, ctx: v.Ctx) -> Any:
        return [ctx.codec.key(value[0]), value[1]]

    def load(self, data: Any, ctx: v.Ctx, where: str) -> tuple[int, int]:
        if not isinstance(data, list) or len(data) != 2:
            raise v.bad(where, f"should be [card, amount], not {v.excerpt(data)}")
        return ctx.codec.card(data[0], ctx, f"{where}[0]"), v.Int(0).load(data[1], ctx, f"{where}[1]")


STATS = (*sorted(REGISTRY.stats), *get_args(Keyword))  # what a modifier may change
DURATIONS = tuple(sorted(REGISTRY.durations))
