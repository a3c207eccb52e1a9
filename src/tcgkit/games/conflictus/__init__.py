"""Conflictus Aeternus (the Brazilian TCG): two to four Manipuladores empty each other's mons with
warriors in sets, amulets, relics and equipment. Rules doc: RULES.md beside this file."""

from .cards import Card, CardDB, default_cards
from .game import Conflictus, starter_decks
from .options import ConflictusOptions
from .rules import ConflictusState

__all__ = ["Card", "CardDB", "Conflictus", "ConflictusOptions", "ConflictusState", "default_cards",
           "starter_decks"]
