"""A player's card collection and the trades that move cards between collections.

Game logic only, no files: a front end loads and saves collections (the CLI keeps one
in the user's profile). A match's hand is 5 cards chosen from a collection (Random: dealt
from it by the seed); after the match the trade rule moves cards between collections,
as ``outcome.details["trade"]`` lists them: ``[card name, from player, to player]``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...kernel.collecting import CollectionError
from ...kernel.rng import Rng, derive_seed
from .cards import HAND_SIZE, Card, CardDB

MAX_COPIES = 999
"""The most copies of one card a collection holds (far beyond any trade's reach)."""


@dataclass(frozen=True)
class Collection:
    """Card name -> how many copies (always at least one). Immutable: changes return a new one.

    Names are the card database's own spelling; build one with ``Collection.of``.
    """

    counts: Mapping[str, int]
    cards: CardDB

    @staticmethod
    def of(cards: CardDB, counts: Mapping[str, Any] | Iterable[str]) -> Collection:
        """A collection from ``{name: count}`` or a list of names (any case, ``#number``)."""
        pairs = counts.items() if isinstance(counts, Mapping) else Counter(counts).items()
        tally: Counter[str] = Counter()
        for name, count in pairs:
            card = cards.find(str(name))
            if card is None:
                raise CollectionError(f"no card named {name!r}")
            if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= MAX_COPIES:
                raise CollectionError(
                    f"{card.name}: the count must be a whole number from 0 to {MAX_COPIES}"
                )
            tally[card.name] += count
        ordered = sorted((+tally).items(), key=lambda item: cards.find(item[0]).number)  # type: ignore[union-attr]
        return Collection(dict(ordered), cards)

    @staticmethod
    def starter(cards: CardDB) -> Collection:
        """A new player's collection: one of each level-1 and level-2 card."""
        return Collection.of(cards, [c.name for c in cards.cards if c.level <= 2])

    def __len__(self) -> int:
        return sum(self.counts.values())

    def count(self, name: str) -> int:
        card = self.cards.find(name)
        return self.counts.get(card.name, 0) if card else 0

    def card_list(self) -> list[Card]:
        """Every copy, in card-number order."""
        return [self.cards.find(n) for n, k in self.counts.items() for _ in range(k)]  # type: ignore[misc]

    def missing(self, names: Iterable[str]) -> list[str]:
        """The names (with repeats) this collection does not hold enough copies of."""
        wanted = Counter(self._canonical(names))
        return sorted((wanted - Counter(self.counts)).elements())

    def add(self, names: Iterable[str]) -> Collection:
        more = Counter(self.counts) + Counter(self._canonical(names))
        return Collection.of(self.cards, {name: min(n, MAX_COPIES) for name, n in more.items()})

    def remove(self, names: Iterable[str]) -> Collection:
        names = self._canonical(names)
        short = self.missing(names)
        if short:
            raise CollectionError(f"the collection lacks {', '.join(short)}")
        return Collection.of(self.cards, Counter(self.counts) - Counter(names))

    def _canonical(self, names: Iterable[str]) -> list[str]:
        out = []
        for name in names:
            card = self.cards.find(name)
            if card is None:
                raise CollectionError(f"no card named {name!r}")
            out.append(card.name)
        return out

    def strongest(self, k: int) -> list[Card]:
        """The ``k`` strongest copies: highest level, then highest edge total."""
        ranked = sorted(self.card_list(), key=lambda c: (-c.level, -sum(c.values), c.number))
        return ranked[:k]

    def to_json(self) -> dict[str, int]:
        return dict(self.counts)


def apply_transfers(
    collections: Sequence[Collection], transfers: Iterable[Sequence[Any]]
) -> list[Collection]:
    """New collections after moving each ``[card name, from, to]``; the inputs never change.

    Every giver must hold all the cards it gives before the trade, or nothing moves and a
    ``CollectionError`` names the player and the cards. Cards are moved, never made or lost.
    """
    gives: list[list[str]] = [[] for _ in collections]
    gets: list[list[str]] = [[] for _ in collections]
    for transfer in transfers:
        if len(transfer) != 3:
            raise CollectionError(f"a transfer is [card, from, to], got {list(transfer)!r}")
        name, giver, taker = transfer
        for who in (giver, taker):
            if not isinstance(who, int) or not 0 <= who < len(collections):
                raise CollectionError(f"transfer {list(transfer)!r}: no player {who!r}")
        card = collections[giver].cards.find(str(name))
        if card is None:
            raise CollectionError(f"transfer {list(transfer)!r}: no card named {name!r}")
        gives[giver].append(card.name)
        gets[taker].append(card.name)
    for player, collection in enumerate(collections):
        short = collection.missing(gives[player])
        if short:
            raise CollectionError(
                f"player {player} must give {', '.join(short)} but does not hold "
                f"{'it' if len(short) == 1 else 'them'}; nothing was traded"
            )
    return [c.remove(gives[p]).add(gets[p]) for p, c in enumerate(collections)]


# -- choosing a match's hands from a collection -----------------------------------------------
HAND_STREAM = 11  # the seed's sub-stream dealing a Random hand from the collection
OPPONENT_STREAM = 12  # the seed's sub-stream picking the AI's cards
HAND_HELP = (
    f"{HAND_SIZE} cards separated by commas (names, numbers or name prefixes), "
    "or 'auto' for your strongest"
)


def parse_hand(text: str, collection: Collection) -> list[Card]:
    """``"Geezard, #2, bite, 4, Red Bat"`` or ``auto`` -> five cards the collection holds;
    ``CollectionError`` says what is wrong."""
    if text.strip().lower() == "auto":
        if len(collection) < HAND_SIZE:
            raise CollectionError(f"your collection has {len(collection)} cards; a hand needs 5")
        return collection.strongest(HAND_SIZE)
    tokens = [t.strip() for t in text.split(",") if t.strip()]
    if len(tokens) != HAND_SIZE:
        raise CollectionError(f"a hand is {HAND_HELP}; got {len(tokens)} card(s)")
    left = Counter(collection.counts)
    hand = []
    for token in tokens:
        card = _find(token, collection)
        if left[card.name] == 0:
            held = collection.count(card.name)
            raise CollectionError(f"{card.name}: your collection holds {held} of it, not more")
        left[card.name] -= 1
        hand.append(card)
    return hand


def _find(token: str, collection: Collection) -> Card:
    cards = collection.cards
    card = cards.find(f"#{token}" if token.isdecimal() else token)
    if card is None:
        hits = [n for n in collection.counts if n.lower().startswith(token.lower())]
        if len(hits) > 1:
            raise CollectionError(f"{token!r} could be {', '.join(hits[:6])}; type more of the name")
        card = cards.find(hits[0]) if hits else None
    if card is None:
        raise CollectionError(f"{token!r} is not a card in your collection")
    if collection.count(card.name) == 0:
        raise CollectionError(f"{card.name} is not in your collection")
    return card


def deal_hand(collection: Collection, seed: int) -> list[Card]:
    """Random: five cards dealt from the collection by the seed."""
    if len(collection) < HAND_SIZE:
        raise CollectionError(f"your collection has {len(collection)} cards; a hand needs 5")
    return Rng(derive_seed(seed, HAND_STREAM)).sample(collection.card_list(), HAND_SIZE)


def matching_hand(cards: CardDB, hand: list[Card], seed: int) -> list[Card]:
    """The AI's hand against ``hand``: for each card, a random card of the same level (seeded)."""
    rng = Rng(derive_seed(seed, OPPONENT_STREAM))
    by_level: dict[int, list[Card]] = {}
    for card in cards.cards:
        by_level.setdefault(card.level, []).append(card)
    return [rng.choice(by_level[card.level]) for card in hand]


def hotseat_decks(cards: CardDB, seed: int) -> list[list[str]]:
    """Two people at one terminal: five cards from the whole pool, and a level-matched five."""
    first = Rng(derive_seed(seed, HAND_STREAM)).sample(cards.cards, HAND_SIZE)
    return [[c.name for c in first], [c.name for c in matching_hand(cards, first, seed)]]
