"""``sim`` with three and four players (the High Card fixture game, and Brawl, the kernel's
test game): seat rotation, place tables, CSV, the round-robin of groups, the command line."""

from __future__ import annotations

import csv
import json
from itertools import permutations

import pytest
import typer
from typer.testing import CliRunner

from nplayer import registered
from tcgkit.cli.sim_command import sim
from tcgkit.sim import run_games, summarize, write_csv
from tcgkit.sim.runner import lineup_for
from tcgkit.sim.tournament import pair_result, pairwise_results, round_robin

AGENTS = ["random", "greedy", "easy"]


@pytest.fixture(autouse=True)
def _fixture_games():
    with registered():
        yield


@pytest.fixture(scope="module")
def batch():
    with registered():
        return run_games("highcard", {"players": 3}, AGENTS, 12, seed=5)


def test_three_agents_take_all_six_seatings_in_six_games():
    assert sorted(lineup_for(i, 3, 3) for i in range(6)) == sorted(permutations(range(3)))
    for agents in (3, 4, 5):
        seen = [lineup_for(i, 3, agents) for i in range(2 * agents)]
        for seat in range(3):  # each agent in each seat equally often
            assert sorted(lineup[seat] for lineup in seen) == sorted(list(range(agents)) * 2)
    assert [lineup_for(i, 2, 3) for i in range(4)] == [(0, 1), (1, 2), (2, 0), (0, 1)]


def test_results_record_places_and_the_elimination_order(batch):
    assert [r.lineup for r in batch[:6]] == [lineup_for(i, 3, 3) for i in range(6)]
    for r in batch:
        assert len(r.ranks) == 3 and min(r.ranks) == 0
        assert r.winner is None or r.ranks[r.winner] == 0
        assert all(r.ranks[p] > 0 for p in r.eliminated)
        assert r.to_json()["ranks"] == list(r.ranks)


def test_place_tables_count_every_seat_of_every_game(batch):
    summary = summarize(batch, AGENTS)
    assert summary.players == 3
    assert [p.label for p in summary.places] == AGENTS
    assert [p.label for p in summary.seats] == ["seat 0", "seat 1", "seat 2"]
    for table in (summary.places, summary.seats):
        assert [p.games for p in table] == [12, 12, 12]
        for k in range(3):  # as many k-th places as games with a k-th place, over the table
            assert sum(p.counts[k] for p in table) == sum(r.ranks.count(k) for r in batch)
    easy = summary.places[2]
    assert easy.first_rate == easy.counts[0] / 12
    assert easy.first_ci[0] <= easy.first_rate <= easy.first_ci[1]
    assert easy.mean_place == pytest.approx(sum((k + 1) * n for k, n in enumerate(easy.counts)) / 12)
    data = json.loads(json.dumps(summary.to_json()))
    assert data["players"] == 3 and data["places"][2]["places"] == list(easy.counts)
    assert data["seats"][0]["games"] == 12
    two = summarize(run_games("tt", {}, ["random", "greedy"], 2, seed=1), ["random", "greedy"])
    assert "places" not in two.to_json() and "players" not in two.to_json()


def test_csv_rows_carry_ranks_and_the_elimination_order(batch, tmp_path):
    path = tmp_path / "games.csv"
    write_csv(batch, path)
    rows = list(csv.DictReader(path.open(encoding="utf-8")))
    assert len(rows) == 12
    for row, r in zip(rows, batch, strict=True):
        assert [int(row[f"rank{p}"]) for p in range(3)] == list(r.ranks)
        assert row["eliminated"] == " ".join(map(str, r.eliminated))
        assert [row[f"seat{p}"] for p in range(3)] == list(r.seats)


def test_pairwise_results_of_two_player_games_are_the_pair_results():
    results = run_games("tt", {}, ["random", "greedy"], 6, seed=2)
    assert pairwise_results(["random", "greedy"], results) == [pair_result("random", "greedy", results)]


