"""Instance ids by the seed (issue 9 item 7): an id tells nothing of the deck list's order.

The games with instance ids (Final Fantasy TCG, Conflictus Aeternus, the test game Brawl) are
checked the same way from their states: which card each id holds, against the deck lists given.
Triple Triad, Forge & Fury and High Card have none: a card there is named by what it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from tcgkit_brawl import Brawl

import tcgkit
from tcgkit.kernel import Rng, derive_seed
from tcgkit.kernel.errors import DeckError
from tcgkit.kernel.instances import INSTANCE_STREAM, by_id, instance_ids, instance_kinds

SEEDS = range(40)


def test_ids_are_the_players_block_permuted_by_the_seed():
    for seed in range(20):
        for player, first in ((0, 0), (1, 60)):
            ids = instance_ids(seed, player, 60, first)
            assert sorted(ids) == list(range(first, first + 60))
            assert ids == instance_ids(seed, player, 60, first)  # the seed decides
    assert instance_ids(1, 0, 60) != instance_ids(2, 0, 60)
    assert instance_ids(1, 0, 60) != instance_ids(1, 1, 60)
    # the kernel's shuffle on a stream of the seed's own, apart from the game's generator
    block = list(range(60, 70))
    Rng(derive_seed(7, INSTANCE_STREAM, 1)).shuffle(block)
    assert instance_ids(7, 1, 10, 60) == block


def test_the_first_card_of_a_list_gets_every_id_alike():
    counts = [0] * 10
    for seed in range(2000):
        counts[instance_ids(seed, 0, 10)[0]] += 1
    assert min(counts) > 150 and max(counts) < 250  # 200 each expected; deck-file order: all at 0


def test_by_id_puts_each_item_at_its_cards_id():
    assert by_id(("a", "b", "c"), [62, 60, 61], 60) == ("b", "c", "a")


# game -> (game, decks for new_state, state -> each player's card names in id order)
def ff_tcg() -> tuple[Any, list[list[str]], Callable[[Any], list[list[str]]]]:
    game = tcgkit.load_game("ff-tcg")
    size = game.options.deck_size

    def names(state: Any) -> list[list[str]]:
        labels = [label.rsplit("#", 1)[0] for label in state.t.label]
        return [labels[p * size:(p + 1) * size] for p in (0, 1)]

    return game, game.sample_decks(Rng(5)), names


def conflictus() -> tuple[Any, list[list[str]], Callable[[Any], list[list[str]]]]:
    game = tcgkit.load_game("conflictus")
    size, cards = game.options.deck_size, game.db.cards

    def names(state: Any) -> list[list[str]]:
        return [[cards[k].name for k in state.kind[p * size:(p + 1) * size]] for p in range(game.num_players)]

    return game, game.sample_decks(Rng(5)), names


def brawl() -> tuple[Any, list[list[str]], Callable[[Any], list[list[str]]]]:
    game = Brawl()
    by_id = {card.id: card.name for card in game.by_name.values()}

    def names(state: Any) -> list[list[str]]:
        return [[by_id[card] for card, owner in zip(state.cards, state.owners, strict=True) if owner == p]
                for p in range(game.num_players)]

    return game, game.sample_decks(Rng(5)), names


@pytest.mark.parametrize("setup", [ff_tcg, conflictus, brawl], ids=["ff-tcg", "conflictus", "brawl"])
def test_an_id_tells_nothing_of_the_deck_lists_order(setup):
    game, decks, names_of = setup()
    norm = [[text.lower() for text in deck] for deck in decks]
    first_cards: set[str] = set()
    follows = pairs = 0
    for seed in SEEDS:
        by_id_names = names_of(game.new_state(seed, decks))
        for p, deck in enumerate(norm):
            held = [name.lower() for name in by_id_names[p]]
            assert sorted(held) == sorted(deck)  # each player's ids hold exactly their list
            first_cards.add(held[0])
            # Numbered in list order, the card after id c in the list would be at id c + 1:
            # with the list public, one id seen would name its neighbours.
            where = {name: {i for i, n in enumerate(deck) if n == name} for name in set(deck)}
            for a, b in zip(held, held[1:], strict=False):
                pairs += 1
                follows += any(i + 1 in where[b] for i in where[a])
    assert len(first_cards) > 5  # the lowest id holds many cards over the seeds, not the list's first
    assert follows / pairs < 0.4  # list order: 1.0


def test_ff_ids_follow_instance_ids_and_the_view_lists_the_deck_sorted():
    game, decks, names_of = ff_tcg()
    size = game.options.deck_size
    for seed in range(3):
        state = game.new_state(seed, decks)
        for p in (0, 1):
            ids = instance_ids(seed, p, size, p * size)
            assert [state.t.label[c].rsplit("#", 1)[0] for c in ids] == decks[p]  # file card i: ids[i]
            assert state.view(1 - p)["decklists"][p] == sorted(decks[p])


def test_instance_kinds_shuffles_each_block_by_the_seed_alone() -> None:
    table = {"a": 0, "b": 1, "c": 2}
    decks = [["a", "a", "b", "c"], ["c", "b"]]
    kinds = instance_kinds(7, decks, lambda deck: [], table.__getitem__)
    assert sorted(kinds[:4]) == [0, 0, 1, 2] and sorted(kinds[4:]) == [1, 2]
    assert kinds == instance_kinds(7, decks, lambda deck: [], table.__getitem__)
    orders = {tuple(instance_kinds(seed, [list("abcabc")], lambda deck: [], table.__getitem__))
              for seed in range(20)}
    assert len(orders) > 1  # the order comes from the seed, not the deck file


def test_instance_kinds_names_the_player_and_every_problem() -> None:
    def problems(deck: list[str]) -> list[str]:
        return ["too short", "three copies of a"] if len(deck) < 3 else []

    with pytest.raises(DeckError, match=r"player 1's mons: too short; three copies of a"):
        instance_kinds(1, [["a", "b", "c"], ["a"]], problems, {"a": 0, "b": 1, "c": 2}.__getitem__,
                       noun="mons")
