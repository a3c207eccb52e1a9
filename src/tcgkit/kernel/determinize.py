"""Determinization from zones: deal the cards a viewer has not seen into the zones it
cannot see, so a game builds ``Game.determinize`` with little code of its own.

A view lists every zone with its owner and count, and the cards of the zones the viewer
may see. What the viewer knows of each player's deck list, minus that player's cards seen
in any zone, is what the hidden zones of that player hold; ``deal_hidden`` shuffles it and
deals it into them, count by count. A list the viewer does not know (or knows only in
part) is completed by the game's ``fill``. Sealed choices that live in zones (a face-down
pick) are dealt like any hidden card; the game rebuilds the rest (whose turn, scores) from
the view.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from math import factorial
from typing import Any

from .rng import Rng

DeckOf = Callable[[str, Mapping[str, Any]], int | None]
"""Whose deck list the cards in a zone come from, given the zone's name and view; ``None``
leaves the zone out of the accounting (a board of cells that are not cards)."""
Fill = Callable[[int, int, Counter[Any], Rng], list[Any]]
"""``fill(player, n, seen, rng)``: ``n`` more cards for the player's hidden zones when what
the viewer knows of the list falls short (a private list); ``seen`` are the player's cards
in view."""


def zone_owner(name: str, zone: Mapping[str, Any]) -> int | None:
    """The default ``DeckOf``: a zone holds its owner's cards."""
    owner: int | None = zone["owner"]
    return owner


def unseen(decklist: Sequence[Hashable] | None, seen: Iterable[Any]) -> list[Any]:
    """The cards of ``decklist`` not in ``seen``, as multisets, in the list's order
    (``None``: nothing known)."""
    if decklist is None:
        return []
    left: dict[Any, int] = {}
    for card in seen:
        left[card] = left.get(card, 0) + 1
    if not left:
        return list(decklist)
    out = []
    for card in decklist:
        count = left.get(card)
        if count:
            left[card] = count - 1
        else:
            out.append(card)
    return out


def deal_hidden(
    zones: Mapping[str, Mapping[str, Any]],
    decklists: Mapping[int, Sequence[Hashable] | None],
    rng: Rng,
    deck_of: DeckOf = zone_owner,
    fill: Fill | None = None,
) -> dict[str, list[Any]]:
    """Every zone's cards: those in view as they are, the hidden ones dealt at random.

    ``zones`` is ``view["zones"]``; ``decklists`` maps a player to what the viewer knows of
    their deck list (``None``: nothing). Each player's unseen cards (``unseen``), completed
    by ``fill`` when the hidden zones need more, are shuffled and dealt to those zones in
    the view's zone order, each getting its count. Raises ``ValueError`` when the cards do
    not match the counts (a view inconsistent with the deck lists, or no ``fill``).
    """
    seen: dict[int, list[Any]] = {}
    hidden: dict[int, list[str]] = {}
    out: dict[str, list[Any]] = {}
    for name, zone in zones.items():
        player = deck_of(name, zone)
        cards = zone.get("cards")
        if cards is not None:
            out[name] = list(cards)
            if player is not None:
                seen.setdefault(player, []).extend(c for c in cards if c is not None)
        elif zone["count"]:
            if player is None:
                raise ValueError(f"hidden zone {name!r} belongs to no deck list")
            hidden.setdefault(player, []).append(name)
        else:
            out[name] = []
    for player, names in hidden.items():
        mine = seen.get(player, [])
        pool = unseen(decklists.get(player), mine)
        need = sum(zones[name]["count"] for name in names)
        if len(pool) < need and fill is not None:
            pool += fill(player, need - len(pool), Counter(mine), rng)
        if len(pool) != need:
            raise ValueError(
                f"player {player}'s hidden zones hold {need} cards, but {len(pool)} are unseen"
            )
        shuffle(pool, rng)
        start = 0
        for name in names:
            count = zones[name]["count"]
            out[name] = pool[start:start + count]
            start += count
    return out


_FACTORIALS = [factorial(n) for n in range(2)]


def shuffle(items: list[Any], rng: Rng) -> None:
    """A uniform shuffle in place, like ``Rng.shuffle`` but drawing one uniform number below
    ``len(items)!`` from a few 64-bit words (rejection keeps it exact) and reading the swaps
    off its mixed-radix digits: a 50-card deck takes 4 draws instead of 49."""
    n = len(items)
    if n < 2:
        return
    while len(_FACTORIALS) <= n:
        _FACTORIALS.append(_FACTORIALS[-1] * len(_FACTORIALS))
    total = _FACTORIALS[n]
    words = total.bit_length() // 64 + 1
    span = 1 << (64 * words)
    limit = span - span % total  # a multiple of n!: below it, x % n! is uniform
    while True:
        x = 0
        for _ in range(words):
            x = (x << 64) | rng.next_u64()
        if x < limit:
            break
    x %= total
    for i in range(n - 1, 0, -1):
        x, j = divmod(x, i + 1)
        items[i], items[j] = items[j], items[i]
