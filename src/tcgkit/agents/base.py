"""The Agent protocol: an agent sees a player's view and the legal actions, never the state."""

from __future__ import annotations

from collections.abc import Callable
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


def register_agent(name: str, summary: str) -> Callable[[AgentFactory], AgentFactory]:
    def add(factory: AgentFactory) -> AgentFactory:
        AGENTS[name] = (factory, summary)
        return factory

    return add


def make_agent(name: str, game: Game) -> Agent:
    """An agent by name (``tcgkit sim --agents greedy,random``) for ``game``."""
    try:
        factory, _ = AGENTS[name.strip().lower()]
    except KeyError:
        known = ", ".join(sorted(AGENTS))
        raise ValueError(f"no agent named {name!r}; known agents: {known}") from None
    return factory(game)
