"""The heuristic's battle forecast (``forecast.py``): a battle under way scores as the ends the
initiative dice may give it, each weighed by its chance, so that a one-ply player sees what a
march into a battle is worth."""

from __future__ import annotations

import pytest

from tcgkit.agents import make_agent
from tcgkit.games.monster_collection.forecast import SIMULTANEOUS, initiative_odds, play_out
from tcgkit.kernel.rng import Rng

from .helpers import act, empty_hand, ground, put, start, to_main


def position():
    """Player 1 in its main phase, both hands empty, a terrain at its own 2 (next to E5, the
    enemy HQ, for a long flier) and at E2."""
    state = start(decks=("flame_legion", "dawn_and_dusk"))
    to_main(state)
    ground(state, 1, "2")
    ground(state, 0, "E2", who=1)
    empty_hand(state, 0)
    empty_hand(state, 1)
    return state


def test_the_initiative_odds_are_two_dice_and_each_partys_initiative():
    state = position()
    put(state, 0, "Salamander", "E2", who=1)  # initiative 0
    unicorn = put(state, 1, "Unicorn", "2")  # initiative 0
    act(state, f"march to E2: {state.name(unicorn)}")
    assert initiative_odds(state) == pytest.approx({1: 15 / 36, 0: 15 / 36, SIMULTANEOUS: 6 / 36})
    put(state, 1, "Shadow Assassin", "E2", who=1)  # initiative +2 for the attacker's party
    assert initiative_odds(state) == pytest.approx({1: 26 / 36, 0: 6 / 36, SIMULTANEOUS: 4 / 36})


def test_a_battle_under_way_scores_as_its_ends_weighed_by_their_chances():
    """Shadow Assassin (attack 4, Charge 1, defence 2, initiative +2) into Salamander (2/3): first,
    it kills and takes E2; second, it dies; at a tie both die. Three ends, each weighed."""
    state = position()
    put(state, 0, "Salamander", "E2", who=1)
    assassin = put(state, 1, "Shadow Assassin", "2")
    act(state, f"march to E2: {state.name(assassin)}")
    game, odds = state.game, initiative_odds(state)
    ends = {}
    for first in odds:
        end = state.clone()
        play_out(end, first)
        assert end.battle is None
        ends[first] = end
    assert ends[1].parties[state.battle.cell] == [[], [assassin]]  # taken
    assert ends[0].parties[state.battle.cell][0] and not ends[0].parties[state.battle.cell][1]
    assert ends[SIMULTANEOUS].parties[state.battle.cell] == [[], []]  # both wiped out
    scores = {first: game.heuristic(end, 1) for first, end in ends.items()}
    assert scores[1] > scores[SIMULTANEOUS] > scores[0]
    assert game.heuristic(state, 1) == pytest.approx(sum(odds[f] * scores[f] for f in odds))
    assert game.heuristic(state, 0) == pytest.approx(-game.heuristic(state, 1))


def test_an_hq_the_attacker_takes_whatever_the_dice_score_as_won():
    state = position()
    put(state, 0, "Stone Pixie", "E5", who=1)  # attack 2, defence 1
    seraph = put(state, 1, "Seraph", "2")  # 7/7, long fly: own 2 to E5
    act(state, f"march to E5: {state.name(seraph)}")
    assert state.battle is not None and not state.is_terminal
    assert state.game.heuristic(state, 1) == 1000.0 and state.game.heuristic(state, 0) == -1000.0


def test_greedy_marches_into_an_hq_it_takes_and_not_into_one_it_cannot():
    """Before the forecast a march into a held HQ scored as creatures moved off their land, and
    two greedy players stood beside each other's HQ until the turn limit."""
    state = position()
    put(state, 0, "Stone Pixie", "E5", who=1)
    seraph = put(state, 1, "Seraph", "2")
    greedy = make_agent("greedy", state.game)
    chosen = greedy.act(state.view(1), state.legal_actions(), Rng(1))
    assert str(chosen) == f"march to E5: {state.name(seraph)}"

    state = position()
    put(state, 0, "Gaia the Old Oak", "E5", who=1)  # 8/10, Defender +2: the seraph cannot win
    seraph = put(state, 1, "Seraph", "2")
    chosen = greedy.act(state.view(1), state.legal_actions(), Rng(1))
    assert str(chosen) != f"march to E5: {state.name(seraph)}"
