"""The fitted leaf tried for Monster Collection's ``hard`` (scripts/fit_monster_collection_leaf.py,
docs/sim.md): its terms flip with the players, it scores a finished game by its outcome and ranks
a player with a creature more above the same player without it, and its fit recovers known
weights."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import tcgkit
from agents.mcts_checks import positions
from tcgkit.kernel.rng import Rng

np = pytest.importorskip("numpy")
SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "fit_monster_collection_leaf.py"
spec = importlib.util.spec_from_file_location("fit_monster_collection_leaf", SCRIPT)
assert spec is not None and spec.loader is not None
fit_script = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fit_script)


@pytest.fixture(scope="module")
def game():
    return tcgkit.load_game("monster-collection")


def test_the_terms_and_the_value_flip_with_the_players(game):
    leaf = fit_script.FittedPlayout(game, fit_script.SMALL)
    states = [s for s in positions(game, 7, 40) if s.battle is None]
    assert states
    for state in states:
        assert fit_script.lead(state, 1) == [-x for x in fit_script.lead(state, 0)]
        value, other = leaf.evaluate(state)
        assert -1 < value < 1 and other == -value


def test_a_creature_more_on_the_board_scores_higher_and_a_finished_game_its_outcome(game):
    leaf = fit_script.FittedPlayout(game, fit_script.SMALL)
    state = next(s for s in positions(game, 7, 60)
                 if s.battle is None and len(s.creatures(0)) >= 2)
    worse = state.clone()
    cell, creature = next((cell, c) for cell in range(len(worse.parties)) for c in worse.parties[cell][0])
    worse.parties[cell][0].remove(creature)
    worse.discard[0].append(creature)
    assert leaf.evaluate(state)[0] > leaf.evaluate(worse)[0]
    rng = Rng(3)
    over = state.clone()
    while not over.is_terminal:
        over.apply(rng.choice(over.legal_actions()), over.to_move)
    assert leaf.evaluate(over) == over.outcome.returns()


def test_the_fit_recovers_known_weights():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(20_000, 3))
    truth = np.array([1.5, -0.5, 0.0])
    y = (rng.random(len(x)) < 1 / (1 + np.exp(-x @ truth))).astype(float)
    weights = fit_script.fit(x, y, np.ones(len(x)), ridge=1.0)
    assert np.allclose(weights, truth, atol=0.1)
