"""Forge & Fury rule points on cards where the wrong readings give another winner.

Each scenario is built so that a plausible misreading of the rulebook decides the other way:
the sum of the other two colours instead of the highest, rarity checked before the other
colours, and the end's strength counted over the recovery pile instead of the conquest pile.
"""

from __future__ import annotations

import pytest

import tcgkit
from conftest import SCENARIO, arrange, decks_with, play

# number, name, green, red, blue, rarity
PINNED = [
    (9, "Green Peak", 7, 5, 1, "normal"),  # red 5; highest other 7, but the others sum to 8
    (10, "Broad Sides", 6, 5, 6, "normal"),  # red 5; highest other 6, but the others sum to 12
    (11, "Low Rare", 3, 6, 2, "rare"),  # red 6; highest other 3, but rare
    (12, "High Normal", 7, 6, 2, "normal"),  # red 6; highest other 7, normal
    (13, "Heavy", 9, 9, 9, "normal"),  # strength 27, for the piles at the end
    (14, "Light", 1, 1, 2, "normal"),  # strength 4
]


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    path = tmp_path_factory.mktemp("pinned") / "cards.csv"
    rows = [*SCENARIO, *PINNED] + [
        (n, f"Filler {n}", 1 + n % 4, 1 + n % 3, 2, "normal") for n in range(101, 161) if n != 118
    ]
    path.write_text("number,name,green,red,blue,rarity\n" + "\n".join(",".join(map(str, r)) for r in rows))
    return tcgkit.load_game("forge-fury", card_file=path, mode="chama")


def card(game, number):
    return game.cards.find(f"#{number}").id


def round_of(game, mine, theirs, colour):
    """A real round: player 0 wins the opening mini-game, names ``colour``, both pick."""
    labels = [game.cards.cards[card(game, n)].label for n in (mine, theirs)]
    state = game.new_state(1, decks_with(game, [labels[0]], [labels[1]]))
    state = arrange(state, [[mine, 101, 102], [theirs, 103, 104]])
    play(state, "rps rock", "rps scissors", f"colour {colour}", f"pick #{mine}", f"pick #{theirs}")
    return next(e for e in reversed(state.events_since(0, None)) if e["kind"] == "reveal"), state


def test_a_tie_in_the_colour_goes_to_the_highest_other_colour_not_their_sum(game):
    # Green Peak's 7 beats Broad Sides' 6; summed, Broad Sides' 12 would beat 8.
    assert game.compare(card(game, 9), card(game, 10), 1) == ("other colours", 0)
    assert game.compare(card(game, 10), card(game, 9), 1) == ("other colours", 1)
    reveal, state = round_of(game, 9, 10, "red")
    assert reveal["step"] == "other colours" and reveal["winner"] == 0
    assert state.conquest[0] == [card(game, 10)] and state.conquest[1] == []


def test_rarity_is_checked_only_after_the_other_colours(game):
    # Equal red; High Normal's 7 beats Low Rare's 3 before rarity is looked at.
    assert game.compare(card(game, 11), card(game, 12), 1) == ("other colours", 1)
    reveal, state = round_of(game, 11, 12, "red")
    assert reveal["step"] == "other colours" and reveal["winner"] == 1
    assert state.conquest[1] == [card(game, 11)]


def test_rarity_decides_only_when_every_colour_is_equal(game):
    assert game.compare(card(game, 3), card(game, 4), 0) == ("rarity", 0)
    assert game.compare(card(game, 4), card(game, 3), 2) == ("rarity", 1)


def ended(game, conquered, kept):
    """The end of a Chama game: player p conquered ``conquered[p]`` and kept ``kept[p]``."""
    state = game.new_state(1, decks_with(game, [], []))
    ids = [[[card(game, n) for n in pile] for pile in side] for side in (conquered, kept)]
    state.decklists = (tuple(ids[1][0] + ids[0][1]), tuple(ids[1][1] + ids[0][0]))
    state.decks, state.hands = [[], []], [[], []]
    state.conquest, state.recovery = ids[0], ids[1]
    state.decisions = []
    state.check_invariants()
    state._end()
    return state


def test_the_end_tie_counts_strength_over_the_conquest_pile_not_the_recovery_pile(game):
    # Two cards each, no rare conquests. Conquests: Heavy (27) beats Light (4) for player 0;
    # the recovery piles say the opposite (Light 4 against Heavy 27).
    state = ended(game, ([13], [14]), ([14], [13]))
    assert state.outcome.scores == (2, 2)
    assert state.outcome.winner == 0 and "strength of the conquests" in state.outcome.reason
    swapped = ended(game, ([14], [13]), ([13], [14]))
    assert swapped.outcome.winner == 1


def test_rare_conquests_come_before_strength_at_the_end(game):
    # Player 1 conquered the rare Low Rare (strength 11), player 0 Heavy (27): rarity first.
    state = ended(game, ([13], [11]), ([14], [14]))
    assert state.outcome.winner == 1 and "rare cards conquered" in state.outcome.reason
