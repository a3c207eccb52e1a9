"""The Agent protocol: an agent sees a player's view and the legal actions, never the state."""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Any, Protocol

from ..kernel.actions import Action
from ..kernel.game import Game
from ..kernel.rng import Rng


class Agent(Protocol):
    name: str

    def act(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        """Choose one of ``legal_actions``. ``rng`` is the agent's own seeded generator."""
        ...


AgentFactory = Callable[[Game], Agent]
AGENTS: dict[str, tuple[AgentFactory, str]] = {}
"""Agents that play every game, by name."""
GAME_AGENTS: dict[tuple[str, str], tuple[AgentFactory, str]] = {}
"""Agents made for one game, by (game name, agent name); they win over ``AGENTS``."""


def register_agent(
    name: str, summary: str, game: str | None = None
) -> Callable[[AgentFactory], AgentFactory]:
    def add(factory: AgentFactory) -> AgentFactory:
        if game is None:
            AGENTS[name] = (factory, summary)
        else:
            GAME_AGENTS[game, name] = (factory, summary)
        return factory

    return add


def agent_names(game_name: str) -> dict[str, str]:
    """Every agent that can play ``game_name``: name -> one-line summary."""
    names = {name: summary for name, (_, summary) in AGENTS.items()}
    names.update({n: s for (g, n), (_, s) in GAME_AGENTS.items() if g == game_name})
    return dict(sorted(names.items()))


def agent_key(name: str) -> str:
    """An agent's name as looked up: in lower case, but a policy file's path (``policy:FILE``)
    as given."""
    name = name.strip()
    return "policy:" + name[len("policy:"):] if name.lower().startswith("policy:") else name.lower()


def make_agent(name: str, game: Game) -> Agent:
    """An agent by name (``tcgkit sim --agents greedy,random``) for ``game``; ``policy:FILE``
    plays a trained policy file (``tcgkit.envs.policy``, extra ``rl``)."""
    if name.strip().lower().startswith("policy:"):
        return policy_agent(game, name.strip()[len("policy:"):])
    key = name.strip().lower()
    entry = GAME_AGENTS.get((game.name, key)) or AGENTS.get(key)
    if entry is None:
        known = ", ".join(agent_names(game.name))
        raise ValueError(f"no agent named {name!r} for {game.name}; known agents: {known}")
    return entry[0](game)


def policy_agent(game: Game, path: str) -> Agent:
    """A policy file's agent, made by the ``policy`` kind of the ``tcgkit.agents`` entry points
    (``tcgkit.envs.policy``: the research layer builds on the agents, so the agents find it as
    a plugin rather than import it). Its module needs numpy (extra ``rl``), so it is loaded
    only when a policy is asked for."""
    kinds = {point.name: point for point in entry_points(group="tcgkit.agents")}
    if "policy" not in kinds:
        raise ValueError(f"policy:{path}: no agent kind 'policy' is installed (reinstall tcgkit)")
    try:
        make = kinds["policy"].load()
    except ImportError as exc:
        raise ValueError(f"policy:{path}: playing a policy needs the rl extra ({exc})") from None
    agent: Agent = make(game, path)
    return agent
