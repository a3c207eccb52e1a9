"""Instance ids by the seed: a permutation of the player's block, from a stream of its own."""

from __future__ import annotations

import tcgkit
from tcgkit.kernel.instances import by_id, instance_ids


def test_ids_are_the_players_block_permuted_by_the_seed():
    for seed in range(20):
        for player, first in ((0, 0), (1, 60)):
            ids = instance_ids(seed, player, 60, first)
            assert sorted(ids) == list(range(first, first + 60))
            assert ids == instance_ids(seed, player, 60, first)  # the seed decides
    assert instance_ids(1, 0, 60) != instance_ids(2, 0, 60)
    assert instance_ids(1, 0, 60) != instance_ids(1, 1, 60)
    # the first card of the deck file gets every id of the block over many seeds
    assert len({instance_ids(seed, 0, 10)[0] for seed in range(200)}) == 10


def test_by_id_puts_each_item_at_its_cards_id():
    ids = [62, 60, 61]
    assert by_id(("a", "b", "c"), ids, 60) == ("b", "c", "a")


def test_ff_ids_tell_nothing_of_the_deck_files_order_and_the_view_lists_the_deck_sorted():
    game = tcgkit.load_game("ff-tcg")
    decks = game.sample_decks(tcgkit.kernel.Rng(5))
    size = game.options.deck_size
    for seed in range(3):
        state = game.new_state(seed, decks)
        ids = instance_ids(seed, 0, size)
        names = [state.t.label[c].rsplit("#", 1)[0] for c in ids]
        assert names == decks[0]  # the card of file index i carries id ids[i]
        assert state.view(1)["decklists"][0] == sorted(decks[0])
    first_ids = {instance_ids(seed, 0, size)[0] for seed in range(30)}
    assert len(first_ids) > 20
