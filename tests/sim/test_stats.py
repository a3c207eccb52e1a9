"""Stats: Wilson intervals against published values, counts, JSON and CSV output."""

from __future__ import annotations

import csv
import json

import pytest

from tcgkit.sim import GameResult, run_games, summarize, wilson, write_csv
from tcgkit.sim.stats import labels


# Newcombe (1998), "Two-sided confidence intervals for the single proportion", table I,
# method 3 (Wilson score, no continuity correction).
@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_matches_published_values(k, n, low, high):
    got = wilson(k, n)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_edges():
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == 1.0
    assert wilson(0, 10)[0] == 0.0
    low, high = wilson(5, 10)
    assert low == pytest.approx(1 - high)  # symmetric around one half
    assert wilson(50, 100)[1] - wilson(50, 100)[0] > wilson(500, 1000)[1] - wilson(500, 1000)[0]
    with pytest.raises(ValueError):
        wilson(11, 10)


def result(index, winner, first, seats=("a", "b"), lineup=(0, 1), actions=9):
    scores = (5, 5) if winner is None else ((6, 4) if winner == 0 else (4, 6))
    return GameResult(
        index, index, seats, winner, None if winner is None else seats[winner], scores, first,
        "the board is full", actions, lineup,
    )


def test_counts_by_agent_whatever_seat_it_sat_in():
    results = [
        result(0, 0, 0),  # a wins as player 0, moving first
        result(1, 0, 1, seats=("b", "a"), lineup=(1, 0)),  # b wins as player 0, second
        result(2, None, 1),  # a draw
        result(3, 1, 1, seats=("b", "a"), lineup=(1, 0), actions=11),  # a wins, moving first
    ]
    s = summarize(results, ["a", "b"])
    a, b = s.agents
    assert (a.wins, a.draws, a.losses, a.games) == (2, 1, 1, 4)
    assert (b.wins, b.draws, b.losses, b.games) == (1, 1, 2, 4)
    assert a.win_rate == 0.5 and a.score == 0.625
    assert a.win_ci == wilson(2, 4)
    fp = s.first_player
    assert (fp.games, fp.wins, fp.draws, fp.losses) == (4, 2, 1, 1)
    assert fp.win_ci == wilson(2, 4)
    assert fp.decisive_win_rate == pytest.approx(2 / 3)
    assert s.mean_actions == 9.5 and (s.min_actions, s.max_actions) == (9, 11)


def test_the_same_agent_twice_gets_two_labels():
    assert labels(["random", "greedy", "random"]) == ["random#1", "greedy", "random#2"]
    results = run_games("tt", {"trade": "none"}, ["random", "random"], 30, seed=4)
    s = summarize(results, ["random", "random"])
    assert [a.label for a in s.agents] == ["random#1", "random#2"]
    assert s.agents[0].wins == s.agents[1].losses
    assert s.agents[0].wins + s.agents[0].draws + s.agents[0].losses == 30


def test_json_is_one_plain_object():
    results = run_games("tt", {"same": True, "trade": "none"}, ["greedy", "random"], 10, seed=3)
    data = json.loads(json.dumps(summarize(results, ["greedy", "random"], {"game": "tt"}).to_json()))
    assert data["game"] == "tt" and data["games"] == 10
    assert [a["agent"] for a in data["agents"]] == ["greedy", "random"]
    greedy = data["agents"][0]
    assert greedy["wins"] + greedy["draws"] + greedy["losses"] == 10
    assert greedy["win_ci95"][0] <= greedy["win_rate"] <= greedy["win_ci95"][1]
    assert set(data["first_player"]) >= {"win_rate", "win_ci95", "draws", "games"}
    assert data["actions"]["mean"] == 9


def test_csv_has_one_row_per_game(tmp_path):
    results = run_games("tt", {"trade": "one"}, ["greedy", "random"], 12, seed=5)
    path = tmp_path / "games.csv"
    write_csv(results, path)
    with path.open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 12
    assert list(rows[0]) == [
        "index", "seed", "seat0", "seat1", "winner", "winner_agent", "score0", "score1",
        "first", "reason", "actions", "games",
    ]
    for row, r in zip(rows, results, strict=True):
        assert int(row["games"]) == 1  # no Sudden Death: one game per match
        assert int(row["index"]) == r.index and int(row["seed"]) == r.seed
        assert (row["seat0"], row["seat1"]) == r.seats
        assert row["winner"] == ("" if r.winner is None else str(r.winner))
        assert row["winner_agent"] == (r.winner_agent or "")
        assert (int(row["score0"]), int(row["score1"])) == r.scores
        assert int(row["first"]) == r.first and int(row["actions"]) == r.actions


def test_numeric_outcome_details_are_averaged():
    results = run_games("forge-fury", {"mode": "brasa"}, ["greedy", "random"], 4, seed=2)
    summary = summarize(results, ["greedy", "random"])
    assert summary.mean_measures == {"rounds": sum(r.measures["rounds"] for r in results) / 4}
    assert summary.mean_measures["rounds"] >= 25
    assert summary.to_json()["means"] == summary.mean_measures
