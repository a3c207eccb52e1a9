"""The deck rule most card games share, declared: a size, a number of copies per card, and a
card's own limit where its text says so. ``Game.validate_deck`` applies a game's ``deck_rule``
by default; a game with more to check (a faction, a creature) calls ``problems`` for this part
and adds its own.

The words are the kernel's, one problem per card line (``card 12: ...``, 1-based, which a deck
file's ``locate`` turns into its line), then the whole deck's size.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class DeckCard:
    """A card as the deck rule counts it: its ``name`` (copies are counted by it) and, when the
    card says so, its own ``limit`` and the ``words`` that give the reason (a villain: once)."""

    name: str
    limit: int | None = None
    words: str = ""


NO_LIMIT = 1 << 62
"""A ``DeckCard.limit`` for a card a deck may hold any number of (Conflictus's sources)."""


@dataclass(frozen=True, slots=True)
class DeckRule:
    """A legal deck holds exactly ``size`` cards, each found by ``find`` (a deck's line to its
    card: anything with a ``name``, a ``DeckCard`` for a card with a limit of its own; ``None``
    for no such card), at most ``copies`` of a name (``None``: any number) unless the card has a
    limit of its own. ``deck`` is what the game calls a deck in its words."""

    size: int
    find: Callable[[str], Any]
    copies: int | None = None
    deck: str = "deck"

    def problems(self, deck: Sequence[str]) -> list[str]:
        """What is wrong with ``deck``, each problem naming the card; empty when it is legal."""
        return [*self.card_problems(deck), *self.size_problems(deck)]

    def card_problems(self, deck: Sequence[str]) -> list[str]:
        """Each line that names no card, and the first copy over a card's limit (which says how
        many copies are over it and where the first one is)."""
        problems: list[str] = []
        counts: Counter[str] = Counter()
        first: dict[str, int] = {}
        over: list[tuple[int, int, Any, int]] = []  # the problem's place, the line, card, limit
        for i, text in enumerate(deck, start=1):
            card = self.find(text)
            if card is None:
                problems.append(f"card {i}: no card named {text!r}")
                continue
            counts[card.name] += 1
            first.setdefault(card.name, i)
            own = card.limit if isinstance(card, DeckCard) else None
            limit = self.copies if own is None else own
            if limit is not None and counts[card.name] == limit + 1:
                over.append((len(problems), i, card, limit))
                problems.append("")  # written below, once every copy is counted
        for at, i, card, limit in over:
            extra = counts[card.name] - limit
            many = "one" if extra == 1 else f"{extra} copies of"
            why = card.words if isinstance(card, DeckCard) and card.words else \
                f"at most {limit} {'copy' if limit == 1 else 'copies'}"
            problems[at] = f"card {i}: {many} {card.name} too many " \
                f"({why}; the first is card {first[card.name]})"
        return problems

    def size_problems(self, deck: Sequence[str]) -> list[str]:
        if len(deck) == self.size:
            return []
        return [f"a {self.deck} holds exactly {self.size} cards; this one has {len(deck)}"]
