"""Final Fantasy TCG's heuristic: a one-ply greedy agent on it beats random play clearly."""

from __future__ import annotations

from tcgkit import load_game
from tcgkit.agents.simple import GreedyAgent, RandomAgent
from tcgkit.kernel import Rng


def test_greedy_on_the_heuristic_beats_random_play():
    game = load_game("ff-tcg")
    greedy, rand = GreedyAgent(game), RandomAgent(game)
    wins = 0
    games = 12
    for i in range(games):
        seat = i % 2
        state = game.new_state(i)
        rng = Rng(i + 77)
        while not state.is_terminal:
            p = state.to_move
            agent = greedy if p == seat else rand
            state.apply(agent.act(state.view(p), state.legal_actions(), rng), state.to_move)
        wins += state.outcome.winner == seat
    assert wins >= 9, f"greedy won only {wins} of {games}"


def test_the_heuristic_prefers_more_skulls_and_characters():
    game = load_game("ff-tcg")
    state = game.new_state(3)
    base = game.heuristic(state, 0)
    assert game.heuristic(state, 1) == -base  # symmetric
    better = state.clone()
    better.skulls[0].append(better.deck[0].pop())
    assert game.heuristic(better, 0) > base
    over = state.clone()
    over.result = (0, "test")
    assert game.heuristic(over, 0) == 1000.0 and game.heuristic(over, 1) == -1000.0
