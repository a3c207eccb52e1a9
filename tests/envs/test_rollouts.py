"""Self-play games on Ray workers (``tcgkit.envs.rollouts``, the example's ``--backend ray``),
on a small local Ray: the same seeds and actions give what stable-baselines3's DummyVecEnv
gives, and the example trains and writes a policy with its games played on the workers."""

from __future__ import annotations

import functools
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("ray") is None or importlib.util.find_spec("stable_baselines3") is None,
    reason="needs the ray and rl extras")

ROOT = Path(__file__).resolve().parents[2]


def first_legal(masks):
    return [int(m.nonzero()[0][0]) for m in masks]


def test_ray_workers_play_what_one_process_plays():
    import numpy as np
    import ray
    from stable_baselines3.common.vec_env import DummyVecEnv

    from tcgkit.envs import gym_env
    from tcgkit.envs.rollouts import RayVecEnv

    makers = [functools.partial(gym_env, "forge-fury", opponent="greedy", seat=s, mode="brasa")
              for s in (0, 1)]
    here = DummyVecEnv(makers)
    try:
        there = RayVecEnv(makers, workers=2)
        for env in (here, there):
            env.seed(7)
        a, b = here.reset(), there.reset()
        assert np.array_equal(a, b)
        ends = 0
        for _ in range(120):  # past the end of a Brasa game (25 rounds), so a reset is taken too
            actions = first_legal(here.env_method("action_masks"))
            assert actions == first_legal(there.env_method("action_masks"))
            here.step_async(np.array(actions))
            there.step_async(np.array(actions))
            (oa, ra, da, ia), (ob, rb, db, ib) = here.step_wait(), there.step_wait()
            assert np.array_equal(oa, ob) and np.array_equal(ra, rb) and np.array_equal(da, db)
            for x, y, done in zip(ia, ib, da, strict=True):
                if done:
                    ends += 1
                    assert np.array_equal(x["terminal_observation"], y["terminal_observation"])
        assert ends >= 2
        assert there.get_attr("seat") == [0, 1]
        there.close()
    finally:
        ray.shutdown()


def test_the_example_trains_with_its_games_on_ray_workers(tmp_path):
    run = subprocess.run([sys.executable, str(ROOT / "examples" / "train_selfplay.py"), "--smoke",
                          "--backend", "ray", "--workers", "2", "--out", str(tmp_path)],
                         capture_output=True, text=True, timeout=600,
                         env={"OMP_NUM_THREADS": "1", "PATH": str(Path(sys.executable).parent),
                              "PYTHONPATH": str(ROOT / "src")})
    assert run.returncode == 0, run.stderr
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["steps"] >= 2048 and summary["backend"] == "ray"
    assert (tmp_path / "policy.npz").exists()
