"""Action features (``tcgkit.envs.features``): one row per token of every game's index, the
card a token names described by its values, and the exported policy layer they make."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from games import CONFIGS  # noqa: E402
from tcgkit.envs.core import layouts  # noqa: E402
from tcgkit.envs.features import action_features  # noqa: E402


@pytest.mark.parametrize(("cls", "options"), CONFIGS)
def test_every_token_has_a_row_that_names_its_class_or_block(cls, options):
    game = cls(options)
    index, _ = layouts(game)
    features = action_features(game)
    assert features.shape[0] == index.n and features.dtype == np.float32
    assert np.isfinite(features).all()
    assert (features.any(axis=1)).all(), "a token with no feature at all"


def test_a_pick_is_described_by_its_cards_values():
    """Forge & Fury: two picks differ where their cards' colour values differ, and a card's
    green value is in its row (scaled by the largest)."""
    import tcgkit
    from tcgkit.games.forge_fury.actions import Pick

    game = tcgkit.load_game("forge-fury", mode="brasa")
    index, _ = layouts(game)
    features = action_features(game)
    state = game.new_state(2)
    while not isinstance(state.legal_actions()[0], Pick):
        state.apply(state.legal_actions()[0], state.to_move)
    picks = state.legal_actions()
    rows = [features[index.tokens(a)[0]] for a in picks]
    greens = [game.values[a.card][0] for a in picks]
    top = max(max(v) for v in game.values)
    for row, green in zip(rows, greens, strict=True):
        assert np.isclose(row, green / top).any()
    assert len({r.tobytes() for r in rows}) == len({tuple(game.values[a.card]) for a in picks})


def test_a_place_carries_its_card_and_its_cell():
    """Triple Triad's flat Place(card, cell): the same card at two cells differs in the cell only."""
    import tcgkit

    game = tcgkit.load_game("triple-triad")
    index, _ = layouts(game)
    features = action_features(game)
    place = index.classes[next(c for c in index.classes if c.__name__ == "Place")]
    one, other = features[place.offset + 10 * 5 + 1], features[place.offset + 10 * 5 + 2]
    assert (one != other).sum() == 2


def test_a_cards_colour_values_are_also_one_hot_by_level():
    """Forge & Fury: beside the scaled values, each colour value 1..10 has a slot of its own
    in a pick's row, so two picks share a colour's slot exactly when that value is equal."""
    import tcgkit

    game = tcgkit.load_game("forge-fury", mode="chama")
    index, _ = layouts(game)
    features = action_features(game)
    pick = index.classes[next(c for c in index.classes if c.__name__ == "Pick")]
    rows = features[pick.offset + 1:pick.offset + 1 + len(game.cards)]  # place 0 is no card
    levels = []
    for c in range(3):  # the columns that are one exactly where a card has a given value
        slots = [j for j in range(rows.shape[1]) if set(rows[:, j]) == {0.0, 1.0}
                 and len({game.values[k][c] for k in np.flatnonzero(rows[:, j])}) == 1]
        by_value = {game.values[int(np.flatnonzero(rows[:, j])[0])][c]: j for j in slots}
        assert sorted(by_value) == list(range(1, 11))
        levels.append(by_value)
    for card in range(len(game.cards)):
        for c in range(3):
            assert rows[card, levels[c][game.values[card][c]]] == 1.0
