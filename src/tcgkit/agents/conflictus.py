"""Conflictus Aeternus for IS-MCTS: leaves scored at once (no random play-out), by the game's
heuristic for ``easy`` and ``normal`` and by a model fitted to game outcomes for ``hard``, and
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

``hard`` searches four times ``normal``'s budget, but more iterations alone did not make it
stronger (400 against 100 scored about 50%): the search converges on what its leaf score
prefers. Its leaves are scored by ``FittedLeaf`` instead: a logistic model of the win, fitted on
greedy games' positions (``scripts/fit_conflictus_leaf.py``), over ``worth`` whole, how short the
mons is (a card of mons weighs 0.12 above 20 cards, 0.21 below and 0.75 below 8: the end comes
faster than the count says) and whose rodada it is. Each player's return is their chance to beat
their strongest living rival, mapped to (-1, 1). A fit of each term of ``worth`` apart predicted
outcomes better still and played worse (it learned that players who are ahead hold cards back,
and the search made that passivity; docs/sim.md, Conflictus). ``worth`` and ``Game.heuristic``
stay as they are: ``greedy`` reads them, and the balance tables are greedy's.
"""

from __future__ import annotations

import math
import operator
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

FEATURES = ("worth", "mons_short", "mons_low", "active")
"""What the fitted leaf reads of each player: ``worth`` (the heuristic's sum, whose board terms
keep their hand-set proportions), how short of a full mons (below 20 cards and below 8: the end
comes closer faster than the count says) and whether the rodada is theirs."""

LEAF_WEIGHTS = {"worth": 0.1222, "mons_short": -0.0863, "mons_low": -0.5390, "active": 0.0293}
"""The fitted model's weight of each feature: a player's chance to beat a rival is the logistic
of the difference of their weighted sums. Fitted by ``scripts/fit_conflictus_leaf.py`` (its
command there and in docs/sim.md) on greedy-against-greedy games; constants, so play reads no
file and fits nothing."""


def features(state: ConflictusState, p: int) -> list[float]:
    """Player ``p``'s ``FEATURES``, in that order."""
    mons = len(state.mons[p])
    return [state.worth(p), max(0, 20 - mons), max(0, 8 - mons), 1.0 if state.active == p else 0.0]


class FittedLeaf(ConflictusPlayout):
    """``hard``'s leaf: each player's chance to beat their strongest living rival by the fitted
    model (``LEAF_WEIGHTS``), mapped to (-1, 1); a player out of the game gets -1, a finished
    game its outcome. Two players: the two values are opposite (the model has no intercept)."""

    weights = tuple(LEAF_WEIGHTS[name] for name in FEATURES)

    def evaluate(self, state: State[Any]) -> tuple[float, ...]:
        assert isinstance(state, ConflictusState)
        outcome = state.outcome
        if outcome is not None:
            return outcome.returns()
        weights, out = self.weights, state.out
        sums = [-math.inf if p in out else sum(map(operator.mul, weights, features(state, p)))
                for p in range(self.players)]
        values = []
        for p, mine in enumerate(sums):
            if p in out:
                values.append(-1.0)
                continue
            rival = max(s for q, s in enumerate(sums) if q != p)
            # 2 * logistic(d) - 1 = tanh(d / 2); a rival-less player (cannot happen unfinished) wins
            values.append(math.tanh((mine - rival) / 2) if rival > -math.inf else 1.0)
        return tuple(values)


LEVELS = {
    "easy": Level(100, careless=0.05),
    "normal": Level(100),
    "hard": Level(400, playout=FittedLeaf, scored=", leaves scored by a model fitted to game outcomes"),
}
"""Iterations a move for Conflictus, and ``hard``'s leaf (``FittedLeaf``; the others score
theirs by the heuristic). The budgets are a quarter of the other games': a leaf costs a
determinization's clone, the actions down the tree and the heuristic, and a two-player game
asks each player about 125 real choices, so the other games' budgets would make a game too
slow for the hundreds of games a strength measurement takes (RULES.md, "The AI"). ``easy`` is
``normal``'s search with a random move in 5% of its decisions: a search of 25 iterations, the
old ``easy``, was as strong as ``normal``, and a random Sacrifice, attack or payment costs so
much here that 5% puts ``easy`` between greedy and ``normal`` (docs/sim.md, Conflictus)."""

register_levels(LEVELS, GAME, ", leaves scored by the heuristic")
