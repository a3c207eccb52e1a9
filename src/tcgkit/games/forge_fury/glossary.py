"""Forge & Fury in brief and the words of its cards, for ``rules`` and ``card`` at the table
(``terminal/reading.py``); translated with the game's other messages."""

from __future__ import annotations

from ...kernel.scene import Catalogue, messages

HOW_TO_PLAY = ("fnf.rules.round", "fnf.rules.ties", "fnf.rules.end")
GLOSSARY: dict[str, tuple[str, ...]] = {  # a term's message -> the English words that call it up on a card
    "fnf.term.colours": ("green", "red", "blue"),
    "fnf.term.rarity": ("rarity", "rare", "normal"),
    "fnf.term.chooser": ("chooser",),
    "fnf.term.piles": ("recovery", "conquest"),
    "fnf.term.minigame": ("rock", "paper", "scissors", "odd", "even"),
}
WORDS: Catalogue = messages({
    "fnf.rules.round": "Two players, three cards in hand. Each round the chooser names a colour (green, "
                       "red or blue), both pick a card in secret, and the higher number in that colour wins "
                       "both cards; both then draw one, and the winner names the next colour.",
    "fnf.rules.ties": "A tie goes to the higher of each card's best other colour, then the higher rarity "
                      "(super rare, rare, normal), then a mini-game.",
    "fnf.rules.end": "When the hands are empty, the player who won more cards (recovery and conquest piles "
                     "together) wins.",
    "fnf.term.colours": "green, red, blue: a card's three numbers (1 to 10); the named colour's decides.",
    "fnf.term.rarity": "rarity: normal, rare or super rare; a rarer card has higher numbers in all, and "
                       "wins a tie of numbers.",
    "fnf.term.chooser": "chooser: the player who names the colour: the mini-game's winner first, then the "
                        "winner of each round.",
    "fnf.term.piles": "recovery pile: your own cards won back; conquest pile: the rival's cards you won.",
    "fnf.term.minigame": "mini-game: rock-paper-scissors (or odd-or-even), to choose the first chooser and "
                         "to break a tie.",
})
