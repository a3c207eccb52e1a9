"""The ``players`` option and N-player outcomes: ranks, elimination order, returns."""

from __future__ import annotations

import pytest

import tcgkit
from nplayer import HighCard, registered
from tcgkit.kernel import OptionsError, Outcome
from tcgkit.kernel.game import rank_returns
from tcgkit.kernel.replay import MatchRecord, verify
from tcgkit.kernel.rng import Rng


def test_players_defaults_to_the_minimum_and_is_checked():
    assert HighCard().num_players == 2
    assert HighCard(players=4).num_players == 4
    assert HighCard({"players": 3}).num_players == 3
    for bad in (1, 5, True, "3", 2.0):
        with pytest.raises(OptionsError, match=r"highcard options: players: High Card is played by "
                                               r"2 to 4 players, got"):
            HighCard(players=bad)
    with pytest.raises(OptionsError, match="triple-triad options: players: .* exactly 2 players, got 3"):
        tcgkit.load_game("tt", players=3)
    assert tcgkit.load_game("tt", players=2).num_players == 2


def test_players_is_in_the_options_dump_only_where_it_varies():
    tt = tcgkit.load_game("tt")
    assert "players" not in tt.options_json()
    assert tt.new_state(1).view(0)["options"] == tt.options.model_dump(mode="json")
    game = HighCard(players=3)
    assert game.options_json() == {"players": 3} == game.new_state(1).view(None)["options"]
    assert HighCard(game.options_json()).num_players == 3


def test_a_record_keeps_the_number_of_players():
    game = HighCard(players=4)
    state, record, rng = game.new_state(9), MatchRecord.start(game, 9, None), Rng(3)
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        record.actions.append(str(action))
        state.apply(action, state.to_move)
    record.finish(state)
    assert record.options == {"players": 4}
    with registered():
        again = verify(MatchRecord.from_json(record.to_json()))
    assert again.game.num_players == 4 and again.outcome == state.outcome


def test_two_player_returns_are_plus_minus_one_or_zero():
    assert Outcome.from_scores([6, 4], "x").returns() == (1.0, -1.0)
    assert Outcome.from_scores([4, 6], "x").returns() == (-1.0, 1.0)
    assert Outcome.from_scores([5, 5], "x").returns() == (0.0, 0.0)


@pytest.mark.parametrize(("ranks", "expected"), [
    ((0, 1, 2), (1.0, 0.0, -1.0)),
    ((2, 0, 1), (-1.0, 1.0, 0.0)),
    ((0, 0, 2), (0.5, 0.5, -1.0)),  # two share places 0 and 1: the mean of +1 and 0
    ((1, 0, 1, 3), (0.0, 1.0, 0.0, -1.0)),  # places 1 and 2 of four: 1/3 and -1/3
    ((0, 0, 0), (0.0, 0.0, 0.0)),
    ((3, 2, 1, 0), (-1.0, -1 / 3, 1 / 3, 1.0)),
])
def test_n_player_returns_are_linear_in_the_place_and_share_ties(ranks, expected):
    got = rank_returns(ranks)
    assert got == pytest.approx(expected)
    assert sum(got) == pytest.approx(0.0)


def test_elimination_order_gives_the_ranks():
    out = Outcome.from_elimination(4, [2, 0, 3], "last one standing")
    assert out.ranks == (2, 0, 3, 1) and out.winner == 1 and out.eliminated == (2, 0, 3)
    assert out.scores == (1.0, 3.0, 0.0, 2.0)  # players outlasted
    assert out.to_json()["eliminated"] == [2, 0, 3]
    assert out.returns() == pytest.approx((-1 / 3, 1.0, -1.0, 1 / 3))


def test_elimination_with_survivors_ranked_by_score_and_groups_out_together():
    out = Outcome.from_elimination(4, [1], "time", scores=[3, 0, 3, 5])
    assert out.ranks == (1, 3, 1, 0) and out.winner == 3
    tied = Outcome.from_elimination(4, [(0, 2), 3], "last one standing")
    assert tied.ranks == (2, 0, 2, 1) and tied.eliminated == (0, 2, 3)
    shared = Outcome.from_elimination(3, [2], "time")
    assert shared.ranks == (0, 0, 2) and shared.winner is None
    with pytest.raises(ValueError, match="at most once"):
        Outcome.from_elimination(3, [0, 0], "x")
    with pytest.raises(ValueError, match="at most once"):
        Outcome.from_elimination(3, [3], "x")


def test_outcomes_without_elimination_dump_as_before():
    assert "eliminated" not in Outcome.from_scores([1, 2], "x").to_json()


def test_playout_evaluation_gives_one_value_per_player_by_heuristic_rank():
    from tcgkit.agents.mcts import Playout

    game = HighCard(players=3)
    state = game.new_state(2)
    state.lives, state.points = [2, 1, 2], [0, 0, 1]
    values = Playout(game).evaluate(state)
    heuristic = [game.heuristic(state, p) for p in range(3)]
    order = sorted(range(3), key=lambda p: -heuristic[p])
    assert len(values) == 3 and sum(values) == pytest.approx(0.0)
    assert [values[p] for p in order] == [1.0, 0.0, -1.0]
