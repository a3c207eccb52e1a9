"""Leaf evaluations fitted to outcomes for Monster Collection's search (issue 42: a ``hard`` clearly
above ``normal``), fitted and measured; docs/sim.md, "Monster Collection", has the numbers.

    nice -n 10 python scripts/fit_monster_collection_leaf.py fit --games 1000 --workers 2
    nice -n 10 python scripts/fit_monster_collection_leaf.py fit --games 1000 --workers 2 \
        --features "worth,to move,in enemy land late,deck"
    nice -n 10 python scripts/fit_monster_collection_leaf.py sim mc --agents small-400,normal \
        --sprt 0,50 -n 120 --workers 2 --seed 11

``fit`` plays ``--games`` games of ``--agent`` against itself (decks drawn by the seed, as
``tcgkit sim`` draws them), with a random legal move in ``--slips`` of the decisions so that the
positions spread beyond the agent's own lines, records at every decision outside a battle player
0's ``lead`` (the terms of ``FEATURES``, player 0's minus player 1's) and who won, and fits a
logistic model of the winner on the lead with no intercept (so swapping the players flips the
chance: the game has no side), ridge-penalised, by Newton's method. The first ``--holdout`` share
of the games is kept out of the fit and scores it against the heuristic's leaf (log loss, and how
often the side the leaf favours wins). It prints the weights.

``sim`` runs ``tcgkit sim`` with two more agents per budget N: ``full-N`` (the search with N
iterations a move, leaves scored by the model on every term, ``FULL``) and ``small-N`` (on the
heuristic's worth and three terms it lacks, ``SMALL``); their leaves are the model's chance to win
mapped to (-1, 1), a battle under way averaged over its ends as the heuristic does. Neither is a
level of the game: ``full`` lost to ``normal`` at ``normal``'s budget, and ``small`` with ``hard``'s
did not beat ``normal`` clearly. Needs numpy (``pip install numpy``, or the ``envs`` extra), which
the game's levels do not.
"""

from __future__ import annotations

import argparse
import math
import pickle
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

import tcgkit
from tcgkit.agents import make_agent
from tcgkit.agents.base import register_agent
from tcgkit.agents.mcts import ISMCTSAgent, Playout
from tcgkit.agents.monster_collection import MonsterCollectionPlayout
from tcgkit.games.monster_collection.board import CELLS, GRID, HQ, reach, territory
from tcgkit.games.monster_collection.forecast import expected
from tcgkit.games.monster_collection.game import worth
from tcgkit.games.monster_collection.rules import MonsterCollectionState
from tcgkit.kernel.game import Game, State
from tcgkit.kernel.rng import Rng, derive_seed

GAME = "monster-collection"

FEATURES = (
    "worth", "deck", "hand creatures", "hand creature levels", "hand terrains", "hand others",
    "creatures", "levels", "strength", "in enemy land", "cells held", "enemy cells held",
    "next to enemy HQ", "empty terrains placed", "HQ open to attack", "HQ guarded under attack",
    "threats to enemy HQ", "in enemy land late", "HQ guard", "to move", "refill to come",
)
"""The terms of one player's standing the fitted leaf weighs (``features``), each taken as the
player's minus the rival's."""


def features(state: MonsterCollectionState, p: int) -> list[float]:
    """``p``'s side of the position, in ``FEATURES``' order: the heuristic's terms (``worth``) as
    separate counts, and what it leaves out (whose turn it is, the deck-out judgement drawing
    near)."""
    card, stat, parties = state.card, state.stat, state.parties
    hand = [card(c) for c in state.hand[p]]
    creatures_in_hand = [k for k in hand if k.creature]
    enemy = 1 - p
    guard = sum(stat(c, "defence") for c in parties[HQ[p]][p])
    enemy_guard = sum(stat(c, "defence") for c in parties[HQ[enemy]][enemy])
    count = levels = strength = invading = held = enemy_held = beside = placed = threats = 0.0
    for cell in range(CELLS):
        party = parties[cell][p]
        if not party:
            if state.placer[cell] == p and state.terrain[cell] >= 0:
                placed += 1
            continue
        held += 1
        away = territory(cell) != p
        enemy_held += away
        beside += HQ[enemy] in GRID.orthogonal[cell]
        for c in party:
            kind = card(c)
            count += 1
            levels += kind.level
            strength += stat(c, "attack") + stat(c, "defence")
            invading += away
            if HQ[enemy] in reach(cell, kind.march) and stat(c, "attack") > enemy_guard:
                threats += 1
    attacked = any(
        HQ[p] in reach(cell, card(c).march) and stat(c, "attack") > guard
        for cell in range(CELLS) for c in parties[cell][enemy]
    )
    terrains = sum(k.kind == "terrain" for k in hand)
    late = max(0.0, 1.0 - min(len(state.deck[0]), len(state.deck[1])) / 10)
    limit = state.game.options.hand_limit
    refill = (min(limit - len(hand), len(state.deck[p]))
              if state.active == p and state.phase in ("adjust1", "adjust2") else 0)
    return [
        worth(state, p) / 10, len(state.deck[p]) / 10,
        len(creatures_in_hand), sum(k.level for k in creatures_in_hand) / 5,
        terrains, len(hand) - len(creatures_in_hand) - terrains,
        count, levels / 5, strength / 10, invading, held, enemy_held,
        beside, placed, float(attacked and guard == 0), float(attacked and guard > 0),
        threats, invading * late, guard / 5, float(state.active == p), refill,
    ]


