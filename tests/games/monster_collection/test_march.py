"""進軍 (R64-R82): ranges, limits, acted creatures, battles once a turn, the enemy HQ."""

from __future__ import annotations

from tcgkit.games.monster_collection.board import HQ

from .helpers import act, cell, events, ground, moves, put, start, to_main


def main_of_player_1(**options):
    state = start(**options)
    to_main(state)
    return state


def marches(state, card) -> list[str]:
    name = state.name(card)
    return sorted(
        m.partition(": ")[0].removeprefix("march to ") for m in moves(state) if m.endswith(f": {name}")
    )


def land(state, *cells: str) -> None:
    """Terrains on cells in player 1's numbering: their own placed by them, the enemy's by player 0."""
    for where in cells:
        ground(state, 0 if where[0] == "E" else 1, where, who=1)


def test_walk_goes_orthogonally_fly_all_round_long_fly_two_more_in_a_line():  # R67, R70, A5
    state = main_of_player_1(decks=("flame_legion", "dawn_and_dusk"))
    land(state, "1", "2", "3", "4", "6", "E1", "E2", "E3")
    walker = put(state, 1, "Ozbor", "2")  # walk
    flyer = put(state, 1, "Vampire", "2")  # fly
    leaper = put(state, 1, "Seraph", "2")  # long fly
    assert marches(state, walker) == ["1", "3", "5", "E2"]
    assert marches(state, flyer) == ["1", "3", "4", "5", "6", "E1", "E2", "E3"]
    assert marches(state, leaper) == ["1", "3", "4", "5", "6", "E1", "E2", "E3", "E5"]  # the enemy HQ


def test_empty_ground_is_never_in_range_and_long_fly_leaps_over_it():  # R36, R69, U11
    state = main_of_player_1(decks=("flame_legion", "dawn_and_dusk"))
    land(state, "2")
    seraph = put(state, 1, "Seraph", "5")
    assert marches(state, seraph) == ["2"]  # E2, two cells ahead, is empty ground
    land(state, "E2")
    assert marches(state, seraph) == ["2", "E2"]  # over own 2 (a terrain)
    state.terrain[cell(1, "2")], state.placer[cell(1, "2")] = state.deck[1].pop(), None
    state.discard[1].append(state.terrain[cell(1, "2")])
    state.terrain[cell(1, "2")] = -1
    state.legal = None
    assert marches(state, seraph) == ["E2"]  # in one leap over empty ground (U11)
    strict = main_of_player_1(decks=("flame_legion", "dawn_and_dusk"), long_fly_requires_middle_terrain=True)
    land(strict, "E2")
    seraph = put(strict, 1, "Seraph", "5")
    assert marches(strict, seraph) == []


def test_a_march_keeps_the_destinations_limit_counting_your_creatures_already_there():  # R76, U10
    state = main_of_player_1(decks=("flame_legion", "dawn_and_dusk"))
    land(state, "2")
    at = cell(1, "2")
    put(state, 1, "Paladin", "2")  # level 6 already there, limit 8
    small = put(state, 1, "Parisette", "5")  # level 2: fits
    big = put(state, 1, "Ozbor", "5")  # level 5: does not
    assert "2" in marches(state, small) and "2" not in marches(state, big)
    assert state.limit(at) == 8


def test_several_creatures_from_several_terrains_march_as_one_and_become_acted():  # R72-R75
    state = main_of_player_1(decks=("flame_legion", "dawn_and_dusk"))
    land(state, "2", "1")
    a = put(state, 1, "Parisette", "5")
    b = put(state, 1, "Acolyte", "1")
    text = f"march to 2: {', '.join(state.name(c) for c in sorted((a, b)))}"
    assert text in moves(state)
    act(state, text)
    assert sorted(state.parties[cell(1, "2")][1]) == sorted([a, b]) and {a, b} <= state.acted
    assert not any(m.startswith("march") and state.name(a) in m for m in moves(state))  # once a turn
    assert events(state, "controls")[-1][1:] == (1, cell(1, "2"))


def test_marching_into_an_empty_enemy_hq_wins_at_once():  # R5, U16
    state = main_of_player_1(decks=("flame_legion", "dawn_and_dusk"))
    land(state, "2")
    seraph = put(state, 1, "Seraph", "2")
    act(state, f"march to E5: {state.name(seraph)}")
    assert state.result.winner == 1 and state.outcome.reason == "HQ fall" and state.is_terminal
    assert state.parties[HQ[0]][1] == [seraph]


def test_one_battle_march_a_turn():  # R78, R79
    state = main_of_player_1(decks=("flame_legion", "dawn_and_dusk"))
    land(state, "2", "3", "E2", "E1")
    put(state, 0, "Ember Imp", "E2", who=1)
    put(state, 0, "Stone Pixie", "E1", who=1)
    paladin = put(state, 1, "Paladin", "2")
    seraph = put(state, 1, "Seraph", "3")
    assert "E1" in marches(state, seraph)
    act(state, f"march to E2: {state.name(paladin)}")
    while state.battle is not None:
        act(state, "pass") if state.decisions[-1].kind == "instant" else act(state, moves(state)[0])
    assert state.battle_marched
    assert "E1" not in marches(state, seraph)  # a second march into enemy creatures: not this turn
