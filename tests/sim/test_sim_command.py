"""``sim`` as a command: table, --json, --csv, and one-line errors with exit code 2."""

from __future__ import annotations

import csv
import json

import pytest
import typer
from typer.testing import CliRunner

from tcgkit.cli.sim_command import sim

app = typer.Typer()
app.command()(sim)


@pytest.fixture
def run():
    runner = CliRunner()
    return lambda *args: runner.invoke(app, list(args))


def test_prints_a_table_with_intervals_and_the_first_player_line(run):
    result = run("tt", "-n", "20", "--seed", "3", "--rules", "ffviii", "--trade", "none")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "greedy" in out and "random" in out and "95% CI" in out
    assert "first player: won" in out
    assert "actions per game: 9.0" in out


@pytest.mark.parametrize("game", ["ff-tcg", "conflictus", "monster-collection", "forge-fury"])
def test_every_game_names_the_first_player(run, game):
    """Each game's outcome says who moved first, so ``sim`` reports the first-player edge."""
    result = run(game, "-n", "2", "--seed", "1", "--agents", "random,random", "-w", "1")
    assert result.exit_code == 0, result.output
    assert "first player: won" in result.stdout


def test_the_help_keeps_the_extra_to_install(run):
    assert "tcgkit[ray]" in run("--help").stdout


def test_json_prints_one_object(run):
    result = run("triple-triad", "--games", "16", "--agents", "random,greedy", "--json",
                 "--rules", "same,plus", "--seed", "9")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 16 and data["seed"] == 9
    assert data["options"] == {"same": True, "plus": True}
    assert [a["agent"] for a in data["agents"]] == ["random", "greedy"]
    assert data["agent_names"] == ["random", "greedy"]


def test_json_is_the_same_for_any_number_of_workers(run):
    def summary(workers: str) -> dict:
        data = json.loads(run("tt", "-n", "12", "--json", "--workers", workers).stdout)
        for key in ("seconds", "workers"):
            data.pop(key)
        return data

    assert summary("1") == summary("2")


def test_csv_writes_per_game_rows(run, tmp_path):
    path = tmp_path / "out.csv"
    result = run("tt", "-n", "8", "--csv", str(path), "--json")
    assert result.exit_code == 0, result.output
    with path.open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert [int(r["index"]) for r in rows] == list(range(8))
    assert {r["seat0"] for r in rows} == {"greedy", "random"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["no-such-game"], "no game named 'no-such-game'"),
        (["tt", "--agents", "greedy,wizard"], "no agent named 'wizard'"),
        (["tt", "--agents", " , "], "at least one agent"),
        (["tt", "--rules", "same,gravity"], "unknown rule 'gravity'"),
        (["tt", "--rules", "same=maybe"], "takes true or false"),
        (["tt", "--trade", "everything"], "trade"),
        (["tt", "--games", "0"], "--games must be at least 1"),
        (["tt", "-n", "-5"], "--games must be at least 1"),
        (["tt", "--workers", "0"], "--workers must be at least 1"),
        (["tt", "--csv", "/no/such/folder/out.csv"], "no directory"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(run, args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.stderr


def test_fixed_decks_name_the_entrants_in_the_table_the_json_the_file_and_the_report(run, tmp_path):
    from tcgkit.sim.report import build_report
    from tcgkit.sim.results import iter_rows, read_meta

    base = ("mc", "-n", "2", "--agents", "greedy,greedy", "-w", "1", "--seed", "1")
    decks = ("--deck", "flame_legion", "--opponent-deck", "tide_wings")
    data = json.loads(run(*base, *decks, "--json").stdout)
    assert [a["agent"] for a in data["agents"]] == ["flame_legion", "tide_wings"]
    assert "flame_legion" in run(*base, *decks).stdout
    mixed = json.loads(run("mc", "-n", "2", "--agents", "greedy,random", "-w", "1", *decks, "--json").stdout)
    assert [a["agent"] for a in mixed["agents"]] == ["greedy + flame_legion", "random + tide_wings"]
    same = json.loads(run(*base, "--deck", "tide_wings", "--opponent-deck", "tide_wings", "--json").stdout)
    assert [a["agent"] for a in same["agents"]] == ["tide_wings#1", "tide_wings#2"]
    out = tmp_path / "r.jsonl"
    assert run(*base, *decks, "--out", str(out), "--json").exit_code == 0
    meta = read_meta(out)
    assert meta["entrants"] == ["flame_legion", "tide_wings"]
    assert meta["deck_files"] == ["flame_legion", "tide_wings"]
    assert build_report(iter_rows(out), meta).entrants == ["flame_legion", "tide_wings"]
