"""Self-play games gathered on Ray workers (extras ``rl`` and ``ray``): a vectorised
environment for stable-baselines3 whose environments live in Ray actors.

``RayVecEnv(makers, address=None, workers=None)`` starts one actor per maker (a function of
no argument giving a Gymnasium environment, pickled to the worker) on a local Ray with
``workers`` CPUs or on the cluster at ``address``, as ``tcgkit sim --backend ray`` does.
Each step sends every actor its action and waits for all; the learner stays in the driver,
the games (the environments and the opponents inside them) run in the workers, so more
machines gather more games per second. It behaves as stable-baselines3's ``DummyVecEnv``:
the same seeds and actions give the same observations, rewards and ends (a test keeps them
equal), an episode that ends starts the next at once (its last observation in
``info["terminal_observation"]``), and ``env_method("action_masks")`` is what maskable PPO
asks each step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from stable_baselines3.common.vec_env.base_vec_env import VecEnv

from ..sim.backends import RayBackend, default_workers


class EnvWorker:
    """One environment in a Ray actor."""

    def __init__(self, make: Callable[[], Any]) -> None:
        self.env = make()

    def spaces(self) -> tuple[Any, Any]:
        return self.env.observation_space, self.env.action_space

    def reset(self, seed: int | None, options: dict[str, Any] | None) -> tuple[np.ndarray, dict[str, Any]]:
        obs, info = self.env.reset(seed=seed, options=options)
        return obs, info

    def step(self, action: int) -> tuple[np.ndarray, float, bool, dict[str, Any], dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        done = terminated or truncated
        info["TimeLimit.truncated"] = truncated and not terminated
        reset_info: dict[str, Any] = {}
        if done:
            info["terminal_observation"] = obs
            obs, reset_info = self.env.reset()
        return obs, float(reward), done, info, reset_info

    def call(self, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        return getattr(self.env, name)(*args, **kwargs)

    def get(self, name: str) -> Any:
        return getattr(self.env, name)

    def set(self, name: str, value: Any) -> None:
        setattr(self.env, name, value)


def start_ray(address: str | None, workers: int | None) -> Any:
    """Ray, started as ``tcgkit sim --backend ray`` starts it (the sim's backend: a local Ray
    with ``workers`` CPUs, or the cluster at ``address``; a clear error without the extra)."""
    return RayBackend(workers or default_workers(), address)._ray()


class RayVecEnv(VecEnv):  # type: ignore[misc]
    def __init__(self, makers: Sequence[Callable[[], Any]], address: str | None = None,
                 workers: int | None = None) -> None:
        ray = self.ray = start_ray(address, workers)
        # An actor is a game loop in one process. Every actor must be placed at once (a step
        # waits for all of them), so on a local Ray they share its CPUs; on a cluster each
        # asks for half a CPU.
        share = 0.5 if address else min(0.5, (workers or default_workers()) / max(1, len(makers)))
        actor = ray.remote(num_cpus=share)(EnvWorker)
        self.actors = [actor.remote(make) for make in makers]
        observation_space, action_space = ray.get(self.actors[0].spaces.remote())
        super().__init__(len(self.actors), observation_space, action_space)  # seed(): VecEnv's
        self._actions: np.ndarray | None = None

    def reset(self) -> np.ndarray:
        ray = self.ray
        done = ray.get([a.reset.remote(self._seeds[i], self._options[i]) for i, a in enumerate(self.actors)])
        self._reset_seeds()
        self._reset_options()
        self.reset_infos = [info for _, info in done]
        return np.stack([obs for obs, _ in done])

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = actions

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        assert self._actions is not None
        calls = [a.step.remote(int(x)) for a, x in zip(self.actors, self._actions, strict=True)]
        results = self.ray.get(calls)
        obs = np.stack([r[0] for r in results])
        rewards = np.array([r[1] for r in results], np.float32)
        dones = np.array([r[2] for r in results], bool)
        infos = [r[3] for r in results]
        self.reset_infos = [r[4] for r in results]
        return obs, rewards, dones, infos

    def close(self) -> None:
        for actor in self.actors:
            self.ray.kill(actor)
        self.actors = []

    def _chosen(self, indices: Any) -> list[Any]:
        return [self.actors[i] for i in self._get_indices(indices)]

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        return list(self.ray.get([a.get.remote(attr_name) for a in self._chosen(indices)]))

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        self.ray.get([a.set.remote(attr_name, value) for a in self._chosen(indices)])

    def env_method(self, method_name: str, *method_args: Any, indices: Any = None,
                   **method_kwargs: Any) -> list[Any]:
        calls = [a.call.remote(method_name, method_args, method_kwargs) for a in self._chosen(indices)]
        return list(self.ray.get(calls))

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        return [False for _ in self._chosen(indices)]
