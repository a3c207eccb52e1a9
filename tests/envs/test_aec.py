"""PettingZoo's own checks over every game and player count, each over 20 deals (the
checks stop at the end of their first game, so each deal is a run of its own)."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from games import CONFIGS  # noqa: E402
from tcgkit.envs import aec_env  # noqa: E402
from tcgkit.envs.aec import TcgkitAEC  # noqa: E402

SEEDS = 20


def dealt(game, shift: int) -> TcgkitAEC:
    """The environment with every reset's seed moved by ``shift``, so a check that always
    resets with one seed (or none) plays another deal."""

    class Shifted(TcgkitAEC):
        def reset(self, seed=None, options=None):
            super().reset(seed=(0 if seed is None else seed) + 1000 * shift, options=options)

    return Shifted(game)


@pytest.mark.parametrize(("cls", "options"), CONFIGS)
def test_api_test_passes_over_20_deals(cls, options):
    game = cls(options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a dict observation space: PettingZoo's card games' own convention
        for shift in range(SEEDS):
            api_test(dealt(game, shift), num_cycles=200)


@pytest.mark.parametrize(("cls", "options"), CONFIGS)
def test_seed_test_passes_over_20_deals(cls, options):
    game = cls(options)
    for shift in range(SEEDS):
        seed_test(lambda shift=shift: dealt(game, shift), num_cycles=200)


def test_the_spaces_are_the_same_objects_and_the_mask_is_in_the_observation():
    env = aec_env("forge-fury", mode="brasa")
    env.reset(seed=3)
    agent = env.agent_selection
    assert env.observation_space(agent) is env.observation_space(agent)
    assert env.action_space(agent) is env.action_space(agent)
    obs = env.observe(agent)
    assert obs["action_mask"].dtype.name == "int8" and obs["action_mask"].sum() >= 1
    other = next(a for a in env.agents if a != agent)
    assert env.observe(other)["action_mask"].sum() == 0
    assert env.view(agent)["viewer"] == env.seat[agent]


def test_a_game_played_through_ends_with_returns_as_rewards():
    env = aec_env("triple-triad")
    env.reset(seed=1)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        total[agent] += reward
        if term or trunc:
            assert "outcome" in info
            env.step(None)
            continue
        env.step(int(obs["action_mask"].nonzero()[0][0]))
    assert sorted(total.values()) in ([-1.0, 1.0], [0.0, 0.0])
    assert env.agents == []
