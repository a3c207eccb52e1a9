"""The Gymnasium environment: its own checker over every game and player count (each
seat), masks for maskable algorithms, opponents by name, and whole games that end with the
seat's return."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("gymnasium")

import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

import tcgkit  # noqa: E402
from games import CONFIGS  # noqa: E402
from tcgkit.envs import gym_env  # noqa: E402
from tcgkit.envs.gym import TcgkitGym  # noqa: E402


@pytest.mark.parametrize(("cls", "options"), CONFIGS)
def test_check_env_passes_in_every_seat(cls, options):
    game = cls(options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # an unbounded Box: counts have no fixed top
        for seat in range(game.num_players):
            check_env(TcgkitGym(game, seat=seat), skip_render_check=True)


@pytest.mark.parametrize("opponent", ["random", "greedy"])
def test_whole_games_against_an_agent_end_with_the_seats_return(opponent):
    env = gym_env("forge-fury", opponent=opponent, seat=1, mode="brasa")
    rng = np.random.default_rng(0)
    for seed in range(3):
        obs, info = env.reset(seed=seed)
        done, reward = False, 0.0
        while not done:
            mask = env.action_masks()
            assert mask.dtype == bool and mask.any()
            assert np.array_equal(mask, info["action_mask"].astype(bool))
            obs, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
            assert obs.shape == env.observation_space.shape
        assert reward in (-1.0, 0.0, 1.0) and "outcome" in info


def test_an_illegal_token_ends_the_episode_as_a_loss_and_changes_nothing():
    env = gym_env("triple-triad")
    env.reset(seed=2)
    before = env.table.state.to_json()
    bad = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, done, _, info = env.step(bad)
    assert (reward, done, info["illegal"]) == (-1.0, True, bad)
    assert env.table.state.to_json() == before


def test_one_opponent_per_other_seat_or_a_clear_error():
    env = gym_env("conflictus", opponent=["random", "greedy"], seat=2, players=3)
    assert sorted(env.opponents) == [0, 1]
    with pytest.raises(ValueError, match="2 opponents for 3 other seats"):
        gym_env("conflictus", opponent=["random", "greedy"], players=4)
    with pytest.raises(ValueError, match="seat 2"):
        gym_env("triple-triad", seat=2)


def shaped_rewards(env, potential_of, seed=4):
    """Each step's reward beside the potential's gain over it, the outcome taken out at the end."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    pairs, done = [], False
    while not done:
        before = potential_of(env.table.state, env.seat)
        _, reward, done, _, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        outcome = env.table.returns()[env.seat] if done else 0.0
        pairs.append((reward - outcome, 0.5 * (potential_of(env.table.state, env.seat) - before)))
    return pairs


def test_shaping_rewards_the_games_potential_by_default_and_a_given_one_instead():
    game = tcgkit.load_game("forge-fury", mode="brasa")
    by_default = shaped_rewards(TcgkitGym(game, opponent="greedy", shaping=0.5), game.potential)
    assert all(abs(r - gain) < 1e-5 for r, gain in by_default)
    assert any(abs(gain) > 1e-3 and abs(gain * 4 - round(gain * 4)) > 1e-3 for _, gain in by_default)
    score = TcgkitGym(game, opponent="greedy", shaping=0.5, potential=game.heuristic)
    assert all(abs(r - gain) < 1e-5 for r, gain in shaped_rewards(score, game.heuristic))
