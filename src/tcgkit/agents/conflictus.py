"""Conflictus Aeternus for IS-MCTS: leaves scored by the game's heuristic, no random play-out, and
the search levels' budgets for this game.

A random two-player game lasts about 35 rodadas and 250 decisions (four players: about 500),
most of them priority passes. Random moves after the tree do not just add noise here, they
spoil the position: a random player sacrifices its own warriors and relics in the Sacrifice
window, attacks into blockers and pays sources away. Random plies after the tree lost most
games against greedy where scoring the leaf at once won most, and cost less (the measurements
are in the game's RULES.md). So ``plies`` is 0: the tree itself is the look-ahead, and a leaf is
scored by the heuristic (mons left, the warriors on the board, sources, hand, relics:
``Conflictus.worth``): each player's return is their worth against their strongest living
rival's, squashed into (-1, 1); a player out of the game gets -1. With more than two players
this is max^n's vector, one value per player.
"""

from __future__ import annotations

import math
from typing import Any

from ..games.conflictus.rules import ConflictusState
from ..kernel.game import Game, State
from .mcts import Level, Playout, register_levels, register_playout

GAME = "conflictus"


class ConflictusPlayout(Playout):
    plies: int | None = 0
    scale = 8.0  # a lead of eight mons (or a strong warrior and a few cards) is a return of 0.76

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.heuristic = game.heuristic
        self.players = game.num_players

    def evaluate(self, state: State[Any]) -> tuple[float, ...]:
        assert isinstance(state, ConflictusState)
        heuristic, scale, out = self.heuristic, self.scale, state.out
        return tuple(-1.0 if p in out else math.tanh(heuristic(state, p) / scale)
                     for p in range(self.players))


register_playout(GAME)(ConflictusPlayout)

LEVELS = {"easy": Level(25), "normal": Level(100), "hard": Level(400)}
"""Iterations a move for Conflictus: a quarter of the other games'. A leaf costs a
determinization's clone, the actions down the tree and the heuristic, and a two-player game
asks each player about 125 real choices, so the other games' budgets would make a game too
slow for the hundreds of games a strength measurement takes (RULES.md, "The AI")."""

register_levels(LEVELS, GAME, ", leaves scored by the heuristic")
