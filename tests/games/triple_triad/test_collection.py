"""Collections and trades: validated against the card data; cards move, never appear or vanish."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tcgkit.games.triple_triad import TripleTriad
from tcgkit.games.triple_triad.cards import default_cards
from tcgkit.games.triple_triad.collection import Collection, CollectionError, apply_transfers

CARDS = default_cards()
NAMES = [c.name for c in CARDS.cards[:12]]  # a small pool, so trades collide often


def test_of_validates_and_canonicalises_names():
    collection = Collection.of(CARDS, {"geezard": 2, "#2": 1, "Bite Bug": 0})
    assert collection.counts == {"Geezard": 2, "Funguar": 1}
    assert len(collection) == 3
    with pytest.raises(CollectionError, match="no card named 'Nope'"):
        Collection.of(CARDS, {"Nope": 1})
    with pytest.raises(CollectionError, match="whole number"):
        Collection.of(CARDS, {"Geezard": -1})
    with pytest.raises(CollectionError, match="whole number"):
        Collection.of(CARDS, {"Geezard": True})


def test_starter_is_one_of_each_level_1_and_2_card():
    starter = Collection.starter(CARDS)
    assert len(starter) == 22
    assert {CARDS.find(n).level for n in starter.counts} == {1, 2}
    assert set(starter.counts.values()) == {1}


def test_strongest_prefers_level_then_edges():
    collection = Collection.of(CARDS, ["Geezard", "Squall", "Funguar", "Quistis", "Grat", "Grat"])
    strongest = [c.name for c in collection.strongest(5)]
    assert strongest[:2] == ["Squall", "Quistis"]
    assert strongest.count("Grat") == 2


def test_remove_needs_the_cards():
    collection = Collection.of(CARDS, ["Geezard"])
    assert collection.remove(["geezard"]).counts == {}
    with pytest.raises(CollectionError, match="lacks Geezard"):
        collection.remove(["Geezard", "Geezard"])


def test_a_trade_from_a_real_game_moves_the_card():
    game = TripleTriad()
    state = game.new_state(3, [NAMES[:5], NAMES[5:10]])
    while not state.is_terminal:
        state.apply(state.legal_actions()[0], state.to_move)
    collections = [Collection.of(CARDS, NAMES[:5]), Collection.of(CARDS, NAMES[5:10])]
    after = apply_transfers(collections, state.outcome.details["trade"])
    assert sum(map(len, after)) == 10
    for name, giver, taker in state.outcome.details["trade"]:
        assert after[taker].count(name) == collections[taker].count(name) + 1
        assert after[giver].count(name) == collections[giver].count(name) - 1


def test_a_giver_without_the_card_changes_nothing():
    collections = [Collection.of(CARDS, ["Geezard"]), Collection.of(CARDS, ["Funguar"])]
    with pytest.raises(CollectionError, match="player 1 must give Geezard"):
        apply_transfers(collections, [["Funguar", 1, 0], ["Geezard", 1, 0]])
    assert collections[0].counts == {"Geezard": 1}
    assert collections[1].counts == {"Funguar": 1}


def test_malformed_transfers_are_refused():
    collections = [Collection.of(CARDS, ["Geezard"]), Collection.of(CARDS, [])]
    for bad, message in [
        (["Geezard", 0], "a transfer is"),
        (["Geezard", 0, 2], "no player 2"),
        (["Nope", 0, 1], "no card named 'Nope'"),
    ]:
        with pytest.raises(CollectionError, match=message):
            apply_transfers(collections, [bad])


collection_strategy = st.dictionaries(st.sampled_from(NAMES), st.integers(0, 3), max_size=8)
transfer_strategy = st.lists(
    st.tuples(st.sampled_from(NAMES), st.integers(0, 2), st.integers(0, 2)), max_size=10
)


@settings(max_examples=200, deadline=None)
@given(st.lists(collection_strategy, min_size=3, max_size=3), transfer_strategy)
def test_trades_never_make_or_lose_a_card(raw, transfers):
    collections = [Collection.of(CARDS, counts) for counts in raw]
    snapshot = [dict(c.counts) for c in collections]
    total = sum((Counter(c.counts) for c in collections), Counter())
    try:
        after = apply_transfers(collections, transfers)
    except CollectionError:
        gives = [Counter(n for n, g, _ in transfers if g == p) for p in range(3)]
        assert any(gives[p] - Counter(collections[p].counts) for p in range(3))
    else:
        assert sum((Counter(c.counts) for c in after), Counter()) == total
        for p in range(3):
            net = Counter(n for n, _, t in transfers if t == p)
            net.subtract(n for n, g, _ in transfers if g == p)
            for name in NAMES:
                assert after[p].count(name) == collections[p].count(name) + net[name]
    assert [dict(c.counts) for c in collections] == snapshot  # the inputs never change
