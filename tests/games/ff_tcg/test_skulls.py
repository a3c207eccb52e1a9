"""Final Fantasy TCG FF22: a player loses at 7 rival skulls, not 6 (and not 8)."""

from __future__ import annotations

from .rules_helpers import make_game, names, play, position
from .test_rules_combat import attack


def test_the_game_goes_on_at_six_skulls_and_ends_at_the_seventh():
    game = make_game(auto_forced=False)
    state = position(game, {"hand": ["Goblin", "Asp"], "skulls": ["Asp"] * 3 + ["Wolf"] * 2}, {})
    attack(state, "Goblin")  # no character to stop it: the Goblin is the sixth skull
    assert len(state.skulls[0]) == 6
    assert not state.is_terminal and state.outcome is None
    assert state.active == 1 and state.legal_actions()
    play(state, "end", "done")  # player 1's turn: nothing played, nothing declared
    assert state.active == 0 and not state.is_terminal
    attack(state, "Asp")  # the seventh
    assert names(state, "skulls", 0)[-1] == "Asp" and len(state.skulls[0]) == 7
    assert state.is_terminal and state.outcome.winner == 0 and state.outcome.reason == "7 skulls"


def test_the_number_of_skulls_that_lose_is_the_option():
    game = make_game(auto_forced=False, skulls_to_lose=3)
    state = position(game, {"hand": ["Goblin"], "skulls": ["Asp"]}, {})
    attack(state, "Goblin")
    assert len(state.skulls[0]) == 2 and not state.is_terminal
    state = position(game, {"hand": ["Goblin"], "skulls": ["Asp", "Asp"]}, {})
    attack(state, "Goblin")
    assert state.is_terminal and state.outcome.reason == "3 skulls"
