"""Every game as an OpenSpiel game: OpenSpiel's own random simulation test (states
serialized and read back) over every game and player count, its MCTS, and CFR solvers: the
exact CFR on a Triple Triad endgame (hands hidden) and outcome-sampling MCCFR on Forge &
Fury's smallest mode."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python import policy as policy_lib  # noqa: E402
from open_spiel.python.algorithms import cfr, exploitability, mcts, outcome_sampling_mccfr  # noqa: E402

import tcgkit  # noqa: E402
from games import CONFIGS  # noqa: E402
from nplayer import registered  # noqa: E402
from tcgkit.envs import openspiel_game  # noqa: E402
from tcgkit.envs.spiel import register_all, short_name  # noqa: E402

# Six moves into a Triple Triad game (seed 4): three cells left, two cards in each hand,
# the hands hidden from each other.
ENDGAME = ("triple-triad rules=- elements=......... board=6:1/109:1/89:1/-/33:1/-/-/17:1/96:0 "
           "hands=46,5/42,80 decks=96,6,46,5,33/17,42,109,89,80 turn=0 game=1 taken=- "
           "rng=11400714819323198489")


@pytest.fixture(autouse=True)
def _fixture_games_registered():
    """A serialized state names its game: the fixture games are registered meanwhile."""
    with registered():
        yield


def test_every_game_is_registered_by_its_short_name():
    register_all()
    names = set(pyspiel.registered_names())
    for entry in tcgkit.list_games():
        assert short_name(entry.cls.name) in names
    assert short_name("triple-triad") == "python_tcgkit_triple_triad"


@pytest.mark.parametrize(("cls", "options"), CONFIGS)
def test_random_sim_test_passes_with_serialization(cls, options):
    game = openspiel_game(cls(options), deals=50)
    assert game.num_players() == cls(options).num_players
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_a_loaded_game_reads_back_from_its_own_text():
    game = openspiel_game("forge-fury", mode="brasa", minigame="odd_even")
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    state = game.new_initial_state()
    state.apply_action(7)
    text = pyspiel.serialize_game_and_state(game, state)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert back.history() == state.history()
    assert back.observation_tensor(0) == state.observation_tensor(0)


def test_tensors_have_the_observation_size_and_strings_hide_the_rivals_hand():
    game = openspiel_game("triple-triad")
    state = game.new_initial_state()
    state.apply_action(3)
    size = game.observation_tensor_size()
    assert len(state.observation_tensor(0)) == size == game.information_state_tensor_size()
    mine, theirs = state.information_state_string(0), state.information_state_string(1)
    assert mine != theirs


def test_openspiel_mcts_plays_a_game():
    game = openspiel_game("forge-fury", mode="brasa", deals=10)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 20, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    state.apply_action(0)
    for _ in range(6):  # a few moves: the first rounds
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_cfr_solves_a_triple_triad_endgame_with_hidden_hands():
    game = openspiel_game("triple-triad", position=ENDGAME)
    uniform = exploitability.nash_conv(game, policy_lib.UniformRandomPolicy(game))
    solver = cfr.CFRSolver(game)
    for _ in range(10):
        solver.evaluate_and_update_policy()
    solved = exploitability.nash_conv(game, solver.average_policy())
    assert solved < uniform / 4


def test_outcome_sampling_mccfr_runs_on_forge_and_furys_smallest_mode():
    game = openspiel_game("forge-fury", mode="brasa", deals=4)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(20):
        solver.iteration()
    assert len(solver._infostates) > 20  # noqa: SLF001 - the visited information states
