"""The ladder: ratings with intervals fitted to simulated players of known strength, the
steps against the target, and the command on a small real ladder."""

from __future__ import annotations

import json
import random

import pytest
import typer
from typer.testing import CliRunner

from tcgkit.cli.ladder_command import ladder, ladder_levels
from tcgkit.sim.ladder import TARGET, LadderStep, invert, ladder_of, rating_intervals, target_for
from tcgkit.sim.sprt import expected_score
from tcgkit.sim.tournament import PairResult, elo_ratings, summarize_tournament

app = typer.Typer()
app.command()(ladder)

TRUE = {"random": 1000.0, "greedy": 1150.0, "easy": 1300.0, "normal": 1420.0}


def simulated_pairs(rng: random.Random, games: int, draws: float = 0.0) -> list[PairResult]:
    """Every pair of the players in ``TRUE`` plays ``games`` games; a game is drawn with chance
    ``draws``, else won by the Elo model's chance given the true ratings (draws shrink the
    decisive games' share so that the expected score stays the model's)."""
    names = list(TRUE)
    pairs = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            s = expected_score(TRUE[a] - TRUE[b])
            win = s - draws / 2
            wins = drawn = 0
            for _ in range(games):
                x = rng.random()
                if x < win:
                    wins += 1
                elif x < win + draws:
                    drawn += 1
            pairs.append(PairResult(a, b, games, wins, drawn, games - wins - drawn))
    return pairs


@pytest.mark.parametrize("draws", [0.0, 0.3])
def test_intervals_cover_the_true_ratings_of_simulated_players(draws: float) -> None:
    """Over many simulated round-robins each true rating falls inside its 95% interval about
    95% of the time (draws make the intervals conservative: at least as often)."""
    rng = random.Random(11)
    runs, covered, total = 150, 0, 0
    for _ in range(runs):
        pairs = simulated_pairs(rng, 60, draws)
        elo = elo_ratings(list(TRUE), pairs, prior=0.0)
        intervals = rating_intervals(list(TRUE), pairs, elo)
        assert intervals["random"] == (1000.0, 1000.0)  # the anchor
        for name in ("greedy", "easy", "normal"):
            low, high = intervals[name]
            covered += low <= TRUE[name] <= high
            total += 1
    assert 0.91 <= covered / total <= (0.995 if draws else 0.985)


def test_intervals_narrow_with_more_games() -> None:
    rng = random.Random(2)
    widths = []
    for games in (40, 640):
        pairs = simulated_pairs(rng, games)
        elo = elo_ratings(list(TRUE), pairs)
        low, high = rating_intervals(list(TRUE), pairs, elo)["normal"]
        widths.append(high - low)
    assert widths[1] < widths[0] / 3  # 16 times the games, a quarter of the width


def test_invert() -> None:
    m = [[4.0, -1.0, 0.0], [-1.0, 3.0, -1.0], [0.0, -1.0, 2.0]]
    inv = invert(m)
    assert inv is not None
    for i in range(3):
        for j in range(3):
            assert sum(m[i][k] * inv[k][j] for k in range(3)) == pytest.approx(1.0 if i == j else 0.0)
    assert invert([[1.0, 1.0], [1.0, 1.0]]) is None


def test_an_unconnected_level_has_an_unbounded_interval() -> None:
    pairs = [PairResult("random", "greedy", 10, 3, 0, 7), PairResult("greedy", "easy", 0, 0, 0, 0)]
    agents = ["random", "greedy", "easy"]
    elo = elo_ratings(agents, pairs)
    low, high = rating_intervals(agents, pairs, elo)["easy"]
    assert low == float("-inf") and high == float("inf")


def test_steps_read_against_the_target() -> None:
    def verdict(points: float, games: int = 400) -> str:
        from tcgkit.sim.stats import wilson
        return LadderStep("a", "b", games, points / games, wilson(points, games)).verdict

    assert verdict(210) == "not clearly stronger"  # 52.5%: its interval reaches 50%
    assert verdict(240) == "below target"
    assert verdict(290) == "on target"
    assert verdict(360) == "above target"
    pairs = [PairResult("random", "greedy", 100, 10, 0, 90), PairResult("random", "easy", 100, 5, 0, 95),
             PairResult("greedy", "easy", 100, 30, 10, 60)]
    t = summarize_tournament(["random", "greedy", "easy"], pairs, 100)
    lad = ladder_of(t, ["random", "greedy", "easy"])
    assert [(s.lower, s.upper) for s in lad.steps] == [("random", "greedy"), ("greedy", "easy")]
    assert lad.steps[0].score == 0.9 and lad.steps[1].score == pytest.approx(0.65)
    assert lad.ratings[0].agent == "easy"
    data = lad.to_json()
    assert data["target"] == [0.65, 0.8] and data["steps"][1]["verdict"] == "on target"
    assert data["ratings"][-1] == {"agent": "random", "rating": 1000.0, "ci95": [1000.0, 1000.0],
                                   "games": 200, "score": pytest.approx(0.075)}


