"""The Agent protocol: an agent sees a player's view and the legal actions, never the state."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from importlib.metadata import entry_points
from typing import Any, Protocol, cast

from ..kernel.actions import Action
from ..kernel.game import Game
from ..kernel.rng import Rng
from .explain import Explaining, Explanation, Option


class Agent(Protocol):
    name: str

    def act(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        """Choose one of ``legal_actions``. ``rng`` is the agent's own seeded generator."""
        ...


class CarelessAgent:
    """Another agent made weaker on purpose: in a share ``careless`` of its decisions with
    more than one legal move it plays a uniformly random legal move instead of asking the
    agent (which then does not think at all), and the agent's own move in the others.

    Where a game's skill range is too narrow for every level to beat the one below clearly
    by search budgets alone, a lower level plays the same search with careless moves: a
    player meets a level that slips now and then, not one that cannot be told apart from
    the next. The slips are drawn from the agent's own seeded generator (the same seed, the
    same slips and moves) and see only the view and the legal moves, as every agent does.
    A random move may happen to be the agent's own, so the share of moves that differ from
    the agent's is a little lower than ``careless``. ``slips`` counts the careless decisions.
    ``normal``, whose search gives the hints, and the levels above it never slip; a careless
    level that should explain its moves is a ``CarelessSearch``.
    """

    def __init__(self, agent: Agent, careless: float, name: str | None = None) -> None:
        if not 0.0 <= careless <= 1.0:
            raise ValueError(f"careless must be a share between 0 and 1, got {careless}")
        self.agent = agent
        self.careless = careless
        self.name = agent.name if name is None else name
        self.slips = 0

    def act(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        if self._slips(legal_actions, rng):
            return self._slip(legal_actions, rng)
        return self.agent.act(view, legal_actions, rng)

    def _slips(self, legal_actions: list[Action], rng: Rng) -> bool:
        return len(legal_actions) > 1 and rng.random() < self.careless

    def _slip(self, legal_actions: list[Action], rng: Rng) -> Action:
        self.slips += 1
        return legal_actions[rng.below(len(legal_actions))]


class CarelessSearch(CarelessAgent):
    """A careless level whose agent explains itself (a search, ``agents/explain.py``), so
    that ``tcgkit play --explain`` keeps its reasons: a searched move's are the search's, and a
    slip's explanation holds the move alone, weighed against nothing (no iterations and no
    value, as a lone legal move's: a replay shows no reasons for it). ``explain`` draws the
    same numbers as ``act``, so both choose the same moves."""

    def explain(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng,
                search_alone: bool = False) -> tuple[Action, Explanation]:
        if self._slips(legal_actions, rng):
            action = self._slip(legal_actions, rng)
            return action, Explanation(self.name, (Option(str(action), 0, 0.0),), None, 0)
        action, why = cast(Explaining, self.agent).explain(view, legal_actions, rng, search_alone)
        return action, replace(why, agent=self.name)


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
