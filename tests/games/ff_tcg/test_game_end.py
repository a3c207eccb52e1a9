"""Final Fantasy TCG: a game that ends leaves nothing pending, whatever ended it (issue 14, item 1).

With ``deckout_policy=lose`` a deck may run out in the middle of an effect (Red Mage: draw,
then discard): the game ends at once, and the effect's remaining steps, its pending choice,
queued triggers and the turn's next step all go with it.
"""

from __future__ import annotations

import tcgkit
from tcgkit.games.ff_tcg import FFTcgState
from tcgkit.kernel import Rng
from tcgkit.kernel.resolution import Resolution

from .rules_helpers import label, play, position


def assert_nothing_pending(state: FFTcgState) -> None:
    assert state.outcome is not None
    assert state.decisions == [] and state.legal_actions() == []
    assert state.res == Resolution()
    state.check_invariants()


def test_a_deck_out_in_the_middle_of_an_effect_leaves_no_choice_behind():
    game = tcgkit.load_game("ff-tcg", deckout_policy="lose", private_decklists=True)
    state = position(game, {"chars": ["Red Mage"], "deck": []}, {"chars": ["Fighter"]})  # an empty deck
    red_mage = label(state, "Red Mage", "chars", 0)
    play(state, f"use {red_mage} 0")  # draw, then discard
    outcome = state.outcome
    assert outcome is not None and (outcome.winner, outcome.reason) == (1, "deck out")
    # The Red Mage's draw found no card: the game ended there, its discard never ran.
    assert [e.kind for e in state.events[-2:]] == ["use", "end"]
    assert_nothing_pending(state)


def test_random_games_that_lose_by_deck_out_keep_their_invariants():
    game = tcgkit.load_game("ff-tcg", deckout_policy="lose", private_decklists=True, deck_size=40)
    reasons = set()
    for seed in range(12):
        state = game.new_state(seed)
        rng = Rng(seed)
        while state.decisions:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))], state.to_move)
            state.check_invariants()
        assert_nothing_pending(state)
        assert state.outcome is not None
        reasons.add(state.outcome.reason)
    assert "deck out" in reasons
