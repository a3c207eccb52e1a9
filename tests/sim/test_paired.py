"""Paired what-if runs: paired intervals against their unpaired counterparts on simulated
outcomes of known rates, the sweep's paired table and ``tcgkit compare``."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from tcgkit.cli.app import app
from tcgkit.sim import run_games
from tcgkit.sim.paired import paired_difference, scores_in_order
from tcgkit.sim.sweep import run_sweep


def simulated(rng: random.Random, games: int, p_base: float, p_variant: float, shared: float):
    """Win/loss outcomes of a baseline and a variant playing the same games: with chance
    ``shared`` a game's deal decides both alike (one draw for both), else each side draws its
    own; the rates are ``p_base`` and ``p_variant`` either way."""
    base, variant = [], []
    for _ in range(games):
        u = rng.random()
        if rng.random() < shared:
            base.append(float(u < p_base))
            variant.append(float(u < p_variant))
        else:
            base.append(float(u < p_base))
            variant.append(float(rng.random() < p_variant))
    return base, variant


@pytest.mark.parametrize("shared", [0.0, 0.8])
def test_paired_and_unpaired_intervals_both_cover_the_true_difference(shared: float) -> None:
    rng = random.Random(5)
    truth = 0.62 - 0.55
    runs = 400
    paired_cover = unpaired_cover = narrower = 0
    ratios = []
    for _ in range(runs):
        d = paired_difference(*simulated(rng, 300, 0.55, 0.62, shared))
        paired_cover += d.ci[0] <= truth <= d.ci[1]
        unpaired_cover += d.unpaired_ci[0] <= truth <= d.unpaired_ci[1]
        narrower += d.half_width < d.unpaired_half_width
        ratios.append(d.half_width / d.unpaired_half_width)
    assert 0.92 <= paired_cover / runs <= 0.98
    assert unpaired_cover / runs >= 0.92
    mean_ratio = sum(ratios) / runs
    if shared:  # outcomes correlate: paired is narrower every time, by a good deal
        assert narrower == runs and mean_ratio < 0.6
    else:  # independent outcomes: pairing neither helps nor hurts
        assert 0.93 < mean_ratio < 1.07


def test_unpaired_games_are_measured_from_the_variances() -> None:
    base = [1.0, 0.0, 1.0, 1.0, 0.0, 0.5, 1.0, 0.0]
    variant = [1.0, 0.0, 1.0, 0.5, 0.0, 1.0, 1.0, 0.0]
    d = paired_difference(base, variant)
    assert d.games == 8 and d.difference == pytest.approx(0.0)
    expected = 8 * (d.var_baseline + d.var_variant) / d.var_difference
    assert d.unpaired_games == pytest.approx(expected, abs=1)
    # At that many games a side, the unpaired interval is as wide as the paired one.
    unpaired_width = 1.959963984540054 * ((d.var_baseline + d.var_variant) / d.unpaired_games) ** 0.5
    assert unpaired_width == pytest.approx(d.half_width, rel=0.05)
    same = paired_difference(base, base)
    assert same.unpaired_games is None and same.ci == (0.0, 0.0) and same.correlation == pytest.approx(1)
    with pytest.raises(ValueError, match="as many games"):
        paired_difference(base, variant[:3])


def test_sweep_points_keep_each_games_score_in_order() -> None:
    points = [("false", {"same": False}), ("true", {"same": True})]
    swept = run_sweep("tt", points, ["greedy", "random"], 40, seed=3)
    alone = scores_in_order(run_games("tt", {"same": True}, ["greedy", "random"], 40, seed=3))
    assert list(swept[1].scores) == alone
    d = swept[1].paired(swept[0])
    assert d.games == 40 and d.variant == pytest.approx(sum(alone) / 40)


def test_sweep_prints_and_writes_the_paired_change() -> None:
    runner = CliRunner()
    res = runner.invoke(app, ["sweep", "tt", "--option", "same", "--values", "false,true", "-n", "40",
                              "-w", "1"], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    assert "greedy's score against same = false, the same 40 games (paired)" in res.output
    assert "unpaired games a side" in res.output
    data = json.loads(runner.invoke(app, ["sweep", "tt", "--option", "same", "--values", "false,true",
                                          "-n", "40", "-w", "1", "--json"]).stdout)
    assert "paired" not in data["points"][0]
    paired = data["points"][1]["paired"]
    assert paired["against"] == "false" and paired["games"] == 40
    assert paired["ci95"][0] <= paired["difference"] <= paired["ci95"][1]


def test_compare_two_agents_against_one_opponent() -> None:
    runner = CliRunner()
    args = ["compare", "tt", "--agent", "random", "--agent-b", "greedy", "--opponent", "random",
            "-n", "40", "-w", "1"]
    data = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    a = scores_in_order(run_games("tt", {}, ["random", "random"], 40, seed=0))
    b = scores_in_order(run_games("tt", {}, ["greedy", "random"], 40, seed=0))
    d = paired_difference(a, b)
    assert data["difference"] == pytest.approx(d.difference) and data["ci95"] == pytest.approx(list(d.ci))
    assert data["unpaired_games"] == d.unpaired_games and data["a"] == "random" and data["b"] == "greedy"
    shown = runner.invoke(app, args)
    assert shown.exit_code == 0, shown.output
    assert "B - A: +" in shown.output and "games a side" in shown.output


def test_compare_two_rule_sets_and_bad_input() -> None:
    runner = CliRunner()
    res = runner.invoke(app, ["compare", "tt", "--rules", "same=false", "--rules-b", "same=true",
                              "-n", "20", "-w", "1", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["a"] == "greedy + same=False" and data["b"] == "greedy + same=True"
    for bad, said in ((["-n", "1", "--agent-b", "easy"], "at least 2"), ([], "say what B changes"),
                      (["--agent-b", "nobody"], "no agent named 'nobody'"),
                      (["--deck-b", "x"], "--deck-b needs --deck"),
                      (["--rules-b", "nosuch=1"], "nosuch")):
        res = runner.invoke(app, ["compare", "tt", "-w", "1", *bad])
        assert res.exit_code == 2 and said in res.output, (bad, res.output)
