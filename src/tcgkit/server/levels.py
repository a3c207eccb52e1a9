"""The AI levels as a player meets them in the lobby: a name and one line each, weakest first;
the engine's own names (``random``, ``greedy``, ``ismcts``, ...) stay the values a seat is
created with and are shown only under the lobby's "Advanced".

The order is measured where a measurement exists (``tcgkit sim GAME --agents A,B``): greedy
beats random (99.5% in Monster Collection, 399 of 400 in Conflictus); in Triple
Triad ``easy`` beat greedy 18 to 6 of 40 (16 draws), in Final Fantasy TCG 36 to 3 (1 draw), in
Forge & Fury they were even (22 to 18; ``--seed 1``);
``normal`` beat greedy in Monster Collection (58%) and Conflictus (67.5%); ``mixed`` beat greedy
in 70% of Forge & Fury games (docs/research.md). Elsewhere it follows the agents' nature: more
search is stronger, and Triple Triad's exact solver is the strongest there is.
"""

from __future__ import annotations

from ..kernel.scene import Catalogue, Message

LEVELS: dict[str, tuple[str, str]] = {
    "random": ("Beginner", "plays at random"),
    "greedy": ("Casual", "takes the move that looks best right now, never looks further"),
    "easy": ("Easy", "looks a few moves ahead"),
    "normal": ("Normal", "thinks ahead: a fair game"),
    "mixed": ("Cunning", "hides its intentions: its secret picks cannot be read"),
    "hard": ("Hard", "thinks far ahead and takes a moment longer"),
    "perfect": ("Perfect", "works out every ending: it never makes a mistake"),
}
"""Each known level's name and line, weakest first (the lobby's order)."""
SAME_AS = {"ismcts": "normal"}
"""Engine names of a level listed under another name: shown under "Advanced" only."""


def name_key(level: str) -> str:
    return f"lobby.level.{level}"


def about_key(level: str) -> str:
    return f"lobby.level.{level}.about"


def level_words() -> Catalogue:
    """The levels' names and lines, to translate."""
    out: Catalogue = {}
    for level, (name, about) in LEVELS.items():
        out[name_key(level)] = Message(name)
        out[about_key(level)] = Message(about)
    return out


def strength_order(levels: list[str]) -> list[str]:
    """``levels`` weakest first, without the aliases of another; a level this module does not
    know (a plugin's agent) comes last, in its name's order."""
    known = [level for level in LEVELS if level in levels]
    other = sorted(level for level in levels if level not in LEVELS and level not in SAME_AS)
    return known + other
