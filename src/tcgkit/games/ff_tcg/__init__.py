"""Final Fantasy TCG (the Brazilian fan game): characters defend against monsters; seven
skulls or a beaten villain lose. Rules doc: RULES.md beside this file."""

from .cards import Card, CardDB, default_cards, load_cards
from .game import FFTcg, starter_decks
from .options import FFTcgOptions
from .rules import FFTcgState

__all__ = [
    "Card", "CardDB", "FFTcg", "FFTcgOptions", "FFTcgState", "default_cards", "load_cards", "starter_decks",
]