def lead(state: MonsterCollectionState, p: int) -> list[float]:
    """``features`` of ``p`` minus those of the rival: swapping the players flips every term."""
    mine, theirs = features(state, p), features(state, 1 - p)
    return [a - b for a, b in zip(mine, theirs, strict=True)]


FULL = {  # fit --games 1000 --features "deck,...,refill to come" (every term but worth)
    "deck": -0.3531, "hand creatures": 0.1740, "hand creature levels": -0.1103,
    "hand terrains": -0.0313, "hand others": 0.0259, "creatures": -0.0497, "levels": 0.5369,
    "strength": -0.0384, "in enemy land": -0.0080, "cells held": -0.2912, "enemy cells held": 0.2952,
    "next to enemy HQ": 0.1358, "empty terrains placed": -0.1066, "HQ open to attack": -0.6149,
    "HQ guarded under attack": -0.4663, "threats to enemy HQ": -0.1058, "in enemy land late": 0.3220,
    "HQ guard": -0.2626, "to move": 0.0189, "refill to come": 0.0397,
}
SMALL = {  # fit --games 1000 --features "worth,to move,in enemy land late,deck"
    "worth": 0.5362, "to move": 0.0392, "in enemy land late": 0.3171, "deck": -0.1258,
}


class FittedPlayout(Playout):
    """A leaf scored by a fitted model: its chance that player 0 wins, as a return in (-1, 1)."""

    plies: int | None = 0

    def __init__(self, game: Game, weights: dict[str, float]) -> None:
        super().__init__(game)
        self.weights = [weights.get(name, 0.0) for name in FEATURES]

    def value(self, state: MonsterCollectionState) -> float:
        """Player 0's return: tanh(z / 2) is the logistic chance 1 / (1 + e^-z) mapped to (-1, 1)."""
        outcome = state.outcome
        if outcome is not None:
            return outcome.returns()[0]
        z = sum(w * x for w, x in zip(self.weights, lead(state, 0), strict=True))
        return math.tanh(z / 2)

    def evaluate(self, state: State[Any]) -> tuple[float, ...]:
        assert isinstance(state, MonsterCollectionState)
        value = self.value(state) if state.battle is None else expected(state, self.value)
        return (value, -value)


def register_fitted(budgets: tuple[int, ...] = (100, 400)) -> None:
    """``full-N`` and ``small-N`` for ``sim`` (its worker processes are forked from this one)."""
    for label, weights in (("full", FULL), ("small", SMALL)):
        for n in budgets:
            def factory(game: Game, n: int = n, label: str = label,
                        weights: dict[str, float] = weights) -> Any:
                playout = FittedPlayout(game, weights)
                return ISMCTSAgent(game, iterations=n, name=f"{label}-{n}", playout=playout)
            register_agent(f"{label}-{n}", f"IS-MCTS, {n} iterations, the {label} fitted leaf", GAME)(factory)


