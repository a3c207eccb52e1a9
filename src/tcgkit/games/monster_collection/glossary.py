"""Monster Collection in brief and the words of its cards, for ``rules`` and ``card`` at the
table (``terminal/reading.py``); translated with the game's other messages."""

from __future__ import annotations

from ...kernel.scene import Catalogue, messages

HOW_TO_PLAY = ("mc.rules.board", "mc.rules.turn", "mc.rules.march", "mc.rules.battle", "mc.rules.end")
GLOSSARY: dict[str, tuple[str, ...]] = {  # a term's message -> the English words that call it up on a card
    "mc.term.limit": ("limit", "terrain"),
    "mc.term.march": ("walk", "fly"),
    "mc.term.long_fly": ("long fly", "long_fly"),
    "mc.term.initiative": ("initiative",),
    "mc.term.charge": ("charge",),
    "mc.term.defender": ("defender",),
    "mc.term.instant": ("instant",),
    "mc.term.spell_slots": ("spell slots", "spell"),
    "mc.term.items": ("items", "item", "equipment"),
    "mc.term.counter": ("counter",),
    "mc.term.hero": ("hero",),
    "mc.term.acted": ("acted",),
    "mc.term.proxy": ("proxy",),
}
WORDS: Catalogue = messages({
    "mc.rules.board": "Two players on a battlefield of 3 columns and 4 rows; your territory is the two rows "
                      "on your side, cells 1-6 (1-2-3 in front), the enemy's E1-E6; each HQ is at 5.",
    "mc.rules.turn": "A turn: a hand adjustment (discard, then refill to 6), the main phase (place a "
                     "terrain, march, exchange equipment, perform rituals), the normal summon (creatures to "
                     "your HQ, equip them), and a second hand adjustment.",
    "mc.rules.march": "Creatures march from terrain to terrain (walk, fly, long fly), each once a turn, "
                      "and one march a turn may start a battle; the levels of one player's creatures on a "
                      "terrain stay within its limit.",
    "mc.rules.battle": "A march onto enemy creatures starts a battle: instant summons, the formation (front "
                       "to back), initiative (1D plus the creatures' initiative: the higher side strikes "
                       "first), spells and abilities, then each side's attack goes through the enemy party "
                       "front to back, killing each creature whose defence it reaches.",
    "mc.rules.end": "Your creatures taking the enemy HQ win at once (HQ fall). When both decks are empty, "
                    "after one more turn the player with more creatures in the enemy territory wins.",
    "mc.term.limit": "limit: the most levels of one player's creatures a terrain holds (an HQ 10, a proxy "
                     "8).",
    "mc.term.march": "walk, fly: how a creature marches; walk to a terrain next to it (not diagonally), "
                     "fly to any terrain around it.",
    "mc.term.long_fly": "long fly: a fly that also reaches two cells further in a straight line.",
    "mc.term.initiative": "initiative: added to its side's die roll at the start of a battle; the higher "
                          "total strikes first, a tie is the simultaneous attack.",
    "mc.term.charge": "Charge: added to its side's attack when that side strikes first.",
    "mc.term.defender": "Defender: added to its side's attack when that side strikes second.",
    "mc.term.instant": "instant: may be summoned from hand into a battle (instant summon).",
    "mc.term.spell_slots": "spell slots: how many battle spells of the creature's element its side may "
                           "cast in a battle.",
    "mc.term.items": "items (item slots): how much equipment a creature carries, and the slots consumable "
                     "items are paid with in a battle.",
    "mc.term.counter": "counter: a spell cast in answer to another declaration on the stack.",
    "mc.term.hero": "hero: a creature summoned by paying its hero points from the top of the deck; one "
                    "of a name on the battlefield.",
    "mc.term.acted": "acted: a creature that marched this turn (turned sideways); it does not march again "
                     "until the end of the turn.",
    "mc.term.proxy": "proxy terrain: the top card of your deck placed face down as a terrain with limit 8, "
                     "once a turn, not in a turn you placed a terrain from hand.",
})
