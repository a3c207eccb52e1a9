"""Baseline agents: uniform random, and greedy one-ply lookahead."""

from __future__ import annotations

from typing import Any

from ..kernel.actions import Action
from ..kernel.game import Game
from ..kernel.rng import Rng
from .base import register_agent


class RandomAgent:
    name = "random"

    def __init__(self, game: Game) -> None:
        self.game = game

    def act(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        return rng.choice(legal_actions)


class GreedyAgent:
    """Plays the action whose result the game's heuristic likes best (for Triple Triad:
    most cards owned after the move). The state is rebuilt from the view by
    ``Game.determinize``, so hidden cards are sampled, never peeked at; ties are broken
    by the agent's seeded generator."""

    name = "greedy"

    def __init__(self, game: Game) -> None:
        self.game = game

    def act(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        me = view["to_move"]
        base = self.game.determinize(view, rng)
        best: list[Action] = []
        best_value = float("-inf")
        for action in legal_actions:
            after = base.clone()
            after.apply_unchecked(action)
            value = self.game.heuristic(after, me)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return rng.choice(best)


register_agent("random", "uniform over the legal actions")(RandomAgent)
register_agent("greedy", "one-ply lookahead on the game's heuristic, seeded tie-break")(GreedyAgent)
