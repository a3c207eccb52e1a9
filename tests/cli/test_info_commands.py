"""tcgkit games / cards / options, and how bad input is reported."""

from __future__ import annotations

import json


def test_games_lists_names_aliases_and_summaries(run):
    result = run("games")
    assert result.exit_code == 0
    assert "triple-triad" in result.stdout
    assert "tt" in result.stdout
    assert "Same, Plus" in result.stdout


def test_cards_table_shows_edges_with_a_for_ten(run):
    result = run("cards", "triple-triad")
    assert result.exit_code == 0
    assert "Geezard" in result.stdout
    assert "1 4 1 5" in result.stdout  # Geezard: T R B L
    squall = next(line for line in result.stdout.splitlines() if "Squall" in line)
    assert "A" in squall.split()


def test_cards_json_has_every_card(run):
    result = run("cards", "tt", "--json")
    cards = json.loads(result.stdout)
    assert len(cards) == 110
    assert cards[0] == {
        "number": 1, "name": "Geezard", "level": 1, "top": 1, "right": 4, "bottom": 1,
        "left": 5, "edges": "1 4 1 5", "element": None,
    }


def test_options_lists_every_field_with_default_and_presets(run):
    result = run("options", "triple-triad")
    assert result.exit_code == 0
    for name in ("same", "plus", "combo", "same_wall", "elemental", "trade", "sudden_death_limit",
                 "players"):
        assert name in result.stdout
    for preset in ("ffviii", "ffxiv", "literal"):
        assert preset in result.stdout
    assert "FFXIV" in result.stdout  # the preset's help


def test_unknown_game_is_one_line_and_exit_2(run):
    result = run("cards", "chess")
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        f"tcgkit: error: no game named 'chess'; known games: {known_games(run)}"
    )
    assert "Traceback" not in result.output


def known_games(run) -> str:
    from tcgkit import list_games

    return ", ".join(sorted(e.name for e in list_games()))


def test_bad_flag_is_one_line_and_exit_2(run):
    result = run("play", "tt", "--bogus")
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "No such option: --bogus" in result.stderr


def test_no_arguments_prints_help(run):
    result = run()
    assert result.exit_code == 0
    assert "play" in result.stdout and "replay" in result.stdout


def test_scene_prints_what_a_seat_sees_as_json_and_its_schema(run):
    schema = json.loads(run("scene", "--schema").stdout)
    assert schema["title"] == "Scene" and {"Area", "Face", "Move", "Sentence"} <= set(schema["$defs"])
    shown = json.loads(run("scene", "tt", "--seed", "2", "--as", "0").stdout)
    hands = {area["key"]: area for area in shown["areas"] if area["key"].startswith("hand")}
    assert hands["hand1"]["hidden"] and hands["hand1"]["items"] == [] and hands["hand1"]["count"] == 5
    assert len(hands["hand0"]["items"]) == 5 and not hands["hand0"]["hidden"]
    spectator = json.loads(run("scene", "tt", "--seed", "2").stdout)
    assert all(area["hidden"] for area in spectator["areas"] if area["key"].startswith("hand"))
    assert spectator["moves"] == [] and spectator["viewer"] is None
    bad = run("scene", "tt", "--as", "2")
    assert bad.exit_code == 2 and "--as 2: seats are 0..1" in bad.output
