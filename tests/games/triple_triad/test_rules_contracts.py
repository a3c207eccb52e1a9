"""Triple Triad's contracts with its callers: seeds and decks, refusals, views, versions,
clones, searchers' copies and the invariant check.

Each test pins something a player, a replay or a searcher relies on (found by mutation
testing, docs/kernel.md).
"""

from __future__ import annotations

import pytest

from tcgkit.games.triple_triad import Place, Take
from tcgkit.kernel import DeckError, IllegalAction, refs
from tcgkit.kernel.actions import Decision
from tcgkit.kernel.rng import Rng, derive_seed
from tcgkit.kernel.scene import say

from .helpers import after, load, play_out, position
from .test_trades import LAST

HANDS = "triple-triad board=-/-/-/-/-/-/-/-/- hands=62,13,85,27,10/14,50,37,88,76 turn=1"


def names(game, ids):
    return [game.cards[c].name for c in ids]


def test_a_seed_deals_the_decks_of_its_deck_stream_and_no_other():
    # A replay may give the decks or only the seed: both must start the same game.
    for game in (load(), load(random=True), load(elemental=True)):
        for seed in (0, 5, 6):
            decks = game.sample_decks(Rng(derive_seed(seed, 1)))
            assert game.new_state(seed).to_json() == game.new_state(seed, decks).to_json()
    game = load()
    assert game.new_state().to_json() == game.new_state(0).to_json()
    assert game.new_state(5).brought != game.new_state(6).brought


def test_random_deals_five_of_each_collection_and_the_seed_picks_the_first_player():
    game = load(random=True)
    decks = game.sample_decks(Rng(3))
    assert len(decks[0]) == len(decks[1]) == 10
    states = [game.new_state(seed) for seed in range(12)]
    for state in states:
        assert [len(h) for h in state.hands] == [5, 5] and len(state.brought[0]) == 5
    assert {s.first for s in states} == {0, 1}
    assert {load(first_player=1).new_state(seed).first for seed in range(6)} == {1}


def test_deck_errors_name_the_player_and_every_problem():
    game = load()
    good = ["Geezard", "Funguar", "Bite Bug", "Red Bat", "Blobra"]
    with pytest.raises(DeckError, match=r"^Triple Triad needs 2 decks, got 1$"):
        game.new_state(1, [good])
    with pytest.raises(DeckError) as err:
        game.new_state(1, [good, ["Geezard", "Nobody", "Funguar", "Nothing"]])
    assert str(err.value) == (
        "player 1's deck: card 2: no card named 'Nobody'; card 4: no card named 'Nothing'; "
        "a hand is exactly 5 cards; this one has 4"
    )
    random = load(random=True)
    assert random.validate_deck(good[:4]) == ["Random deals 5 cards from a collection; this one has 4"]
    assert random.validate_deck(good) == []
    # a name spelled another way is found, and plays as the exact spelling does
    lower = [name.lower() for name in good]
    by_lower = game.new_state(2, [lower, good]).to_notation()
    assert by_lower == game.new_state(2, [good, good]).to_notation()


def test_version_counts_every_applied_action():
    state = position(LAST.format("one", 21))
    assert state.version == 0
    state.apply(state.parse_action("Jelleye@8", 0), 0)
    assert state.version == 1 and state.pending.kind == "take"
    state.apply(state.parse_action("take Grat", 0), 0)
    assert state.version == 2 and state.is_terminal
    fresh = position(HANDS)
    for n in (1, 2):
        fresh.apply(fresh.legal_actions()[0], fresh.to_move)
        assert fresh.version == n
    fresh.apply_unchecked(fresh.legal_actions()[0])
    assert fresh.version == 3


def test_apply_unchecked_places_and_takes_for_the_player_to_move():
    checked, trusted = position(LAST.format("one", 21)), position(LAST.format("one", 21))
    for text in ("Jelleye@8", "take Grat"):
        player = checked.to_move
        checked.apply(checked.parse_action(text, player), player)
        trusted.apply_unchecked(trusted.parse_action(text, player))
    assert trusted.to_json() == checked.to_json()


@pytest.mark.parametrize("action, message", [
    (Place(62, 9, "Abadon"), "cell 9 does not exist (cells are 0..8)"),
    (Place(62, -1, "Abadon"), "cell -1 does not exist (cells are 0..8)"),
    (Place(999, 0, "?"), "card id 999 does not exist"),
    (Place(110, 0, "?"), "card id 110 does not exist"),
    (Place(-1, 0, "?"), "card id -1 does not exist"),
    (Take(62, "Abadon"), "you must place a card, not take Abadon"),
])
def test_an_impossible_place_is_refused_by_name_and_changes_nothing(action, message):
    state = position(HANDS)
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(action, 1)
    assert str(err.value) == message
    assert state.to_json() == before


