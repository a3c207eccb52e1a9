"""The position's small records: named tuples (cheap to copy with the lists that hold them,
unpacked in one go on the hot paths, read by name everywhere else)."""

from __future__ import annotations

from typing import NamedTuple

ABILITY_KEY = 16
"""A card has fewer abilities than this (checked at load): ``card * ABILITY_KEY + ability`` is a
key for one ability of one card instance (once-per-turn marks, the cached actions)."""


class Frame(NamedTuple):
    """An ability being resolved: its steps (costs, then effects) run in order from ``at``."""

    player: int  # who uses it
    source: int  # the card whose ability it is
    ability: int  # its index on the card
    target: int  # the card it names; -1: none (yet: a trigger's target is asked for)
    at: int  # the next step to run
    tag: str  # "turned": a hidden action turned up, discarded when done; "" otherwise


class Ask(NamedTuple):
    """A choice an effect waits for (a decision of the same kind is on the decision stack)."""

    player: int  # who chooses
    kind: str  # "discard", "sacrifice", "search" or "target"
    owed: int  # cards still to give
    type: str | None  # the card type asked for (sacrifice, search); None: any
    name: str | None  # the card name searched for; None: any


class Trigger(NamedTuple):
    """A triggered ability waiting to start (queued first in, first out)."""

    player: int
    source: int
    ability: int


class Result(NamedTuple):
    winner: int | None  # None: a draw
    reason: str
