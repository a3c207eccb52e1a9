"""``tcgkit solve triple-triad --position ...``: value, best moves, JSON and errors."""

from __future__ import annotations

import json

POSITION = (
    "triple-triad rules=same,plus,combo board=85:0/-/14:1/-/-/-/-/-/- "
    "hands=62,13,27,10/50,37,88,76 turn=0"
)
NEAR_END = (
    "triple-triad rules=same,plus board=1:0/2:0/3:1/4:1/5:0/6:1/-/-/- "
    "hands=7,8/9,10 turn=0"
)


def test_solve_prints_value_best_moves_and_work(run):
    result = run("solve", "triple-triad", "--position", NEAR_END)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("value: ")
    assert "for player" in lines[0] or "draw" in lines[0]
    assert lines[1].startswith("a best move (of 6; --all lists every one): ")
    assert "@" in lines[1]
    assert lines[2].startswith("searched ") and lines[2].endswith(" s")


def test_solve_all_lists_every_best_move_and_the_default_one_is_among_them(run):
    every = json.loads(run("solve", "tt", "--position", POSITION, "--json", "--all").output)
    one = json.loads(run("solve", "tt", "--position", POSITION, "--json").output)
    assert every["all"] and not one["all"]
    assert len(one["best"]) == 1 and one["best"][0] in every["best"]
    assert one["value"] == every["value"] and one["nodes"] < every["nodes"]
    text = run("solve", "tt", "--position", POSITION, "--all").output.splitlines()
    assert text[1] == f"best moves ({len(every['best'])} of 28): " + " ".join(every["best"])


def test_solve_json_exact_and_wdl_agree(run):
    exact = json.loads(run("solve", "tt", "--position", POSITION, "--json", "--all").output)
    wdl = json.loads(run("solve", "tt", "--position", POSITION, "--json", "--wdl", "--all").output)
    assert exact["mode"] == "exact" and wdl["mode"] == "wdl"
    assert exact["to_move"] == 0
    assert sum(exact["scores"]) == 10 and exact["scores"][0] == exact["value"]
    assert exact["result"] == wdl["result"]
    assert wdl["value"] == {"win": 1, "draw": 0, "loss": -1}[exact["result"]]
    assert set(exact["best"]) <= set(wdl["best"])
    assert exact["nodes"] > 0 and exact["moves"] == 28


def test_solve_wdl_text(run):
    result = run("solve", "triple-triad", "--position", POSITION, "--wdl")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].split(": ")[1].split()[0] in ("win", "draw", "loss")


def test_bad_position_is_one_line_exit_2(run):
    result = run("solve", "triple-triad", "--position", "triple-triad board=1:0")
    assert result.exit_code == 2
    assert result.output.strip().count("\n") == 0
    assert "tcgkit: error: position: missing field 'hands'" in result.output


def test_not_a_placement_exit_2(run):
    position = (
        "triple-triad rules=trade=one board=1:0/2:0/3:0/4:0/5:0/6:1/7:1/8:1/9:1 "
        "hands=10/- decks=1,2,3,4,10/5,6,7,8,9 turn=take0"
    )
    result = run("solve", "triple-triad", "--position", position)
    assert result.exit_code == 2
    assert "nothing to solve" in result.output


def test_other_games_and_missing_position(run):
    result = run("solve", "forge-fury", "--position", "x")
    assert result.exit_code == 2
    assert "triple-triad positions only" in result.output
    assert run("solve", "triple-triad").exit_code == 2
