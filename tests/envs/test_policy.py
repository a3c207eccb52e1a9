"""A policy file as an agent (``policy:FILE`` in ``play`` and ``sim``), and the self-play
example's smoke run: a few thousand steps of masked PPO that end in a policy file."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

import tcgkit  # noqa: E402
from tcgkit.agents import make_agent  # noqa: E402
from tcgkit.envs.core import layouts  # noqa: E402
from tcgkit.envs.policy import PolicyAgent, save_policy  # noqa: E402
from tcgkit.kernel.rng import Rng  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def random_policy(path: Path, game, seed: int = 0) -> Path:
    index, observation = layouts(game)
    rng = np.random.default_rng(seed)
    layers = [(rng.normal(0, 0.1, (observation.size, 16)), np.zeros(16)),
              (rng.normal(0, 0.1, (16, index.n)), np.zeros(index.n))]
    save_policy(path, game, layers)
    return path


@pytest.mark.parametrize(("name", "options"), [("forge-fury", {"mode": "brasa"}), ("triple-triad", {}),
                                                ("ff-tcg", {}), ("conflictus", {"players": 3})])
def test_a_policy_plays_whole_games_with_legal_actions(tmp_path, name, options):
    game = tcgkit.load_game(name, **options)
    agent = make_agent(f"policy:{random_policy(tmp_path / 'p.npz', game)}", game)
    assert isinstance(agent, PolicyAgent)
    state, rng = game.new_state(1), Rng(2)
    for _ in range(3000):
        if state.is_terminal:
            break
        mover = state.to_move
        legal = state.legal_actions()
        action = agent.act(state.view(mover), legal, rng)
        assert action in legal
        state.apply(action, mover)


def test_the_best_token_is_played(tmp_path):
    """A network that scores one token highest plays the action with that token."""
    game = tcgkit.load_game("triple-triad")
    index, observation = layouts(game)
    state = game.new_state(3)
    legal = state.legal_actions()
    wanted = legal[len(legal) // 2]
    bias = np.zeros(index.n)
    bias[index.tokens(wanted)[0]] = 5.0
    save_policy(tmp_path / "p.npz", game, [(np.zeros((observation.size, index.n)), bias)])
    agent = PolicyAgent.load(game, tmp_path / "p.npz")
    assert agent.act(state.view(state.to_move), legal, Rng(0)) == wanted


def test_a_policy_for_another_game_or_not_a_policy_is_a_clear_error(tmp_path):
    fnf = tcgkit.load_game("forge-fury", mode="brasa")
    path = random_policy(tmp_path / "fnf.npz", fnf)
    with pytest.raises(ValueError, match="trained for forge-fury, not triple-triad"):
        make_agent(f"policy:{path}", tcgkit.load_game("triple-triad"))
    with pytest.raises(ValueError, match="trained under other options"):
        make_agent(f"policy:{path}", tcgkit.load_game("forge-fury", mode="chama"))
    junk = tmp_path / "junk.npz"
    junk.write_text("not a policy")
    with pytest.raises(ValueError, match="cannot be read"):
        make_agent(f"policy:{junk}", fnf)


def test_sim_plays_a_policy_by_its_file(tmp_path):
    game = tcgkit.load_game("forge-fury", mode="brasa")
    path = random_policy(tmp_path / "Policy.npz", game)  # the path keeps its case
    command = ["sim", "forge-fury", "--mode", "brasa", "--games", "6", "--agents", f"policy:{path},random",
               "--workers", "1"]
    run = subprocess.run([sys.executable, "-m", "tcgkit", *command], capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    assert "policy:" in run.stdout


@pytest.mark.skipif(importlib.util.find_spec("sb3_contrib") is None, reason="the training needs sb3-contrib")
def test_the_self_play_example_trains_in_seconds_and_writes_a_policy(tmp_path):
    def smoke(out: Path) -> None:
        run = subprocess.run([sys.executable, str(ROOT / "examples" / "train_selfplay.py"), "--smoke",
                              "--out", str(out)], capture_output=True, text=True, timeout=600,
                             env={"OMP_NUM_THREADS": "1", "PATH": "", "PYTHONPATH": str(ROOT / "src")})
        assert run.returncode == 0, run.stderr

    smoke(tmp_path)
    smoke(tmp_path / "again")  # seeded, and run to its steps: the same policy
    with np.load(tmp_path / "policy.npz") as one, np.load(tmp_path / "again" / "policy.npz") as other:
        assert one.files == other.files and all(np.array_equal(one[k], other[k]) for k in one.files)
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["steps"] >= 2048 and 0.0 <= summary["vs_random"] <= 1.0
    game = tcgkit.load_game("forge-fury", mode="chama")  # the example's default
    assert isinstance(make_agent(f"policy:{tmp_path / 'policy.npz'}", game), PolicyAgent)
    assert (tmp_path / "curve.csv").read_text().startswith("step,")


def example_module():
    """The self-play example as a module, for its parts (importing it needs sb3-contrib)."""
    spec = importlib.util.spec_from_file_location("train_selfplay", ROOT / "examples" / "train_selfplay.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(importlib.util.find_spec("sb3_contrib") is None, reason="the training needs sb3-contrib")
def test_the_learning_rate_falls_over_the_steps_or_the_minutes_whichever_is_further():
    import time

    rate = example_module().FallingRate(1e-3, 0.1, minutes=60)
    assert rate(1.0) == pytest.approx(1e-3, rel=1e-3)
    assert rate(0.5) == pytest.approx(5.5e-4, rel=1e-3)
    assert rate(0.0) == pytest.approx(1e-4)
    rate.started = time.time() - 45 * 60  # three quarters of the minutes gone, a tenth of the steps
    assert rate(0.9) == pytest.approx(3.25e-4, rel=1e-2)
    rate.started = time.time() - 120 * 60
    assert rate(1.0) == pytest.approx(1e-4)
    steps_only = example_module().FallingRate(1e-3, 0.1, minutes=0)
    steps_only.started = time.time() - 120 * 60
    assert steps_only(1.0) == pytest.approx(1e-3) and steps_only(0.5) == pytest.approx(5.5e-4)


@pytest.mark.skipif(importlib.util.find_spec("sb3_contrib") is None, reason="the training needs sb3-contrib")
def test_the_self_play_environment_shapes_by_the_potential_asked_for():
    module = example_module()
    game = tcgkit.load_game("forge-fury", mode="chama")
    by_game = module.make_env(game.name, game.options_json(), 0, ["greedy"], 2, 1, 0.1, "game")
    by_score = module.make_env(game.name, game.options_json(), 0, ["greedy"], 2, 1, 0.1, "heuristic")
    state = game.new_state(5)
    assert by_game.potential(state, 0) == game.potential(state, 0) != game.heuristic(state, 0)
    assert by_score.potential(state, 0) == game.heuristic(state, 0)
