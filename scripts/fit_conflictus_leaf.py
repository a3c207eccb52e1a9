"""Fit the leaf evaluation of Conflictus's ``hard`` level to game outcomes.

Plays seeded two-player games (default rules, seeded random mons) with greedy against greedy,
records every few actions each player's features (``agents/conflictus.py``, ``features``) and who
won, and fits a logistic model of the win on the difference of the two players' features (no
intercept: swapping the players flips the chance, as the game is symmetric but for who starts,
which the ``active`` feature carries). It prints the weights as ``agents/conflictus.py`` holds
them (``LEAF_WEIGHTS``) and the held-out log loss and accuracy of the model against the
heuristic's own (``tanh(heuristic / 8)`` read as a chance), so a refit can be judged. A
better fit is not enough: a fit of each term of ``worth`` apart (commit b50d25d) predicted the
held-out games best and made ``hard`` much weaker (docs/sim.md, Conflictus); measure a refit
against ``normal`` on paired deals before shipping it.

    nice -n 10 python scripts/fit_conflictus_leaf.py --games 800 --workers 2 --seed 1

Needs numpy (the ``envs`` extra); play does not (the weights are constants).

Deterministic for a seed and a number of games (the games are seeded; the fit is Newton's method
from zero weights).
"""

from __future__ import annotations

import argparse
import math
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from tcgkit.agents.base import make_agent
from tcgkit.agents.conflictus import FEATURES, features
from tcgkit.kernel.registry import load_game
from tcgkit.kernel.rng import Rng, derive_seed

EVERY = 4
"""A position is recorded every this many actions (most actions are priority passes)."""
RIDGE = 1e-3
"""An L2 penalty that keeps the weights finite when a feature hardly varies."""


def play(seed: int, index: int) -> list[tuple[list[float], int]]:
    """One greedy game: (player 0's features minus player 1's, whether player 0 won) every
    ``EVERY`` actions; a drawn game gives nothing."""
    game = load_game("conflictus", {"players": 2})
    state = game.new_state(derive_seed(seed, index))
    agents = [make_agent("greedy", game) for _ in range(2)]
    rngs = [Rng(derive_seed(seed, index, p + 1)) for p in range(2)]
    rows: list[list[float]] = []
    count = 0
    while not state.is_terminal:
        if count % EVERY == 0 and state.phase != "mulligan":
            mine, theirs = features(state, 0), features(state, 1)
            rows.append([a - b for a, b in zip(mine, theirs, strict=True)])
        player = state.to_move
        assert player is not None
        action = agents[player].act(state.view(player), state.legal_actions(), rngs[player])
        state.apply(action, player)
        count += 1
    outcome = state.outcome
    assert outcome is not None
    if outcome.winner is None:
        return []
    won = int(outcome.winner == 0)
    return [(row, won) for row in rows]


def play_many(args: tuple[int, list[int]]) -> list[tuple[int, list[tuple[list[float], int]]]]:
    seed, indices = args
    return [(i, play(seed, i)) for i in indices]


def fit(x: np.ndarray, y: np.ndarray, iterations: int = 50) -> np.ndarray:
    """Logistic regression without intercept by Newton's method, ridge ``RIDGE``."""
    w = np.zeros(x.shape[1])
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        gradient = x.T @ (p - y) + RIDGE * len(y) * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + RIDGE * len(y) * np.eye(x.shape[1])
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=800)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--held-out", type=float, default=0.2, help="share of games kept for the check")
    args = parser.parse_args()
    chunks = [(args.seed, list(range(i, args.games, args.workers * 8))) for i in range(args.workers * 8)]
    with ProcessPoolExecutor(args.workers) as pool:
        games = dict(item for part in pool.map(play_many, chunks) for item in part)
    cut = int(args.games * (1 - args.held_out))
    train = [r for i in range(cut) for r in games[i]]
    test = [r for i in range(cut, args.games) for r in games[i]]
    x, y = np.array([r for r, _ in train]), np.array([w for _, w in train], dtype=float)
    tx, ty = np.array([r for r, _ in test]), np.array([w for _, w in test], dtype=float)
    w = fit(x, y)
    p = 1.0 / (1.0 + np.exp(-(tx @ w)))
    print(f"{len(train)} positions to fit, {len(test)} held out ({args.games - cut} games)")
    print(f"fitted: log loss {log_loss(p, ty):.4f}, accuracy {np.mean((p > 0.5) == ty):.3f}")
    heuristic = np.array([math.tanh(v / 8.0) for v in tx @ HEURISTIC]) * 0.5 + 0.5
    hits = np.mean((heuristic > 0.5) == ty)
    print(f"heuristic: log loss {log_loss(heuristic, ty):.4f}, accuracy {hits:.3f}")
    w = fit(np.vstack([x, tx]), np.concatenate([y, ty]))  # the shipped weights use every game
    print("LEAF_WEIGHTS = {")
    for name, weight in zip(FEATURES, w, strict=True):
        print(f'    "{name}": {weight:.4f},')
    print("}")


HEURISTIC = np.array([1.0 if name == "worth" else 0.0 for name in FEATURES])
"""``ConflictusState.worth`` as weights of the same features (for the comparison only)."""


if __name__ == "__main__":
    main()
