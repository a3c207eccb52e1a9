"""What a player has seen stays seen (the kernel's declared knowledge): a card shown, then put
on a deck or into a hand, is named where it lies in the views of those who saw it, and every
world re-dealt or determinized from their view keeps it there, until a shuffle."""

from __future__ import annotations

import pytest

import tcgkit
from tcgkit.kernel.rng import Rng
from tcgkit.kernel.state import FACE_DOWN

from .rules_helpers import ident, label, play, position


def stopped():
    """Player 0 turns Stop: player 1's Asp goes from their World to the top of their deck."""
    game = tcgkit.load_game("ff-tcg", auto_forced=False)
    state = position(game, {"hidden": ["Stop"]}, {"world": ["Asp"]})
    asp = label(state, "Asp", "world", 1)
    play(state, f"turn {label(state, 'Stop', 'hidden', 0)} -> {asp}")
    assert state.deck[1][-1] == ident(asp)
    return state, ident(asp)


def test_a_card_put_on_a_deck_from_the_world_is_known_on_top_in_every_world_dealt_from_a_view():
    state, asp = stopped()
    size = len(state.deck[1])
    for viewer in (0, 1):  # both saw it go there; its owner sees their deck no better
        view = state.view(viewer)
        assert view["zones"]["deck1"]["cards"] == [FACE_DOWN] * (size - 1) + [state.t.label[asp]]
        assert view["known"][viewer] == [asp]
        tops = set()
        for seed in range(8):
            world = state.game.determinize(view, Rng(seed))
            world.check_invariants()
            assert world.deck[1][-1] == asp and world.kind[asp] == state.kind[asp]
            assert world.view(viewer) == view
            redealt = state.game.redeal_hidden(state, viewer, Rng(seed))
            assert redealt.deck[1][-1] == asp and redealt.view(viewer) == view
            tops.add(tuple(redealt.deck[1][:-1]))
        assert len(tops) > 1  # the rest of the deck is dealt anew
    assert "cards" not in state.view(None)["zones"]["deck1"]  # a spectator knows nothing


def test_a_known_card_drawn_is_known_in_the_hand_and_a_shuffle_forgets_it():  # edge
    state, asp = stopped()
    state.draw(1, 1)  # the known top card, drawn
    hand = state.view(0)["zones"]["hand1"]["cards"]
    assert hand.count(FACE_DOWN) == len(hand) - 1 and state.t.label[asp] in hand
    for seed in range(5):
        world = state.game.determinize(state.view(0), Rng(seed))
        assert asp in world.hand[1] and world.view(0) == state.view(0)
    state.hand[1].remove(asp)
    state.deck[1].append(asp)
    state.shuffle_deck(1)  # as a search does: nobody knows where it lies now
    assert state.known == [set(), set()]
    assert "cards" not in state.view(0)["zones"]["deck1"]


def test_what_the_others_know_is_not_in_a_view_nor_in_a_world_dealt_from_it():
    state, asp = stopped()
    state.known[0].discard(asp)  # as if only player 1 had seen it
    view = state.view(0)
    assert view["known"] == [[], None] and "cards" not in view["zones"]["deck1"]
    world = state.game.determinize(view, Rng(1))
    assert world.known == [set(), set()] and world.view(0) == view


def test_the_observation_shows_the_known_card_from_the_state_as_from_the_view():
    np = pytest.importorskip("numpy")
    from tcgkit.envs.core import Table

    state, asp = stopped()
    state.draw(1, 1)
    observation = Table(state.game).observation
    for viewer in (0, 1):
        assert np.array_equal(observation.encode_state(state, viewer), observation.encode(state.view(viewer)))
    before = observation.encode_state(state, 0)
    state.known[0].clear()
    assert not np.array_equal(observation.encode_state(state, 0), before)  # the known card counted


def test_luck_cards_put_at_the_bottom_of_the_deck_stay_known_there():  # FF5, luck_card_to
    game = tcgkit.load_game("ff-tcg", luck_card_to="deck_bottom")
    state, rng = game.new_state(3), Rng(3)
    while not state.known[0] and not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()), state.to_move)
    assert state.known[0] == state.known[1]  # shown to both
    for p in (0, 1):
        bottom = [c for c in state.deck[p] if c in state.known[0]]
        assert bottom == state.deck[p][:len(bottom)]  # at the bottom, under the rest
    view = state.view(1)
    for seed in range(5):
        world = game.determinize(view, Rng(seed))
        assert world.view(1) == view
        assert all(world.deck[p][i] == state.deck[p][i] for p in (0, 1) for i in range(len(state.deck[p]))
                   if state.deck[p][i] in state.known[1])
