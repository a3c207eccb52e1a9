"""Helpers for Forge & Fury scenarios: a small card file and hands arranged by JSON."""

from __future__ import annotations

import pytest

import tcgkit

# Scenario cards; filler cards 101.. make the pool big enough for every mode but Coleção.
SCENARIO = [
    (1, "Ash Example", 7, 5, 3, "normal"),  # the rulebook's tie example: player A
    (2, "Blue Example", 4, 5, 5, "normal"),  # ... and player B (red 5 each; 7 beats 5)
    (3, "Twin Rare", 6, 6, 2, "rare"),
    (4, "Twin Normal", 6, 6, 2, "normal"),
    (5, "Mirror", 6, 6, 2, "normal"),
    (6, "Strong", 10, 10, 10, "super_rare"),
    (7, "Weak", 1, 1, 1, "normal"),
    (8, "Link", 5, 5, 5, "rare"),
    (118, "Link", 3, 3, 3, "normal"),
]


@pytest.fixture(scope="session")
def card_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("cards") / "cards.csv"
    rows = [*SCENARIO]
    for n in range(101, 161):
        if n == 118:
            continue
        rows.append((n, f"Filler {n}", 1 + n % 4, 1 + n % 3, 2, "normal"))
    path.write_text(
        "number,name,green,red,blue,rarity\n" + "\n".join(",".join(map(str, r)) for r in rows)
    )
    return path


@pytest.fixture
def make_game(card_file):
    def make(**options):
        return tcgkit.load_game("forge-fury", card_file=card_file, **options)

    return make


def label(game, number):
    """The label of the (first) card with this number."""
    return next(c.label for c in game.cards.cards if c.number == number)


def arrange(state, hands):
    """The same state with ``hands[p]`` (card numbers) in player p's hand, swapped with
    cards from wherever they are in that player's deck (conservation holds)."""
    data = state.to_json()
    zones = data["zones"]
    for p, wanted in enumerate(hands):
        pool = zones["deck"][p] + zones["hand"][p]
        labels = [label(state.game, number) for number in wanted]
        for key in labels:
            pool.remove(key)
        zones["hand"][p] = labels
        zones["deck"][p] = pool
    return state.game.state_from_json(data)


def decks_with(game, *extra: list[str]):
    """Two legal decks of the game's size, each starting with the given labels."""
    pool = [c.label for c in game.cards.cards]
    decks = []
    for wanted in extra:
        rest = [label for label in pool if label not in wanted]
        decks.append(list(wanted) + rest[: game.deck_size - len(wanted)])
    return decks


def play(state, *texts):
    for text in texts:
        state.apply(state.parse_action(text, state.to_move), state.to_move)
    return state
