"""Combo (Cadena): cards flipped by Same / Plus flip on by the basic rule, step by step."""

from __future__ import annotations

import pytest

from .helpers import after, board, flips

# Player 0 places Iron Giant #45 (6/5/6/5) at 4. Same flips Bomb #37 at 1 (bottom 6) and
# Gesper #7 at 3 (right 5). Then by the basic rule:
#   Bomb (right 7) beats Krysta #66 at 2 (left 1); Krysta (bottom 8) beats Turtapod #34
#   at 5 (top 2); Turtapod (bottom 6) beats Geezard #1 at 8 (top 1): three steps.
#   Gesper (bottom 4) beats Blobra #5 at 6 (top 2).
#   Ochu #28 at 0 holds: Bomb's left 3 < 6, Gesper's top 1 < 3.
# Iron Giant's right 5 does not beat Turtapod's left 7.
CHAIN = (
    "triple-triad rules={} board=28:1/37:1/66:1/7:1/-/34:1/5:1/-/1:1 hands=45,10/13 "
    "decks=45,10,28,37,66/7,34,1,5,13 turn=0"
)


def test_combo_chains_by_the_basic_rule_over_several_steps():
    state = after(CHAIN.format("same,combo"), "Iron Giant@4")
    assert board(state) == "28:1/37:0/66:0/7:0/45:0/34:0/5:0/-/1:0"
    # breadth-first, each card's sides in the order top, right, bottom, left
    assert flips(state) == [
        (1, "same/plus"), (3, "same/plus"), (2, "combo"), (6, "combo"), (5, "combo"), (8, "combo"),
    ]


def test_without_combo_only_the_same_cards_flip():
    state = after(CHAIN.format("same"), "Iron Giant@4")
    assert board(state) == "28:1/37:0/66:1/7:0/45:0/34:1/5:1/-/1:1"


def test_combo_alone_does_nothing():
    state = after(CHAIN.format("combo"), "Iron Giant@4")
    assert board(state) == "28:1/37:1/66:1/7:1/45:0/34:1/5:1/-/1:1"


def test_plus_flips_chain_too():
    # Geezard #1 (1/4/1/5) at 4: MiniMog #81 above 1+9 = 10, Tri-Face #25 left 5+5 = 10.
    # Tri-Face (bottom 5) then beats Blobra #5 at 6 (top 2); MiniMog (left 2) does not beat
    # Ochu #28 at 0 (right 6), nor does Tri-Face (top 3) beat its bottom 3.
    text = (
        "triple-triad rules=plus,combo board=28:1/81:1/-/25:1/-/-/5:1/-/- "
        "hands=1,10,14/13,15,16 decks=1,10,14,81,25/28,5,13,15,16 turn=0"
    )
    state = after(text, "Geezard@4")
    assert board(state) == "28:1/81:0/-/25:0/1:0/-/5:0/-/-"
    assert flips(state) == [(1, "same/plus"), (3, "same/plus"), (6, "combo")]


def test_a_chain_never_triggers_same_or_plus_again():
    # Same flips Cactuar #31 at 1 (6/2/6/3) and Gesper #7 at 3. Cactuar's left 3 equals
    # Bite Bug's right 3 (cell 0) and its right 2 equals Forbidden's left 2 (cell 2): a
    # second Same would flip both; the chain uses the basic rule only.
    text = (
        "triple-triad rules=same,plus,combo board=3:1/31:1/23:1/7:1/-/-/-/-/- "
        "hands=45,10,14/13,15,16 decks=45,10,14,31,7/3,23,13,15,16 turn=0"
    )
    state = after(text, "Iron Giant@4")
    assert board(state) == "3:1/31:0/23:1/7:0/45:0/-/-/-/-"


# Iron Giant #45 at 4: Same flips Blood Soul #9 at 1 and Gesper #7 at 3 (neither beats
# anything); the basic rule flips Krysta #66 at 5 (left 1 < 5); Krysta (bottom 8) could
# then beat Geezard #1 at 8 (top 1).
FROM_BASIC = (
    "triple-triad rules={} board=-/9:1/-/7:1/-/66:1/-/-/1:1 hands=45,10,14/13,15,16 "
    "decks=45,10,14,9,7/66,1,13,15,16 turn=0"
)


@pytest.mark.parametrize(
    ("rules", "chained"),
    [
        ("same,combo", True),  # FFVIII: the basic flips of a Same move chain too
        ("same,combo,combo_from_basic=true", True),
        ("ffviii", True),
        ("same,combo,combo_from_basic=false", False),  # FFXIV
        ("ffxiv", False),
        ("same", False),
    ],
)
def test_basic_flips_chain_only_in_ffviii_style(rules, chained):
    state = after(FROM_BASIC.format(rules), "Iron Giant@4")
    assert board(state) == f"-/9:0/-/7:0/45:0/66:0/-/-/1:{0 if chained else 1}"
    assert (8, "combo") in flips(state) if chained else (8, "combo") not in flips(state)
    assert (5, "basic") in flips(state)


def test_basic_flips_do_not_chain_when_same_flipped_nothing():
    # Gesper gone: Blood Soul is a single match, so this is a plain basic capture.
    text = (
        "triple-triad rules=same,combo board=-/9:1/-/-/-/66:1/-/-/1:1 hands=45,10,14,2/13,15,16 "
        "decks=45,10,14,2,9/66,1,13,15,16 turn=0"
    )
    state = after(text, "Iron Giant@4")
    assert board(state) == "-/9:1/-/-/45:0/66:0/-/-/1:1"
    assert flips(state) == [(5, "basic")]


def test_same_matching_only_own_cards_starts_no_chain():
    # Blood Soul and Gesper are player 0's own: two matches, no rival among them.
    text = "triple-triad rules=same,combo board=-/9:0/-/7:0/-/66:1/-/-/1:1 hands=45,10,14/13,15,16"
    state = after(text, "Iron Giant@4")
    assert board(state) == "-/9:0/-/7:0/45:0/66:0/-/-/1:1"
    assert flips(state) == [(5, "basic")]


def test_same_matching_only_walls_starts_no_chain():
    # Edea #108 (A/A/3/3) in corner 2: two wall matches, no card. Its bottom 3 beats
    # Turtapod #34 at 5 (top 2) by the basic rule; Turtapod (bottom 6) would beat Geezard.
    text = (
        "triple-triad rules=same,same_wall,combo board=-/28:1/-/-/-/34:1/-/-/1:1 "
        "hands=108,2,3,4/5,6,7 decks=108,2,3,4,28/34,1,5,6,7 turn=0"
    )
    state = after(text, "Edea@2")
    assert board(state) == "-/28:1/108:0/-/-/34:0/-/-/1:1"
    assert flips(state) == [(5, "basic")]


def test_a_same_wall_flip_starts_a_chain():
    # Edea at 1: the wall (A) and Cerberus #94 at 2 (left A) match; Cerberus (bottom 6)
    # then beats Geezard #1 at 5 (top 1).
    text = (
        "triple-triad rules=same,same_wall,combo board=-/-/94:1/-/-/1:1/-/-/2:0 "
        "hands=108,3,4,10/5,6,7 decks=108,3,4,10,2/94,1,5,6,7 turn=0"
    )
    state = after(text, "Edea@1")
    assert board(state) == "-/108:0/94:0/-/-/1:0/-/-/2:0"
    assert flips(state) == [(2, "same/plus"), (5, "combo")]
