"""Hidden information in Triple Triad: hands (unless Open), deck lists, the generator."""

from __future__ import annotations

from ...kernel.rng import Rng
from .rules import TripleTriadState


def redeal_hidden(state: TripleTriadState, viewer: int | None, rng: Rng) -> TripleTriadState:
    """Swap every card ``viewer`` cannot see for a random one, in hand and deck list alike."""
    new = state.clone()
    new.rng = Rng(rng.next_u64())
    if state.hands_public():
        return new
    pool = len(state.game.cards)
    for p in (0, 1):
        if p == viewer:
            continue
        brought = list(new.brought[p])
        for i, card in enumerate(new.hands[p]):
            if card in brought:  # only the player's own cards: others' cards are known
                replacement = rng.below(pool)
                brought[brought.index(card)] = replacement
                new.hands[p][i] = replacement
        decks = list(new.brought)
        decks[p] = tuple(brought)
        new.brought = (decks[0], decks[1])
    return new
