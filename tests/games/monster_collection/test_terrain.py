"""地形配置 (R34-R63): where a terrain may go, replacing one, proxies, and what stays hidden."""

from __future__ import annotations

import json

import pytest

from tcgkit.kernel.rng import Rng
from tcgkit.kernel.state import FACE_DOWN

from .helpers import act, cell, dice, empty_hand, events, ground, moves, put, start, to_hand, to_main


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


def replaced_proxy(decks=("flame_legion", "tide_wings")):
    """Player 1 lays a proxy at 2; in their next hand adjustment discards a card (face up); in
    their next main phase places a terrain from hand on the proxy. The state then, the proxy,
    and the card discarded before it."""
    state = main_of_player_1(decks=decks)
    act(state, "proxy at 2")
    proxy = state.terrain[cell(1, "2")]
    for step in ("end main", "end summon", "refill"):
        act(state, step)
    to_main(state)  # player 0's main phase
    for step in ("end main", "end summon"):
        act(state, step)
    act(state, "refill")  # player 1's turn: the first hand adjustment
    before = state.hand[1][0]
    act(state, f"discard {state.name(before)}")
    to_main(state)
    terrains = {state.game.names[state.kind[c]] for c in state.deck[1] if state.card(c).kind == "terrain"}
    terrain = to_hand(state, 1, min(terrains))
    act(state, f"place {state.name(terrain)} at 2")
    return state, proxy, before


def test_a_replaced_proxy_goes_to_the_discard_pile_face_down_unknown_to_both():  # R55, R56, U8
    state, proxy, before = replaced_proxy()
    at = cell(1, "2")
    assert state.discard[1] == [before, proxy] and state.unseen_discards == [[], [1]]
    assert not [e for e in events(state, "replaced") if e[2] == proxy]
    assert events(state, "proxy_replaced") == [("proxy_replaced", 1, at)]
    for viewer in (0, 1, None):
        assert state.view(viewer)["zones"]["discard1"] == {"owner": 1, "count": 2,
                                                           "cards": [state.name(before), FACE_DOWN]}
        told = state.events_since(0, viewer)
        assert {"kind": "proxy_replaced", "player": 1, "cell": at} in told
        scene = state.scene(viewer)
        pile = next(area for area in scene.areas if area.key == "discard1")
        assert [face.up for face in pile.items] == [True, False]
        assert state.name(proxy) not in json.dumps([told, scene.to_json(), state.view(viewer)])
        # a world dealt from what this viewer sees may hold any of the owner's unseen cards there
        dealt = {state.game.redeal_hidden(state, viewer, Rng(i)).discard[1][1] for i in range(20)}
        assert len(dealt) > 1 and all(c // 50 == 1 for c in dealt)


def test_a_pile_with_a_proxy_face_down_keeps_its_count_and_order_and_the_stack_its_names():  # R56 edge
    """The proxy lies face down between face-up cards while a spell waits on the stack: every
    world determinized from either player's view shows the same pile (count and order) and the
    same stack, and deals the face-down place one of the owner's unseen cards."""
    state, proxy, before = replaced_proxy(decks=("tide_wings", "dawn_and_dusk"))
    ground(state, 0, "E2", who=1)
    empty_hand(state, 0)
    empty_hand(state, 1)
    crab = put(state, 0, "River Crab", "E2", who=1)
    put(state, 0, "Tide Sprite", "E2", who=1)  # water, a spell slot: player 0 may answer
    to_hand(state, 0, "Dispel")
    acolyte = put(state, 1, "Acolyte", "2")  # on the terrain that replaced the proxy
    sunburst = to_hand(state, 1, "Sunburst")
    dice(state, 6, 1)
    act(state, f"march to E2: {state.name(acolyte)}")
    while state.decisions[-1].kind in ("instant", "formation"):
        act(state, "pass" if state.decisions[-1].kind == "instant" else moves(state)[0])
    act(state, f"cast {state.name(sunburst)} at {state.name(crab)}")
    assert state.decisions[-1].kind == "respond" and state.res.stack[0].source == sunburst
    dealt = set()
    for viewer in (0, 1):
        view = state.view(viewer)
        assert view["zones"]["discard1"]["cards"] == [state.name(before), FACE_DOWN]
        for seed in range(12):
            world = state.game.determinize(view, Rng(seed))
            world.check_invariants()
            assert world.view(viewer) == view  # the pile's count and order, the stack by name
            assert world.res.stack[0].source == sunburst and world.kind[sunburst] == state.kind[sunburst]
            assert world.discard[1][0] == before
            dealt.add(world.discard[1][1])
    assert len(dealt) > 1 and all(c // 50 == 1 and c not in (before, sunburst, acolyte) for c in dealt)
    act(state, "pass")  # the spell resolves and goes to the pile after the proxy, face up
    assert state.discard[1][:3] == [before, proxy, sunburst]
    assert state.view(0)["zones"]["discard1"]["cards"][:3] == [state.name(before), FACE_DOWN,
                                                               state.name(sunburst)]


def test_the_observation_counts_a_replaced_proxy_face_down_from_the_state_as_from_the_view():  # R56
    np = pytest.importorskip("numpy")
    from tcgkit.envs.core import Table

    state, proxy, _ = replaced_proxy()
    observation = Table(state.game).observation
    for viewer in (0, 1):
        assert np.array_equal(observation.encode_state(state, viewer), observation.encode(state.view(viewer)))
    before = observation.encode_state(state, 0)
    state.unseen_discards[1].clear()  # as if it lay face up: the observation tells the difference
    assert not np.array_equal(observation.encode_state(state, 0), before)
