"""Forge & Fury's contracts with its callers: decks in, seeds, views, versions, clones.

Each test pins something a player, a replay or a searcher relies on (found by mutation
testing, docs/kernel.md): deck errors that name every problem and where, decks that a
seed deals the same way as when they are given, what each viewer is shown, the action
counter, and copies that play on alone.
"""

from __future__ import annotations

import pytest

from conftest import arrange, decks_with, play
from tcgkit.kernel.errors import DeckError, NotationError
from tcgkit.kernel.rng import Rng, derive_seed


@pytest.fixture
def game(make_game):
    return make_game(mode="chama")


def label(game, number):
    return game.cards.find(f"#{number}").label


def test_a_deck_error_names_every_problem_with_its_place(game):
    deck = [c.label for c in game.cards.cards[:50]]
    deck[1] = "No Such Card"
    deck[4] = deck[2]  # a second copy, after the unknown card
    problems = game.validate_deck(deck)
    assert len(problems) == 2
    assert problems[0].startswith("card 2: ")
    assert problems[1] == f"card 5: {deck[2]} is already card 3 (golden rule: one card per name and number)"
    with pytest.raises(DeckError) as err:
        game.new_state(1, [deck, decks_with(game, [])[0]])
    assert str(err.value) == "player 0's deck: " + "; ".join(problems)


def test_a_deck_may_name_its_cards_by_number_instead_of_label(game):
    by_label = decks_with(game, [], [])
    by_number = [[f"#{game.cards.find(text).number}" for text in deck] for deck in by_label]
    assert game.new_state(3, by_number).to_json() == game.new_state(3, by_label).to_json()
    one_by_number = [by_label[0][:7] + by_number[0][7:8] + by_label[0][8:], by_label[1]]
    assert game.new_state(3, one_by_number).to_json() == game.new_state(3, by_label).to_json()


def test_a_pool_exactly_as_big_as_a_deck_deals_a_random_deck(tmp_path):
    import tcgkit

    path = tmp_path / "cards.csv"
    rows = [f"{n},Card {n},{1 + n % 5},{1 + n % 7},{1 + n % 3},normal" for n in range(1, 51)]
    path.write_text("number,name,green,red,blue,rarity\n" + "\n".join(rows))
    game = tcgkit.load_game("forge-fury", card_file=path, mode="chama")
    state = game.new_state(2)
    assert sorted(state.decklists[0]) == sorted(state.decklists[1]) == list(range(50))
    small = tcgkit.load_game("forge-fury", card_file=path, mode="forja")
    with pytest.raises(DeckError, match="the card pool has 50 cards, a deck needs 100"):
        small.new_state(2)


def test_the_wrong_number_of_decks_is_named_for_the_mode(game, make_game):
    with pytest.raises(DeckError, match=r"^chama needs a deck per player, got 1 deck\(s\)$"):
        game.new_state(1, decks_with(game, []))
    brasa = make_game(mode="brasa")
    with pytest.raises(DeckError, match=r"^brasa needs one 50-card deck to split, got 2 deck\(s\)$"):
        brasa.new_state(1, decks_with(game, [], []))
    with pytest.raises(DeckError, match=r"^the Brasa deck: brasa needs a deck of 50 cards; this one has 49$"):
        brasa.new_state(1, [decks_with(game, [])[0][:49]])


def test_a_seed_deals_the_decks_of_its_deck_stream_and_no_other(game, make_game):
    # A replay may give the decks or only the seed: both must start the same game.
    for g in (game, make_game(mode="brasa")):
        for seed in (0, 5, 6):
            decks = g.sample_decks(Rng(derive_seed(seed, 1)))
            assert g.new_state(seed).to_json() == g.new_state(seed, decks).to_json()
    assert game.new_state().to_json() == game.new_state(0).to_json()
    assert game.new_state(5).decklists != game.new_state(6).decklists


def test_version_counts_every_applied_action(game):
    state = game.new_state(1, decks_with(game, [], []))
    assert state.version == 0
    moves = ["rps rock", "rps scissors", "colour red"]
    for n, text in enumerate(moves, start=1):
        play(state, text)
        assert state.version == n
    state.apply_unchecked(state.legal_actions()[0])  # a pick, by the searcher's trusted path
    assert state.version == 4
    play(state, f"pick {state.game.cards[state.hands[1][0]].label}")
    assert state.version == 5 and state.picks == [None, None] and state.rounds == 1


def test_apply_unchecked_plays_the_move_for_the_player_to_move(game):
    state = game.new_state(1, decks_with(game, [], []))
    checked = state.clone()
    for text in ("rps rock", "rps scissors", "colour blue"):
        state.apply_unchecked(state.parse_action(text, state.to_move))
        play(checked, text)
    assert state.to_json() == checked.to_json()
    assert state.colour == 2 and state.chooser == 0


