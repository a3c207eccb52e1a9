"""Final Fantasy TCG play-outs for IS-MCTS: a few turns of random play, then the game's
heuristic.

A random game lasts about 80 turns and 300 decisions, most of them far from the decision
being searched; played to the end, a play-out is mostly noise (and slow: 400 of them per
move). So play-outs stop after ``plies`` actions (about a turn) and score the position
by the heuristic's material difference (skulls, characters and their wounds, the board,
the hand, an attack under way), squashed into a return in (-1, 1).
"""

from __future__ import annotations

import math
from typing import Any

from ..kernel.game import Game, State
from .mcts import Playout, register_playout

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
