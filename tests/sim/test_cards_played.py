"""Per-card "played" for every game: the events each game declares as putting a card into play
(``Game.play_events``) name exactly the cards that left their player's hand by an action naming
them (a discard or a mulligan aside), over a replayed game."""

from __future__ import annotations

import random

import pytest

import tcgkit
from own_games import own_games
from tcgkit.sim.cards import card_facts, card_name, starting_cards


def hand(state, p: int) -> list[str]:
    cards = state.to_json()["zones"]["hand"][p]
    return [n for n in map(card_name, cards) if n is not None]


def left_hand(state, action, p: int) -> list[str]:
    """The cards ``action`` takes from ``p``'s hand into play (it names them; a discard, a
    mulligan does not play)."""
    before = hand(state, p)
    state.apply(action, p)
    for name in hand(state, p):
        if name in before:
            before.remove(name)
    text = str(action)
    return [] if text.split(" ", 1)[0] in ("discard", "mulligan") else [n for n in before if n in text]


@pytest.mark.parametrize("name", [entry.name for entry in own_games()])
def test_the_cards_played_are_those_a_replayed_game_puts_into_play_from_hand(name):
    game = tcgkit.load_game(name)
    for seed in range(2):
        state, pick, actions = game.new_state(seed), random.Random(seed), []
        while state.outcome is None:
            action = pick.choice(state.legal_actions())
            actions.append((state.to_move, action))
            state.apply(action, state.to_move)
        replay = game.new_state(seed)
        start = starting_cards(replay)
        if not any(start[0]):
            pytest.skip(f"{name}'s cards have no names (the kernel's test game): no per-card facts")
        expected: list[set[str]] = [set() for _ in range(game.num_players)]
        for p, action in actions:
            expected[p].update(left_hand(replay, action, p))
        played = [set(facts[2]) for facts in card_facts(replay, start)]
        assert played == expected, f"{name} seed {seed}"
        assert all(played)  # every player played something in a whole game
