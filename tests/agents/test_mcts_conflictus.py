"""IS-MCTS in Conflictus Aeternus: leaves scored by the heuristic, this game's budgets,
any number of players, stronger than random (the shared checks: ``mcts_checks.py``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import tcgkit
from agents.mcts_checks import (
    check_beats_random,
    check_leaves_follow_the_heuristic,
    check_levels,
    check_search_is_legal_and_seeded,
    positions,
    three_players_one_out,
)
from tcgkit.agents import make_agent
from tcgkit.agents.conflictus import LEVELS, ConflictusPlayout, FittedLeaf
from tcgkit.agents.mcts import Level


def test_conflictus_has_its_own_budgets_and_cut_playouts():
    shipped = {name: replace(level, scored=None) for name, level in LEVELS.items()}
    assert shipped == {"easy": Level(100, careless=0.05), "normal": Level(100),
                       "hard": Level(400, playout=FittedLeaf)}
    check_levels("conflictus", LEVELS, FittedLeaf)  # hard's leaves: the fitted model
    assert make_agent("normal", tcgkit.load_game("triple-triad")).iterations == 400  # the others keep theirs


@pytest.mark.parametrize("players", [2, 4])
def test_playouts_score_each_player_by_the_heuristic(players):
    game = tcgkit.load_game("conflictus", players=players)
    check_leaves_follow_the_heuristic(game, positions(game, players, 40), ConflictusPlayout(game),
                                      out=lambda state: state.out)


def test_an_eliminated_player_scores_minus_one():
    game, state = three_players_one_out()
    out = next(iter(state.out))
    assert ConflictusPlayout(game).evaluate(state)[out] == -1.0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_search_chooses_legal_actions_the_same_for_the_same_seed(players):
    game = tcgkit.load_game("conflictus", players=players)
    check_search_is_legal_and_seeded(game, positions(game, 10 + players, 5))


def test_easy_beats_random_in_two_player_games():
    check_beats_random("conflictus", "easy", games=4, seed=2, wins=3)
