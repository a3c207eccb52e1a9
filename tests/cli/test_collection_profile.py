"""The profile: starter collection, atomic saves, corrupt files, --reset."""

from __future__ import annotations

import json

from tcgkit.games.triple_triad import TripleTriad
from tcgkit.terminal.profile import Profile, load_profile


def test_a_new_profile_starts_with_every_level_1_and_2_card(run, home):
    result = run("collection", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["total"] == 22
    assert data["file"] == str(home / "profile.json")
    levels = {c.name: c.level for c in TripleTriad().cards.cards}
    assert all(levels[name] <= 2 and count == 1 for name, count in data["cards"].items())
    assert (home / "profile.json").exists()


def test_collection_table(run, home):
    result = run("collection", "--no-color")
    assert "Geezard" in result.stdout and "22 cards" in result.stdout


def test_a_corrupt_profile_is_named_and_left_alone(run, home):
    home.mkdir()
    path = home / "profile.json"
    path.write_text("{broken")
    for args in (["collection"], ["play", "tt", "--hand", "auto"]):
        result = run(*args, input="")
        assert result.exit_code == 1
        assert f"profile {path} is corrupt" in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1
    assert path.read_text() == "{broken"


def test_a_profile_naming_an_unknown_card_is_corrupt(run, home):
    home.mkdir()
    path = home / "profile.json"
    path.write_text(json.dumps({"format": 1, "collections": {"triple-triad": {"Nope": 1}}}))
    result = run("collection")
    assert result.exit_code == 1
    assert "no card named 'Nope'" in result.stderr


def test_reset_moves_a_corrupt_profile_aside(run, home):
    home.mkdir()
    (home / "profile.json").write_text("[]")
    result = run("collection", "--reset", "--json")
    assert result.exit_code == 0
    assert (home / "profile.json.bak").read_text() == "[]"
    assert json.loads((home / "profile.json").read_text())["format"] == 1


def test_saves_leave_no_temporary_files(run, home):
    run("collection")
    profile = load_profile()
    game = TripleTriad()
    profile.set_collection(game, profile.collection(game).add(["Squall"]))
    profile.save()
    assert sorted(p.name for p in home.iterdir()) == ["profile.json"]
    assert load_profile().collection(game).count("Squall") == 1


def test_a_collection_too_small_for_a_hand(run, home):
    home.mkdir()
    Profile(home / "profile.json", {"triple-triad": {"Geezard": 2}}).save()  # signed
    result = run("play", "tt", "--hand", "auto", input="")
    assert result.exit_code == 1
    assert "your collection has 2 cards and a hand needs 5" in result.stderr
    assert "--reset" in result.stderr
