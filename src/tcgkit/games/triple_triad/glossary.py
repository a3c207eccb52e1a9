"""Triple Triad in brief and the words of its cards, for ``rules`` and ``card`` at the table
(``terminal/reading.py``); translated with the game's other messages."""

from __future__ import annotations

from ...kernel.scene import Catalogue, messages

HOW_TO_PLAY = ("tt.rules.board", "tt.rules.flip", "tt.rules.end", "tt.rules.options")
GLOSSARY: dict[str, tuple[str, ...]] = {  # a term's message -> the English words that call it up on a card
    "tt.term.edges": ("",),  # every card
    "tt.term.elemental": ("fire", "ice", "thunder", "earth", "poison", "wind", "water", "holy"),
    "tt.term.same": ("same",),
    "tt.term.plus": ("plus",),
    "tt.term.combo": ("combo",),
    "tt.term.open": ("open",),
    "tt.term.sudden_death": ("sudden death",),
    "tt.term.trade": ("trade",),
}
WORDS: Catalogue = messages({
    "tt.rules.board": "Two players, five cards each, a board of 3 by 3. In turn, place a card from your hand "
                      "on an empty cell: CARD@CELL, cells 0-8 row by row from the top left.",
    "tt.rules.flip": "A card you place turns each neighbouring enemy card whose touching edge is lower than "
                     "your card's edge on that side into yours.",
    "tt.rules.end": "When the board is full, each player counts the cards they own on the board plus the "
                    "one left in hand; the higher count wins.",
    "tt.rules.options": "Optional rules (Open, Same, Plus, Combo, Elemental, Sudden Death, the trade) are "
                        "chosen with --rules; the line above the first board says which are on.",
    "tt.term.edges": "edges T R B L: a card's numbers at its top, right, bottom and left, compared with the "
                     "touching edges of its neighbours.",
    "tt.term.elemental": "Elemental: a card on a cell of its own element gains 1 on every edge, on a cell "
                         "of another element loses 1.",
    "tt.term.same": "Same: when a placed card's edges equal the touching edges of two or more neighbours, "
                    "the enemy's among them turn.",
    "tt.term.plus": "Plus: when the sums of touching edges with two or more neighbours are equal, the "
                    "enemy's among them turn.",
    "tt.term.combo": "Combo: a card turned by Same or Plus turns its own weaker neighbours in turn.",
    "tt.term.open": "Open: both hands are played face up.",
    "tt.term.sudden_death": "Sudden Death: a draw starts a new game with the cards each player owned at "
                            "its end.",
    "tt.term.trade": "trade: after the game the winner takes cards from the loser's hand of five.",
})
