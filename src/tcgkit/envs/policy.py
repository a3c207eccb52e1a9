"""A trained policy as an agent: ``--vs policy:FILE`` in ``play`` and ``sim``.

A policy file (``.npz``) holds a small network that maps a player's observation tensor
(``observe.py``) to one score per token of the action index (``index.py``), with the game
and options it was trained for: ``game`` and ``options`` (JSON), the layers ``w0, b0, w1,
b1, ...`` (``tanh`` between them, none after the last) and ``version``. It runs on numpy
alone: torch is needed to train one, not to play it. ``PolicyAgent`` plays the best legal
token (or samples the scores' softmax, ``sample=True``) and enters a move in steps as the
environments do.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from ..kernel.actions import Action
from ..kernel.game import Game
from ..kernel.rng import Rng
from .core import layouts

FORMAT = 1


class PolicyFileError(ValueError):
    """A policy file that cannot be read, or one made for another game or options."""


class Network:
    def __init__(self, layers: list[tuple[np.ndarray, np.ndarray]]) -> None:
        self.layers = layers

    def scores(self, x: np.ndarray) -> np.ndarray:
        h = x
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < len(self.layers) - 1:
                h = np.tanh(h)
        return h


def save_policy(path: str | Path, game: Game, layers: list[tuple[np.ndarray, np.ndarray]]) -> None:
    """Write a policy file: ``layers`` as (weights ``in x out``, bias) pairs."""
    arrays: dict[str, Any] = {"version": np.array(FORMAT), "game": np.array(game.name),
                              "options": np.array(json.dumps(game.options_json(), sort_keys=True))}
    for i, (w, b) in enumerate(layers):
        arrays[f"w{i}"], arrays[f"b{i}"] = np.asarray(w, np.float32), np.asarray(b, np.float32)
    with open(path, "wb") as out:
        np.savez(out, **arrays)


def load_policy(path: str | Path, game: Game) -> Network:
    """The network of a policy file, checked against ``game``: its options and sizes."""
    try:
        data = np.load(path, allow_pickle=False)
    except (OSError, ValueError) as exc:
        raise PolicyFileError(f"policy file {path}: cannot be read ({exc})") from None
    with data:
        if "version" not in data or int(data["version"]) != FORMAT:
            raise PolicyFileError(f"policy file {path}: not a tcgkit policy file of format {FORMAT}")
        if str(data["game"]) != game.name:
            raise PolicyFileError(f"policy file {path}: trained for {data['game']}, not {game.name}")
        if json.loads(str(data["options"])) != game.options_json():
            raise PolicyFileError(f"policy file {path}: trained under other options: {data['options']}")
        layers: list[tuple[np.ndarray, np.ndarray]] = []
        while f"w{len(layers)}" in data:
            i = len(layers)
            layers.append((data[f"w{i}"].astype(np.float32), data[f"b{i}"].astype(np.float32)))
    index, observation = layouts(game)
    if not layers or layers[0][0].shape[0] != observation.size or layers[-1][0].shape[1] != index.n:
        raise PolicyFileError(f"policy file {path}: its network does not fit {game.name}'s observation "
                              f"({observation.size}) and action index ({index.n})")
    return Network(layers)


class PolicyAgent:
    """Plays a network (a policy file's, or one in training); sees only the view and the
    legal actions, like every agent."""

    def __init__(self, game: Game, network: Network, name: str = "policy", sample: bool = False) -> None:
        self.game, self.network, self.name, self.sample = game, network, name, sample
        self.index, self.observation = layouts(game)

    @classmethod
    def load(cls, game: Game, path: str | Path, sample: bool = False) -> PolicyAgent:
        return cls(game, load_policy(path, game), f"policy:{path}", sample)

    def act(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        tokens = [(self.index.tokens(a), a) for a in legal_actions]
        prefix: list[int] = []
        while True:
            at = len(prefix)
            left = [(t, a) for t, a in tokens if list(t[:at]) == prefix]
            if len(left) == 1:
                return left[0][1]
            choices = sorted({t[at] for t, _ in left})
            if len(choices) == 1:
                prefix.append(choices[0])
                continue
            scores = self.network.scores(self.observation.encode(view, prefix))[choices]
            prefix.append(choices[self._choose(scores, rng)])

    def _choose(self, scores: np.ndarray, rng: Rng) -> int:
        if not self.sample:
            return int(np.argmax(scores))
        p = np.exp(scores - scores.max())
        p /= p.sum()
        x, total = rng.random(), 0.0
        for i, q in enumerate(p):
            total += float(q)
            if x < total:
                return i
        return len(p) - 1


def policy_agent(game: Game, path: str) -> PolicyAgent:
    """``policy:FILE`` in ``--agents``: the ``policy`` agent kind (an entry point of
    ``tcgkit.agents``); a bad file is a ValueError naming it."""
    try:
        return PolicyAgent.load(game, path)
    except PolicyFileError as exc:
        raise ValueError(str(exc)) from None