def play(args: tuple[int, int, str, float]) -> tuple[list[list[float]], list[float], list[float]]:
    """One game's positions: each one's lead of player 0, the heuristic leaf's value for player 0
    and the outcome for player 0 (1 won, 0.5 drawn, 0 lost)."""
    seed, index, agent, slips = args
    game = tcgkit.load_game(GAME)
    state = game.new_state(derive_seed(seed, index))
    seated = [make_agent(agent, game) for _ in range(2)]
    rngs = [Rng(derive_seed(seed, index, p + 1)) for p in range(2)]
    slip = Rng(derive_seed(seed, index, 9))
    leaf = MonsterCollectionPlayout(game)
    rows, heuristic = [], []
    while not state.is_terminal:
        if state.battle is None:
            rows.append(lead(state, 0))
            heuristic.append(leaf.evaluate(state)[0])
        player = state.to_move
        legal = state.legal_actions()
        if len(legal) > 1 and slip.random() < slips:
            action = legal[slip.below(len(legal))]
        else:
            action = seated[player].act(state.view(player), legal, rngs[player])
        state.apply(action, player)
    winner = state.outcome.winner
    won = 0.5 if winner is None else float(winner == 0)
    return rows, heuristic, [won] * len(rows)


def fit(x: np.ndarray, y: np.ndarray, weight: np.ndarray, ridge: float) -> np.ndarray:
    """Weighted logistic regression without intercept, L2-penalised, by Newton's method."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (weight * (p - y)) + ridge * w
        hess = (x * (weight * p * (1 - p))[:, None]).T @ x + ridge * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def log_loss(chance: np.ndarray, y: np.ndarray) -> float:
    chance = np.clip(chance, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(chance) + (1 - y) * np.log(1 - chance)))


def main() -> None:
    if sys.argv[1:2] == ["sim"]:
        from tcgkit.cli.app import app

        register_fitted()
        app(sys.argv[1:])
        return
    if sys.argv[1:2] == ["fit"]:
        del sys.argv[1]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games to learn from")
    parser.add_argument("--seed", type=int, default=42, help="game i is seeded derive_seed(seed, i)")
    parser.add_argument("--agent", default="greedy", help="the agent on both sides")
    parser.add_argument("--slips", type=float, default=0.05, help="the share of random moves")
    parser.add_argument("--holdout", type=float, default=0.2, help="the share of games kept out")
    parser.add_argument("--ridge", type=float, default=1.0, help="the L2 penalty on the weights")
    parser.add_argument("--workers", type=int, default=2, help="processes to play on")
    parser.add_argument("--cache", default="", help="keep the played games in FILE (a pickle) and "
                        "read them from it when it exists, to fit other term sets on the same games")
    parser.add_argument("--features", default="", help="the terms, comma-separated (default: all)")
    args = parser.parse_args()
    jobs = [(args.seed, i, args.agent, args.slips) for i in range(args.games)]
    if args.cache and Path(args.cache).exists():
        games = pickle.loads(Path(args.cache).read_bytes())
    else:
        with ProcessPoolExecutor(args.workers) as pool:
            games = list(pool.map(play, jobs, chunksize=4))
        if args.cache:
            Path(args.cache).write_bytes(pickle.dumps(games))
    chosen = args.features.split(",") if args.features else FEATURES
    use = [FEATURES.index(name) for name in chosen]
    games = [([[row[i] for i in use] for row in rows], h, y) for rows, h, y in games]
    names = [FEATURES[i] for i in use]
    held = int(len(games) * args.holdout)

    def stack(part: list) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        x = np.array([row for rows, _, _ in part for row in rows])
        h = np.array([v for _, values, _ in part for v in values])
        y = np.array([v for _, _, won in part for v in won])
        # each game weighs the same in all, the mean weight 1
        weight = np.array([1 / len(rows) for rows, _, _ in part for _ in rows]) * len(x) / len(part)
        return x, h, y, weight

    x, _, y, weight = stack(games[held:])
    weights = fit(x, y, weight, args.ridge)
    if held:
        xt, ht, yt, _ = stack(games[:held])
        fitted = 1 / (1 + np.exp(-xt @ weights))
        decisive = yt != 0.5
        for name, chance in (("heuristic", (ht + 1) / 2), ("fitted", fitted)):
            right = np.mean((chance[decisive] > 0.5) == (yt[decisive] == 1))
            print(f"{name:>9}: log loss {log_loss(chance, yt):.4f}, the leader wins {right:.1%} "
                  f"({held} held-out games, {len(yt)} positions)")
    print(f"fitted on {len(games) - held} games, {len(x)} positions; "
          f"player 0 won {np.mean([g[2][0] for g in games if g[2]]):.1%}")
    print("WEIGHTS = {")
    for name, value in zip(names, weights, strict=True):
        print(f"    {name!r}: {value:.4f},")
    print("}")


if __name__ == "__main__":
    main()
