"""Instance ids that tell nothing about deck order.

A game that gives each physical card an id (Final Fantasy TCG's ``Name#id``) must not number
a deck's cards in the deck file's order: with public deck lists, one card seen would name its
neighbours. Each player's block of ids is dealt to the deck list's cards in an order drawn by
the seed, from a stream of its own, so the game's own random draws (shuffles, cuts, dice) stay
exactly what they were.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .rng import Rng, derive_seed

T = TypeVar("T")

INSTANCE_STREAM = 0x1D5
"""The seed's stream for instance ids, apart from the game's own generator."""


def instance_ids(seed: int, player: int, count: int, first: int = 0) -> list[int]:
    """The ids of ``player``'s ``count`` cards, in deck-file order: ``first .. first + count - 1``
    in the order of ``count`` 64-bit draws of ``derive_seed(seed, INSTANCE_STREAM, player)``
    (a uniform permutation: ties, at odds of about ``count**2 / 2**65``, keep file order).
    Sorting random keys in C costs a fraction of a Fisher-Yates shuffle in Python."""
    keys = [0] * first + list(Rng(derive_seed(seed, INSTANCE_STREAM, player)).draws(count))
    return sorted(range(first, first + count), key=keys.__getitem__)


def by_id(items: Sequence[T], ids: Sequence[int], first: int = 0) -> tuple[T, ...]:
    """``items`` (one per card, in deck-file order) rearranged so that entry ``id - first`` is
    the item of the card with that id (``ids``: ``first ..`` each once, as ``instance_ids``
    gives them; not checked, this runs for every game)."""
    placed: list[T] = list(items)
    for item, card in zip(items, ids, strict=True):
        placed[card - first] = item
    return tuple(placed)
