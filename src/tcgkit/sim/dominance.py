"""Dominated cards of stat-only games: a card no better than another of its group in any value.

Triple Triad groups by level (values: the four edges; the element is not compared), Forge
& Fury by rarity (values: green, red, blue). Card ``a`` is dominated by ``b`` when both are
in the same group, ``b`` is at least as high in every value and higher in one. Cards with
exactly the same values are reported as twins. Other games have no entry: their cards do
more than compare numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..kernel.game import Game


@dataclass(frozen=True, slots=True)
class StatCard:
    label: str  # the name cards have in results files
    group: str  # level or rarity: cards are compared within it
    values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Dominated:
    card: StatCard
    by: tuple[StatCard, ...]  # every card of the group that dominates it
    twins: tuple[StatCard, ...]  # cards of the group with the same values


def _triple_triad(game: Any) -> list[StatCard]:
    return [StatCard(c.name, f"level {c.level}", tuple(c.values)) for c in game.cards.cards]


def _forge_fury(game: Any) -> list[StatCard]:
    return [StatCard(c.label, c.rarity_name, tuple(c.values)) for c in game.cards.cards]


STAT_ONLY: dict[str, Callable[[Any], list[StatCard]]] = {
    "triple-triad": _triple_triad,
    "forge-fury": _forge_fury,
}
VALUE_NAMES = {"triple-triad": "top right bottom left", "forge-fury": "green red blue"}


def stat_cards(game: Game) -> list[StatCard] | None:
    """The game's cards as compared values, or None for a game whose cards are not stat-only."""
    read = STAT_ONLY.get(game.name)
    return None if read is None else read(game)


def dominated_cards(cards: Sequence[StatCard]) -> list[Dominated]:
    """Every card dominated by another of its group, or with a twin, in the given order."""
    out = []
    for a in cards:
        peers = [b for b in cards if b is not a and b.group == a.group]
        by = tuple(b for b in peers if b.values != a.values
                   and all(x >= y for x, y in zip(b.values, a.values, strict=True)))
        twins = tuple(b for b in peers if b.values == a.values)
        if by or twins:
            out.append(Dominated(a, by, twins))
    return out
