"""The kernel's decision limits: no card data can make a game endless (issue 11, point 9)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from tcgkit.agents import make_agent
from tcgkit.kernel.errors import OptionsError
from tcgkit.kernel.limits import DEFAULTS, Tally, play
from tcgkit.kernel.registry import load_game
from tcgkit.kernel.replay import MatchRecord, replay
from tcgkit.kernel.rng import Rng

LOOPER = Path(__file__).parent / "data" / "looper.toml"
FF1 = Path(str(resources.files("tcgkit.games.ff_tcg").joinpath("data/ff1.toml")))


def looper_game(**limits: int):
    game = load_game("ff-tcg", {"card_files": [FF1, LOOPER], **limits})
    decks = [["Looper"] * 4 + [c for c in d if c != "Looper"][:56]
             for d in game.sample_decks(Rng(1))]
    return game, decks


def play_greedy(game, state, cap: int = 3000) -> int:
    agents = [make_agent("greedy", game) for _ in range(game.num_players)]
    played, tally = 0, Tally()
    while not state.is_terminal and played < cap:
        player = state.to_move
        play(state, agents[player].act(state.view(player), state.legal_actions(), Rng(played)), player,
             tally)
        played += 1
    return played


def test_a_card_used_again_and_again_ends_the_game_as_a_draw():
    game, decks = looper_game(max_turn_decisions=40)
    state = game.new_state(1, decks)
    played = play_greedy(game, state)
    assert state.is_terminal, f"still going after {played} decisions"
    outcome = state.outcome
    assert outcome.winner is None
    assert outcome.reason == "the decision limit: more than 40 decisions in one turn"


@pytest.mark.parametrize("name", ["triple-triad", "forge-fury", "ff-tcg", "conflictus"])
def test_every_game_ends_as_a_draw_past_the_game_limit(name):
    game = load_game(name, {"max_decisions": 3})
    state, tally = game.new_state(2), Tally()
    while not state.is_terminal:
        play(state, state.legal_actions()[0], state.to_move, tally)
    assert state.outcome.winner is None
    assert state.outcome.reason == "the decision limit: more than 3 decisions in the game"
    assert state.legal_actions() == []
    assert game.options_json()["max_decisions"] == 3  # a record replays with its limits


def test_a_record_replays_to_the_same_limit_draw():
    game = load_game("forge-fury", {"max_decisions": 4})
    state = game.new_state(5)
    record, tally = MatchRecord.start(game, 5, None), Tally()
    while not state.is_terminal:
        action = state.legal_actions()[-1]
        record.actions.append(str(action))
        play(state, action, state.to_move, tally)
    assert replay(record).outcome == state.outcome


def test_the_defaults_are_finite_and_leave_views_and_records_as_they_were():
    assert all(0 < value < 10**6 for value in DEFAULTS.values())
    for name in ("triple-triad", "forge-fury", "ff-tcg"):
        game = load_game(name)
        assert not set(DEFAULTS) & set(game.options_json())
        assert not set(DEFAULTS) & set(game.new_state(1).view(0)["options"])


@pytest.mark.parametrize("value", [0, -1, "many", True, 10**12])
def test_bad_limits_are_option_errors(value):
    with pytest.raises(OptionsError, match="max_decisions"):
        load_game("triple-triad", {"max_decisions": value})


def test_sim_with_the_looper_card_ends(run_cli, tmp_path):
    game, decks = looper_game()
    deck = tmp_path / "looper.txt"
    deck.write_text("\n".join(decks[0]) + "\n")
    result = run_cli("sim", "ff-tcg", "--games", "1", "--agents", "greedy,greedy",
                     "--rules", f"card_files={FF1};{LOOPER},max_turn_decisions=30",
                     "--deck", str(deck), "--opponent-deck", str(deck))
    assert result.exit_code == 0, result.output
    assert "draw" in result.output.lower()


@pytest.fixture
def run_cli(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from tcgkit.cli.app import app

    monkeypatch.setenv("TCGKIT_HOME", str(tmp_path / "home"))
    return lambda *args: CliRunner().invoke(app, list(args))


@pytest.mark.parametrize("name", ["brawl", "highcard"])
@pytest.mark.parametrize("players", [3, 4])
def test_the_test_games_end_as_a_draw_among_the_players_still_in(name, players):
    from nplayer import registered  # High Card is registered by hand; Brawl by its entry point

    with registered():
        game = load_game(name, {"max_decisions": 5, "players": players})
        state, tally = game.new_state(3), Tally()
        while not state.is_terminal:
            play(state, state.legal_actions()[0], state.to_move, tally)
        outcome = state.outcome
        assert outcome.winner is None and state.legal_actions() == []
        assert outcome.reason == "the decision limit: more than 5 decisions in the game"
        assert set(outcome.ranks) == {0}  # no one went out in five decisions: all share first
        again = game.state_from_json(state.to_json())  # a saved drawn game reads back drawn
        assert again.is_terminal and again.outcome == outcome
        assert state.clone().outcome == outcome
        state.check_invariants()
