"""遊戲準備 (R1-R4, R11-R19): decks, the HQ, the opening hand, the mulligan, the first player."""

from __future__ import annotations

import pytest

from tcgkit.games.monster_collection.board import HQ, label
from tcgkit.kernel.errors import DeckError
from tcgkit.kernel.rng import Rng
from tcgkit.kernel.state import FACE_DOWN

from .helpers import DECKS, STARTERS, events, game, start


def test_the_preconstructed_decks_are_legal_and_play():  # R1, R2
    g = game()
    assert len(STARTERS) >= 3
    for name, deck in STARTERS.items():
        assert g.validate_deck(deck) == [], name
    state = start(decks=("dawn_and_dusk", "flame_legion"), starters=True)
    assert state.result is None and state.decisions


def test_a_deck_of_49_cards_or_a_fourth_copy_is_refused_naming_it():  # R1, R2 edge
    g = game()
    short = DECKS["flame_legion"][:-1]
    assert g.validate_deck(short) == ["a deck holds exactly 50 cards; this one has 49"]
    four = ["Ember Imp"] * 4 + DECKS["flame_legion"][4:]
    problem = "card 4: one Ember Imp too many (at most 3 copies; the first is card 1)"
    assert problem in g.validate_deck(four)
    with pytest.raises(DeckError, match="player 1's deck: card 1: no card named 'Nobody'"):
        g.new_state(1, [DECKS["flame_legion"], ["Nobody"] + DECKS["flame_legion"][1:]])


def test_the_hq_is_the_decks_top_card_face_down_at_5_hidden_from_both():  # R14, R57, U1
    state = start()
    for p in (0, 1):
        assert label(p, HQ[p]) == "5"
        assert state.down[HQ[p]] and state.placer[HQ[p]] == p
        assert len(state.hand[p]) == 6  # R15
        assert len(state.deck[p]) == 50 - 1 - 6
    for viewer in (0, 1, None):
        cells = state.view(viewer)["zones"]["terrain"]["cards"]
        assert cells[HQ[0]] is FACE_DOWN and cells[HQ[1]] is FACE_DOWN
    assert all("card" not in e.data for e in state.events if e.kind == "hq")


def test_the_hq_shown_to_its_owner_only_when_the_option_says_so():  # U1 option
    state = start(hq_visible_to_owner=True)
    assert state.view(0)["zones"]["terrain"]["cards"][HQ[0]] == state.name(state.terrain[HQ[0]])
    assert state.view(0)["zones"]["terrain"]["cards"][HQ[1]] is FACE_DOWN
    assert state.view(None)["zones"]["terrain"]["cards"][HQ[0]] is FACE_DOWN


def creature_poor_deck() -> list[str]:
    """Two creatures and 48 other cards: opening hands without a creature are common."""
    others = [
        n
        for n in (
            "Volcano",
            "Burning Plain",
            "Lake",
            "Misty Shore",
            "Forest",
            "Tunnel",
            "Plateau",
            "Windswept Cliffs",
            "Temple",
            "Fairy Ring",
            "Graveyard",
            "Dark Castle",
            "Road",
            "Grassland",
            "Long Sword",
            "Round Shield",
        )
        for _ in range(3)
    ]
    return ["Ember Imp", "Salamander"] + others


def mulligan_seed(**options):
    g = game(**options)
    for seed in range(200):
        state = g.new_state(seed, [creature_poor_deck(), DECKS["flame_legion"]])
        if events(state, "mulligan"):
            return state
    raise AssertionError("no seed gave a creature-less hand")


def test_a_creature_less_hand_is_shown_to_both_and_redrawn_until_it_holds_a_creature():  # R17, U2
    g = game()
    states = [g.new_state(seed, [creature_poor_deck(), DECKS["flame_legion"]]) for seed in range(40)]
    state = next(s for s in states if len(events(s, "mulligan")) >= 2)  # two creatures in 50 cards
    for shown in events(state, "mulligan"):
        assert shown[1] == 0 and not any(state.card(c).creature for c in shown[2])
    for viewer in (1, None):  # the reveal reaches the opponent and a spectator
        seen = [e for e in state.events_since(0, viewer) if e["kind"] == "mulligan"]
        assert seen[0]["cards"] == [state.name(c) for c in events(state, "mulligan")[0][2]]
    assert len(state.hand[0]) == 6
    state.check_invariants()
    for s in states:  # every hand holds a creature, unless the HQ took the deck's last one
        creatures = [c for c in s.hand[0] + s.deck[0] if s.card(c).creature]
        assert any(s.card(c).creature for c in s.hand[0]) or not creatures


def test_a_deck_with_no_creature_is_refused():  # R17 edge
    no_creature = [c for c in creature_poor_deck() if c not in ("Ember Imp", "Salamander")]
    no_creature += ["Great Axe", "Tower Shield"]
    problems = game().validate_deck(no_creature)
    assert problems == ["a deck needs a creature: an opening hand is redrawn until it holds one (R17)"]
    assert game().validate_deck(creature_poor_deck()) == []


def test_once_redraws_one_time_and_off_keeps_the_hand():  # R17, U2 options
    g = game(mulligan="once")
    states = [g.new_state(seed, [creature_poor_deck(), DECKS["flame_legion"]]) for seed in range(40)]
    assert max(len(events(s, "mulligan")) for s in states) == 1
    assert any(not any(s.card(c).creature for c in s.hand[0]) for s in states)  # a second one is kept
    g = game(mulligan="off")
    for seed in range(30):
        assert not events(g.new_state(seed, [creature_poor_deck(), DECKS["flame_legion"]]), "mulligan")


def test_the_higher_die_goes_first_and_ties_roll_again():  # R18
    g = tcgkit_game()
    ties = 0
    for seed in range(60):
        state = g.new_state(seed, [DECKS["flame_legion"], DECKS["tide_wings"]])
        rolls = [e[1] for e in events(state, "first_roll")]
        assert all(a == b for a, b in rolls[:-1]) and rolls[-1][0] != rolls[-1][1]
        ties += len(rolls) > 1
        assert state.first == int(rolls[-1][1] > rolls[-1][0]) == state.active
    assert ties  # some games rolled again


def tcgkit_game():
    import tcgkit

    return tcgkit.load_game("monster-collection")


def test_the_deal_is_seeded():  # R3, R11, R12: the dice and shuffles come from the seed
    a, b = start(seed=5), start(seed=5)
    assert a.to_json() == b.to_json()
    assert start(seed=6).to_json() != a.to_json()
    assert Rng(1).below(6) == Rng(1).below(6)
