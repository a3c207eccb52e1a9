"""Generate the Forge & Fury collection: 151 original cards (run once; the CSV is shipped).

Design: rarity means strength (the sum of green + red + blue rises with rarity, by fixed
bands), and within a rarity the sums differ by at most one. A card's values are redrawn
(up to 200 times) while they would be at least as high in every colour as another card of
its rarity, or as low, so few cards dominate another of their rarity (the script prints
how many). Five names appear twice with different
numbers and different stats, as the rulebook's "Link #007 and Link #118".

    python scripts/make_forge_fury_cards.py > src/tcgkit/games/forge_fury/data/cards.csv
"""

from __future__ import annotations

import sys
from itertools import product
from typing import Any

from tcgkit.kernel.rng import Rng

PREFIXES = [
    "Ember", "Frost", "Storm", "Moss", "Iron", "Shadow", "Sun", "Tide", "Thorn", "Ash",
    "Gale", "Stone", "Blaze", "Mist", "Rune", "Wild", "Glass", "Copper", "Night", "Dawn",
]
NOUNS = [
    "Fox", "Golem", "Drake", "Warden", "Sprite", "Knight", "Serpent", "Owl", "Titan",
    "Witch", "Hound", "Lynx", "Wyrm", "Monk", "Archer", "Beetle", "Boar", "Hawk",
]
RARITIES = [("normal", 90, 13), ("rare", 43, 17), ("super_rare", 18, 22)]  # count, lowest sum
TWINS = 5  # names printed twice, with other numbers and stats


def stats(rng: Rng, total: int) -> tuple[int, int, int]:
    """Three values in 1..10 summing to ``total``, drawn uniformly among all such triples."""
    triples = [
        (g, r, total - g - r)
        for g, r in product(range(1, 11), repeat=2)
        if 1 <= total - g - r <= 10
    ]
    return rng.choice(triples)


def dominates(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return a != b and all(x >= y for x, y in zip(a, b, strict=True))


def dominance(cards: list[tuple]) -> tuple[int, int]:
    """(pairs, dominating cards) among cards of the same rarity."""
    pairs, dominators = 0, set()
    for a in cards:
        for b in cards:
            if a[5] == b[5] and dominates(a[2:5], b[2:5]):
                pairs += 1
                dominators.add(a[0])
    return pairs, len(dominators)


def shuffle_as_made(rng: Rng, items: list[Any]) -> None:
    """The shuffle the shipped collection was drawn with (Fisher-Yates, one ``below`` per item;
    ``Rng.shuffle`` has since drawn differently), so that the script still makes that file."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


def main() -> None:
    rng = Rng(151)
    names = [f"{p} {n}" for p, n in product(PREFIXES, NOUNS)]
    shuffle_as_made(rng, names)
    unique = names[: 151 - TWINS]
    names_in_order = unique + unique[:TWINS]  # the twins take later numbers
    slots = []
    for rarity, count, low in RARITIES:
        slots += [(rarity, low + i % 2) for i in range(count)]  # half at low, half at low + 1
    shuffle_as_made(rng, slots)
    cards = []
    by_rarity: dict[str, list[tuple[int, int, int]]] = {}
    for number, (name, (rarity, total)) in enumerate(zip(names_in_order, slots, strict=True), 1):
        peers = by_rarity.setdefault(rarity, [])
        for _ in range(200):
            values = stats(rng, total)
            if not any(dominates(values, p) or dominates(p, values) for p in peers):
                break
        peers.append(values)
        cards.append((number, name, *values, rarity))
    print("number,name,green,red,blue,rarity")
    for card in cards:
        print(",".join(str(v) for v in card))
    pairs, dominators = dominance(cards)
    print(f"same-rarity dominance: {pairs} pairs, {dominators} dominating cards", file=sys.stderr)


if __name__ == "__main__":
    main()
