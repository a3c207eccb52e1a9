"""IS-MCTS and greedy in Monster Collection: leaves scored by the heuristic, this game's budgets,
stronger than random (the shared checks: ``mcts_checks.py``)."""

from __future__ import annotations

import pytest

import tcgkit
from agents.mcts_checks import (
    check_beats_random,
    check_leaves_follow_the_heuristic,
    check_levels,
    check_search_is_legal_and_seeded,
    positions,
)
from tcgkit.agents.mcts import Level
from tcgkit.agents.monster_collection import LEVELS, MonsterCollectionPlayout


def test_monster_collection_has_its_own_budgets_and_scores_leaves_by_the_heuristic():
    assert {"easy": Level(100, careless=0.12), "normal": Level(100), "hard": Level(400)} == LEVELS
    check_levels("monster-collection", LEVELS, MonsterCollectionPlayout)
    game = tcgkit.load_game("monster-collection")
    states = positions(game, 3, 40)
    check_leaves_follow_the_heuristic(game, states, MonsterCollectionPlayout(game))
    assert all(a == -b for a, b in map(MonsterCollectionPlayout(game).evaluate, states))  # zero-sum


def test_search_chooses_legal_actions_the_same_for_the_same_seed():
    game = tcgkit.load_game("monster-collection")
    check_search_is_legal_and_seeded(game, positions(game, 11, 6))


@pytest.mark.parametrize("agent", ["greedy", "easy"])
def test_greedy_and_easy_beat_random(agent):
    check_beats_random("monster-collection", agent, games=6, seed=4, wins=4)
