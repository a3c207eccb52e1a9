"""Sudden Death (Hasta la muerte): a draw restarts at once with each player's colour."""

from __future__ import annotations

from collections import Counter

import pytest

from tcgkit.kernel import IllegalAction
from tcgkit.kernel.rng import Rng

from .helpers import after, board, field, load, settle

# Player 0 (who moved first) plays Geezard #1 at 8 for a 5-5 draw: its top 1 meets Grat #12
# (bottom 3), its left 5 meets Gesper #7 (right 5). Player 0 brought 2,4,10,13,1 and
# player 1 brought 3,5,12,7,14, but Bite Bug #3 (player 1's) is player 0's colour now and
# Funguar #2 (player 0's) is player 1's.
DRAW = (
    "triple-triad rules={} board=2:1/3:0/4:0/5:1/10:0/12:1/13:0/7:1/- hands=1/14 "
    "decks=2,4,10,13,1/3,5,12,7,14 turn=0 game={}"
)


def test_a_draw_restarts_with_each_players_colour_and_the_second_mover_first():
    state = after(DRAW.format("sudden_death", 1), "Geezard@8")
    assert not state.is_terminal and state.outcome is None
    text = state.to_notation()
    assert field(text, "board") == "-/-/-/-/-/-/-/-/-"
    assert field(text, "hands") == "3,4,10,13,1/2,5,12,7,14"  # board cells in order, then hand
    assert field(text, "decks") == "2,4,10,13,1/3,5,12,7,14"  # what each brought: unchanged
    assert field(text, "game") == "2"
    assert state.to_move == 1  # player 0 moved first in the drawn game
    kinds = [(e["kind"], e.get("game"), e.get("first")) for e in state.events_since(0, None)]
    assert kinds[-2:] == [("end", 1, None), ("start", 2, 1)]
    assert state.view(None)["games"] == 2


def test_without_sudden_death_a_draw_ends_the_match():
    state = after(DRAW.format("-", 1), "Geezard@8")
    assert state.is_terminal and state.outcome.is_draw
    assert state.outcome.reason == "the board is full"


def test_the_restarted_game_is_played_to_the_end_from_the_new_hands():
    state = after(DRAW.format("sudden_death,trade=none", 1), "Geezard@8")
    assert {str(a).split("@")[0] for a in state.legal_actions()} == {
        "Funguar", "Blobra", "Grat", "Gesper", "Mesmerize",
    }
    moves = 0
    while not state.is_terminal and state.games == 2:
        state.apply(state.legal_actions()[-1], state.to_move)
        state.check_invariants()
        moves += 1
    assert moves == 9


@pytest.mark.parametrize(("limit", "game", "restarts"), [(0, 1, False), (1, 1, True), (1, 2, False),
                                                          (5, 5, True), (5, 6, False)])
def test_the_restart_limit(limit, game, restarts):
    rules = f"sudden_death,sudden_death_limit={limit}"
    state = after(DRAW.format(rules, game), "Geezard@8")
    assert state.is_terminal != restarts
    if not restarts:
        assert state.outcome.is_draw
        assert state.outcome.reason == (
            f"still a draw after {game - 1} Sudden Death restart(s), the limit"
        )
        assert state.outcome.details["games"] == game


def test_a_draw_at_the_limit_trades_only_under_direct():
    rules = "sudden_death,sudden_death_limit=0,trade={}"
    for trade in ("one", "difference", "all", "none"):
        state = after(DRAW.format(rules.format(trade), 1), "Geezard@8")
        assert state.is_terminal and state.outcome.details["trade"] == []
    state = after(DRAW.format(rules.format("direct"), 1), "Geezard@8")
    assert sorted(map(tuple, state.outcome.details["trade"])) == [
        ("Bite Bug", 1, 0), ("Funguar", 0, 1),
    ]