def opened(game, hands):
    state = game.new_state(1, decks_with(game, ["Ash Example #001"], ["Blue Example #002"]))
    return arrange(state, hands)


def test_the_zones_are_the_decks_hands_picks_and_piles_each_with_its_visibility(game):
    state = play(opened(game, [[1, 101, 102], [2, 103, 104]]), "rps rock", "rps scissors",
                 "colour green", "pick #101")
    zones = state.view(0)["zones"]
    assert zones == {
        "deck0": {"owner": 0, "count": len(state.decks[0])},
        "hand0": {"owner": 0, "count": 2, "cards": [label(game, 1), label(game, 102)]},
        "pick0": {"owner": 0, "count": 1, "cards": [label(game, 101)]},
        "recovery0": {"owner": 0, "count": 0, "cards": []},
        "conquest0": {"owner": 0, "count": 0, "cards": []},
        "deck1": {"owner": 1, "count": len(state.decks[1])},
        "hand1": {"owner": 1, "count": 3},
        "pick1": {"owner": 1, "count": 0},
        "recovery1": {"owner": 1, "count": 0, "cards": []},
        "conquest1": {"owner": 1, "count": 0, "cards": []},
    }
    assert state.view(1)["zones"]["pick0"] == {"owner": 0, "count": 1}  # sealed
    play(state, "pick #104")  # Filler 101 (green 2) beats Filler 104 (green 1)
    zones = state.view(None)["zones"]
    assert zones["recovery0"]["cards"] == [label(game, 101)]
    assert zones["conquest0"]["cards"] == [label(game, 104)]
    assert zones["pick0"]["count"] == zones["pick1"]["count"] == 0
    assert zones["hand0"]["count"] == zones["hand1"]["count"] == 3


def test_picks_are_shown_to_both_players_while_a_tied_round_is_played_off(game):
    # Mirror and Twin Normal: equal in every colour and rarity, a tie decided by the mini-game.
    state = play(opened(game, [[5, 101, 102], [4, 103, 104]]), "rps rock", "rps scissors",
                 "colour red", "pick #5", "pick #4")
    assert state.pending.kind == "rps" and state.revealed
    rival = state.view(1)["zones"]
    assert rival["pick0"]["cards"] == [label(game, 5)] and rival["pick1"]["cards"] == [label(game, 4)]
    assert state.view(None)["zones"]["pick0"]["cards"] == [label(game, 5)]


def test_the_view_shows_the_opening_mini_game_and_only_the_viewers_own_sign(game):
    state = play(game.new_state(1, decks_with(game, [], [])), "rps paper")
    decklists = [[game.cards[c].label for c in state.decklists[p]] for p in (0, 1)]
    view = state.view(0)
    expected = {
        "colour": None, "chooser": 0, "rounds": 0, "first": None, "sudden": False, "purpose": "start",
        "caller": 0, "call": None, "ties": 0, "signs": ["paper", None], "decklists": decklists,
        "seen": ["signs"],
    }
    assert {key: view[key] for key in expected} == expected
    assert view["decisions"] == [{"player": 1, "kind": "rps", "secret": True}]  # player 0 has thrown
    assert state.view(1)["signs"] == [None, None] and state.view(None)["signs"] == [None, None]
    play(state, "rps paper")  # a tie: thrown again, the streak counted
    view = state.view(1)
    assert view["ties"] == 1 and view["signs"] == [None, None] and len(view["decisions"]) == 2


def test_the_view_during_a_round_shows_colour_chooser_and_scores(game):
    state = play(opened(game, [[6, 101, 102], [7, 103, 104]]), "rps rock", "rps paper",
                 "colour blue")
    view = state.view(0)
    assert (view["colour"], view["chooser"], view["first"], view["seen"]) == ("blue", 1, 1, [])
    assert view["signs"] == ["rock", "paper"]  # the mini-game is over: its signs are public
    play(state, "pick #7", "pick #6")  # Strong beats Weak: player 0 wins and names the next
    view = state.view(None)
    assert (view["colour"], view["chooser"], view["rounds"]) == (None, 0, 1)
    assert [seat.counters[0].value for seat in game.scene(view, [], []).seats] == [2, 0]


def test_the_view_shows_the_odd_even_call_while_the_fingers_are_shown(make_game):
    game = make_game(mode="chama", minigame="odd_even")
    state = play(game.new_state(1, decks_with(game, [], [])), "call odd")
    view = state.view(1)
    assert (view["purpose"], view["caller"], view["call"], view["ties"], view["signs"]) == \
        ("start", 0, True, 0, [None, None])
    play(state, "show 3")
    assert state.view(0)["signs"] == ["3", None]
    assert [d["player"] for d in state.view(0)["decisions"]] == [1]  # only player 1 still shows


