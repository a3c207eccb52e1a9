"""Conflictus Aeternus in brief and the words of its cards, for ``rules`` and ``card`` at the
table (``terminal/reading.py``); translated with the game's other messages."""

from __future__ import annotations

from ...kernel.scene import Catalogue, messages

HOW_TO_PLAY = ("ca.rules.goal", "ca.rules.rodada", "ca.rules.pay", "ca.rules.sets", "ca.rules.combat")
GLOSSARY: dict[str, tuple[str, ...]] = {  # a term's message -> the words that call it up on a card
    "ca.term.mons": ("mons",),
    "ca.term.mortis": ("mortis",),
    "ca.term.exterminatus": ("exterminatus", "remove from the game", "remova do jogo"),
    "ca.term.rodada": ("rodada", "round"),
    "ca.term.tombo": ("tombo", "tomba", "mill"),
    "ca.term.source": ("source", "fonte"),
    "ca.term.set": ("set", "conjunto"),
    "ca.term.active": ("active", "ativo"),
    "ca.term.acumular": ("acumular", "accumulate"),
    "ca.term.amulet": ("amulet", "amuleto"),
    "ca.term.relic": ("relic", "relíquia", "activate", "ativar"),
    "ca.term.equipment": ("equipment", "equipamento"),
    "ca.term.sacrifice": ("sacrifice", "sacrifique"),
}
WORDS: Catalogue = messages({
    "ca.rules.goal": "Two to four players. Empty your rivals' mons (their decks): a player who must draw "
                     "or tombar from an empty mons is out, and the last one in wins.",
    "ca.rules.rodada": "Each rodada is one player's: Draw, Main, Attack, Block, Damage and Sacrifice. "
                       "Every player may act in a Main phase, the active player's or another's, when they "
                       "hold priority; pass when you are done.",
    "ca.rules.pay": "Cards are paid with sources of their faction (Light or Shadow; a Neutral card with "
                    "either). Put down one source in your own Main phase and one in an opponent's.",
    "ca.rules.sets": "Warriors stand in sets: the sources that paid for them and the warriors piled on "
                     "each other; the top one is the active warrior and fights.",
    "ca.rules.combat": "In the Attack phase the active player sends sets against opponents; the attacked "
                       "may block, one blocker per attacker. Each attacker not blocked makes the attacked "
                       "player tombar its tombo; a blocked pair deal their attack to each other's defence, "
                       "and a warrior whose defence falls to 0 goes to the Mortis.",
    "ca.term.mons": "mons: a player's deck, 50 cards face down.",
    "ca.term.mortis": "Mortis: the discard pile (used, dead and milled cards), public.",
    "ca.term.exterminatus": "Exterminatus: cards removed from the game; nothing comes back.",
    "ca.term.rodada": "rodada: one player's turn.",
    "ca.term.tombo": "tombo, tombar: cards moved from the top of the mons to the Mortis; a warrior's tombo "
                     "is how many its unblocked attack makes the attacked player tombar.",
    "ca.term.source": "source (Fonte): Light or Shadow; it pays for cards of its faction, once a rodada "
                      "(used until the next rodada).",
    "ca.term.set": "set: a group of bound sources, warriors and equipment on the table.",
    "ca.term.active": "active warrior: the warrior on top of its set; it attacks, blocks and takes the "
                      "set's equipment.",
    "ca.term.acumular": "acumular: the warrior may join a set that already took a warrior this rodada.",
    "ca.term.amulet": "amulet: a one-off card, played in almost any phase, that goes to the Mortis at the "
                      "end of the rodada.",
    "ca.term.relic": "relic: a card that stays in play, with a lasting effect or an ability to activate.",
    "ca.term.equipment": "equipment: put on a set, sharing its sources; it changes the active warrior.",
    "ca.term.sacrifice": "sacrifice: put a card of yours in play into your Mortis.",
})
