"""``tcgkit sweep``: a rule option or a card value over a grid, the same games at each point."""

from __future__ import annotations

import importlib.util
import json

import pytest
from typer.testing import CliRunner

from tcgkit.cli.app import app
from tcgkit.sim import run_games, summarize
from tcgkit.sim.runner import SimError
from tcgkit.sim.sweep import card_files, card_label, run_sweep


def sweep(*args: str):
    return CliRunner().invoke(app, ["sweep", *args])


def test_each_point_plays_the_batch_sim_plays_with_that_option():
    points = [("false", {"same": False}), ("true", {"same": True})]
    swept = run_sweep("tt", points, ["greedy", "random"], 30, seed=4)
    for (_, options), point in zip(points, swept, strict=True):
        alone = summarize(run_games("tt", options, ["greedy", "random"], 30, seed=4), ["greedy", "random"])
        assert point.summary.agents == alone.agents


def test_a_card_sweep_edits_one_value_of_one_card(tmp_path):
    paths = card_files("forge-fury", {}, "Gale Witch #001", "green", ["1", "10"], tmp_path)
    lines = [p.read_text().splitlines() for p in paths]
    assert lines[0][1] == "1,Gale Witch,1,2,2,normal" and lines[1][1] == "1,Gale Witch,10,2,2,normal"
    assert lines[0][2:] == lines[1][2:]  # every other card as it was
    assert card_label("forge-fury", "1", {}) == "Gale Witch #001"
    with pytest.raises(SimError, match="names 2 cards"):
        card_files("forge-fury", {}, "Gale Witch", "green", ["1"], tmp_path)
    with pytest.raises(SimError, match="green=11 for 1: .*line 2.*less than or equal to 10"):
        card_files("forge-fury", {}, "1", "green", ["11"], tmp_path)
    with pytest.raises(SimError, match="no card field 'colour'"):
        card_files("triple-triad", {}, "Geezard", "colour", ["1"], tmp_path)
    with pytest.raises(SimError, match="ff-tcg is not one"):
        card_files("ff-tcg", {}, "Bull", "cost", ["1"], tmp_path)


def test_the_command_prints_a_point_per_value_and_the_card_holders(tmp_path):
    result = sweep("tt", "--card", "Geezard", "--field", "top", "--values", "1,10", "-n", "60",
                   "-w", "1", "--agents", "greedy,greedy", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [p["value"] for p in data["points"]] == ["1", "10"]
    assert all(p["agents"][0]["games"] == 60 for p in data["points"])
    held = [p["card"]["games"] for p in data["points"]]
    assert held[0] == held[1] > 0  # the same games: Geezard dealt alike at both values


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None, reason="needs the report extra")
def test_the_chart_is_written(tmp_path):
    chart = tmp_path / "sweep.svg"
    result = sweep("tt", "--option", "plus", "--values", "false,true", "-n", "10", "-w", "1",
                   "--chart", str(chart))
    assert result.exit_code == 0, result.output
    assert "plus" in result.stdout and chart.read_text().lstrip().startswith("<?xml")


@pytest.mark.parametrize("args, message", [
    (["--values", "1"], "vary one thing"),
    (["--option", "same", "--card", "Geezard", "--values", "1"], "vary one thing"),
    (["--card", "Geezard", "--values", "1"], "--card needs --field"),
    (["--option", "bogus", "--values", "1"], "unknown rule 'bogus'"),
    (["--option", "same", "--values", " , "], "--values needs at least one value"),
    (["--option", "same", "--values", "true", "--chart", "x.pdf"], "give a .svg or .png"),
])
def test_bad_sweeps_are_one_line_errors(args, message):
    result = sweep("tt", "-n", "2", *args)
    assert result.exit_code == 2 and message in result.output


def test_a_chart_without_the_report_extra_is_refused_before_any_game(tmp_path, monkeypatch):
    import builtins

    real = builtins.__import__

    def without_matplotlib(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", without_matplotlib)
    played = []
    monkeypatch.setattr("tcgkit.cli.sweep_command.run_sweep", lambda *a, **k: played.append(a))
    result = sweep("tt", "--option", "plus", "--values", "false,true", "-n", "10", "-w", "1",
                   "--chart", str(tmp_path / "sweep.svg"))
    assert result.exit_code == 2 and "tcgkit[report]" in result.output and not played
    assert "Traceback" not in result.output


def test_a_sweep_takes_fixed_decks_as_sim_does():
    args = ("mc", "--option", "mulligan", "--values", "once,until_creature", "-n", "2", "-w", "1",
            "--agents", "greedy,greedy", "--seed", "3", "--json")
    result = sweep(*args, "--deck", "flame_legion", "--opponent-deck", "tide_wings")
    assert result.exit_code == 0, result.output
    points = json.loads(result.stdout)["points"]
    assert [[a["agent"] for a in p["agents"]] for p in points] == [["flame_legion", "tide_wings"]] * 2
    alone = summarize(run_games("mc", {"mulligan": "once"}, ["greedy", "greedy"], 2, seed=3, workers=1,
                                decks=[list(d) for d in _decks("flame_legion", "tide_wings")]),
                      ["greedy", "greedy"])
    assert [a["wins"] for a in points[0]["agents"]] == [a.wins for a in alone.agents]  # the same games
    half = sweep(*args, "--deck", "flame_legion")
    assert half.exit_code == 2 and "give both --deck and --opponent-deck" in half.output
    bad = sweep(*args, "--deck", "flame_legion", "--opponent-deck", "no_such_deck")
    assert bad.exit_code == 2 and "no_such_deck" in bad.output


def _decks(*names):
    from tcgkit.games.monster_collection.game import MonsterCollection

    named = MonsterCollection.named_decks()
    return [named[n] for n in names]