# -- trades after restarts take from the cards each player brought ------------------------------
# Game 2: player 1 (first this game) plays Mesmerize #14 at 8; its left 4 beats Bite Bug #3
# (right 3) at 7: 6-4 for player 1. Player 0 brought 2,4,10,13,1 and holds Geezard #1.
SECOND_GAME = (
    "triple-triad rules=sudden_death,trade={} board=2:1/4:0/5:1/10:0/12:1/7:1/13:0/3:0/- "
    "hands=1/14 decks=2,4,10,13,1/3,5,12,7,14 turn=1 game=2"
)
PLAYER0_BROUGHT = ["Funguar", "Red Bat", "Caterchipillar", "Buel", "Geezard"]


def test_trade_all_after_a_restart_takes_the_five_cards_the_loser_brought():
    state = after(SECOND_GAME.format("all"), "Mesmerize@8")
    assert board(state) == "2:1/4:0/5:1/10:0/12:1/7:1/13:0/3:1/14:1"
    assert state.outcome.winner == 1 and state.outcome.scores == (4, 6)
    assert state.outcome.details["trade"] == [[name, 0, 1] for name in PLAYER0_BROUGHT]


def test_trade_one_after_a_restart_offers_the_cards_the_loser_brought():
    state = after(SECOND_GAME.format("one"), "Mesmerize@8")
    assert state.to_move == 1 and state.pending.kind == "take"
    assert [str(a) for a in state.legal_actions()] == [f"take {n}" for n in PLAYER0_BROUGHT]
    before = state.to_notation()
    with pytest.raises(IllegalAction, match="Bite Bug is not among the loser's cards"):
        # player 0 held it, player 1 brought it
        state.apply(state.parse_action("take Bite Bug", state.to_move), state.to_move)
    assert state.to_notation() == before
    state.apply(state.parse_action("take Red Bat", state.to_move), state.to_move)
    assert state.is_terminal
    assert state.outcome.details["trade"] == [["Red Bat", 0, 1]]


def test_trade_direct_after_a_restart_compares_final_colours_with_what_was_brought():
    state = after(SECOND_GAME.format("direct"), "Mesmerize@8")
    assert state.outcome.details["trade"] == [["Funguar", 0, 1]]
    assert settle(state) == [
        Counter(["Red Bat", "Caterchipillar", "Buel", "Geezard"]),
        Counter(["Bite Bug", "Blobra", "Grat", "Gesper", "Mesmerize", "Funguar"]),
    ]


# -- whole matches -----------------------------------------------------------------------------
def random_match(game, seed):
    """Play a random match; return the states seen at the start of every game."""
    state = game.new_state(seed)
    rng = Rng(seed)
    starts = [state.clone()]
    while not state.is_terminal:
        games = state.games
        state.apply(rng.choice(state.legal_actions()), state.to_move)
        state.check_invariants()
        if state.games != games:
            starts.append(state.clone())
    return state, starts


def test_random_matches_restart_alternating_the_first_player_up_to_the_limit():
    game = load(sudden_death=True, sudden_death_limit=2, elemental=True)
    restarted = 0
    for seed in range(80):
        end, starts = random_match(game, seed)
        assert len(starts) == end.outcome.details["games"] <= 3
        for before, start in zip(starts, starts[1:], strict=False):
            restarted += 1
            assert start.first == 1 - before.first
            assert start.to_move == start.first
            assert [len(h) for h in start.hands] == [5, 5]
            assert Counter(start.hands[0] + start.hands[1]) == Counter(
                start.brought[0] + start.brought[1]
            )
            assert start.brought == before.brought
    assert restarted >= 5


def test_each_restart_draws_new_elements_unless_fixed():
    for options, varies in (({}, True), ({"elements": "F.I.T.E.P"}, False)):
        game = load(sudden_death=True, sudden_death_limit=100, elemental=True, **options)
        layouts = set()
        for seed in range(80):
            _, starts = random_match(game, seed)
            if len(starts) > 1:
                layouts.update(tuple(s.elements) for s in starts)
        assert (len(layouts) > 2) == varies, layouts
