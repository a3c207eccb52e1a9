"""Issue 11: a trade changes the collection exactly once and only for a save this profile
wrote; the profile is never lost or silently replaced; saves tell no more than the view;
the seed is shown only when the game is over."""

from __future__ import annotations

import json
import os
import stat

import pytest

from tcgkit.agents import make_agent
from tcgkit.games.triple_triad import TripleTriad
from tcgkit.kernel.registry import load_game
from tcgkit.terminal import play_command
from tcgkit.terminal.match import Match
from tcgkit.terminal.play_loop import agent_choice
from tcgkit.terminal.profile import load_profile

from .helpers import find_plan, greedy, plan_hotseat


def play(run, *args: str, input: str):
    return run("play", "triple-triad", "--no-color", *args, input=input)


def collection(home) -> dict[str, int]:
    return load_profile().collection(TripleTriad()).to_json()


@pytest.fixture(scope="module")
def won():
    return find_plan(lambda p: p.state.outcome.winner == 0, human=greedy)


def test_resuming_a_won_game_again_and_again_trades_once(run, home, tmp_path, won):
    seed, plan = won
    [[card, _, _]] = plan.state.outcome.details["trade"]
    save = tmp_path / "won.json"
    play(run, "--seed", str(seed), "--hand", "auto", "--save", str(save), input=plan.lines())
    after_trade = collection(home)
    for _ in range(3):
        result = play(run, "--resume", str(save), input="")
        assert result.exit_code == 0, result.output
        assert "already applied" in result.stdout
    assert collection(home) == after_trade
    assert load_profile().pending == {}


def test_a_forged_save_does_not_change_the_collection(run, home, tmp_path, won):
    seed, plan = won
    save = tmp_path / "won.json"
    play(run, "--seed", str(seed), "--hand", "auto", "--save", str(save), input="quit\n")
    before = collection(home)
    data = json.loads(save.read_text())
    # the save of an unfinished game is sealed: write the finished record in its place,
    # with the AI's hand swapped for the strongest cards
    record = plan.match.record.to_json()
    record["decks"][1] = ["Squall", "Squall", "Squall", "Squall", "Squall"]
    data.pop("sealed")
    data.update(record=record, finished=True)
    save.write_text(json.dumps(data))
    result = play(run, "--resume", str(save), input="")
    assert "+Squall" not in result.stdout
    assert collection(home) == before


def test_a_plain_record_of_a_won_game_does_not_trade(run, home, tmp_path, won):
    seed, plan = won
    run("collection")
    before = collection(home)
    path = tmp_path / "plain.json"
    plan.match.save(path)  # a record anyone could write
    result = play(run, "--resume", str(path), input="")
    assert result.exit_code == 0, result.output
    assert "The trade leaves your collection alone" in result.stdout
    assert collection(home) == before


def test_reset_of_a_valid_profile_asks_and_every_backup_is_kept(run, home):
    run("collection")
    profile = home / "profile.json"
    mine = load_profile()  # a collection a trade changed, and a newer version's key
    mine.collections["triple-triad"]["Squall"] = 1
    mine.extra["future"] = {"kept": True}
    mine.save()
    data = json.loads(profile.read_text())
    refused = run("collection", "--reset")
    assert refused.exit_code == 1 and "--yes" in refused.stderr
    assert json.loads(profile.read_text()) == data
    assert run("collection", "--reset", "--yes").exit_code == 0
    assert json.loads((home / "profile.json.bak").read_text()) == data
    assert run("collection", "--reset", "--yes").exit_code == 0
    assert json.loads((home / "profile.json.bak").read_text()) == data  # not overwritten
    assert (home / "profile.json.2.bak").exists()
    assert json.loads(profile.read_text())["future"] == {"kept": True}


def test_unknown_top_level_keys_survive_a_save(run, home):
    home.mkdir()
    (home / "profile.json").write_text(json.dumps(
        {"format": 1, "collections": {}, "achievements": ["first win"]}))
    profile = load_profile()
    profile.set_collection(TripleTriad(), profile.collection(TripleTriad()))
    profile.save()
    assert json.loads((home / "profile.json").read_text())["achievements"] == ["first win"]


@pytest.mark.parametrize("count", ["1" + "0" * 30, "9" * 5000])
def test_a_huge_count_is_a_one_line_error(run, home, count):
    home.mkdir()
    (home / "profile.json").write_text(
        '{"format": 1, "collections": {"triple-triad": {"Geezard": ' + count + "}}}")
    result = run("collection")
    assert result.exit_code == 1
    assert len(result.stderr.strip().splitlines()) == 1 and "corrupt" in result.stderr


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes to read-only folders")
def test_a_read_only_folder_shows_the_collection_and_refuses_a_trade_up_front(run, home):
    home.mkdir()
    home.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        shown = run("collection", "--no-color")
        assert shown.exit_code == 0 and "22 cards" in shown.stdout
        refused = play(run, "--seed", "5", "--hand", "auto", input="")
        assert refused.exit_code == 1 and "cannot write the profile" in refused.stderr
        assert "Result" not in refused.stdout
    finally:
        home.chmod(stat.S_IRWXU)


