"""Conflictus's ``hard``: the search with leaves scored by a model fitted to game outcomes
(``agents/conflictus.py``, ``FittedLeaf``)."""

from __future__ import annotations

import pytest

import tcgkit
from agents.mcts_checks import positions, search_of, three_players_one_out
from tcgkit.agents import make_agent
from tcgkit.agents.conflictus import FEATURES, LEAF_WEIGHTS, FittedLeaf, features
from tcgkit.kernel.rng import Rng


def midgame(seed: int = 5, actions: int = 120):
    """A two-player position of a greedy game, ``actions`` in, still going (random players
    rarely keep a warrior on the board)."""
    game = tcgkit.load_game("conflictus")
    state = game.new_state(seed)
    greedy, rng = make_agent("greedy", game), Rng(seed)
    for _ in range(actions):
        player = state.to_move
        state.apply(greedy.act(state.view(player), state.legal_actions(), rng), player)
    assert not state.is_terminal
    return game, state


def test_the_weights_name_every_feature_once():
    assert tuple(LEAF_WEIGHTS) == FEATURES
    game, state = midgame()
    assert len(features(state, 0)) == len(FEATURES)


def test_a_player_whose_rival_lost_ten_cards_of_mons_stands_better():
    game, state = midgame()
    leaf = FittedLeaf(game)
    before = leaf.evaluate(state)
    milled = state.clone()
    cards = milled.mons[1][-10:]
    del milled.mons[1][-10:]
    milled.mortis[1].extend(cards)
    after = leaf.evaluate(milled)
    assert after[0] > before[0] and after[1] < before[1]
    assert milled.problems() == []


def test_a_warrior_more_on_the_board_stands_better():
    game, state = midgame(seed=11, actions=100)
    leaf = FittedLeaf(game)
    mine = [sid for sid, rec in state.sets.items() if rec.owner == 0 and rec.warriors]
    assert mine, "the position should hold a set of player 0"
    without = state.clone()
    rec = without.sets.pop(mine[0])
    without.mortis[0].extend(rec.sources + rec.warriors + rec.equipment)
    assert leaf.evaluate(state)[0] > leaf.evaluate(without)[0]


@pytest.mark.parametrize("seed", [3, 8])
def test_two_players_values_are_opposite(seed):
    game = tcgkit.load_game("conflictus")
    leaf = FittedLeaf(game)
    for state in positions(game, seed, 30):
        first, second = leaf.evaluate(state)
        assert -1.0 < first < 1.0 and first == pytest.approx(-second)


def test_a_finished_game_scores_its_outcome():
    game = tcgkit.load_game("conflictus")
    state = game.new_state(4)
    rng = Rng(4)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()), state.to_move)
    assert state.outcome is not None
    assert FittedLeaf(game).evaluate(state) == state.outcome.returns()


def test_an_eliminated_player_scores_minus_one_and_the_others_their_chance():
    game, state = three_players_one_out()
    values = FittedLeaf(game).evaluate(state)
    living = [p for p in range(3) if p not in state.out]
    assert all(values[p] == -1.0 for p in state.out)
    assert all(-1.0 < values[p] < 1.0 for p in living)
    assert values[living[0]] == pytest.approx(-values[living[1]])  # two left: each the other's rival


def test_hard_is_registered_with_the_fitted_leaf_and_normal_keeps_the_heuristic():
    game = tcgkit.load_game("conflictus")
    hard, normal = search_of(make_agent("hard", game)), search_of(make_agent("normal", game))
    assert type(hard.playout) is FittedLeaf and hard.iterations == 400 and hard.name == "hard"
    assert not isinstance(normal.playout, FittedLeaf) and normal.iterations == 100
    assert hard.rollout_plies == 0


@pytest.mark.parametrize("players", [2, 3])
def test_hard_plays_legal_moves_the_same_for_the_same_seed(players):
    game = tcgkit.load_game("conflictus", players=players)
    for state in positions(game, 20 + players, 3):
        legal = state.legal_actions()
        view = state.view(state.to_move)
        first = make_agent("hard", game).act(view, legal, Rng(9))
        again = make_agent("hard", game).act(view, legal, Rng(9))
        assert first in legal and str(first) == str(again)
