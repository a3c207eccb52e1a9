"""The heuristic's weights (``FFTcgState.worth``, ``attack_outlook``), pinned in real positions.

The greedy and search agents play on these numbers (found by mutation testing, docs/kernel.md):
each test works a position's value out from the documented weights by hand.
"""

from __future__ import annotations

import pytest

from tcgkit.games.ff_tcg import FFTcg

from .rules_helpers import label, make_game, play, position


@pytest.fixture(scope="module")
def game() -> FFTcg:
    return make_game(auto_forced=False)


def test_material_counts_skulls_hand_hidden_characters_items_and_monsters(game):
    state = position(game, {"hand": ["Goblin", "Fire"], "hidden": ["Thunder"], "skulls": ["Bull"],
                            "chars": ["Fighter", "Cecil"], "wounded": ["Cecil"],
                            "items": [("Hammer", "Fighter")], "world": ["Asp", "Kraken"],
                            "city_mons": [("Hydra", "Midgar")]},
                     {"cities": ["Midgar"]})
    state.defeated[0] = 1
    mine = (4.0 * 1 + 0.3 * 2 + 0.2 * 1  # a skull, two cards in hand, one hidden
            + 3.0 + 0.2 * 3 + 1.5 + 0.2 * 3  # Fighter unwounded, Cecil wounded (power 3 each)
            + 0.5  # the Hammer
            + 0.6 + 0.1 * 2 + 0.6 + 0.1 * 6 + 0.6 + 0.1 * 5  # Asp, Kraken, Hydra on the rival's city
            - 30.0)  # a villain defeated
    assert state.worth(0) == pytest.approx(mine)
    assert state.worth(1) == pytest.approx(0.0)
    assert game.heuristic(state, 0) == pytest.approx(mine)
    assert game.heuristic(state, 1) == pytest.approx(-mine)
    state.result = (None, "turn limit")
    assert game.heuristic(state, 0) == 0.0
    state.result = (1, "7 skulls")
    assert game.heuristic(state, 0) == -1000.0 and game.heuristic(state, 1) == 1000.0


def test_attackers_with_nobody_to_stop_them_count_four_each(game):
    state = position(game, {"hand": ["Bull"], "world": ["Asp"]})
    play(state, f"play {label(state, 'Bull', 'hand', 0)} attack", "end")
    play(state, f"attack {label(state, 'Asp', 'world', 0)}")
    assert state.worth(0) == pytest.approx(2 * 4.0)
    assert state.worth(1) == pytest.approx(0.0)  # the outlook counts for the monster side only


def test_unassigned_attackers_are_judged_against_the_strongest_defender(game):
    state = position(game, {"hand": ["Bull"], "world": ["Asp"]},
                     {"chars": ["Cecil", "Red Mage"], "wounded": ["Cecil"]})
    play(state, f"play {label(state, 'Bull', 'hand', 0)} attack", "end")
    play(state, f"attack {label(state, 'Asp', 'world', 0)}", "done")
    # Bull 4 + Asp 2 beat Cecil (3, the strongest), who is wounded: 4 + 3.
    assert state.worth(0) == pytest.approx(4.0 + 3.0)
    play(state, f"assign {label(state, 'Bull', 'attackers')} -> {label(state, 'Red Mage', 'chars', 1)}")
    # Bull beats Red Mage (unwounded: 4 + 1.5); the Asp alone does not beat Cecil: -0.8.
    assert state.worth(0) == pytest.approx(4.0 + 1.5 - 0.8)


def test_a_defense_bonus_counts_in_the_outlook(game):
    state = position(game, {"hand": ["Bull"]},
                     {"chars": ["Fighter"], "items": [("Leather Armor", "Fighter")]})
    play(state, f"play {label(state, 'Bull', 'hand', 0)} attack", "end", "done")
    fighter = label(state, "Fighter", "chars", 1)
    play(state, f"assign {label(state, 'Bull', 'attackers')} -> {fighter}", f"fight {fighter}")
    assert state.worth(0) == pytest.approx(4.0 + 1.5)  # Bull 4 beats Fighter 3
    play(state, f"use {label(state, 'Leather Armor', 'items', 1)} 0")
    assert state.worth(0) == pytest.approx(-0.8)  # Fighter 3 + defense 3 holds


def test_a_character_gone_from_play_counts_as_beaten(game):
    state = position(game, {"hand": ["Bull"]}, {"chars": ["Fighter", "Red Mage"]})
    play(state, f"play {label(state, 'Bull', 'hand', 0)} attack", "end", "done")
    play(state, f"assign {label(state, 'Bull', 'attackers')} -> {label(state, 'Fighter', 'chars', 1)}")
    fighter = state.chars[1].pop(0)
    state.discard[1].append(fighter)
    assert state.worth(0) == pytest.approx(4.0 + 1.5)


@pytest.mark.parametrize("defenders, outlook", [
    (["Fighter", "Red Mage"], 4.0),  # Kraken 6 against 3 + 2: one more is enough
    (["Fighter", "Cecil"], -30.0),  # against 3 + 3: a tie is not enough for the villain
    (["Fighter", "Cecil Paladin"], -30.0),
])
def test_a_villain_must_beat_every_character_by_one(game, defenders, outlook):
    state = position(game, {"world": ["Kraken"]}, {"chars": defenders})
    play(state, "end", f"attack {label(state, 'Kraken', 'world', 0)}")
    assert state.fight_char == -1 and state.pending.kind == "window"
    assert state.worth(0) == pytest.approx(outlook)


def test_every_fight_of_the_attack_adds_to_the_outlook(game):
    state = position(game, {"hand": ["Goblin", "Asp"], "world": ["Bull", "Imp"]},
                     {"chars": ["Cecil Paladin", "Fighter", "Red Mage"], "wounded": ["Cecil Paladin"]})
    play(state, f"play {label(state, 'Goblin', 'hand', 0)} attack", "end")
    play(state, f"attack {label(state, 'Bull', 'world', 0)}", f"attack {label(state, 'Imp', 'world', 0)}",
         "done")
    paladin, fighter = label(state, "Cecil Paladin", "chars", 1), label(state, "Fighter", "chars", 1)
    play(state, f"assign {label(state, 'Goblin', 'attackers')} -> {paladin}",
         f"assign {label(state, 'Bull', 'attackers')} -> {fighter}",
         f"assign {label(state, 'Imp', 'attackers')} -> {paladin}")
    # Goblin 1 + Imp 1 do not beat the Paladin (4): -0.8 each; then Bull 4 beats Fighter 3: 4 + 1.5.
    hand = 0.3  # the Asp left in hand
    assert state.worth(0) == pytest.approx(hand - 0.8 * 2 + 4.0 + 1.5)
    # the wounded Paladin (4) counts less than the unwounded Fighter (3) and Red Mage (2)
    assert state.worth(1) == pytest.approx(1.5 + 0.2 * 4 + 3.0 + 0.2 * 3 + 3.0 + 0.2 * 2)