def test_private_decklists_are_shown_only_to_their_owner(make_game):
    game = make_game(mode="chama", private_decklists=True)
    state = game.new_state(1, decks_with(game, [], []))
    lists = [[game.cards[c].label for c in state.decklists[p]] for p in (0, 1)]
    assert state.view(0)["decklists"] == [lists[0], None]
    assert state.view(1)["decklists"] == [None, lists[1]]
    assert state.view(None)["decklists"] == [None, None]


def test_the_invariant_check_finds_a_lost_or_duplicated_card_of_either_player(game):
    # check_invariants is what the fuzzer runs after every action.
    for p in (0, 1):
        state = game.new_state(1, decks_with(game, [], []))
        state.check_invariants()
        state.hands[p][0] = state.hands[p][1]
        with pytest.raises(AssertionError, match=f"^player {p}'s cards are lost, duplicated or not from"):
            state.check_invariants()


def test_a_round_cannot_start_with_unequal_or_empty_hands(game):
    state = play(game.new_state(1, decks_with(game, [], [])), "rps rock", "rps paper")
    data = state.to_json()
    zones = data["zones"]
    hands, decks = zones["hand"], zones["deck"]
    one_back = [decks[0] + hands[0][:1], decks[1]]
    uneven = {**data, "zones": {**zones, "hand": [hands[0][1:], hands[1]], "deck": one_back}}
    empty = {**data, "zones": {**zones, "hand": [[], []], "deck": [decks[p] + hands[p] for p in (0, 1)]}}
    for bad in (uneven, empty):
        with pytest.raises(NotationError, match="^state JSON: hands differ at a round's start$"):
            game.state_from_json(bad)
    game.state_from_json(data)  # the untouched state reads back


def test_a_clone_is_equal_and_plays_on_without_touching_the_original(game):
    state = play(opened(game, [[6, 5, 101], [7, 4, 103]]), "rps rock", "rps scissors",
                 "colour red", "pick #6", "pick #7", "colour red", "pick #5")
    assert state.recovery == [[game.cards.find("#6").id], []]
    before = state.to_json()
    copy = state.clone()
    assert copy.to_json() == before
    play(copy, "pick #4", "rps rock", "rps paper")  # a tie, then the round's mini-game
    while not copy.is_terminal:
        copy.apply(copy.default_action(copy.pending), copy.to_move)
    assert state.to_json() == before
    again = state.clone()
    play(again, "pick #4", "rps rock", "rps paper")
    while not again.is_terminal:
        again.apply(again.default_action(again.pending), again.to_move)
    assert again.to_json() == copy.to_json()


def test_default_action_is_the_first_card_in_hand_or_the_first_fixed_choice(game):
    state = play(opened(game, [[1, 101, 102], [2, 103, 104]]), "rps rock", "rps scissors")
    assert str(state.default_action(state.pending)) == str(state.parse_action("colour green", 0))
    play(state, "colour red")
    assert state.default_action(state.pending).card == game.cards.find("#1").id


def test_end_as_draw_ends_the_game_as_a_draw_with_the_reason(game):
    state = play(game.new_state(1, decks_with(game, [], [])), "rps rock", "rps paper")
    state.end_as_draw("decision limit")
    outcome = state.outcome
    assert (outcome.winner, outcome.reason, outcome.scores) == (None, "decision limit", (0, 0))


def test_the_heuristic_is_the_score_difference(game):
    state = play(opened(game, [[1, 101, 102], [2, 103, 104]]), "rps rock", "rps scissors",
                 "colour green", "pick #101", "pick #104")
    assert game.heuristic(state, 0) == 2.0 and game.heuristic(state, 1) == -2.0


def test_a_position_notation_reads_back_as_the_same_state(game):
    state = play(game.new_state(1, decks_with(game, [], [])), "rps rock", "rps paper", "colour red")
    assert game.state_from_notation(state.to_notation()).to_json() == state.to_json()


def test_determinize_and_redeal_keep_what_the_viewer_sees(game):
    state = play(opened(game, [[5, 101, 102], [4, 103, 104]]), "rps rock", "rps scissors",
                 "colour red", "pick #5")
    view = state.view(1)
    dealt = [game.determinize(view, Rng(seed)) for seed in range(4)]
    redealt = [game.redeal_hidden(state, 1, Rng(seed)) for seed in range(4)]
    for new in dealt + redealt:
        new.check_invariants()
        assert new.view(1) == view
        assert new.hands[1] == state.hands[1]
        assert game.state_from_json(new.to_json()).to_json() == new.to_json()  # a valid state
        copy = new.clone()  # searchers play their copies out
        while not copy.is_terminal:
            copy.apply(copy.default_action(copy.pending), copy.to_move)
    assert len({tuple(new.hands[0]) for new in dealt}) > 1
    assert len({tuple(new.hands[0]) for new in redealt}) > 1
