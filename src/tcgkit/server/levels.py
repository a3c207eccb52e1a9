"""The AI levels as a player meets them in the lobby: a name and one line each, weakest first;
the engine's own names (``random``, ``greedy``, ``ismcts``, ...) stay the values a seat is
created with and are shown only under the lobby's "Advanced".

The order is measured (``tcgkit sim GAME --agents A,B --sprt ...`` on paired deals, docs/sim.md):
greedy beats random in every game, and ``easy``, ``normal`` and ``hard`` each score above the
level below in every game (``easy`` over greedy 58-65%, ``normal`` over ``easy`` 55-64%, ``hard``
over ``normal`` 55-69%; Monster Collection's and Conflictus's ``easy`` is ``normal``'s search
with a share of random moves, ``Level.careless`` in ``agents/mcts.py``; Triple Triad's searches
75 iterations). Each game's levels are tuned against its target (``sim/ladder.py``,
``target_for``): 65-80% a step, or 55-65% where even the strongest play measured does not span
three steps of 65% above greedy. Forge & Fury's
``mixed`` lies between its ``normal`` and ``hard``, about 54% against each. Triple Triad's
exact solver (``perfect``) is exact only when hands are open; with hidden hands it votes over
sampled rival hands near the end, and its measured ladder puts it beside ``hard`` (1512
against 1522, the intervals overlapping). A ladder of 20-100 games a pair (Monster
Collection's 100) cannot separate steps of 55-60%, so the lobby shows each level's measured
rating (``measured``) beside its line, and the order is left as declared.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from ..kernel.scene import Catalogue, Message

LADDERS = Path(__file__).with_name("ladders")
"""The measured ladders (``tcgkit ladder GAME --out server/ladders/GAME.json``), a file a game."""

LEVELS: dict[str, tuple[str, str]] = {
    "random": ("Beginner", "plays at random"),
    "greedy": ("Casual", "takes the move that looks best right now, never looks further"),
    "easy": ("Easy", "looks a few moves ahead"),
    "normal": ("Normal", "thinks ahead: a fair game"),
    "mixed": ("Cunning", "hides its intentions: its secret picks cannot be read"),
    "hard": ("Hard", "thinks far ahead and takes a moment longer"),
    "perfect": ("Perfect", "works out every ending of the cards it knows; hidden cards it guesses"),
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


@cache
def measured(game: str) -> dict[str, dict[str, Any]]:
    """Each level's rating in ``game``'s measured ladder, ``{rating, low, high, games}`` on the
    Elo scale with ``random`` at 1000 (the 95% interval from the fit), rounded; ``{}`` when no
    ladder was measured, or when it was measured under other rules than the defaults (the
    lobby's levels are offered for any rules, and the defaults are what most tables play)."""
    try:
        ladder = json.loads((LADDERS / f"{game}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if ladder.get("options") or ladder.get("rules") or ladder.get("mode"):
        return {}
    return {row["agent"]: {"rating": round(row["rating"]), "low": round(row["ci95"][0]),
                           "high": round(row["ci95"][1]), "games": row["games"]}
            for row in ladder.get("ratings", [])}
