"""Same (Igual), Same Wall (Pared) and Plus (Suma), alone and together."""

from __future__ import annotations

import pytest

from .helpers import after, board, flips

# -- Same ----------------------------------------------------------------------------------
# Player 0 places Iron Giant #45 (6/5/6/5) at 4.
#   cell 1 Blood Soul #9 (bottom 6 = top 6)      match
#   cell 3 Gesper #7 (right 5 = left 5)          match
#   cell 5 Jelleye #21 (left 7, right 5)         no match, not beaten
#   cell 8 Grat #12, player 0's, not a neighbour
SAME = (
    "triple-triad rules={rules} board=-/9:{o1}/-/7:{o3}/-/21:1/-/-/12:0 hands=45,10,14/13,15,16 "
    "decks=45,10,14,12,9/7,21,13,15,16 turn=0"
)


def same(rules="same", o1=1, o3=1):
    return SAME.format(rules=rules, o1=o1, o3=o3)


def test_same_flips_two_matching_rival_cards():
    state = after(same(), "Iron Giant@4")
    assert board(state) == "-/9:0/-/7:0/45:0/21:1/-/-/12:0"
    assert flips(state) == [(1, "same/plus"), (3, "same/plus")]


def test_without_same_equal_sides_flip_nothing():
    state = after(same(rules="-"), "Iron Giant@4")
    assert board(state) == "-/9:1/-/7:1/45:0/21:1/-/-/12:0"
    # (under Plus the sums 6+6 above and 5+7 right would pair up instead)
    state = after(same(rules="plus"), "Iron Giant@4")
    assert board(state) == "-/9:0/-/7:1/45:0/21:0/-/-/12:0"


def test_one_match_is_not_enough():
    # Ochu #28 (right 6) instead of Gesper: only Blood Soul matches.
    text = same().replace("/7:1/", "/28:1/").replace("/7,21,", "/28,21,")
    state = after(text, "Iron Giant@4")
    assert board(state) == "-/9:1/-/28:1/45:0/21:1/-/-/12:0"


def test_an_own_neighbour_counts_toward_same_but_never_flips():
    state = after(same(o1=0), "Iron Giant@4")
    assert board(state) == "-/9:0/-/7:0/45:0/21:1/-/-/12:0"
    assert flips(state) == [(3, "same/plus")]


@pytest.mark.parametrize("rules", ["same,own_cards_match=false", "same,literal"])
def test_literal_reading_counts_only_rival_cards(rules):
    state = after(same(rules, o1=0), "Iron Giant@4")
    assert board(state) == "-/9:0/-/7:1/45:0/21:1/-/-/12:0"
    assert flips(state) == []
    # two rival matches still flip under the literal reading
    state = after(same(rules), "Iron Giant@4")
    assert board(state) == "-/9:0/-/7:0/45:0/21:1/-/-/12:0"


def test_matches_with_own_cards_only_flip_nothing():
    state = after(same(o1=0, o3=0), "Iron Giant@4")
    assert board(state) == "-/9:0/-/7:0/45:0/21:1/-/-/12:0"
    assert flips(state) == []


# -- Same Wall -------------------------------------------------------------------------------
# Player 0 places Edea #108 (A/A/3/3) at 1: its top touches the wall; its right (A) meets
# Cerberus #94 (left A) at 2. Basic: A = A, no flip.
WALL = "triple-triad rules={} board=-/-/94:{}/-/-/-/-/-/1:0 hands=108,2,3,4/5,6,7,10 turn=0"


@pytest.mark.parametrize(
    ("rules", "flipped"),
    [
        ("same,same_wall", True),  # wall A + Cerberus A: two matches
        ("same,wall", True),  # the alias
        ("same,same_wall,own_cards_match=false", True),  # the wall is nobody's card
        ("same,same_wall,plus", True),
        ("same", False),  # one match
        ("same_wall", False),  # Same Wall without Same does nothing
        ("plus,same_wall", False),  # the wall never takes part in Plus (10+10, 10+10)
        ("plus", False),
    ],
)
def test_same_wall_counts_the_edge_as_an_a_for_same_only(rules, flipped):
    state = after(WALL.format(rules, 1), "Edea@1")
    assert board(state) == f"-/108:0/94:{0 if flipped else 1}/-/-/-/-/-/1:0"


def test_a_wall_and_an_own_card_flip_nothing():
    # Cerberus is player 0's; Funguar #2 is player 1's far away, so the decks still fit.
    text = "triple-triad rules=same,same_wall board=-/-/94:0/-/-/-/-/-/2:1 hands=108,1,3,4/5,6,7,10"
    state = after(text, "Edea@1")
    assert board(state) == "-/108:0/94:0/-/-/-/-/-/2:1"
    assert flips(state) == []


