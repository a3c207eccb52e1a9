"""IS-MCTS with three and four players (the High Card fixture game, and Brawl, the kernel's
test game): legal, seeded, and better than random at finishing first."""

from __future__ import annotations

import pytest

from nplayer import HighCard
from tcgkit.agents.mcts import ISMCTSAgent
from tcgkit.agents.simple import RandomAgent
from tcgkit.kernel.rng import Rng
from tcgkit.sim.stats import wilson
from testgame import Brawl


def play(game, agents, seed: int):
    state = game.new_state(seed)
    rngs = [Rng(seed * 7 + p) for p in range(game.num_players)]
    while not state.is_terminal:
        p = state.to_move
        action = agents[p].act(state.view(p), state.legal_actions(), rngs[p])
        assert action in state.legal_actions()
        state.apply(action)
    return state.outcome


@pytest.mark.parametrize("players", [3, 4])
def test_search_agents_in_every_seat_play_whole_games_the_same_way_each_time(players):
    game = HighCard(players=players)
    first = play(game, [ISMCTSAgent(game, iterations=20) for _ in range(players)], 4)
    again = play(game, [ISMCTSAgent(game, iterations=20) for _ in range(players)], 4)
    assert first == again and len(first.ranks) == players


def test_search_finishes_first_more_often_than_a_random_player_would():
    game = HighCard(players=3)
    firsts = 0
    games = 30
    for i in range(games):
        seat = i % 3  # every seat in turn
        agents = [RandomAgent(game) for _ in range(3)]
        agents[seat] = ISMCTSAgent(game, iterations=60)
        firsts += play(game, agents, i).ranks[seat] == 0
    assert wilson(firsts, games)[0] > 1 / 3, f"{firsts} first places in {games} games"


def test_search_plays_the_kernel_test_game_with_three_players():
    game = Brawl()
    assert game.num_players == 3
    agents = [ISMCTSAgent(game, iterations=8), RandomAgent(game), ISMCTSAgent(game, iterations=8)]
    outcome = play(game, agents, 2)
    assert sorted(outcome.ranks)[0] == 0 and len(outcome.eliminated) >= 1
    assert outcome == play(game, [ISMCTSAgent(game, iterations=8), RandomAgent(game),
                                  ISMCTSAgent(game, iterations=8)], 2)
