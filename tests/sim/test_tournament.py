"""Round-robin tournaments: pair counting, Bradley-Terry / Elo ratings, the CLI mode."""

from __future__ import annotations

import json
import math

import pytest
import typer
from typer.testing import CliRunner

from tcgkit.cli.sim_command import sim
from tcgkit.sim import GameResult, SimError
from tcgkit.sim.tournament import (
    PairResult,
    bradley_terry,
    elo_ratings,
    pair_result,
    round_robin,
    summarize_tournament,
)

app = typer.Typer()
app.command()(sim)


@pytest.fixture
def run():
    runner = CliRunner()
    return lambda *args: runner.invoke(app, list(args))


def result(index: int, winner: int | None) -> GameResult:
    lineup = (index % 2, 1 - index % 2)  # seats alternate, as run_games does
    seats = tuple(("a", "b")[slot] for slot in lineup)
    return GameResult(
        index=index, seed=index, seats=seats, winner=winner,
        winner_agent=None if winner is None else seats[winner], scores=(0, 0), first=0,
        reason="test", actions=9, lineup=lineup,
    )


def test_pair_results_count_by_agent_not_by_seat():
    # Game 0: a is player 0; game 1: a is player 1. Player 0 wins both; then a draw.
    pair = pair_result("a", "b", [result(0, 0), result(1, 0), result(2, None)])
    assert (pair.games, pair.wins, pair.draws, pair.losses) == (3, 1, 1, 1)
    assert pair.score == 0.5
    assert pair.flipped() == PairResult("b", "a", 3, 1, 1, 1)


def test_two_agents_fit_the_observed_odds():
    # a scores 75 of 100: P = p_a / (p_a + p_b) = 0.75, so p_a / p_b = 3.
    pairs = [PairResult("a", "b", 100, 70, 10, 20)]
    strength = bradley_terry(["a", "b"], pairs, prior=0.0)
    assert strength["a"] / strength["b"] == pytest.approx(3.0, rel=1e-9)
    elo = elo_ratings(["a", "b"], pairs, prior=0.0)
    assert elo["a"] - elo["b"] == pytest.approx(400 * math.log10(3), rel=1e-9)
    assert (elo["a"] + elo["b"]) / 2 == pytest.approx(1000.0)  # no random: mean anchored


def test_ratings_follow_a_known_ordering_and_the_fit_matches_the_scores():
    agents = ["random", "weak", "strong"]
    pairs = [
        PairResult("random", "weak", 200, 60, 20, 120),
        PairResult("random", "strong", 200, 10, 10, 180),
        PairResult("weak", "strong", 200, 50, 30, 120),
    ]
    strength = bradley_terry(agents, pairs, prior=0.0)
    # The maximum-likelihood condition: each agent's expected score equals its score.
    for name in agents:
        expected = actual = 0.0
        for p in pairs:
            for me, them, won in ((p.a, p.b, p.wins), (p.b, p.a, p.losses)):
                if me == name:
                    expected += p.games * strength[me] / (strength[me] + strength[them])
                    actual += won + 0.5 * p.draws
        assert expected == pytest.approx(actual, rel=1e-8)
    t = summarize_tournament(agents, pairs, 200)
    assert [r.agent for r in t.ratings] == ["strong", "weak", "random"]
    assert t.ratings[-1].rating == pytest.approx(1000.0)  # anchored at random
    assert t.pair("strong", "weak").wins == 120
    assert t.ratings[0].games == 400 and t.ratings[0].score == pytest.approx((185 + 135) / 400)


def test_an_unbeaten_agent_keeps_a_finite_rating():
    pairs = [PairResult("random", "perfect", 20, 0, 0, 20)]
    elo = elo_ratings(["random", "perfect"], pairs)
    assert elo["random"] == 1000.0
    assert 1200 < elo["perfect"] < 2000


def test_equal_results_give_equal_ratings():
    pairs = [PairResult("x", "y", 10, 4, 2, 4), PairResult("y", "z", 10, 5, 0, 5),
             PairResult("x", "z", 10, 0, 10, 0)]
    elo = elo_ratings(["x", "y", "z"], pairs)
    assert elo["x"] == pytest.approx(elo["y"]) == pytest.approx(elo["z"]) == pytest.approx(1000.0)


def test_round_robin_plays_every_pair_and_is_seeded():
    def play():
        return round_robin("tt", {"trade": "none"}, ["random", "greedy", "easy"], 4, seed=2)

    first = play()
    assert [(p.a, p.b, p.games) for p in first.pairs] == [
        ("random", "greedy", 4), ("random", "easy", 4), ("greedy", "easy", 4),
    ]
    assert first.to_json() == play().to_json()
    assert {r.agent: r.rating for r in first.ratings}["random"] == pytest.approx(1000.0)


def test_round_robin_refuses_repeated_or_single_agents():
    with pytest.raises(SimError, match="different agents"):
        round_robin("tt", {}, ["random", "greedy", "random"], 2, seed=0)
    with pytest.raises(SimError, match="at least two"):
        round_robin("tt", {}, ["random"], 2, seed=0)


def test_cli_with_three_agents_prints_the_table_and_ratings(run):
    result = run("tt", "--agents", "random,greedy,easy", "-n", "4", "--trade", "none")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "round-robin, 4 games per pair" in out
    assert "win rate against the column agent" in out
    assert "rating" in out and "random = 1000" in out


def test_cli_round_robin_json(run):
    result = run("tt", "--agents", "random,greedy,easy", "-n", "3", "--json", "--seed", "5")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games_per_pair"] == 3 and data["seed"] == 5
    assert len(data["pairs"]) == 3
    ratings = {r["agent"]: r["rating"] for r in data["ratings"]}
    assert ratings["random"] == pytest.approx(1000.0)
    assert [r["rating"] for r in data["ratings"]] == sorted(ratings.values(), reverse=True)


def test_cli_round_robin_rejects_repeats_and_csv(run, tmp_path):
    repeated = run("tt", "--agents", "random,greedy,random", "-n", "2")
    assert repeated.exit_code == 2 and "different agents" in repeated.output
    csv = run("tt", "--agents", "random,greedy,easy", "-n", "2", "--csv", str(tmp_path / "x.csv"))
    assert csv.exit_code == 2 and "--csv" in csv.output