def test_two_walls_alone_flip_nothing():
    # Edea in the corner 2: walls on top and right (A, A). Ochu #28 at 1 (right 6 > 3)
    # stays; Turtapod #34 at 5 (top 2 < 3) flips by the basic rule only.
    text = (
        "triple-triad rules=same,same_wall board=-/28:1/-/-/-/34:1/-/-/1:0 "
        "hands=108,2,3,4/5,6,7 decks=108,2,3,4,1/28,34,5,6,7 turn=0"
    )
    state = after(text, "Edea@2")
    assert board(state) == "-/28:1/108:0/-/-/34:0/-/-/1:0"
    assert flips(state) == [(5, "basic")]


# -- Plus ------------------------------------------------------------------------------------
# Player 0 places Geezard #1 (1/4/1/5) at 4. Sums: MiniMog #81 above (bottom 9): 1+9 = 10;
# Tri-Face #25 left (right 5): 5+5 = 10; Jelleye #21 right (left 7): 4+7 = 11.
PLUS = (
    "triple-triad rules={} board=-/81:1/-/25:1/-/21:1/-/-/12:0 hands=1,10,14/13,15,16 "
    "decks=1,10,14,12,81/25,21,13,15,16 turn=0"
)


def test_plus_flips_the_cards_with_equal_sums():
    state = after(PLUS.format("plus"), "Geezard@4")
    assert board(state) == "-/81:0/-/25:0/1:0/21:1/-/-/12:0"
    assert flips(state) == [(1, "same/plus"), (3, "same/plus")]


def test_without_plus_equal_sums_do_nothing():
    # Same sees one match (Tri-Face 5 = 5): not enough either.
    assert board(after(PLUS.format("same"), "Geezard@4")) == "-/81:1/-/25:1/1:0/21:1/-/-/12:0"


def test_plus_flips_two_separate_pairs():
    # Sums 10 (MiniMog above, Angelo #79 below with top 9) and 11 (Jelleye right,
    # Ochu #28 left with right 6).
    text = (
        "triple-triad rules=plus board=-/81:1/-/28:1/-/21:1/-/79:1/- hands=1,10,14/13,15,16 "
        "decks=1,10,14,81,79/21,28,13,15,16 turn=0"
    )
    state = after(text, "Geezard@4")
    assert board(state) == "-/81:0/-/28:0/1:0/21:0/-/79:0/-"
    assert sorted(cell for cell, _ in flips(state)) == [1, 3, 5, 7]


# MiniMog (rival) above makes 10; Angelo (player 0's) below makes 10; Jelleye makes 11.
PLUS_OWN = "triple-triad rules={} board=-/81:1/-/-/-/21:1/-/79:{}/- hands=1,10,14,2/13,15,16"


def test_an_own_card_counts_in_a_plus_pair_but_never_flips():
    state = after(PLUS_OWN.format("plus", 0), "Geezard@4")
    assert board(state) == "-/81:0/-/-/1:0/21:1/-/79:0/-"
    assert flips(state) == [(1, "same/plus")]


def test_plus_literal_reading_counts_only_rival_cards():
    state = after(PLUS_OWN.format("plus,own_cards_match=false", 0), "Geezard@4")
    assert board(state) == "-/81:1/-/-/1:0/21:1/-/79:0/-"


def test_a_plus_pair_of_own_cards_flips_nothing():
    text = PLUS_OWN.format("plus", 0).replace("81:1", "81:0").replace(
        "hands=1,10,14,2/13,15,16", "hands=1,10,14,2/13,15,16 decks=1,10,14,81,79/2,21,13,15,16"
    )
    state = after(text, "Geezard@4")
    assert board(state) == "-/81:0/-/-/1:0/21:1/-/79:0/-"
    assert flips(state) == []


# -- Same and Plus together ------------------------------------------------------------------
# Iron Giant #45 (6/5/6/5) at 4: Same with Blood Soul #9 above (6 = 6) and Gesper #7 left
# (5 = 5); Plus with Propagator #67 right (5+8 = 13) and Grat #12 below (6+7 = 13).
BOTH = (
    "triple-triad rules={} board=-/9:1/-/7:1/-/67:1/-/12:1/- hands=45,10,14/13,15,16 "
    "decks=45,10,14,9,7/67,12,13,15,16 turn=0"
)


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        ("same,plus", "-/9:0/-/7:0/45:0/67:0/-/12:0/-"),
        ("same", "-/9:0/-/7:0/45:0/67:1/-/12:1/-"),
        ("plus", "-/9:1/-/7:1/45:0/67:0/-/12:0/-"),
        ("-", "-/9:1/-/7:1/45:0/67:1/-/12:1/-"),
    ],
)
def test_same_and_plus_in_one_move_flip_the_union(rules, expected):
    assert board(after(BOTH.format(rules), "Iron Giant@4")) == expected
