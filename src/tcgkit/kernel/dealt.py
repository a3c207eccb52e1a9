"""The deal a small card game gets by default (``DealtGame``): numbered copies of the cards of
each player's deck, the decks checked by the deck rule, shuffled by the seed, a hand drawn.

A game declares its deck (``deck_size``, ``copies``), its opening hand (``starting_hand``) and
its card records (``load_pool``: each with an ``id`` and a ``name``); its state class takes
``(game, rng, cards, owners)``, per instance id its card's id and its owner, and has the ``draw``
of the effect runtime's host. The kernel gives the deck rule, the decks drawn by the seed, the
deal, and the card hooks (``card_data_hash``, ``card_count``, ``card_key``). ``begin`` is the
game's first step once the hands are drawn.

Instance ids are a permutation drawn by the seed, so an id tells nothing of a deck's order; the
ids, then each deck's order, are drawn from the state's generator.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from .deck_rule import DeckRule
from .determinize import shuffle
from .errors import DeckError
from .game import Deck, Game, State
from .rng import Rng, derive_seed


class DealtGame(Game):
    """A game dealt from decks of its card pool (see the module). ``by_id`` and ``by_name``
    (lower case, and the ids) find a card record."""

    deck_size: ClassVar[int]
    copies: ClassVar[int | None] = None
    """At most this many copies of a card in a deck (``None``: any number)."""
    starting_hand: ClassVar[int] = 0
    deck_zone: ClassVar[str] = "deck"
    """The declared zone the decks are dealt into (per player; the top is the end)."""

    def __init__(self, options: Any = None, **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        self.pool: tuple[Any, ...] = tuple(self.load_pool())
        self.by_id = {card.id: card for card in self.pool}
        self.by_name = {card.name.lower(): card for card in self.pool} | self.by_id
        zones = {z.name: z for z in self.state_class.SPEC.zones if not z.shared and not z.single}
        if self.deck_zone not in zones:
            raise ValueError(f"{self.name}: no zone {self.deck_zone!r} per player to deal the decks into "
                             f"(the state has {', '.join(zones)})")
        self.deck_attr = zones[self.deck_zone].attr

    @abstractmethod
    def load_pool(self) -> Sequence[Any]:
        """The game's card records, each with an ``id`` and a ``name`` (read once per game)."""

    def begin(self, state: Any) -> None:
        """The game's first step, once every player's hand is drawn."""

    def deck_rule(self) -> DeckRule:
        return DeckRule(self.deck_size, lambda text: self.by_name.get(text.lower()), self.copies)

    def sample_decks(self, rng: Rng) -> list[Deck]:
        """Per player, ``deck_size`` cards drawn from ``copies`` of each card of the pool."""
        decks = []
        for _ in range(self.num_players):
            pool = [card.name for card in self.pool for _ in range(self.copies or 1)]
            shuffle(pool, rng)
            decks.append(pool[:self.deck_size])
        return decks

    def new_state(self, seed: int = 0, decks: Sequence[Deck] | None = None) -> State[Any]:
        if decks is None:
            decks = self.sample_decks(Rng(derive_seed(seed, 1)))
        if len(decks) != self.num_players:
            raise DeckError(f"{self.name}: one deck per player ({self.num_players}), got {len(decks)}")
        for p, deck in enumerate(decks):
            problems = self.validate_deck(list(deck))
            if problems:
                raise DeckError(f"player {p}'s deck: " + "; ".join(problems))
        rng = Rng(seed)
        ids = list(range(sum(len(d) for d in decks)))
        shuffle(ids, rng)  # instance ids by the seed: an id tells nothing of deck order
        cards, owners = [""] * len(ids), [0] * len(ids)
        at = 0
        for p, deck in enumerate(decks):
            for text in deck:
                cards[ids[at]], owners[ids[at]] = self.by_name[text.lower()].id, p
                at += 1
        made: Any = self.state_class
        state = made(self, rng, tuple(cards), tuple(owners))
        piles = getattr(state, self.deck_attr)
        for p in range(self.num_players):
            piles[p] = sorted(i for i in ids if owners[i] == p)
            shuffle(piles[p], rng)
            state.draw(p, self.starting_hand)
        self.begin(state)
        dealt: State[Any] = state
        return dealt

    def card_data_hash(self) -> str:
        return f"{self.name}-" + "-".join(card.id for card in self.pool)

    def card_count(self) -> int:
        return self.deck_size * self.num_players

    def card_key(self, card: int) -> int:
        return card  # instances are numbered, and which card each is, is public


__all__ = ["DealtGame"]
