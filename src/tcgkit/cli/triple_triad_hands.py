"""Choosing Triple Triad hands before a match: the human's from their collection, the AI's
to match it level for level. Deck building, not rules: the game only sees the five names."""

from __future__ import annotations

from collections import Counter

from rich import box
from rich.table import Table

from ..games.triple_triad.cards import HAND_SIZE, Card, CardDB
from ..games.triple_triad.collection import Collection
from ..kernel.rng import Rng, derive_seed
from .errors import usage_error
from .triple_triad_view import edges

HAND_STREAM = 11  # the seed's sub-stream dealing a Random hand from the collection
OPPONENT_STREAM = 12  # the seed's sub-stream picking the AI's cards

HAND_HELP = (
    f"{HAND_SIZE} cards separated by commas (names, numbers or name prefixes), "
    "or 'auto' for your strongest"
)


def parse_hand(text: str, collection: Collection) -> list[Card]:
    """``"Geezard, #2, bite, 4, Red Bat"`` or ``auto`` -> five cards the collection holds."""
    if text.strip().lower() == "auto":
        if len(collection) < HAND_SIZE:
            raise usage_error(f"your collection has {len(collection)} cards; a hand needs 5")
        return collection.strongest(HAND_SIZE)
    tokens = [t.strip() for t in text.split(",") if t.strip()]
    if len(tokens) != HAND_SIZE:
        raise usage_error(f"a hand is {HAND_HELP}; got {len(tokens)} card(s)")
    left = Counter(collection.counts)
    hand = []
    for token in tokens:
        card = _find(token, collection)
        if left[card.name] == 0:
            held = collection.count(card.name)
            raise usage_error(f"{card.name}: your collection holds {held} of it, not more")
        left[card.name] -= 1
        hand.append(card)
    return hand


def _find(token: str, collection: Collection) -> Card:
    cards = collection.cards
    card = cards.find(f"#{token}" if token.isdecimal() else token)
    if card is None:
        hits = [n for n in collection.counts if n.lower().startswith(token.lower())]
        if len(hits) > 1:
            raise usage_error(f"{token!r} could be {', '.join(hits[:6])}; type more of the name")
        card = cards.find(hits[0]) if hits else None
    if card is None:
        raise usage_error(f"{token!r} is not a card in your collection")
    if collection.count(card.name) == 0:
        raise usage_error(f"{card.name} is not in your collection")
    return card


def deal_hand(collection: Collection, seed: int) -> list[Card]:
    """Random: five cards dealt from the collection by the seed."""
    if len(collection) < HAND_SIZE:
        raise usage_error(f"your collection has {len(collection)} cards; a hand needs 5")
    return Rng(derive_seed(seed, HAND_STREAM)).sample(collection.card_list(), HAND_SIZE)


def matching_hand(cards: CardDB, hand: list[Card], seed: int) -> list[Card]:
    """For each card of ``hand``, a random card of the same level (seeded)."""
    rng = Rng(derive_seed(seed, OPPONENT_STREAM))
    by_level: dict[int, list[Card]] = {}
    for card in cards.cards:
        by_level.setdefault(card.level, []).append(card)
    return [rng.choice(by_level[card.level]) for card in hand]


def hotseat_decks(cards: CardDB, seed: int) -> list[list[str]]:
    """Two people at one terminal: five cards from the whole pool, and a level-matched five."""
    first = Rng(derive_seed(seed, HAND_STREAM)).sample(cards.cards, HAND_SIZE)
    return [[c.name for c in first], [c.name for c in matching_hand(cards, first, seed)]]


def collection_table(collection: Collection, title: str) -> Table:
    table = Table(title=title, title_justify="left", box=box.SIMPLE)
    for heading in ("#", "card", "lv", "T R B L", "element", "copies"):
        table.add_column(heading)
    for name, count in collection.counts.items():
        card = collection.cards.find(name)
        assert card is not None
        table.add_row(
            str(card.number), card.name, str(card.level), edges(card), card.element_name, str(count)
        )
    return table
