"""Basic capture, turn order, score, who starts, Open, Random and illegal actions."""

from __future__ import annotations

import json

import pytest

from tcgkit.games.triple_triad import Place, Take
from tcgkit.kernel import DeckError, IllegalAction

from .helpers import after, board, flips, load, play_out, position

# Player 0 places Iron Giant #45 (6/5/6/5) in the centre:
#   cell 1 Geezard #1 (bottom 1 < 6)          rival: flips
#   cell 3 Forbidden #23 (right 6 > 5)        rival: stays, and does not attack back
#   cell 5 Blobra #5 (left 5 = 5)             rival: equal never flips
#   cell 7 Funguar #2 (top 5 < 6)             own: stays own
#   cells 0 and 8 Bite Bug #3, Red Bat #4      rival diagonals: never touched
# Geezard (left 5) would beat Bite Bug (right 3) but a basic flip does not chain.
BASIC = (
    "triple-triad board=3:1/1:1/-/23:1/-/5:1/-/2:0/4:1 hands=45,10/13,14 "
    "decks=45,10,2,3,1/23,5,4,13,14 turn=0"
)


def test_strictly_greater_flips_and_nothing_else_does():
    assert board(position(BASIC)) == "3:1/1:1/-/23:1/-/5:1/-/2:0/4:1"
    state = after(BASIC, "Iron Giant@4")
    assert board(state) == "3:1/1:0/-/23:1/45:0/5:1/-/2:0/4:1"
    assert flips(state) == [(1, "basic")]


def test_equal_on_every_side_never_flips():
    # Iron Giant 6/5/6/5 meets 6 above (Blood Soul #9), 5 right (Blobra #5),
    # 6 below (Red Bat #4) and 5 left (Gesper #7): four ties, no flip.
    text = (
        "triple-triad board=-/9:1/-/7:1/-/5:1/-/4:1/- hands=45,10,14/13,15,16 "
        "decks=45,10,14,9,7/5,4,13,15,16 turn=0"
    )
    state = after(text, "Iron Giant@4")
    assert board(state) == "-/9:1/-/7:1/45:0/5:1/-/4:1/-"
    assert flips(state) == []


def test_every_rival_neighbour_it_beats_flips_at_once():
    # Squall #110 (A/4/6/9) at 4 beats Geezard above (1), Funguar right (left 3),
    # Red Bat below (top 6 = 6: no) and Blobra left (right 3).
    text = (
        "triple-triad board=-/1:1/-/5:1/-/2:1/-/4:1/- hands=110,10,14/13,15,16 "
        "decks=110,10,14,1,5/2,4,13,15,16 turn=0"
    )
    state = after(text, "Squall@4")
    assert board(state) == "-/1:0/-/5:0/110:0/2:0/-/4:1/-"
    assert [cell for cell, _ in flips(state)] == [1, 5, 3]  # sides top, right, bottom, left


def test_the_walls_do_nothing_without_same_wall():
    # Edea #108 (A/A/3/3) in the corner: two walls of A count only under Same Wall.
    text = "triple-triad rules=same board=-/-/-/-/-/1:1/-/-/- hands=108,10,14,2,3/13,15,16,4"
    state = after(text, "Edea@2")
    assert board(state) == "-/-/108:0/-/-/1:0/-/-/-"  # Geezard (top 1 < 3) by the basic rule


def test_a_card_can_be_placed_on_any_empty_cell_from_the_hand():
    state = load(first_player=0).new_state(1, decks=[["Geezard"] * 5, ["Squall"] * 5])
    legal = state.legal_actions()
    assert len(legal) == 9  # duplicates in hand give one action per cell
    assert {str(a) for a in legal} == {f"Geezard@{c}" for c in range(9)}
    state.apply(legal[4], state.to_move)
    assert len(state.legal_actions()) == 8
    assert state.to_move == 1


def test_players_alternate_until_the_board_is_full():
    game = load(trade="none")
    for seed in range(10):
        state = game.new_state(seed)
        movers = []
        while not state.is_terminal:
            movers.append(state.to_move)
            state.apply(state.legal_actions()[0], state.to_move)
        first = state.outcome.details["first"]
        assert movers == [(first + i) % 2 for i in range(9)]
        assert len(state.hands[first]) == 0 and len(state.hands[1 - first]) == 1


