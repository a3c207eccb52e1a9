"""The batch runner: seeding, seat rotation, determinism across workers."""

from __future__ import annotations

import pytest

from tcgkit import load_game
from tcgkit.kernel.errors import OptionsError, UnknownGame
from tcgkit.kernel.rng import derive_seed
from tcgkit.sim import GameResult, SimError, play_game, run_games

RULES = {"same": True, "plus": True, "trade": "none"}


@pytest.fixture(scope="module")
def batch() -> list[GameResult]:
    return run_games("triple-triad", RULES, ["greedy", "random"], 24, seed=7)


def test_results_come_in_index_order_with_their_seeds(batch):
    assert [r.index for r in batch] == list(range(24))
    assert [r.seed for r in batch] == [derive_seed(7, i) for i in range(24)]


def test_seats_alternate(batch):
    for r in batch:
        expected = ("greedy", "random") if r.index % 2 == 0 else ("random", "greedy")
        assert r.seats == expected
        assert r.lineup == ((0, 1) if r.index % 2 == 0 else (1, 0))


def test_result_fields_agree_with_each_other(batch):
    for r in batch:
        assert r.winner_agent == (None if r.winner is None else r.seats[r.winner])
        assert len(r.scores) == 2 and sum(r.scores) == 10
        if r.winner is not None:
            assert r.scores[r.winner] > r.scores[1 - r.winner]
        assert r.first in (0, 1)
        assert r.actions == 9  # no trade, no Sudden Death: nine placements
        assert r.reason


def test_the_game_uses_its_own_seed_and_draws_the_decks():
    game = load_game("triple-triad", RULES)
    result = play_game(game, ["random", "random"], 3, 5)
    state = game.new_state(derive_seed(3, 5), None)
    assert result.first == state.first


def test_same_seed_same_results_and_another_seed_differs(batch):
    again = run_games("tt", RULES, ["greedy", "random"], 24, seed=7)
    assert again == batch
    other = run_games("tt", RULES, ["greedy", "random"], 24, seed=8)
    assert other != batch


def test_two_workers_give_exactly_what_one_gives():
    one = run_games("tt", {"elemental": True, "combo": True, "same": True}, ["greedy", "random"],
                    40, seed=11, workers=1)
    seen: list[int] = []
    two = run_games("tt", {"elemental": True, "combo": True, "same": True}, ["greedy", "random"],
                    40, seed=11, workers=2, on_result=lambda r: seen.append(r.index))
    assert two == one
    assert sorted(seen) == list(range(40))


def test_on_result_sees_every_game_in_order_on_one_worker():
    seen: list[int] = []
    run_games("tt", {}, ["random", "random"], 6, seed=0, on_result=lambda r: seen.append(r.index))
    assert seen == list(range(6))


def test_trades_are_decisions_for_the_agents():
    results = run_games("tt", {"trade": "one"}, ["random", "random"], 20, seed=2)
    assert all(r.actions == (9 if r.winner is None else 10) for r in results)


def test_more_agents_than_seats_rotate_through_every_agent():
    results = run_games("tt", {}, ["random", "greedy", "random"], 6, seed=1)
    assert [r.lineup for r in results] == [(0, 1), (1, 2), (2, 0), (0, 1), (1, 2), (2, 0)]
    assert results[1].seats == ("greedy", "random")


def test_zero_games_is_an_empty_batch():
    assert run_games("tt", {}, ["random", "random"], 0, seed=0) == []


def test_bad_input_fails_before_any_game():
    with pytest.raises(UnknownGame):
        run_games("no-such-game", {}, ["random"], 1, 0)
    with pytest.raises(OptionsError):
        run_games("tt", {"trade": "everything"}, ["random"], 1, 0)
    with pytest.raises(SimError, match="no agent named 'nobody'"):
        run_games("tt", {}, ["random", "nobody"], 1, 0)
    with pytest.raises(SimError):
        run_games("tt", {}, [], 1, 0)
    with pytest.raises(SimError):
        run_games("tt", {}, ["random"], 1, 0, workers=0)


def test_an_agent_that_breaks_the_rules_is_reported(monkeypatch):
    from tcgkit.agents import simple
    from tcgkit.games.triple_triad import Place

    def cheat(self, view, legal_actions, rng):
        return Place(0, 99, "Geezard")

    monkeypatch.setattr(simple.RandomAgent, "act", cheat)
    with pytest.raises(SimError, match="agent 'random' as player"):
        run_games("tt", {}, ["random", "random"], 1, 0)


def test_results_serialize(batch):
    data = batch[0].to_json()
    assert data["seats"] == list(batch[0].seats)
    assert set(data) >= {"index", "seed", "seats", "winner", "winner_agent", "scores", "first",
                         "reason", "actions"}


def test_given_decks_go_with_their_agents_from_seat_to_seat(monkeypatch):
    game = load_game("triple-triad", RULES)
    decks = [["Geezard", "Funguar", "Bite Bug", "Red Bat", "Blobra"],
             ["Gayla", "Gesper", "Fastitocalon-F", "Blood Soul", "Caterchipillar"]]
    dealt = []
    new_state = type(game).new_state

    def spy(self, seed=0, given=None):
        dealt.append(given)
        return new_state(self, seed, given)

    monkeypatch.setattr(type(game), "new_state", spy)
    results = [play_game(game, ["greedy", "random"], 3, i, decks) for i in range(2)]
    assert dealt == [decks, decks[::-1]]
    assert [r.seats for r in results] == [("greedy", "random"), ("random", "greedy")]


def test_given_decks_are_checked_before_any_game():
    with pytest.raises(SimError, match="one deck per agent"):
        run_games("triple-triad", RULES, ["greedy", "random"], 2, seed=1, decks=[["Geezard"] * 5])
    with pytest.raises(SimError, match="the deck of agent 'random' is not legal"):
        run_games("triple-triad", RULES, ["greedy", "random"], 2, seed=1,
                  decks=[["Geezard", "Funguar", "Bite Bug", "Red Bat", "Blobra"], ["Nobody"] * 5])


def test_given_decks_give_the_same_results_on_two_workers():
    decks = [["Geezard", "Funguar", "Bite Bug", "Red Bat", "Blobra"],
             ["Gayla", "Gesper", "Fastitocalon-F", "Blood Soul", "Caterchipillar"]]
    one = run_games("triple-triad", RULES, ["greedy", "random"], 6, seed=2, decks=decks)
    two = run_games("triple-triad", RULES, ["greedy", "random"], 6, seed=2, workers=2, decks=decks)
    assert one == two
