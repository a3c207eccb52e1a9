"""地形配置 (R34-R63): where a terrain may go, replacing one, proxies, and what stays hidden."""

from __future__ import annotations

from tcgkit.games.monster_collection.board import HQ
from tcgkit.kernel.rng import Rng
from tcgkit.kernel.state import FACE_DOWN

from .helpers import act, cell, events, moves, put, start, to_hand, to_main


def places(state, card) -> list[str]:
    name = state.name(card)
    return sorted(m.rpartition(" at ")[2] for m in moves(state) if m.startswith(f"place {name} at "))


def main_of_player_1(**options):
    state = start(**options)
    to_main(state)
    assert state.active == 1
    return state


def test_at_first_only_the_cells_next_to_your_hq_take_a_terrain():  # R47, R49, R54
    state = main_of_player_1()
    lake = to_hand(state, 1, "Lake")
    assert places(state, lake) == ["2", "4", "6"]  # orthogonal: no diagonal, never the HQ itself (R38)
    assert sorted(m.rpartition(" at ")[2] for m in moves(state) if m.startswith("proxy")) == ["2", "4", "6"]


def test_a_terrain_you_placed_or_control_and_its_neighbours_take_one_the_hqs_never():  # R48, R49, R38
    state = main_of_player_1()
    lake = to_hand(state, 1, "Lake")
    put(state, 1, "Misty Shore", "2")  # placed by player 1: on it and next to it (E2 faces it)
    assert places(state, lake) == ["1", "2", "3", "4", "6", "E2"]
    # player 1's creature holds a terrain player 0 placed at E2, next to player 0's HQ: the
    # terrain and its neighbours E1, E3 (and own 2) take one; the enemy HQ E5 never does
    put(state, 0, "Volcano", "E2", who=1)
    put(state, 1, "Harpy", "E2")
    assert places(state, lake) == ["1", "2", "3", "4", "6", "E1", "E2", "E3"]
    state.parties[cell(1, "E2")][1].clear()  # creature-less now: nobody controls it (R41, R42)
    state.legal = None
    assert places(state, lake) == ["1", "2", "3", "4", "6", "E2"]


def test_placing_on_a_terrain_discards_it_to_its_owners_pile_and_creatures_stay():  # R55, U7
    state = main_of_player_1()
    lake = to_hand(state, 1, "Lake")
    shore = put(state, 1, "Misty Shore", "2")
    harpy = put(state, 1, "Harpy", "2")
    at = cell(1, "2")
    act(state, f"place {state.name(lake)} at 2")
    assert state.terrain[at] == lake and state.discard[1][-1] == shore
    assert state.parties[at][1] == [harpy]
    assert events(state, "replaced")[-1][1:] == (1, shore, at)


def test_a_party_over_the_new_limit_discards_creatures_of_its_owners_choice():  # U7 edge
    state = main_of_player_1(decks=("flame_legion", "flame_legion"))
    tunnel = to_hand(state, 1, "Tunnel")  # limit 4
    put(state, 1, "Volcano", "2")
    at = cell(1, "2")
    imp = put(state, 1, "Ember Imp", "2")
    golem = put(state, 1, "Magma Golem", "2")
    act(state, f"place {state.name(tunnel)} at 2")
    assert state.decisions[-1].kind == "overflow" and state.to_move == 1
    assert sorted(moves(state)) == sorted([f"lose {state.name(imp)}", f"lose {state.name(golem)}"])
    act(state, f"lose {state.name(imp)}")
    assert state.parties[at][1] == [golem] and imp in state.discard[1]  # 4 fits the limit 4
    assert state.decisions[-1].kind == "main"


def test_the_enemys_party_discards_its_own_when_its_terrain_shrinks():  # U7: the owner chooses
    state = main_of_player_1(decks=("flame_legion", "flame_legion"))
    tunnel = to_hand(state, 1, "Tunnel")
    put(state, 1, "Volcano", "2")
    put(state, 0, "Volcano", "E2", who=1)
    for name in ("Ember Imp", "Magma Golem"):
        put(state, 0, name, "E2", who=1)
    act(state, f"place {state.name(tunnel)} at E2")
    assert state.decisions[-1].kind == "overflow" and state.to_move == 0


def test_place_on_enemy_controlled_false_keeps_off_terrains_the_enemy_holds():  # U7 option
    state = main_of_player_1(place_on_enemy_controlled=False)
    lake = to_hand(state, 1, "Lake")
    put(state, 0, "Volcano", "4", who=1)  # player 0's terrain on player 1's 4, held by player 0
    put(state, 0, "Salamander", "4", who=1)
    assert "4" not in places(state, lake)


def test_a_proxy_is_the_decks_top_card_face_down_limit_8_hidden_even_from_its_owner():  # R53, R56-R58
    state = main_of_player_1()
    top = state.deck[1][-1]
    act(state, "proxy at 2")
    at = cell(1, "2")
    assert state.terrain[at] == top and state.down[at] and state.limit(at) == 8
    for viewer in (0, 1, None):
        assert state.view(viewer)["zones"]["terrain"]["cards"][at] is FACE_DOWN
    assert all("card" not in e.data for e in state.events if e.kind == "proxy")
    dealt = {state.game.redeal_hidden(state, 1, Rng(i)).terrain[at] for i in range(30)}
    assert len(dealt) > 1  # its owner cannot tell which card it is
    assert all(c // 50 == 1 for c in dealt)  # always one of the owner's cards


def test_a_proxy_is_legal_with_terrain_in_hand_once_and_never_with_a_hand_terrain():  # R59, R61-R63
    state = main_of_player_1()
    lake = to_hand(state, 1, "Lake")
    assert any(m.startswith("proxy") for m in moves(state))
    act(state, "proxy at 2")
    assert not any(m.startswith("proxy") or m.startswith("place") for m in moves(state))
    other = main_of_player_1()
    lake = to_hand(other, 1, "Lake")
    shore = to_hand(other, 1, "Misty Shore")
    act(other, f"place {other.name(lake)} at 2")
    assert not any(m.startswith("proxy") for m in moves(other))
    act(other, f"place {other.name(shore)} at 1")  # R63a: hand terrains are not one a turn
    assert other.terrain[cell(1, "1")] == shore


def test_no_proxy_from_an_empty_deck():  # R60
    state = main_of_player_1()
    while state.deck[1]:
        state.discard[1].append(state.deck[1].pop())
    state.legal = None
    assert not any(m.startswith("proxy") for m in moves(state))


def test_a_replaced_proxy_is_revealed_on_its_way_to_the_discard_pile():  # U8
    state = main_of_player_1()
    act(state, "proxy at 2")
    at = cell(1, "2")
    proxy = state.terrain[at]
    act(state, "end main")
    act(state, "end summon")
    act(state, "refill")
    to_main(state)  # player 0 now; player 0 places onto it? Not adjacent: player 1 replaces it next turn
    act(state, "end main")
    act(state, "end summon")
    act(state, "refill")
    to_main(state)
    lake = to_hand(state, 1, "Lake")
    act(state, f"place {state.name(lake)} at 2")
    seen = [e for e in state.events_since(0, 0) if e["kind"] == "replaced"]
    assert seen[-1]["card"] == state.name(proxy) and proxy in state.discard[1]
    assert HQ[1] not in [e[3] for e in events(state, "replaced")]
