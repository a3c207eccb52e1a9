"""IS-MCTS and greedy in Monster Collection: leaves scored by the heuristic, this game's budgets,
stronger than random."""

from __future__ import annotations

import tcgkit
from tcgkit.agents import agent_names, make_agent
from tcgkit.agents.mcts import ISMCTSAgent
from tcgkit.agents.monster_collection import LEVELS, MonsterCollectionPlayout
from tcgkit.kernel.rng import Rng
from tcgkit.sim import run_games, summarize


def positions(game, seed: int, count: int):
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


def test_monster_collection_has_its_own_budgets_and_scores_leaves_by_the_heuristic():
    game = tcgkit.load_game("monster-collection")
    names = agent_names("monster-collection")
    assert all(name in names for name in ("random", "greedy", "easy", "normal", "hard", "ismcts"))
    assert [make_agent(n, game).iterations for n in ("easy", "normal", "hard")] == [25, 100, 400]
    assert LEVELS["normal"] == 100
    agent = make_agent("normal", game)
    assert isinstance(agent, ISMCTSAgent) and isinstance(agent.playout, MonsterCollectionPlayout)
    assert agent.rollout_plies == 0
    policy = MonsterCollectionPlayout(game)
    values = set()
    for state in positions(game, 3, 40):
        first, second = policy.evaluate(state)
        assert first == -second and -1.0 < first < 1.0
        assert (first > 0) == (game.heuristic(state, 0) > 0)
        values.add(round(first, 6))
    assert len(values) > 5


def test_search_chooses_legal_actions_the_same_for_the_same_seed():
    game = tcgkit.load_game("monster-collection")
    for state in positions(game, 11, 6):
        legal = state.legal_actions()
        view = state.view(state.to_move)
        first = ISMCTSAgent(game, iterations=20).act(view, legal, Rng(3))
        again = ISMCTSAgent(game, iterations=20).act(view, legal, Rng(3))
        assert first in legal and str(first) == str(again)


def test_greedy_and_easy_beat_random():
    for agent in ("greedy", "easy"):
        results = run_games("monster-collection", None, [agent, "random"], 6, seed=4)
        mine = summarize(results, [agent, "random"]).agents[0]
        assert mine.wins >= 4, (agent, mine)
