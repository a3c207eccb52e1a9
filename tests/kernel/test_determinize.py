"""kernel.determinize: unseen cards dealt into the zones a viewer cannot see."""

from __future__ import annotations

from collections import Counter

import pytest

import tcgkit
from tcgkit.kernel.determinize import deal_hidden, shuffle, unseen
from tcgkit.kernel.rng import Rng


def test_unseen_is_a_multiset_difference_in_list_order():
    assert unseen(["a", "b", "a", "c"], ["a", "c"]) == ["b", "a"]
    assert unseen(["a", "b"], []) == ["a", "b"]
    assert unseen(None, ["a"]) == []
    assert unseen(["a"], ["x"]) == ["a"]  # a card seen that the list lacks changes nothing


def view_zones() -> dict:
    """Player 0 sees its hand; player 1's hand and both decks are hidden."""
    return {
        "deck0": {"owner": 0, "count": 2},
        "hand0": {"owner": 0, "count": 2, "cards": ["a", "b"]},
        "pile0": {"owner": 0, "count": 1, "cards": ["c"]},
        "deck1": {"owner": 1, "count": 3},
        "hand1": {"owner": 1, "count": 2},
        "pile1": {"owner": 1, "count": 0, "cards": []},
    }


LISTS = {0: ["a", "b", "c", "d", "e"], 1: ["p", "q", "r", "s", "t"]}


def test_hidden_zones_get_the_unseen_cards_by_count():
    dealt = deal_hidden(view_zones(), LISTS, Rng(1))
    assert dealt["hand0"] == ["a", "b"] and dealt["pile0"] == ["c"] and dealt["pile1"] == []
    assert sorted(dealt["deck0"]) == ["d", "e"]
    assert len(dealt["deck1"]) == 3 and len(dealt["hand1"]) == 2
    assert sorted(dealt["deck1"] + dealt["hand1"]) == LISTS[1]


def test_the_deal_is_seeded_and_varies_with_the_seed():
    first = deal_hidden(view_zones(), LISTS, Rng(7))
    assert deal_hidden(view_zones(), LISTS, Rng(7)) == first
    hands = {tuple(deal_hidden(view_zones(), LISTS, Rng(s))["hand1"]) for s in range(30)}
    assert len(hands) > 5


def test_deck_of_routes_a_pile_of_the_rivals_cards():
    """Player 1's pile holds player 0's card "c" (a conquest): ``deck_of`` says so."""
    zones = view_zones()
    del zones["pile0"]
    zones["pile1"] = {"owner": 1, "count": 1, "cards": ["c"]}

    def deck_of(name, zone):
        return 0 if name == "pile1" else zone["owner"]

    dealt = deal_hidden(zones, LISTS, Rng(1), deck_of)
    assert sorted(dealt["deck0"]) == ["d", "e"]
    with pytest.raises(ValueError, match="player 0"):  # by owner, "c" would still be unseen
        deal_hidden(zones, LISTS, Rng(1))


def test_an_unknown_list_is_filled():
    calls = []

    def fill(player, n, seen, rng):
        calls.append((player, n, dict(seen)))
        return [f"x{i}" for i in range(n)]

    dealt = deal_hidden(view_zones(), {0: LISTS[0], 1: None}, Rng(2), fill=fill)
    assert calls == [(1, 5, {})]
    assert sorted(dealt["deck1"] + dealt["hand1"]) == [f"x{i}" for i in range(5)]


def test_counts_that_the_cards_cannot_fill_are_an_error():
    with pytest.raises(ValueError, match="player 1"):
        deal_hidden(view_zones(), {0: LISTS[0], 1: ["p"]}, Rng(1))


def test_shuffle_is_a_uniform_permutation():
    counts: Counter[tuple[int, ...]] = Counter()
    rng = Rng(3)
    for _ in range(6000):
        items = [0, 1, 2]
        shuffle(items, rng)
        counts[tuple(items)] += 1
    assert len(counts) == 6
    assert all(900 < n < 1100 for n in counts.values())  # 1000 each expected


def test_shuffle_keeps_the_cards_of_a_long_list():
    items = list(range(200))  # 200! needs several 64-bit words
    shuffle(items, Rng(4))
    assert sorted(items) == list(range(200)) and items != list(range(200))
    for short in ([], [1]):
        shuffle(short, Rng(1))


@pytest.mark.parametrize("options", [{"mode": "chama"}, {"mode": "brasa", "private_decklists": True}])
def test_forge_fury_determinize_keeps_the_view(options):
    game = tcgkit.load_game("forge-fury", **options)
    state = game.new_state(5)
    rng = Rng(6)
    checked = 0
    while not state.is_terminal:
        me = state.to_move
        view = state.view(me)
        other = game.determinize(view, Rng(checked))
        other.check_invariants()
        assert other.view(me) == view
        checked += 1
        state.apply(rng.choice(state.legal_actions()), state.to_move)
    assert checked > 20
