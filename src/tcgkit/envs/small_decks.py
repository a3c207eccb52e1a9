"""Forge & Fury with small decks: a reduced game for exact best responses (``exploit.py``).

The match is Forge & Fury's, played by its own rules from the first round, with decks of
``cards`` cards each instead of Brasa's 25 (a deck below the mode's size is refused by
``new_state``, so the positions are built here and read back through the position notation,
which checks that every card lies in one zone):

- Brasa's deal, small: one deck of ``2 * cards`` cards of the collection drawn by the seed,
  split between the players by rarity (``ForgeFury.split_brasa``), so neither is dealt the
  stronger cards;
- the opening mini-game is left out: its equilibrium is a fair coin, and the seed draws who
  names the first colour (``first``), as the mini-game's winner would;
- a round tie that survives rarity goes to the higher card number (``tie_by_number``), so no
  round's mini-game multiplies the tree;
- the deck lists are public, so what a player does not know is how the rival's cards lie
  (which three are in hand, in what order the rest will be drawn) and their sealed pick.
  ``deals`` is every way both decks can lie: each player's hand any three of their cards
  (in the order of the deck list, so one hand is one view), the rest in any order. A
  uniform choice of one is the shuffle; a player who sees their own hand cannot tell the
  deals that share it apart.

Every other rule is the game's: the chooser, the sealed picks (the second picker's view
shows only that the first has picked), the comparison, the piles, the draws after a round,
the end and its tie-breaks (FZ10), the sudden-death round drawn from the recovery piles by
the position's generator (the same in every deal, and in no player's view).
"""

from __future__ import annotations

import itertools

from ..games.forge_fury import ForgeFury
from ..games.forge_fury.rules import COLOUR, OPENING_HAND, ForgeFuryState
from ..kernel.rng import Rng, derive_seed

SMALLEST, LARGEST = OPENING_HAND, 6
"""The deck sizes ``deals`` accepts: a full opening hand, and at most 120 ways a deck lies."""


def small_deck_game() -> ForgeFury:
    """The options of the reduced game: Brasa's rules, round ties by number."""
    return ForgeFury({"mode": "brasa", "tie_by_number": True})


def deals(seed: int, cards: int) -> list[str]:
    """The positions (notation) of a small-deck match drawn from ``seed``, one per way both
    decks can lie, in a fixed order (see the module docstring)."""
    if not SMALLEST <= cards <= LARGEST:
        raise ValueError(f"cards: a small deck holds {SMALLEST} to {LARGEST} cards, not {cards}")
    game = small_deck_game()
    rng = Rng(derive_seed(seed, 1))
    lists = tuple(map(tuple, game.split_brasa(rng.sample(range(len(game.cards)), 2 * cards), rng)))
    first = rng.below(2)
    generator = Rng(seed)  # the position's own: it shuffles the recovery piles for a sudden death
    lies = [_ways_to_lie(deck) for deck in lists]
    out = []
    for (hand0, deck0), (hand1, deck1) in itertools.product(*lies):
        state = ForgeFuryState(game, generator.clone(), lists)
        state.hands, state.decks = [list(hand0), list(hand1)], [list(deck0), list(deck1)]
        state.first = state.chooser = first
        state.decisions = [COLOUR[first]]
        out.append(game.state_from_notation(state.to_notation()).to_notation())  # checked on the way
    return out


def _ways_to_lie(deck: tuple[int, ...]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every (hand, deck) a shuffled ``deck`` can give: any three cards in hand, the rest in
    any order (the deck's top is its end)."""
    out = []
    for hand in itertools.combinations(deck, OPENING_HAND):
        rest = [card for card in deck if card not in hand]
        out += [(hand, order) for order in itertools.permutations(rest)]
    return out
