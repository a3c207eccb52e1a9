"""Monster Collection for IS-MCTS: leaves scored by the game's heuristic, no random play-out, and
the search levels' budgets for this game.

A march lists every set of creatures that fits its destination, so a main phase offers dozens of
actions, and a random play-out after the tree marches creatures into bad battles and discards
good hands: it tells little about the position. As in Conflictus, ``plies`` is 0: the tree is the
look-ahead and a leaf is scored by the heuristic (``MonsterCollection.heuristic``: creatures on
the board, how deep into enemy land, terrains, the hand), squashed into (-1, 1).
"""

from __future__ import annotations

import math
from typing import Any

from ..kernel.game import Game, State
from .mcts import Level, Playout, register_levels, register_playout

GAME = "monster-collection"


class MonsterCollectionPlayout(Playout):
    plies: int | None = 0
    scale = 10.0  # a lead of a strong creature deep in enemy land and a terrain is a return of about 0.6

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.heuristic = game.heuristic

    def evaluate(self, state: State[Any]) -> tuple[float, ...]:
        outcome = state.outcome
        if outcome is not None:
            return outcome.returns()
        value = math.tanh(self.heuristic(state, 0) / self.scale)
        return (value, -value)


register_playout(GAME)(MonsterCollectionPlayout)

LEVELS = {"easy": Level(100, careless=0.12), "normal": Level(100), "hard": Level(400)}
"""Iterations a move, as Conflictus's: a leaf costs a determinization's clone, the actions down
the tree and the heuristic, and a game asks each player about a hundred choices. ``easy`` is
``normal``'s search with a random move in 12% of its decisions: a search of 25 iterations, the
old ``easy``, was level with greedy on paired deals, and greedy and ``normal`` are only about
+85 Elo apart, so the slips put ``easy`` between them (docs/sim.md, Monster Collection)."""

register_levels(LEVELS, GAME, ", leaves scored by the heuristic")