# -- score -----------------------------------------------------------------------------------
# Eight cards down, four of each colour; player 0 (who moved first) plays the ninth at 8:
# its top faces Grat #12 (bottom 3), its left faces Gesper #7 (right 5).
LAST_MOVE = "triple-triad rules=trade=none board=2:0/3:1/4:0/5:1/10:0/12:1/13:0/7:1/- hands={}/14"


def test_first_players_five_cells_against_four_and_a_card_in_hand_is_a_draw():
    state = after(LAST_MOVE.format(1), "Geezard@8")  # Geezard 1/4/1/5: 1 < 3, 5 = 5
    assert board(state) == "2:0/3:1/4:0/5:1/10:0/12:1/13:0/7:1/1:0"
    assert (state.score(0), state.score(1)) == (5, 5)
    outcome = state.outcome
    assert outcome.winner is None and outcome.is_draw
    assert outcome.scores == (5, 5)
    assert outcome.reason == "the board is full"
    assert outcome.details["trade"] == []


def test_score_is_board_cards_plus_cards_in_hand():
    state = after(LAST_MOVE.format(21), "Jelleye@8")  # Jelleye 3/2/1/7: 7 > 5 flips Gesper
    assert board(state) == "2:0/3:1/4:0/5:1/10:0/12:1/13:0/7:0/21:0"
    assert state.outcome.winner == 0
    assert state.outcome.scores == (6, 4)
    scores = state.game.scene(state.view(None), [], []).seats
    assert [seat.counters[0].value for seat in scores] == [6, 4]


def test_scores_mid_game_count_hands():
    state = position(BASIC)
    assert (state.score(0), state.score(1)) == (1 + 2, 5 + 2)
    state.apply(state.parse_action("Iron Giant@4", state.to_move), state.to_move)
    assert (state.score(0), state.score(1)) == (3 + 1, 4 + 2)


# -- who starts --------------------------------------------------------------------------------
def test_who_starts_is_a_seeded_coin_flip():
    game = load()
    firsts = [game.new_state(seed).to_move for seed in range(40)]
    assert set(firsts) == {0, 1}
    assert 8 <= sum(firsts) <= 32
    assert firsts == [load().new_state(seed).to_move for seed in range(40)]


@pytest.mark.parametrize("first", [0, 1])
def test_first_player_option_fixes_who_starts(first):
    game = load(first_player=first)
    for seed in range(10):
        state = game.new_state(seed)
        assert state.to_move == first
        play_out(state, seed)
        assert state.outcome.details["first"] == first


# -- Open and hidden hands ---------------------------------------------------------------------
DECKS = [
    ["Geezard", "Funguar", "Bite Bug", "Red Bat", "Blobra"],
    ["Squall", "Rinoa", "Edea", "Seifer", "Quistis"],
]


def test_without_open_a_player_sees_only_the_rivals_hand_size():
    state = load(first_player=0).new_state(0, decks=DECKS)
    for viewer in (0, 1, None):
        view = state.view(viewer)
        for p in (0, 1):
            hand = view["zones"][f"hand{p}"]
            assert hand["count"] == 5
            assert ("cards" in hand) == (viewer == p)
            assert (view["brought"][p] is not None) == (viewer == p)
        hidden = [n for p in (0, 1) if p != viewer for n in DECKS[p]]
        text = json.dumps(view) + json.dumps(state.events_since(0, viewer))
        assert not any(name in text for name in hidden)
    assert state.view(0)["zones"]["hand0"]["cards"] == DECKS[0]


def test_a_played_card_is_seen_by_everyone():
    state = load(first_player=0).new_state(0, decks=DECKS)
    state.apply(state.parse_action("Red Bat@4", state.to_move), state.to_move)
    view = state.view(1)
    assert view["zones"]["board"]["cards"][4] == "Red Bat" and view["owner"][4] == 0
    assert view["zones"]["hand0"]["count"] == 4 and "cards" not in view["zones"]["hand0"]


def test_open_shows_both_hands_to_everyone():
    state = load(open=True, first_player=0).new_state(0, decks=DECKS)
    for viewer in (0, 1, None):
        view = state.view(viewer)
        assert [view["zones"][f"hand{p}"]["cards"] for p in (0, 1)] == DECKS
        assert view["brought"] == DECKS


