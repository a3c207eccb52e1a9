"""Final Fantasy TCG play-outs for IS-MCTS: a few turns of random play, then the game's
heuristic.

A random game lasts about 80 turns and 300 decisions, most of them far from the decision
being searched; played to the end, a play-out is mostly noise (and slow: 400 of them per
move). So play-outs stop after ``plies`` actions (about a turn) and score the position
by the heuristic's material difference (skulls, characters and their wounds, the board,
the hand, an attack under way), squashed into a return in (-1, 1).

The levels' budgets are this game's own (``LEVELS``): its search's strength rises steeply over
the first few dozen iterations a move and then stops rising (1,000 iterations scored level
with 400 on paired deals), so the generic 50, 400 and 2,000 put two levels where one was and
made ``hard`` too slow to measure. 10, 50 and 400 iterations set each level above the one
below on paired deals (RULES.md, "The AI"; docs/sim.md, "Final Fantasy TCG").
"""

from __future__ import annotations

import math
from typing import Any

from ..kernel.game import Game, State
from .mcts import Level, Playout, register_levels, register_playout

GAME = "ff-tcg"


class FFTcgPlayout(Playout):
    plies: int | None = 12
    scale = 6.0  # a material difference of one skull and a half is a return of about 0.76

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.heuristic = game.heuristic

    def evaluate(self, state: State[Any]) -> tuple[float, ...]:
        difference = self.heuristic(state, 0)
        value = math.tanh(difference / self.scale)
        return value, -value


register_playout(GAME)(FFTcgPlayout)

LEVELS = {"easy": Level(10), "normal": Level(20), "hard": Level(400)}
"""Iterations a move for Final Fantasy TCG: ``easy`` a few play-outs a move, ``normal`` a score,
``hard`` the generic ``normal``'s 400 (1,000 were no stronger). The search gains most over its
first few dozen iterations, so ``normal`` at 20 rather than 50 evens the steps: 50 put it 73.9%
over ``easy`` and ``hard`` 59.3% over it, 20 puts it 63.5% over ``easy`` and ``hard`` 68.8% over
it (paired deals, docs/sim.md)."""

register_levels(LEVELS, GAME, ", play-outs of a turn scored by the heuristic")
