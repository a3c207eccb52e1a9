"""Triple Triad's collection rules, as ``TripleTriad.collection()`` gives them to the front ends
(the kernel's ``CollectionRules``): the starter collection, a hand chosen (or under Random
dealt) from what a player owns, the AI's hand matched to it level by level, and the trade
rule's transfers when a match ends or is walked away from (RULES.md, "Walking away")."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...kernel.actions import Action
from ...kernel.collecting import CollectionError, Owned, Transfer
from ...kernel.game import State
from ...kernel.scene import CardTable
from .cards import HAND_SIZE
from .collection import (
    HAND_HELP,
    Collection,
    apply_transfers,
    deal_hand,
    hotseat_decks,
    matching_hand,
    parse_hand,
)
from .rules import TripleTriadState
from .scene import collection_table

if TYPE_CHECKING:
    from .game import TripleTriad


class TripleTriadCollection:
    """The collection rules of one ``TripleTriad`` game (its trade rule, Random, card file)."""

    hand_size = HAND_SIZE
    hand_help = HAND_HELP

    def __init__(self, game: TripleTriad) -> None:
        self.game = game
        self.trades = game.options.trade != "none"
        self.dealt = game.options.random
        self.standard = not game.options.card_file

    def starter(self) -> Collection:
        """One of each level-1 and level-2 card."""
        return Collection.starter(self.game.cards)

    def owned(self, counts: Mapping[str, Any] | Iterable[str]) -> Collection:
        return Collection.of(self.game.cards, counts)

    def choose(self, owned: Owned, text: str | None) -> list[str]:
        """``"Geezard, #2, bite, 4, Red Bat"``, or ``auto`` (and ``None``): the strongest five."""
        return [card.name for card in parse_hand(text or "auto", self._ours(owned))]

    def deal(self, owned: Owned, seed: int) -> list[str]:
        return [card.name for card in deal_hand(self._ours(owned), seed)]

    def opponent_hand(self, hand: Sequence[str], seed: int) -> list[str]:
        """For each card of ``hand``, a card of the same level, drawn by the seed."""
        cards = [card for name in hand if (card := self.game.cards.find(name)) is not None]
        return [card.name for card in matching_hand(self.game.cards, cards, seed)]

    def hotseat_decks(self, seed: int) -> list[list[str]]:
        return hotseat_decks(self.game.cards, seed)

    def transfers(self, outcome: Mapping[str, Any]) -> list[Transfer]:
        """The outcome's ``details["trade"]``: ``[card name, from, to]`` for each card."""
        return [list(moved) for moved in outcome.get("details", {}).get("trade", [])]

    def walk_away(self, state: State[Any], quitter: int,
                  choose: Callable[[State[Any]], Action]) -> list[Transfer]:
        if not isinstance(state, TripleTriadState):
            raise CollectionError(f"not a {self.game.title} position")
        moved = state.forfeit_transfers(quitter, choose)
        return [[self.game.cards[card].name, giver, taker] for card, giver, taker in moved]

    def settle(self, collections: Sequence[Owned], transfers: Iterable[Sequence[Any]]) -> list[Owned]:
        return list(apply_transfers([self._ours(c) for c in collections], transfers))

    def import_problem(self, counts: Mapping[str, Any]) -> str | None:
        """A card named under two spellings (one entry a card), or a card above the starter's
        levels: the terminal trades only against the AI, whose hand matches the player's level
        by level, so a profile that began with the starter collection wins only cards of the
        starter's levels."""
        cards = self.game.cards
        spellings: dict[str, list[str]] = {}
        for name in counts:
            found = cards.find(str(name))
            if found is not None:
                spellings.setdefault(found.name, []).append(str(name))
        twice = {card: names for card, names in spellings.items() if len(names) > 1}
        if twice:
            named, names = next(iter(twice.items()))
            return (f"{named} is named {len(names)} times ({', '.join(repr(n[:40]) for n in names[:6])}): "
                    "name each card once")
        top = max(c.level for c in self.starter().card_list())
        beyond = [card for name in spellings if (card := cards.find(name)) is not None and card.level > top]
        if beyond:
            listed = ", ".join(f"{c.name} (level {c.level})" for c in beyond[:8])
            more = f" and {len(beyond) - 8} more" if len(beyond) > 8 else ""
            return (f"a local profile wins only cards of levels 1 to {top} (the AI's hand matches "
                    f"yours level by level), not {listed}{more}")
        return None

    def table(self, owned: Owned, title: str) -> CardTable:
        return collection_table(self.game, self._ours(owned), title)

    def _ours(self, owned: Owned) -> Collection:
        """``owned`` as this game's collection: one of another game's is re-read by its names."""
        if isinstance(owned, Collection) and owned.cards is self.game.cards:
            return owned
        return Collection.of(self.game.cards, dict(owned.counts))
