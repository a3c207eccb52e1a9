"""IS-MCTS in Conflictus Aeternus: leaves scored by the heuristic, this game's budgets,
any number of players, stronger than random."""

from __future__ import annotations

import pytest

import tcgkit
from tcgkit.agents import agent_names, make_agent
from tcgkit.agents.conflictus import LEVELS, ConflictusPlayout
from tcgkit.agents.mcts import ISMCTSAgent
from tcgkit.kernel.rng import Rng
from tcgkit.sim import run_games, summarize


def positions(game, seed: int, count: int):
    """``count`` positions of one random game, a clone every third decision."""
    state = game.new_state(seed)
    rng = Rng(seed)
    out = []
    while not state.is_terminal and len(out) < count:
        for _ in range(3):
            if not state.is_terminal:
                state.apply(rng.choice(state.legal_actions()), state.to_move)
        if not state.is_terminal:
            out.append(state.clone())
    return out


def test_conflictus_has_its_own_budgets_and_cut_playouts():
    game = tcgkit.load_game("conflictus")
    names = agent_names("conflictus")
    assert all(name in names for name in ("easy", "normal", "hard", "ismcts"))
    assert [make_agent(n, game).iterations for n in ("easy", "normal", "hard", "ismcts")] == \
        [LEVELS["easy"], LEVELS["normal"], LEVELS["hard"], LEVELS["normal"]] == [25, 100, 400, 100]
    other = tcgkit.load_game("ff-tcg")
    assert make_agent("normal", other).iterations == 400  # the other games keep theirs
    agent = make_agent("normal", game)
    assert isinstance(agent, ISMCTSAgent) and isinstance(agent.playout, ConflictusPlayout)
    assert agent.rollout_plies == agent.playout.plies == 0  # random play-outs spoil positions


@pytest.mark.parametrize("players", [2, 4])
def test_playouts_score_each_player_by_the_heuristic(players):
    game = tcgkit.load_game("conflictus", players=players)
    policy = ConflictusPlayout(game)
    values = set()
    for state in positions(game, players, 40):
        scores = policy.evaluate(state)
        assert len(scores) == players
        for p, value in enumerate(scores):
            if p in state.out:
                assert value == -1.0
            else:
                assert -1.0 < value < 1.0
                assert (value > 0) == (game.heuristic(state, p) > 0)
            values.add(round(value, 6))
    assert len(values) > 5  # graded, not a coin


def test_an_eliminated_player_scores_minus_one():
    game = tcgkit.load_game("conflictus", players=3)
    state = game.new_state(7)
    rng = Rng(7)
    while not state.is_terminal and not state.out:
        state.apply(rng.choice(state.legal_actions()), state.to_move)
    assert state.out and not state.is_terminal
    out = next(iter(state.out))
    assert ConflictusPlayout(game).evaluate(state)[out] == -1.0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_search_chooses_legal_actions_the_same_for_the_same_seed(players):
    game = tcgkit.load_game("conflictus", players=players)
    for state in positions(game, 10 + players, 5):
        legal = state.legal_actions()
        view = state.view(state.to_move)
        first = ISMCTSAgent(game, iterations=20).act(view, legal, Rng(3))
        again = ISMCTSAgent(game, iterations=20).act(view, legal, Rng(3))
        assert first in legal and str(first) == str(again)


def test_easy_beats_random_in_two_player_games():
    results = run_games("conflictus", None, ["easy", "random"], 4, seed=2)
    easy = summarize(results, ["easy", "random"]).agents[0]
    assert easy.wins >= 3, easy
