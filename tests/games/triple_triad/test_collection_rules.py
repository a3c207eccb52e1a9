"""Triple Triad's collection rules as the front ends reach them: ``Game.collection()``."""

from __future__ import annotations

from collections import Counter

import pytest

import tcgkit
from tcgkit.kernel.collecting import CollectionError, collection_rules
from tcgkit.kernel.registry import list_games

from .helpers import load
from .test_cards import HEADER, TEN, write


def test_the_hook_says_what_the_options_ask():
    assert collection_rules(load("trade=none")).trades is False
    rules = collection_rules(load("trade=direct,random"))
    assert (rules.trades, rules.dealt, rules.standard, rules.hand_size) == (True, True, True, 5)


def test_only_triple_triad_keeps_collections():
    collecting = [e.name for e in list_games() if e.cls.collects_cards]
    assert collecting == ["triple-triad"]
    for entry in list_games():
        if not entry.cls.collects_cards:
            game = tcgkit.load_game(entry.name)
            assert game.collection() is None
            with pytest.raises(CollectionError, match="keeps no card collections"):
                collection_rules(game)


def test_a_real_match_from_collections_to_the_trade():
    rules = collection_rules(load("trade=all"))
    mine = rules.starter()
    hand = rules.choose(mine, None)  # the rules' own choice: the strongest five
    assert len(hand) == 5 and not mine.missing(hand)
    theirs = rules.opponent_hand(hand, seed=7)
    game = load("trade=all")
    levels = [[game.cards.find(name).level for name in h] for h in (hand, theirs)]
    assert levels[0] == levels[1]  # the AI's hand is matched card by card by level
    state = game.new_state(7, [hand, theirs])
    while not state.is_terminal:
        state.apply(state.legal_actions()[0], state.to_move)
    moved = rules.transfers(state.outcome.to_json())
    assert moved == [list(t) for t in state.outcome.details["trade"]]
    after = rules.settle([mine, rules.owned(theirs)], moved)
    assert len(after[0]) + len(after[1]) == len(mine) + 5  # moved, never made or lost
    winner = state.outcome.winner
    if winner is not None:
        assert len(after[winner]) == (len(mine) if winner == 0 else 5) + 5


def test_a_settlement_that_cannot_be_paid_moves_nothing():
    rules = collection_rules(load("trade=one"))
    poor, rich = rules.owned(["Geezard"]), rules.owned(["Funguar", "Funguar"])
    with pytest.raises(CollectionError, match="player 0 must give Squall"):
        rules.settle([poor, rich], [["Funguar", 1, 0], ["Squall", 0, 1]])
    assert (poor.counts, rich.counts) == ({"Geezard": 1}, {"Funguar": 2})


def test_a_hand_names_only_cards_held_and_random_deals_one():
    rules = collection_rules(load("random"))
    mine = rules.owned(["Geezard", "Funguar", "Bite Bug", "Red Bat", "Blobra"])
    assert rules.choose(mine, "geezard, #2, bite, 4, blobra") == [
        "Geezard", "Funguar", "Bite Bug", "Red Bat", "Blobra"]
    with pytest.raises(CollectionError, match="Squall is not in your collection"):
        rules.choose(mine, "Squall, Geezard, Funguar, Bite Bug, Red Bat")
    assert Counter(rules.deal(mine, seed=3)) == Counter(mine.counts)
    with pytest.raises(CollectionError, match="has 4 cards; a hand needs 5"):
        rules.deal(mine.remove(["Geezard"]), seed=3)


def test_walking_away_pays_by_the_trade_rule_in_names():
    game = load("trade=all")
    rules = collection_rules(game)
    hand = ["Geezard", "Funguar", "Bite Bug", "Red Bat", "Blobra"]
    state = game.new_state(1, [hand, rules.opponent_hand(hand, 1)])
    before = state.to_json()
    moved = rules.walk_away(state, 0, lambda at: at.legal_actions()[0])
    assert moved == [[name, 0, 1] for name in hand]
    assert state.to_json() == before
    with pytest.raises(CollectionError, match="not a Triple Triad position"):
        other = tcgkit.load_game("forge-fury")
        rules.walk_away(other.new_state(1), 0, lambda at: at.legal_actions()[0])


def test_an_imported_collection_holds_only_what_a_local_profile_can_win():
    rules = collection_rules(load())
    assert rules.import_problem(rules.starter().to_json()) is None
    assert "Geezard is named 2 times" in rules.import_problem({"Geezard": 1, "geezard": 1})
    assert "not Squall (level 10)" in rules.import_problem({"Squall": 1})


def test_a_game_of_another_card_file_plays_no_collection(tmp_path):
    assert collection_rules(load()).standard
    assert not collection_rules(load(card_file=write(tmp_path, HEADER + TEN))).standard


def test_a_collection_made_by_another_game_of_the_same_cards_is_read_by_its_names():
    game = tcgkit.load_game("triple-triad")
    other = collection_rules(load("same")).owned(["Squall"])
    assert collection_rules(game).table(other, "t").rows[0]["copies"] == 1