def test_round_robin_plays_every_group_and_rates_from_pairwise_places():
    agents = ["random", "greedy", "easy", "normal"]
    t = round_robin("highcard", {"players": 3}, agents, 3, seed=1)
    assert t.players == 3 and len(t.pairs) == 6
    assert all(p.games == 2 * 3 * 1 for p in t.pairs)  # two groups hold each pair, 3 games each
    assert [p.games for p in t.places] == [9, 9, 9, 9]  # three groups per agent
    assert {r.agent for r in t.ratings} == set(agents)
    assert {r.agent: r.rating for r in t.ratings}["random"] == pytest.approx(1000.0)
    data = t.to_json()
    assert data["players"] == 3 and len(data["places"]) == 4
    with pytest.raises(Exception, match="at least 3 agents"):
        round_robin("highcard", {"players": 3}, ["random", "greedy"], 2, seed=0)


@pytest.fixture
def run():
    app = typer.Typer()
    app.command()(sim)
    runner = CliRunner()
    return lambda *args: runner.invoke(app, list(args))


def test_cli_batch_of_three_players_prints_place_tables_and_writes_csv(run, tmp_path):
    path = tmp_path / "g.csv"
    result = run("highcard", "--players", "3", "--agents", "random,greedy,easy", "-n", "6",
                 "--csv", str(path))
    assert result.exit_code == 0, result.output
    assert "of 3 players" in result.stdout and "places by seat" in result.stdout
    assert "3rd" in result.stdout and "mean place" in result.stdout
    assert "rank2" in path.read_text(encoding="utf-8").splitlines()[0]
    data = json.loads(run("highcard", "-p", "4", "--agents", "random", "-n", "2", "--json").stdout)
    assert data["players"] == 4 and data["options"] == {"players": 4}


def test_cli_more_agents_than_players_is_a_round_robin_of_groups(run):
    result = run("highcard", "--players", "3", "--agents", "random,greedy,easy,normal", "-n", "2")
    assert result.exit_code == 0, result.output
    assert "games per group of 3" in result.stdout and "finished ahead" in result.stdout


def test_cli_refuses_a_player_count_the_game_does_not_take(run):
    result = run("highcard", "--players", "5", "-n", "2")
    assert result.exit_code == 2
    assert "players: High Card is played by 2 to 4 players, got 5" in result.stderr
    result = run("tt", "--players", "3", "-n", "2")
    assert result.exit_code == 2 and "exactly 2 players" in result.stderr


def test_the_kernel_test_game_runs_as_a_three_player_batch():
    results = run_games("brawl", {}, AGENTS, 3, seed=4)
    assert [r.lineup for r in results] == [lineup_for(i, 3, 3) for i in range(3)]
    assert all(len(r.ranks) == 3 and r.eliminated for r in results)
    summary = summarize(results, AGENTS)
    assert summary.players == 3 and [p.games for p in summary.places] == [3, 3, 3]


def test_a_three_player_run_streams_rows_with_ranks_that_replay_and_report(run, tmp_path):
    from tcgkit.sim.report import build_report
    from tcgkit.sim.results import iter_rows, read_meta, replay_row, result_row

    out = tmp_path / "brawl.jsonl"
    result = run("brawl", "-p", "3", "--agents", ",".join(AGENTS), "-n", "6", "-w", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    meta, rows = read_meta(out), list(iter_rows(out))
    assert sorted(r["index"] for r in rows) == list(range(6))
    for row in rows:
        assert sorted(row["ranks"])[0] == 0 and len(row["ranks"]) == 3 and len(row["deck"]) == 3
        assert result_row(replay_row(row, meta)) == row
    report = build_report(rows, meta)
    assert report.players == 3 and len(report.seats) == 3
    assert sum(report.pair(a, b).games for a in range(3) for b in range(3) if a != b) == 6 * 6
