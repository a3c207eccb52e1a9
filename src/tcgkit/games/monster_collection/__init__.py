"""Monster Collection TCG: a grid of terrains, march, summon, battle with dice. Rules doc:
RULES.md beside this file."""

from .cards import Card, CardDB, default_cards
from .game import MonsterCollection
from .options import MonsterCollectionOptions
from .rules import MonsterCollectionState

__all__ = [
    "Card",
    "CardDB",
    "MonsterCollection",
    "MonsterCollectionOptions",
    "MonsterCollectionState",
    "default_cards",
]
