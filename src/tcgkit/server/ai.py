"""AI seats: the project's agents, run in a process pool, never on the event loop.

The server sends a worker the full state as JSON (the pool is the server's own, so nothing
leaves it), the seat and a seed; the worker rebuilds the state and gives the agent only
``view(seat)`` and the legal actions, as everywhere else. It answers with the action's
notation, which the server then plays through the same authority as a person's.
"""

from __future__ import annotations

import json
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import lru_cache
from typing import Any

from ..agents import Agent, agent_names, make_agent
from ..kernel.game import Game
from ..kernel.registry import load_game
from ..kernel.rng import Rng


def levels(game: Game) -> dict[str, str]:
    """The agents an AI seat of ``game`` may run, by name: its levels."""
    return agent_names(game.name)


@lru_cache(maxsize=64)
def _game(name: str, options: str) -> Game:
    return load_game(name, json.loads(options))


def game_of(name: str, options: dict[str, Any]) -> Game:
    """The game ``name`` with ``options``, made once and shared by every match (a game does
    not change once made, and making one builds its tables: 12 ms for Triple Triad)."""
    return _game(name, json.dumps(options, sort_keys=True))


@lru_cache(maxsize=256)
def _agent(name: str, options: str, level: str) -> Agent:
    return make_agent(level, _game(name, options))


def choose(game: str, options: dict[str, Any], level: str, state: dict[str, Any], seat: int,
           seed: int) -> str:
    """The notation of the move ``level`` plays for ``seat`` in ``state`` (a worker's job)."""
    key = json.dumps(options, sort_keys=True)
    played = _game(game, key).state_from_json(state)
    if played.to_move != seat:
        raise ValueError(f"seat {seat} is not to move")
    action = _agent(game, key, level).act(played.view(seat), played.legal_actions(), Rng(seed))
    return str(action)


def make_pool(workers: int) -> Executor:
    """``workers`` processes (started fresh: the server's threads are not copied into them),
    or, with 0, one thread (tests that need no processes)."""
    if workers <= 0:
        return ThreadPoolExecutor(1, thread_name_prefix="tcgkit-ai")
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