def test_a_profile_that_cannot_be_written_refuses_a_trade_up_front(run, home, monkeypatch):
    run("collection")

    def fail(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("tcgkit.terminal.profile.write_json_atomic", fail)
    assert run("collection", "--no-color").exit_code == 0
    refused = play(run, "--seed", "5", "--hand", "auto", input="")
    assert refused.exit_code == 1 and "cannot write the profile" in refused.stderr
    assert "trade" in refused.stderr and "Your move" not in refused.stdout


# -- hidden information in saves and seeds --------------------------------------------------
def sealed_text_without_secret_parts(path) -> dict:
    data = json.loads(path.read_text())
    return {k: v for k, v in data.items() if k not in ("sealed", "mac", "match")}


def test_an_unfinished_save_tells_no_more_than_the_view(run, home, tmp_path):
    """The re-dealt-hidden-cards property over the file: two games that differ only in
    the AI's hidden hand give the same file outside the sealed part, and a sealed part of
    the same length that names none of the hidden cards."""
    game = TripleTriad()
    mine = ["Geezard", "Funguar", "Bite Bug", "Red Bat", "Blobra"]
    key = load_profile().key()
    files = []
    for theirs in (["Squall"] * 5, ["Seifer"] * 5):
        match = Match.new(game, 11, [mine, theirs])
        match.key = key
        path = tmp_path / f"{theirs[0]}.json"
        match.save(path)
        files.append(path)
    first, second = (sealed_text_without_secret_parts(p) for p in files)
    assert first == second
    texts = [p.read_text() for p in files]
    assert len(json.loads(texts[0])["sealed"]) == len(json.loads(texts[1])["sealed"])
    assert "Squall" not in texts[0] and "Seifer" not in texts[1] and '"seed"' not in texts[0]
    result = run("replay", "--json", str(files[0]))
    assert result.exit_code == 0, result.output
    assert "Squall" not in result.stdout and "state" not in json.loads(result.stdout)


def test_the_seed_is_shown_when_the_game_is_over_not_before(run, home, monkeypatch):
    plan = plan_hotseat(5)
    monkeypatch.setattr(play_command.secrets, "randbelow", lambda n: 5)
    result = play(run, "--hotseat", input=plan.lines())
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    seeds = [n for n, line in enumerate(lines) if "Seed" in line or "seed" in line]
    assert len(seeds) == 1 and seeds[0] > max(n for n, text in enumerate(lines) if "Result" in text)
    assert "tcgkit play triple-triad --seed 5" in lines[seeds[0]]
    quit_early = play(run, "--hand", "auto", input="quit\n")
    assert "Seed" not in quit_early.stdout and "--seed" not in quit_early.stdout


def test_the_ai_chooses_from_its_own_stream(run, home):
    game = TripleTriad()
    decks = [["Geezard", "Funguar", "Bite Bug", "Red Bat", "Blobra"]] * 2
    agent = make_agent("random", game)
    picks = {}
    for agent_seed in (1, 2, 3, 4):
        match = Match.new(game, 7, decks)
        match.agent_seed = agent_seed
        match.play(match.state.legal_actions()[0], match.state.to_move)
        picks[agent_seed] = agent_choice(match, 1, agent)
    assert len(set(picks.values())) > 1  # the deal's seed alone does not fix the AI's choice


# -- undo ---------------------------------------------------------------------------------
def forge_fury_match() -> Match:
    """Forge & Fury (Brasa), seed 3: it opens with sealed rock-paper-scissors signs."""
    return Match.new(load_game("forge-fury", {"mode": "brasa"}), 3, None)


def test_undo_never_takes_back_a_sealed_sign_after_it_is_revealed():
    match = forge_fury_match()
    legal = match.state.legal_actions()
    match.play(legal[0], match.state.to_move)  # player 0: rps rock (sealed)
    # player 1: paper, sealed, then both shown
    match.play(match.state.legal_actions()[1], match.state.to_move)
    assert isinstance(match.undo_for(0), str)
    assert len(match.actions) == 2


def test_undo_never_takes_back_my_move_that_revealed_the_rivals_sealed_sign():
    match = forge_fury_match()
    match.play(match.state.legal_actions()[0], match.state.to_move)  # player 0 rock
    match.play(match.state.legal_actions()[0], match.state.to_move)  # player 1 rock: a tie, again
    match.play(match.state.legal_actions()[0], match.state.to_move)  # player 0 rock (sealed)
    before = list(match.actions)
    # player 1 plays its sealed sign; now player 0 tries to undo its last (sealed) sign
    match.play(match.state.legal_actions()[2], match.state.to_move)
    assert isinstance(match.undo_for(0), str)
    assert match.actions == [*before, match.actions[-1]]


def test_undo_of_a_move_that_shows_nothing_hidden_is_allowed():
    match = Match.new(load_game("triple-triad", {"open": True}), 5, None)
    match.play(match.state.legal_actions()[0], match.state.to_move)
    match.play(match.state.legal_actions()[0], match.state.to_move)
    assert match.undo_for(0) == 2 and match.actions == []


# -- saves from another engine version -------------------------------------------------------
def test_a_save_from_an_older_engine_resumes_when_it_replays_the_same(run, home, tmp_path):
    plan = find_plan(lambda p: True)[1]
    path = tmp_path / "old.json"
    record = plan.match.record.to_json()
    record.update(engine="0.0.1", actions=plan.match.actions[:3], outcome=None)
    path.write_text(json.dumps(record))
    result = play(run, "--resume", str(path), input="quit\nyes\n")
    assert result.exit_code == 0, result.output
    assert "from engine 0.0.1; every action replays the same" in result.stdout

    record["actions"][1] = "Geezard@0"  # a cell already taken (or a card not in hand)
    record["actions"][0] = plan.match.actions[0].split("@")[0] + "@0"
    path.write_text(json.dumps(record))
    refused = play(run, "--resume", str(path), input="quit\n")
    assert refused.exit_code == 1
    assert "action 2" in refused.stderr and "--force" not in refused.stderr