def test_a_game_with_a_narrow_skill_range_reads_its_steps_against_its_own_target() -> None:
    assert target_for("ff-tcg") == TARGET
    for narrow_game in ("forge-fury", "monster-collection", "conflictus", "triple-triad"):
        assert target_for(narrow_game) == (0.55, 0.65)
    pairs = [PairResult("greedy", "easy", 300, 120, 0, 180)]
    t = summarize_tournament(["greedy", "easy"], pairs, 300)
    assert ladder_of(t, ["greedy", "easy"]).steps[0].verdict == "below target"  # 60% against 65-80%
    narrow = ladder_of(t, ["greedy", "easy"], target=target_for("forge-fury"))
    assert narrow.steps[0].verdict == "on target" and narrow.to_json()["target"] == [0.55, 0.65]


def test_levels_are_the_games_own_weakest_first() -> None:
    assert ladder_levels("triple-triad", None) == ["random", "greedy", "easy", "normal", "hard", "perfect"]
    assert ladder_levels("forge-fury", None) == ["random", "greedy", "easy", "normal", "mixed", "hard"]
    assert ladder_levels("ff-tcg", None) == ["random", "greedy", "easy", "normal", "hard"]
    with pytest.raises(typer.BadParameter, match="perfect"):
        ladder_levels("forge-fury", "random,perfect")


def test_the_command_plays_prints_and_writes_the_ladder(tmp_path) -> None:
    runner = CliRunner()
    out = tmp_path / "tt.json"
    args = ["tt", "--levels", "random,greedy,easy", "--games", "6", "--workers", "1", "--out", str(out)]
    res = runner.invoke(app, args)
    assert res.exit_code == 0, res.output
    assert "ratings (Elo scale, random = 1000)" in res.output and "anchor" in res.output
    assert "each level against the one below (target 55-65%)" in res.output  # the game's own
    data = json.loads(out.read_text())
    assert data["levels"] == ["random", "greedy", "easy"] and data["games_per_pair"] == 6
    assert len(data["pairs"]) == 3 and len(data["steps"]) == 2
    assert {r["agent"] for r in data["ratings"]} == {"random", "greedy", "easy"}
    again = runner.invoke(app, args)  # the file exists: refused, left as it was
    assert again.exit_code == 2 and "--force" in again.output
    assert json.loads(out.read_text()) == data
    forced = runner.invoke(app, [*args, "--force", "--json"])
    assert forced.exit_code == 0 and json.loads(forced.output)["pairs"] == data["pairs"]  # same seed
    aimed = runner.invoke(app, [*args, "--force", "--target", "50..60"])
    assert aimed.exit_code == 0 and "(target 50-60%)" in aimed.output
    assert json.loads(out.read_text())["target"] == [0.5, 0.6]
    for bad, said in ((["--games", "0"], "at least 1"), (["--levels", "random,nobody"], "nobody"),
                      (["--target", "sixty"], "--target: 'sixty' is not a range"),
                      (["--levels", "random"], "two levels"), (["--out", str(tmp_path / "no" / "x.json")],
                                                               "no directory")):
        res = runner.invoke(app, ["tt", "--workers", "1", *bad])
        assert res.exit_code == 2 and said in res.output, res.output


def test_without_random_the_weakest_level_given_is_the_anchor() -> None:
    pairs = [PairResult("greedy", "easy", 100, 30, 10, 60), PairResult("greedy", "normal", 100, 20, 0, 80),
             PairResult("easy", "normal", 100, 40, 0, 60)]
    t = summarize_tournament(["greedy", "easy", "normal"], pairs, 100)
    lad = ladder_of(t, ["greedy", "easy", "normal"])
    by_agent = {r.agent: r for r in lad.ratings}
    assert lad.meta["anchor"] == "greedy"
    assert by_agent["greedy"].rating == 1000.0 and by_agent["greedy"].low == by_agent["greedy"].high == 1000.0
    low, high = by_agent["normal"].low, by_agent["normal"].high
    assert 1000 < low < by_agent["normal"].rating < high
