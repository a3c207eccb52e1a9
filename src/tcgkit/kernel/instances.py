"""Instance ids that tell nothing about deck order.

A game that gives each physical card an id (Final Fantasy TCG's ``Name#id``) must not number
a deck's cards in the deck file's order: one card seen would name its neighbours. The ids
of a player's block are permuted by the seed, from a stream of its own, so the game's own
random draws (shuffles, cuts, dice) stay exactly what they were.
"""

from __future__ import annotations

from .rng import Rng, derive_seed

INSTANCE_STREAM = 0x1D5
"""The seed's stream for instance ids, apart from the game's own generator."""


def instance_ids(seed: int, player: int, count: int, first: int = 0) -> list[int]:
    """The ids of ``player``'s ``count`` cards, in deck-file order: ``first .. first +
    count - 1`` shuffled by ``derive_seed(seed, INSTANCE_STREAM, player)``."""
    ids = list(range(first, first + count))
    Rng(derive_seed(seed, INSTANCE_STREAM, player)).shuffle(ids)
    return ids


def by_id(items: list[int] | tuple[int, ...], ids: list[int], first: int = 0) -> tuple[int, ...]:
    """``items`` (one per card, in deck-file order) rearranged so that entry ``id - first``
    is the item of the card with that id."""
    placed = [0] * len(items)
    for item, card in zip(items, ids, strict=True):
        placed[card - first] = item
    return tuple(placed)
