"""Trades (Reglas de pago): None, One, Difference, All, Direct; cards are never made or lost."""

from __future__ import annotations

from collections import Counter

import pytest

from tcgkit.kernel import IllegalAction

from .helpers import after, load, play_out, position, settle

# Player 0 (first) brought Funguar #2, Red Bat #4, Caterchipillar #10, Buel #13 and the
# card in hand; player 1 brought Bite Bug #3, Blobra #5, Grat #12, Gesper #7, Mesmerize #14.
# The last card goes to 8: its top meets Grat (bottom 3), its left meets Gesper (right 5).
LAST = "triple-triad rules=trade={} board=2:0/3:1/4:0/5:1/10:0/12:1/13:0/7:1/- hands={}/14"
LOSER = ["Bite Bug", "Blobra", "Grat", "Gesper", "Mesmerize"]
WINNER = ["Funguar", "Red Bat", "Caterchipillar", "Buel", "Jelleye"]


def win(trade, card=21):
    """Jelleye #21 (left 7) flips Gesper: 6-4. Wendigo #39 (7/3/1/6) flips Grat too: 7-3."""
    name = {21: "Jelleye", 39: "Wendigo"}[card]
    return after(LAST.format(trade, card), f"{name}@8")


def test_none_moves_nothing():
    state = win("none")
    assert state.is_terminal
    assert state.outcome.winner == 0
    assert state.outcome.details["trade"] == []
    assert settle(state) == [Counter(WINNER), Counter(LOSER)]


def test_one_lets_the_winner_take_one_of_the_losers_five():
    state = win("one")
    assert not state.is_terminal and state.outcome is None
    assert state.to_move == 0 and state.pending.kind == "take"
    assert [str(a) for a in state.legal_actions()] == [f"take {name}" for name in LOSER]
    # a card the winner flipped...
    state.apply(state.parse_action("take Gesper", state.to_move), state.to_move)
    assert state.is_terminal
    assert state.outcome.details["trade"] == [["Gesper", 1, 0]]
    assert settle(state) == [Counter([*WINNER, "Gesper"]), Counter(LOSER) - Counter(["Gesper"])]


def test_one_can_take_the_card_left_in_the_losers_hand():
    state = win("one")
    state.apply(state.parse_action("take Mesmerize", state.to_move), state.to_move)
    assert state.outcome.details["trade"] == [["Mesmerize", 1, 0]]


def test_the_hands_and_decks_are_shown_while_the_winner_chooses():
    state = win("one")
    view = state.view(1)
    assert view["decision"] == "take" and view["to_move"] == 0
    assert view["brought"][0] == WINNER
    assert view["zones"]["hand0"]["cards"] == []


def test_difference_takes_as_many_as_the_score_difference_one_at_a_time():
    state = win("difference", 39)
    assert state.outcome is None
    assert state.score(0) - state.score(1) == 4
    picked = []
    while not state.is_terminal:
        assert state.to_move == 0
        legal = [str(a) for a in state.legal_actions()]
        assert legal == [f"take {n}" for n in LOSER if n not in picked]
        choice = legal[len(picked) % len(legal)]
        state.apply(state.parse_action(choice, state.to_move), state.to_move)
        picked.append(choice[5:])
        state.check_invariants()
    assert len(picked) == 4
    assert state.outcome.details["trade"] == [[n, 1, 0] for n in picked]


def test_difference_of_two():
    state = win("difference")
    state.apply(state.parse_action("take Grat", state.to_move), state.to_move)
    assert not state.is_terminal
    with pytest.raises(IllegalAction, match="Grat is not among the loser's cards left to take"):
        state.apply(state.parse_action("take Grat", state.to_move), state.to_move)
    state.apply(state.parse_action("take Blobra", state.to_move), state.to_move)
    assert state.outcome.details["trade"] == [["Grat", 1, 0], ["Blobra", 1, 0]]


@pytest.mark.parametrize(
    ("owner", "hands", "winner", "score"),
    [("0", "-/10", 0, (9, 1)), ("1", "-/10", 1, (0, 10))],
)
def test_difference_is_capped_at_the_five_cards_brought(owner, hands, winner, score):
    cells = "/".join(f"{n}:{owner}" for n in range(1, 10))
    text = (
        f"triple-triad rules=trade=difference board={cells} hands={hands} "
        f"decks=1,2,3,4,5/6,7,8,9,10 turn=take{winner}"
    )
    state = position(text)
    assert (state.score(0), state.score(1)) == score
    assert state.picks_owed() == 5
    while not state.is_terminal:
        state.apply(state.legal_actions()[0], state.to_move)
    assert len(state.outcome.details["trade"]) == 5
    loser_brought = [state.game.cards[c].name for c in state.brought[1 - winner]]
    assert sorted(n for n, _, _ in state.outcome.details["trade"]) == sorted(loser_brought)


