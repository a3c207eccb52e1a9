"""Opening, mulligans, turn order and the Draw phase (RULES.md: Começando a partida, Compra)."""

from __future__ import annotations

import pytest

from tcgkit.games.conflictus import Conflictus
from tcgkit.games.conflictus.actions import Keep, Mulligan, Pass
from tcgkit.kernel.errors import DeckError, IllegalAction, OptionsError

from .helpers import DECKS, act, start


def test_each_player_draws_six_and_the_first_player_skips_their_first_draw():
    state = start(players=3)
    assert [len(h) for h in state.hand] == [6, 6, 6]
    assert state.active == 0 and state.phase == "main" and state.round == 1
    assert [len(m) for m in state.mons] == [44, 44, 44]
    while state.active == 0:
        act(state, "done" if state.pending.kind == "declare" else "pass")
    assert state.active == 1 and len(state.hand[1]) == 7 and len(state.mons[1]) == 43  # P1 draws


def test_the_first_player_is_drawn_by_the_seed():
    game = Conflictus(players=4)
    firsts = {game.new_state(seed, [DECKS["aurora"]] * 4).first for seed in range(30)}
    assert firsts == {0, 1, 2, 3}


def test_a_mulligan_shuffles_back_draws_one_more_and_discards_that_many_at_random():
    state = start(players=2, keep=False, mulligan="turn_order")
    assert state.pending.kind == "mulligan" and state.pending.player == 0
    state.apply(Mulligan(), state.to_move)
    assert len(state.hand[0]) == 6 and len(state.mortis[0]) == 1  # 7 drawn, 1 discarded
    state.apply(Mulligan(), state.to_move)
    assert len(state.hand[0]) == 6 and len(state.mortis[0]) == 3  # 8 drawn, 2 more discarded
    assert len(state.mons[0]) + len(state.hand[0]) + len(state.mortis[0]) == 50


def test_mulligans_stop_at_ten_drawn_and_four_discarded():
    state = start(players=2, keep=False, mulligan="turn_order")
    for _ in range(4):
        assert state.pending.player == 0
        state.apply(Mulligan(), state.to_move)
    assert len(state.mortis[0]) == 1 + 2 + 3 + 4  # "o seu mortis deve possuir 10 cartas"
    assert state.pending.player == 1  # no fifth mulligan is offered


def test_sealed_mulligans_show_together_after_the_round():
    state = start(players=3, keep=False)
    assert state.pending.secret and state.pending.player == 0
    state.apply(Mulligan(), state.to_move)
    assert len(state.mortis[0]) == 0 and state.events[-1].kind != "mulligan"  # not yet shown
    state.apply(Keep(), state.to_move)
    state.apply(Keep(), state.to_move)  # the last answer of the round: everything shows
    kinds = [e.kind for e in state.events[-12:]]
    assert "mulligan" in kinds and len(state.mortis[0]) == 1
    assert state.pending.kind == "mulligan" and state.pending.player == 0  # only P0 decides again


def test_players_option_and_mons_size():
    with pytest.raises(OptionsError, match="players"):
        Conflictus(players=5)
    game = Conflictus(players=2)
    assert game.validate_deck(DECKS["aurora"][:49]) == ["a mons holds exactly 50 cards; this one has 49"]
    with pytest.raises(DeckError, match="player 1's mons"):
        game.new_state(0, [DECKS["aurora"], DECKS["aurora"][:49] + ["Nada"]])


def test_copy_limit_and_faction_mixing_are_options():
    game = Conflictus(players=2)
    five = DECKS["aurora"][:45] + ["Fhaonna"] * 5
    assert any("Fhaonna too many (at most 4 copies; the first is card" in p for p in game.validate_deck(five))
    assert game.validate_deck(DECKS["crepusculo"]) == []
    strict = Conflictus(players=2, allow_dual_faction=False)
    assert strict.validate_deck(DECKS["crepusculo"]) == [
        "the mons mixes Light and Shadow cards (allow_dual_faction is off)"]
    assert strict.validate_deck(DECKS["aurora"]) == []  # Light with Neutral cards


def test_an_illegal_move_is_explained_to_the_player_who_made_it():
    state = start(players=3, keep=False)
    mover = state.to_move
    with pytest.raises(IllegalAction) as refused:
        state.apply(Pass(), mover)
    assert str(refused.value) == "you must answer the mulligan decision now: keep or mulligan"
