"""Instance ids that tell nothing about deck order.

A game that gives each physical card an id (Final Fantasy TCG's ``Name#id``) must not number
a deck's cards in the deck file's order: with public deck lists, one card seen would name its
neighbours. Each player's block of ids is dealt to the deck list's cards in an order drawn by
the seed, from a stream of its own, so the game's own random draws (shuffles, cuts, dice) stay
exactly what they were.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from .errors import DeckError
from .rng import Rng, derive_seed

T = TypeVar("T")

INSTANCE_STREAM = 0x1D5
"""The seed's stream for instance ids, apart from the game's own generator."""

KIND_STREAM = 2
"""The seed's stream that orders each deck's card kinds in ``instance_kinds``."""


def instance_ids(seed: int, player: int, count: int, first: int = 0) -> list[int]:
    """The ids of ``player``'s ``count`` cards, in deck-file order: ``first .. first + count - 1``
    shuffled by ``derive_seed(seed, INSTANCE_STREAM, player)``."""
    ids = list(range(first, first + count))
    Rng(derive_seed(seed, INSTANCE_STREAM, player)).shuffle(ids)
    return ids


def by_id(items: Sequence[T], ids: Sequence[int], first: int = 0) -> tuple[T, ...]:
    """``items`` (one per card, in deck-file order) rearranged so that entry ``id - first`` is
    the item of the card with that id (``ids``: ``first ..`` each once, as ``instance_ids``
    gives them; not checked, this runs for every game)."""
    placed: list[T] = list(items)
    for item, card in zip(items, ids, strict=True):
        placed[card - first] = item
    return tuple(placed)


def instance_kinds(
    seed: int,
    decks: Sequence[Sequence[str]],
    problems_of: Callable[[list[str]], list[str]],
    kind_of: Callable[[str], int],
    noun: str = "deck",
) -> list[int]:
    """The card kind of every instance id, player 0's block first: each deck checked by the
    game's ``problems_of`` (a ``DeckError`` naming the player and every problem, before
    anything is built), its names mapped by ``kind_of``, and each block shuffled by
    ``derive_seed(seed, KIND_STREAM)`` so that an id tells nothing of the deck list's order.
    For games whose instances are plain ids over one kind table (Conflictus, Monster
    Collection)."""
    kinds: list[int] = []
    rng = Rng(derive_seed(seed, KIND_STREAM))
    for player, deck in enumerate(decks):
        problems = problems_of(list(deck))
        if problems:
            raise DeckError(f"player {player}'s {noun}: " + "; ".join(problems))
        mine = [kind_of(name) for name in deck]
        rng.shuffle(mine)
        kinds += mine
    return kinds