def test_all_takes_the_five_cards_the_loser_brought():
    state = win("all")
    assert state.is_terminal
    assert state.outcome.details["trade"] == [[n, 1, 0] for n in LOSER]
    assert settle(state) == [Counter(WINNER + LOSER), Counter()]


def test_direct_gives_every_card_to_its_final_colour():
    state = win("direct", 39)
    assert state.is_terminal
    assert sorted(map(tuple, state.outcome.details["trade"])) == [("Gesper", 1, 0), ("Grat", 1, 0)]
    assert settle(state) == [
        Counter([*WINNER[:4], "Wendigo", "Gesper", "Grat"]),
        Counter(["Bite Bug", "Blobra", "Mesmerize"]),
    ]


def test_direct_applies_on_a_draw_too():
    # 5-5, but Bite Bug (player 1's) is player 0's colour and Funguar (player 0's) player 1's.
    text = (
        "triple-triad rules=trade=direct board=2:1/3:0/4:0/5:1/10:0/12:1/13:0/7:1/- hands=1/14 "
        "decks=2,4,10,13,1/3,5,12,7,14 turn=0"
    )
    state = after(text, "Geezard@8")
    assert state.outcome.is_draw
    assert sorted(map(tuple, state.outcome.details["trade"])) == [
        ("Bite Bug", 1, 0), ("Funguar", 0, 1),
    ]


@pytest.mark.parametrize("trade", ["one", "difference", "all", "none"])
def test_on_a_draw_nothing_changes_hands(trade):
    state = after(LAST.format(trade, 1), "Geezard@8")  # Geezard flips nothing: 5-5
    assert state.is_terminal and state.outcome.is_draw
    assert state.outcome.details["trade"] == []


@pytest.mark.parametrize("trade", ["none", "one", "difference", "all", "direct"])
def test_trades_never_make_or_lose_a_card(trade):
    game = load(trade=trade, sudden_death=True)
    moved = 0
    for seed in range(60):
        state = play_out(game.new_state(seed), seed)
        brought = Counter()
        for p in (0, 1):
            brought.update(state.game.cards[c].name for c in state.brought[p])
        after_trade = settle(state)
        assert after_trade[0] + after_trade[1] == brought
        winner = state.outcome.winner
        transfers = state.outcome.details["trade"]
        moved += len(transfers)
        if trade == "direct" or winner is None:
            continue
        assert all(taker == winner for _, _, taker in transfers)
        expected = {
            "none": 0, "one": 1, "all": 5,
            "difference": min(5, state.score(winner) - state.score(1 - winner)),
        }[trade]
        assert len(transfers) == expected
        assert sum(after_trade[winner].values()) == 5 + expected
    assert moved > 0 or trade == "none"


# Walking away (RULES.md): the one who leaves loses by the widest margin and pays as the loser.
MIDGAME = "triple-triad rules=trade={} board=2:0/3:1/4:0/5:1/-/-/-/-/- hands=10,13,21/12,7,14"


@pytest.mark.parametrize("trade", ["none", "one", "difference", "all", "direct"])
def test_walking_away_pays_the_trade_of_the_widest_loss(trade):
    """Player 1 leaves while ahead on the board: player 0 still wins and takes what the
    trade rule gives the winner of the widest loss; the position itself is untouched."""
    state = position(MIDGAME.format(trade))
    before = state.to_notation()
    offered = []

    def choose(at_pick):
        offered.append([str(a) for a in at_pick.legal_actions()])
        return at_pick.parse_action("take Grat", 0)

    moved = state.forfeit_transfers(1, choose)
    names = [state.game.cards[card].name for card, giver, taker in moved
             if (giver, taker) == (1, 0)]
    assert len(names) == len(moved)
    assert state.to_notation() == before and not state.is_terminal
    if trade == "none":
        assert moved == [] and offered == []
    elif trade == "one":  # the winner's choice, among the five the loser brought
        assert offered == [[f"take {name}" for name in LOSER]] and names == ["Grat"]
    else:
        assert Counter(names) == Counter(LOSER) and offered == []


def test_the_pick_on_walking_away_must_be_a_legal_take():
    state = position(MIDGAME.format("one"))
    with pytest.raises(IllegalAction):
        state.forfeit_transfers(1, lambda at_pick: at_pick.parse_action("take Funguar", 0))
