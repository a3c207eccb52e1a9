"""Checks every game's IS-MCTS set-up must pass, shared by the per-game tests: its search levels
and their budgets, leaves scored by the game's heuristic with no random play-out, search that is
legal and seeded, and a level that beats random."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

import tcgkit
from tcgkit.agents import agent_names, make_agent
from tcgkit.agents.base import CarelessAgent
from tcgkit.agents.mcts import ISMCTSAgent, Level, Playout
from tcgkit.kernel.game import Game, State
from tcgkit.kernel.rng import Rng
from tcgkit.sim import run_games, summarize


def positions(game: Game, seed: int, count: int) -> list[State[Any]]:
    """``count`` positions of one random game, a clone every third decision."""
    state = game.new_state(seed)
    rng = Rng(seed)
    out: list[State[Any]] = []
    while not state.is_terminal and len(out) < count:
        for _ in range(3):
            if not state.is_terminal:
                state.apply(rng.choice(state.legal_actions()), state.to_move)
        if not state.is_terminal:
            out.append(state.clone())
    return out


def three_players_one_out() -> tuple[Game, State[Any]]:
    """A three-player Conflictus game played at random (seed 7) until a player is out, the
    others still in it."""
    game = tcgkit.load_game("conflictus", players=3)
    state = game.new_state(7)
    rng = Rng(7)
    while not state.is_terminal and not state.out:
        state.apply(rng.choice(state.legal_actions()), state.to_move)
    assert state.out and not state.is_terminal
    return game, state


def search_of(agent: object) -> ISMCTSAgent:
    """The search inside a level's agent (a careless level wraps its search)."""
    inner = agent.agent if isinstance(agent, CarelessAgent) else agent
    assert isinstance(inner, ISMCTSAgent)
    return inner


def check_levels(name: str, levels: dict[str, Level], playout: type[Playout]) -> None:
    """The game's own ``easy``/``normal``/``hard`` budgets and careless shares (``ismcts`` is
    ``normal``), its playout, and no random play-out after the tree."""
    game = tcgkit.load_game(name)
    assert {"random", "greedy", "easy", "normal", "hard", "ismcts"} <= set(agent_names(name))
    for level, spec in {**levels, "ismcts": levels["normal"]}.items():
        agent = make_agent(level, game)
        assert search_of(agent).iterations == spec.iterations, level
        assert (agent.careless if isinstance(agent, CarelessAgent) else 0.0) == spec.careless, level
        assert agent.name == level
    agent = search_of(make_agent("hard", game))
    assert type(agent.playout) is playout
    assert agent.rollout_plies == agent.playout.plies == 0  # random play-outs spoil positions


def check_leaves_follow_the_heuristic(
    game: Game, states: list[State[Any]], playout: Playout,
    out: Callable[[State[Any]], Collection[int]] = lambda state: (),
) -> None:
    """Each player's leaf score lies in (-1, 1) with the heuristic's sign (-1 for a player
    ``out`` of the game), and the scores are graded, not a coin."""
    values = set()
    for state in states:
        scores = playout.evaluate(state)
        assert len(scores) == game.num_players
        for p, value in enumerate(scores):
            if p in out(state):
                assert value == -1.0
                continue
            assert -1.0 < value < 1.0
            assert (value > 0) == (game.heuristic(state, p) > 0), (p, value)
            values.add(round(value, 6))
    assert len(values) > 5


def check_search_is_legal_and_seeded(game: Game, states: list[State[Any]]) -> None:
    for state in states:
        legal = state.legal_actions()
        view = state.view(state.to_move)
        first = ISMCTSAgent(game, iterations=20).act(view, legal, Rng(3))
        again = ISMCTSAgent(game, iterations=20).act(view, legal, Rng(3))
        assert first in legal and str(first) == str(again)


def check_beats_random(name: str, agent: str, games: int, seed: int, wins: int) -> None:
    results = run_games(name, None, [agent, "random"], games, seed=seed)
    mine = summarize(results, [agent, "random"]).agents[0]
    assert mine.wins >= wins, (agent, mine)