def test_a_taken_cell_and_a_card_not_in_hand_are_refused():
    state = position(HANDS)
    state.apply(state.parse_action("Mesmerize@4", 1), 1)
    game = state.game
    with pytest.raises(IllegalAction, match="^cell 4 is taken by Mesmerize$"):
        state.apply(Place(game.cards.find("Abadon").id, 4, "Abadon"), 0)
    with pytest.raises(IllegalAction, match="^Mesmerize is not in your hand$"):
        state.apply(Place(game.cards.find("Mesmerize").id, 0, "Mesmerize"), 0)


def test_the_winner_must_take_and_only_the_losers_cards_left():
    state = after(LAST.format("difference", 39), "Wendigo@8")
    with pytest.raises(IllegalAction, match="^you must take a card from the loser"):
        state.apply(Place(state.game.cards.find("Grat").id, 0, "Grat"), 0)
    state.apply(state.parse_action("take Grat", 0), 0)
    with pytest.raises(IllegalAction, match="^Grat is not among the loser's cards left to take$"):
        state.apply(Take(state.game.cards.find("Grat").id, "Grat"), 0)
    with pytest.raises(IllegalAction, match="^Funguar is not among the loser's cards left to take$"):
        state.apply(Take(state.game.cards.find("Funguar").id, "Funguar"), 0)


def test_hands_are_shown_to_their_owner_only_unless_open_or_the_game_is_over():
    state = position(HANDS)
    game = state.game
    hands = [names(game, state.hands[p]) for p in (0, 1)]
    view = state.view(0)
    assert view["zones"] == {
        "board": {"owner": None, "count": 0, "cards": [None] * 9},
        "hand0": {"owner": 0, "count": 5, "cards": hands[0]},
        "hand1": {"owner": 1, "count": 5},
    }
    state.apply(state.parse_action("Mesmerize@4", 1), 1)
    view = state.view(0)
    board = view["zones"]["board"]["cards"]
    assert board[4] == "Mesmerize" and view["owner"][4] == 1 and board.count(None) == 8
    assert {key: view[key] for key in ("elements", "games", "first", "brought", "taken", "trade_winner")} == {
        "elements": [None] * 9, "games": 1, "first": 1, "brought": [hands[0], None], "taken": [],
        "trade_winner": None,
    }
    assert view["seen"] == ["brought"]
    assert state.view(1)["brought"] == [None, hands[1]]
    assert state.view(None)["brought"] == [None, None]
    opened = load("open").state_from_notation(HANDS.replace("triple-triad", "triple-triad rules=open"))
    shown = opened.view(None)
    assert all("cards" in shown["zones"][f"hand{p}"] for p in (0, 1))
    assert shown["brought"] == hands and shown["seen"] == []


def test_the_winners_choice_and_the_end_show_both_hands_and_what_was_taken():
    state = after(LAST.format("one", 21), "Jelleye@8")
    view = state.view(None)
    assert state.hands_public() and view["zones"]["hand1"]["cards"] == ["Mesmerize"]
    assert view["trade_winner"] == 0 and [state.score(0), state.score(1)] == [6, 4]
    assert view["brought"][1] == ["Bite Bug", "Blobra", "Grat", "Gesper", "Mesmerize"]
    state.apply(state.parse_action("take Grat", 0), 0)
    assert state.view(1)["taken"] == ["Grat"] and state.hands_public()


def test_events_tell_the_start_each_placement_its_flips_the_end_and_the_take():
    state = after(LAST.format("one", 21), "Jelleye@8", "take Grat")
    assert [e.kind for e in state.events] == ["place", "flip", "end", "take"]
    place, flip, end, take = (e.data for e in state.events)
    assert place == {"player": 0, "card": "Jelleye", "cell": 8}
    assert flip == {"cell": 7, "to": 0, "cause": "basic"}
    assert end == {"game": 1, "scores": [6, 4]}
    assert take == {"player": 0, "card": "Grat"}
    start = load(elements="F........").new_state(3).events[0]
    assert start.kind == "start"
    assert start.data == {"game": 1, "first": start.data["first"], "elements": ["fire"] + [None] * 8}


def test_the_outcome_says_why_the_game_ended():
    state = after(LAST.format("none", 21), "Jelleye@8")
    assert (state.outcome.winner, state.outcome.reason) == (0, "the board is full")
    assert state.outcome.details["first"] == state.first and state.outcome.details["games"] == 1


def test_end_as_draw_is_a_draw_with_the_reason_and_no_trade():
    state = position(HANDS)
    state.end_as_draw("decision limit")
    outcome = state.outcome
    assert (outcome.winner, outcome.reason, outcome.scores) == (None, "decision limit", (5, 5))
    assert outcome.details == {"trade": [], "games": 1, "first": 1} and outcome.ranks == (0, 0)
    won = after(LAST.format("one", 21), "Jelleye@8")  # cut short while the winner chooses
    won.end_as_draw("decision limit")
    assert (won.outcome.winner, won.outcome.scores, won.outcome.ranks) == (None, (6, 4), (0, 0))
    assert won.clone().outcome == won.outcome  # a copy keeps the draw


