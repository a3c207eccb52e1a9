"""Triple Triad (FFVIII): the 3x3 board duel. Rules doc: RULES.md beside this file."""

from .actions import Place, Take
from .cards import Card, CardDB, default_cards, load_cards
from .game import TripleTriad
from .options import PRESETS, TripleTriadOptions, format_rules, parse_rules
from .rules import TripleTriadState

__all__ = [
    "PRESETS", "Card", "CardDB", "Place", "Take", "TripleTriad", "TripleTriadOptions",
    "TripleTriadState", "default_cards", "format_rules", "load_cards", "parse_rules",
]
