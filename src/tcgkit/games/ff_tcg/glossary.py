"""Final Fantasy TCG in brief and the words of its cards, for ``rules`` and ``card`` at the
table (``terminal/reading.py``); translated with the game's other messages."""

from __future__ import annotations

from ...kernel.scene import Catalogue, messages

HOW_TO_PLAY = ("fft.rules.goal", "fft.rules.turn", "fft.rules.combat")
GLOSSARY: dict[str, tuple[str, ...]] = {  # a term's message -> the English words that call it up on a card
    "fft.term.world": ("world",),
    "fft.term.skulls": ("skull",),
    "fft.term.villain": ("villain",),
    "fft.term.hidden": ("hidden", "hide", "action", "turn face up"),
    "fft.term.power": ("power", "monster", "character"),
    "fft.term.luck": ("luck",),
    "fft.term.reward": ("reward",),
    "fft.term.wound": ("wound",),
    "fft.term.item": ("item",),
    "fft.term.city": ("city",),
}
WORDS: Catalogue = messages({
    "fft.rules.goal": "Two players. You lose when your opponent's skull pile reaches 7 (their monsters "
                      "that won fights), or at once when your villain is defeated.",
    "fft.rules.turn": "Your turn: draw 1, then fill or trim your hand to 5. Then at most one play (a "
                      "character, a monster, a villain, an item, a city, or any card face down); any number "
                      "of times, turn a hidden action face up or use an ability. 'end' goes to combat.",
    "fft.rules.combat": "In combat the monsters attack and the defender's characters fight them, power "
                        "against power. A monster that wins goes to its owner's skull pile, one that loses "
                        "to the discard pile; a character that loses is wounded, or dies if already wounded.",
    "fft.term.world": "World: a player's monsters and villain in play; a monster needs its World "
                      "requirement to enter it.",
    "fft.term.skulls": "skulls: the monsters that won fights, on their owner's side; 7 win the game.",
    "fft.term.villain": "villain: one copy of each in a deck and one in play; if it is defeated, its owner "
                        "loses.",
    "fft.term.hidden": "hidden cards: played face down (5 at most); an action is always played so, and "
                       "turned face up later for its effect.",
    "fft.term.power": "power: a monster's or a character's strength in a fight.",
    "fft.term.luck": "luck: every card's number for the cut that decides who starts, and for luck reveals.",
    "fft.term.reward": "reward: what a monster does when it wins a fight.",
    "fft.term.wound": "wounded: a character that lost a fight; losing again, it dies.",
    "fft.term.item": "item: played on one of your characters, one of each kind.",
    "fft.term.city": "city: a card in play that monsters may be sent onto.",
})