def test_default_action_is_the_first_card_on_the_first_empty_cell_or_the_first_card_to_take():
    state = position(HANDS)
    assert str(state.default_action(state.pending)) == "Mesmerize@0"
    assert state.scene(0).pending.prompt == say("tt.prompt.place")
    assert state.game.messages()["tt.prompt.place"].text == "place a card from your hand on an empty cell"
    won = after(LAST.format("one", 21), "Jelleye@8")
    assert str(won.default_action(won.pending)) == "take Bite Bug"
    assert won.pending.player == 0  # the winner takes; every seat is told so alike
    take = say("tt.prompt.take", loser=refs.player(1))
    assert [won.scene(p).pending.prompt for p in (0, 1, None)] == [take] * 3


def test_the_heuristic_is_the_score_plus_the_levels_taken_by_the_trade_winner():
    state = after(LAST.format("difference", 39), "Wendigo@8", "take Grat", "take Gesper")
    game = state.game
    taken = (game.cards.find("Grat").level + game.cards.find("Gesper").level) / 100
    assert game.heuristic(state, 0) == pytest.approx(state.score(0) + taken)
    assert game.heuristic(state, 1) == pytest.approx(state.score(1) - taken)


def test_a_clone_is_equal_and_plays_on_without_touching_the_original():
    for rules in ("-", "elemental,same,plus,combo,trade=difference,sudden_death"):
        game = load(rules)
        state = game.new_state(11)
        for action in state.legal_actions()[:1]:
            state.apply(action, state.to_move)
        before = state.to_json()
        copy = state.clone()
        assert copy.to_json() == before and copy.rng.state == state.rng.state
        play_out(copy, 4)
        assert state.to_json() == before
        again = play_out(state.clone(), 4)
        assert again.to_json() == copy.to_json()


def test_a_clone_made_while_the_winner_chooses_owes_the_same_picks():
    state = after(LAST.format("difference", 39), "Wendigo@8")  # 7-3: two picks owed
    copy = state.clone()
    for s in (state, copy):
        s.apply(s.parse_action("take Grat", 0), 0)
        assert not s.is_terminal and s.pending.kind == "take"
        s.apply(s.parse_action("take Blobra", 0), 0)
    assert copy.to_json() == state.to_json() and copy.outcome == state.outcome
    assert copy.clone().outcome == state.outcome


def test_determinize_and_redeal_keep_what_the_viewer_sees():
    game = load("elemental")
    state = game.new_state(7)
    state.apply(state.legal_actions()[3], state.to_move)
    viewer = state.to_move
    view = state.view(viewer)
    dealt = [game.determinize(view, Rng(seed)) for seed in range(5)]
    redealt = [game.redeal_hidden(state, viewer, Rng(seed)) for seed in range(5)]
    for new in dealt + redealt:
        new.check_invariants()
        assert new.view(viewer) == view
        assert new.hands[viewer] == state.hands[viewer]
        play_out(new.clone(), 1)
    assert len({tuple(new.hands[1 - viewer]) for new in dealt}) > 1
    assert len({tuple(new.hands[1 - viewer]) for new in redealt}) > 1


@pytest.mark.parametrize("change, problem", [
    (lambda s: s.hands[0].__setitem__(0, s.hands[0][1]), "cards are lost or duplicated"),
    (lambda s: s.owner.__setitem__(0, 1), "cell 0 owner mismatch"),
    (lambda s: s.hands[1].pop(), "10 cards should be in the hands and on the board"),
    (lambda s: s.decisions.__setitem__(-1, Decision(0, "place")), "wrong player to move"),
])
def test_the_invariant_check_names_what_is_wrong(change, problem):
    state = position(HANDS)
    state.check_invariants()
    change(state)
    with pytest.raises(AssertionError) as err:
        state.check_invariants()
    assert problem in str(err.value).split("; ")


def test_the_invariant_check_finds_a_wrong_hand_size_for_the_mover():
    state = after(HANDS, "Mesmerize@4")
    state.hands[0].pop()
    with pytest.raises(AssertionError) as err:
        state.check_invariants()
    assert "wrong hand size" in str(err.value).split("; ")


def test_a_third_of_the_cells_get_an_element_each_element_alike():
    game = load("elemental")
    counts = [0] * 9
    for seed in range(400):
        for element in game.draw_elements(Rng(seed)):
            counts[element] += 1
    assert sum(counts[1:]) / sum(counts) == pytest.approx(1 / 3, abs=0.03)
    assert min(counts[1:]) > 0.7 * max(counts[1:])
    assert load().draw_elements(Rng(1)) == [0] * 9
    assert load(elements="F.I.T.E.P").draw_elements(Rng(1)) == [1, 0, 2, 0, 3, 0, 4, 0, 5]


