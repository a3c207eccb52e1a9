"""The games tcgkit's own suite checks: its five (entry points of the tcgkit distribution) and
Brawl (tests/plugins). Another installed game is its author's to check (``pytest --tcgkit-game
NAME``): tests that name "every game" take these, so installing a plugin leaves them green."""

from __future__ import annotations

import tcgkit
from tcgkit.kernel.registry import GameEntry

OWN_MODULES = ("tcgkit.games.", "tcgkit_brawl")


def own_games() -> list[GameEntry]:
    return [e for e in tcgkit.list_games() if e.cls.__module__.startswith(OWN_MODULES)]


def built_in_games() -> list[str]:
    """The names of tcgkit's own games (its distribution's entry points), Brawl aside: a test
    of "each game" takes these, so a game added by its entry point is tested too."""
    return [e.name for e in tcgkit.list_games() if e.cls.__module__.startswith("tcgkit.games.")]