def test_hands_are_shown_once_the_play_is_over():
    state = play_out(load(trade="none").new_state(4, decks=DECKS))
    view = state.view(None)
    assert view["brought"] == DECKS
    assert sum(len(view["zones"][f"hand{p}"]["cards"]) for p in (0, 1)) == 1


# -- Random ------------------------------------------------------------------------------------
COLLECTIONS = [
    ["Geezard", "Funguar", "Bite Bug", "Red Bat", "Blobra", "Gayla", "Gesper", "Grat"],
    ["Squall", "Rinoa", "Edea", "Seifer", "Quistis", "Zell", "Irvine"],
]


def names_in_hand(state, player):
    return [state.game.cards[c].name for c in state.hands[player]]


def test_random_deals_five_cards_from_each_collection_by_the_seed():
    game = load(random=True)
    dealt = [set(), set()]
    hands = set()
    for seed in range(30):
        state = game.new_state(seed, decks=COLLECTIONS)
        for p in (0, 1):
            hand = names_in_hand(state, p)
            assert len(hand) == 5 and len(set(hand)) == 5
            assert set(hand) <= set(COLLECTIONS[p])
            assert state.view(p)["brought"][p] == hand  # the deal is what the player brought
            dealt[p].update(hand)
        hands.add(tuple(names_in_hand(state, 0)))
        again = game.new_state(seed, decks=COLLECTIONS)
        assert again.to_notation() == state.to_notation()
    assert dealt == [set(COLLECTIONS[0]), set(COLLECTIONS[1])]
    assert len(hands) > 10


def test_without_random_the_hand_is_the_deck():
    state = load().new_state(3, decks=DECKS)
    assert [names_in_hand(state, p) for p in (0, 1)] == DECKS


def test_hand_size_rules():
    with pytest.raises(DeckError, match="exactly 5 cards; this one has 6"):
        load().new_state(0, decks=[COLLECTIONS[0][:6], DECKS[1]])
    with pytest.raises(DeckError, match="Random deals 5 cards from a collection; this one has 4"):
        load(random=True).new_state(0, decks=[COLLECTIONS[0][:4], COLLECTIONS[1]])
    with pytest.raises(DeckError, match="no card named 'Moogle'"):
        load().new_state(0, decks=[[*DECKS[0][:4], "Moogle"], DECKS[1]])
    with pytest.raises(DeckError, match="2 decks"):
        load().new_state(0, decks=[DECKS[0]])
    assert len(names_in_hand(load(random=True).new_state(0, decks=[DECKS[0], DECKS[1]]), 0)) == 5


# -- illegal actions ---------------------------------------------------------------------------
def snapshot(state):
    return state.to_notation(), json.dumps(state.to_json(), sort_keys=True)


def rejects(state, action, reason):
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=reason):
        state.apply(action, state.to_move)
    assert snapshot(state) == before


def test_placing_on_a_taken_cell_is_illegal():
    state = position(BASIC)
    rejects(state, state.parse_action("Iron Giant@1", state.to_move), "cell 1 is taken by Geezard")


def test_placing_a_card_not_in_hand_is_illegal():
    state = position(BASIC)
    rejects(state, state.parse_action("Buel@4", state.to_move), "Buel is not in your hand")  # rival's
    rejects(state, state.parse_action("Squall@4", state.to_move), "Squall is not in your hand")
    rejects(state, Place(999, 4, "Nobody"), "card id 999 does not exist")
    rejects(state, Place(0, 9, "Geezard"), "cell 9 does not exist")


def test_taking_while_placing_is_illegal():
    state = position(BASIC)
    rejects(state, Take(state.game.cards.find("Buel").id, "Buel"), "must place a card")


def test_actions_after_the_end_are_illegal():
    state = after(LAST_MOVE.format(1), "Geezard@8")
    assert state.is_terminal and state.legal_actions() == []
    rejects(state, Place(0, 0, "Geezard"), "the game is over")
    rejects(state, Take(0, "Geezard"), "the game is over")


def test_placing_or_taking_a_wrong_card_in_the_trade_is_illegal():
    text = LAST_MOVE.format(21).replace("trade=none", "trade=one")
    state = after(text, "Jelleye@8")
    assert state.to_move == 0 and state.pending.kind == "take"
    rejects(state, Place(0, 0, "Geezard"), "must take a card from the loser")
    own = state.game.cards.find("Funguar")  # player 0's own card
    rejects(state, Take(own.id, own.name), "Funguar is not among the loser's cards left to take")