@pytest.mark.parametrize("cell", range(9))
def test_the_legal_places_are_the_hands_cards_on_the_empty_cells_only(cell):
    # Geezard has card id 0: a cell holding it is taken like any other.
    board = ["-"] * 9
    board[cell] = "1:0"
    state = position(f"triple-triad board={'/'.join(board)} hands=2,3,4,5/6,7,8,9,10 turn=1")
    hand = state.hands[1]
    assert {(a.card, a.cell) for a in state.legal_actions()} == {
        (c, n) for c in hand for n in range(9) if n != cell
    }
    with pytest.raises(IllegalAction, match=f"^cell {cell} is taken by Geezard$"):
        state.apply(Place(hand[0], cell, state.game.cards[hand[0]].name), 1)
    view = state.view(1)
    shown = view["zones"]["board"]["cards"]
    assert shown[cell] == "Geezard" and view["owner"][cell] == 0 and shown.count(None) == 8


def test_a_player_cannot_place_out_of_turn_even_a_card_of_their_own_hand():
    state = position(HANDS)
    before = state.to_json()
    own = state.hands[0][0]
    with pytest.raises(IllegalAction):
        state.apply(Place(own, 0, state.game.cards[own].name), 0)
    assert state.to_json() == before


def test_trade_direct_counts_a_card_left_in_hand_after_a_restart():
    # Game 2 of a Sudden Death match: player 1 holds Funguar #2, brought by player 0, and
    # keeps it in hand while player 0 makes the last move: it is player 1's at the end.
    text = (
        "triple-triad rules=sudden_death,trade=direct board=4:0/10:0/13:0/3:0/-/5:0/12:1/7:1/14:1 "
        "hands=1/2 decks=2,4,10,13,1/3,5,12,7,14 turn=0 game=2"
    )
    state = after(text, "Geezard@4")
    assert state.is_terminal and state.outcome.winner == 0
    assert ["Funguar", 0, 1] in state.outcome.details["trade"]


def test_tripletriad_takes_its_options_as_keywords():
    from tcgkit.games.triple_triad import TripleTriad

    assert TripleTriad(plus=True, trade="all").options.plus is True
    assert TripleTriad(plus=True, trade="all").options.trade == "all"


def test_the_board_tables_are_the_three_by_three_grid():
    from tcgkit.games.triple_triad.rules import BOARD, _empty_cells
    from tcgkit.kernel.board import OFF

    # the neighbour on the top, right, bottom, left; OFF at the board's edge
    grid = {
        0: (OFF, 1, 3, OFF), 1: (OFF, 2, 4, 0), 2: (OFF, OFF, 5, 1),
        3: (0, 4, 6, OFF), 4: (1, 5, 7, 3), 5: (2, OFF, 8, 4),
        6: (3, 7, OFF, OFF), 7: (4, 8, OFF, 6), 8: (5, OFF, OFF, 7),
    }
    for cell, around in grid.items():
        assert BOARD.sides[cell] == around
        assert BOARD.touching[cell] == tuple((side, n, side ^ 2) for side, n in enumerate(around) if n != OFF)
        assert BOARD.walls[cell] == tuple(side for side, n in enumerate(around) if n == OFF)
    table = _empty_cells()
    assert len(table) == 512
    values = list(range(100, 109))
    for key, (empty, getter) in table.items():
        assert empty == tuple(c for c in range(9) if key[c])
        if len(empty) > 1:
            assert getter(values) == tuple(100 + c for c in empty)
        else:
            assert getter is None


def test_a_combo_reaches_the_corner_cell_0():
    # CHAIN of test_combo with Funguar #2 (right 1) at 0 instead of Ochu: the Bomb flipped
    # by Same at 1 beats it with its left 3.
    from .helpers import flips
    from .test_combo import CHAIN

    text = CHAIN.replace("board=28:1", "board=2:1").replace("decks=45,10,28", "decks=45,10,2")
    state = after(text.format("same,combo"), "Iron Giant@4")
    assert state.owner[0] == 0 and (0, "combo") in flips(state)


def test_clamp_keeps_a_lowered_1_at_1():
    # Geezard #1 (bottom 1, no element) on a fire cell: 1 - 1 = 0, clamped to 1, so Bomb's
    # top 2 from a plain cell still beats it.
    text = (
        "triple-triad rules=elemental,clamp elements=.F....... board=-/1:1/-/-/-/-/-/-/- "
        "hands=37,10,14,15,16/2,3,4,5 decks=37,10,14,15,16/1,2,3,4,5 turn=0"
    )
    state = after(text, "Bomb@4")
    assert state.owner[1] == 0
