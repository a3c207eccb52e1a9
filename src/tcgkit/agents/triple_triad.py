"""Triple Triad's search levels: the generic budgets (``mcts.LEVELS``) but ``easy``'s.

``easy`` searches 75 iterations a move, not 50: greedy, ``easy`` and ``normal`` (400) span about
+230 Elo on paired deals, and 50 iterations put ``easy`` 60% over greedy with ``normal`` 71%
over it, where 75 splits the two steps evenly, 63.6% and 63.8% (docs/sim.md, Triple Triad).
"""

from __future__ import annotations

from .mcts import LEVELS as GENERIC
from .mcts import Level, register_levels

GAME = "triple-triad"

LEVELS = {"easy": Level(75), "normal": Level(GENERIC["normal"]), "hard": Level(GENERIC["hard"])}
"""Iterations a move."""

register_levels(LEVELS, GAME)
