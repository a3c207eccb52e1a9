"""Forge & Fury: the attribute duel with secret picks. Rules doc: RULES.md beside this file."""

from .cards import Card, CardDB, default_cards, load_cards
from .game import ForgeFury
from .options import DECK_SIZES, ForgeFuryOptions
from .rules import ForgeFuryState

__all__ = [
    "DECK_SIZES", "Card", "CardDB", "ForgeFury", "ForgeFuryOptions", "ForgeFuryState",
    "default_cards", "load_cards",
]
