"""IS-MCTS with three and four players (the High Card fixture game, and Brawl, the kernel's
test game): legal, seeded, and better than random at finishing first."""

from __future__ import annotations

import pytest
from tcgkit_brawl import Brawl

from nplayer import HighCard
from tcgkit.agents.mcts import ISMCTSAgent
from tcgkit.agents.simple import RandomAgent
from tcgkit.kernel import Decision, Outcome
from tcgkit.kernel.rng import Rng
from tcgkit.sim.stats import wilson


def play(game, agents, seed: int):
    state = game.new_state(seed)
    rngs = [Rng(seed * 7 + p) for p in range(game.num_players)]
    while not state.is_terminal:
        p = state.to_move
        action = agents[p].act(state.view(p), state.legal_actions(), rngs[p])
        assert action in state.legal_actions()
        state.apply(action, state.to_move)
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


class _Coin:
    """Player 0 goes on or stops; a hidden coin then names who answers, player 1 or 2, with
    ``a`` (best for player 1) or ``b`` (best for player 2): the same action names at the same
    tree node for two different movers."""

    name = "coin-fixture"
    num_players = 3

    def __init__(self, coin: int) -> None:
        self.coin, self.moves = coin, []

    @property
    def decisions(self):
        if not self.moves:
            return [Decision(0, "go")]
        if self.moves == ["go"]:
            return [Decision(self.coin, "answer")]
        return []

    @property
    def pending(self):
        return self.decisions[-1] if self.decisions else None

    def legal_actions(self):
        return ["go", "stop"] if not self.moves else ["a", "b"] if self.decisions else []

    def apply_unchecked(self, action):
        self.moves = [*self.moves, action]

    def clone(self):
        new = _Coin(self.coin)
        new.moves = self.moves[:]
        return new

    @property
    def outcome(self):
        if self.decisions:
            return None
        if self.moves == ["stop"]:
            return Outcome((0, 0, 0), (0.0,) * 3, "stop", (0, 0, 0))
        return Outcome.from_scores([1, 2, 0] if self.moves[-1] == "a" else [1, 0, 2], "answer")


class _CoinGame:
    name = "coin-fixture"
    num_players = 3

    def determinize(self, view, rng):
        return _Coin(1 + rng.below(2))

    def redeal_hidden(self, state, viewer, rng):
        new = state.clone()
        new.coin = 1 + rng.below(2)
        return new


def test_each_mover_keeps_its_own_statistics_where_the_mover_depends_on_hidden_cards():
    agent = ISMCTSAgent(_CoinGame(), iterations=400)
    root = agent.search({"viewer": 0}, Rng(1))
    after = root.children["go"]
    nodes = {after.mover: after, **(after.others or {})}
    assert sorted(nodes) == [1, 2]
    one, two = nodes[1].edges, nodes[2].edges
    assert one["a"].mean == 1.0 and one["b"].mean == -1.0 and one["a"].visits > one["b"].visits
    assert two["b"].mean == 1.0 and two["a"].mean == -1.0 and two["b"].visits > two["a"].visits
