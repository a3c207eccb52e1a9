"""Final Fantasy TCG combat paths the other combat tests pass by: the monsters' luck after the
late windows, a villain that wins unopposed or leaves its own attack (found by mutation
testing, docs/kernel.md)."""

from __future__ import annotations

import pytest

import tcgkit

from .rules_helpers import CARDS, game_with_extra_cards, ident, kinds, label, make_game, names, play, position

ZERO = ["Broadsword", "Shrine", "Fire", "Summon"]  # luck 0 on top of a deck

EXTRAS = """
[[card]]
id = "martyr"
name = "Martyr"
type = "villain"
power = 8
luck = 1
text = "Ao atacar: descarte este vilão."

  [[card.abilities]]
  timing = "on_attack"
  effects = [{ do = "move", to = "self", zone = "discard" }]

[[card]]
id = "tyrant"
name = "Tyrant"
type = "villain"
power = 9
luck = 0
text = "Recompensa: destrua os personagens do rival."

  [[card.abilities]]
  timing = "on_win"
  effects = [{ do = "destroy", to = "rival_characters" }]

[[card]]
id = "shield"
name = "Shield"
type = "item"
subtype = "armor"
luck = 0

  [[card.abilities]]
  timing = "static"
  effects = [{ do = "modify_stat", stat = "defense", amount = 2, to = "bearer" }]

[[card]]
id = "assassin"
name = "Assassin"
type = "action"
luck = 0

  [[card.abilities]]
  timing = "turn"
  target = { choose = "card", side = "opponent", type = "character", in_fight = true }
  effects = [{ do = "destroy", to = "target" }]

[[card]]
id = "banish"
name = "Banish"
type = "action"
luck = 0

  [[card.abilities]]
  timing = "turn"
  target = { choose = "card", side = "opponent", type = "monster", in_fight = true }
  effects = [{ do = "destroy", to = "target" }]

[[card]]
id = "gamble"
name = "Gamble"
type = "action"
luck = 0

  [[card.abilities]]
  timing = "turn"
  condition = { check = "in_fight", role = "attacker" }
  effects = [{ do = "extra_luck", count = 1 }]
"""


@pytest.fixture(scope="module")
def game_with_extras(tmp_path_factory):
    return game_with_extra_cards(tmp_path_factory.mktemp("cards"), EXTRAS, auto_forced=False)


def results(state) -> list[dict]:
    return [e for e in state.events_since(0, None) if e["kind"] == "fight_result"]


@pytest.mark.parametrize("defender_top, totals, winner", [
    (ZERO, (3, 4), "monsters"),  # Asp 2 + Goblin's luck 2 against Fighter 3 + 0
    (["Lucky Star"], (6, 4), "characters"),  # against Fighter 3 + Lucky Star's 3
])
def test_after_the_late_windows_each_sides_luck_counts_for_it(defender_top, totals, winner):
    game = make_game(auto_forced=False, post_reveal_window=True)
    state = position(game, {"hand": ["Asp"], "top": ["Goblin"]}, {"chars": ["Fighter"], "top": defender_top})
    play(state, f"play {label(state, 'Asp', 'hand', 0)} attack", "end", "done")
    fighter = label(state, "Fighter", "chars", 1)
    play(state, f"assign {label(state, 'Asp', 'attackers')} -> {fighter}", f"fight {fighter}", "done", "done")
    assert state.pending.kind == "post_reveal"
    play(state, "done", "done")
    assert results(state)[-1] == {"kind": "fight_result", "characters_total": totals[0],
                                  "monsters_total": totals[1], "winner": winner}


def test_an_unopposed_villain_is_told_as_such():
    game = make_game(auto_forced=False)
    state = position(game, {"world": ["Kraken"]}, {})
    play(state, "end", f"attack {label(state, 'Kraken', 'world', 0)}")
    events = state.events_since(0, None)
    assert [e["kind"] for e in events].count("unopposed") == 1
    assert "fight" not in kinds(state) and names(state, "world", 0) == ["Kraken"]


def test_a_villain_that_leaves_its_own_attack_ends_the_combat(game_with_extras):
    game = game_with_extras
    state = position(game, {"world": ["Martyr"]}, {"chars": ["Fighter"]})
    play(state, "end", f"attack {label(state, 'Martyr', 'world', 0)}")
    assert names(state, "discard", 0) == ["Martyr"] and not state.attackers
    assert "fight" not in kinds(state) and state.active == 1 and state.pending.kind == "play"


def test_a_second_villain_defeat_loses_when_two_are_needed():
    game = make_game(auto_forced=False, villains_to_defeat=2)
    state = position(game, {"world": ["Kraken"], "top": ZERO},
                     {"chars": ["Cecil Paladin", "Fighter"], "top": ZERO})
    state.defeated[0] = 1  # Warmech fell earlier
    play(state, "end", f"attack {label(state, 'Kraken', 'world', 0)}", "done", "done")
    assert state.defeated == [2, 0] and state.result == (1, "villain defeated")


def test_a_fights_modifiers_end_with_it_before_the_next_fight():
    game = make_game(auto_forced=False)
    state = position(game, {"hand": ["Bull"], "world": ["Asp"], "top": ZERO},
                     {"chars": ["Fighter", "Red Mage"], "items": [("Hammer", "Fighter")], "top": ZERO})
    play(state, f"play {label(state, 'Bull', 'hand', 0)} attack", "end")
    play(state, f"attack {label(state, 'Asp', 'world', 0)}", "done")
    fighter, mage = label(state, "Fighter", "chars", 1), label(state, "Red Mage", "chars", 1)
    play(state, f"assign {label(state, 'Bull', 'attackers')} -> {fighter}",
         f"assign {label(state, 'Asp', 'attackers')} -> {mage}", f"fight {fighter}")
    play(state, f"use {label(state, 'Hammer', 'items', 1)} 1")  # discard it: power +2 in this fight
    assert state.stat(ident(fighter), "power") == 5
    play(state, "done", "done")
    assert results(state)[-1]["winner"] == "characters" and state.pending.kind == "fight"
    assert state.stat(ident(fighter), "power") == 3
    saved = state.to_json()  # between fights a save holds no fight, nor the extra luck of one
    assert (saved["fight_char"], saved["fight_mons"], saved["extra"]) == (None, [], [0, 0])
    assert state.view(0)["fight_power"] is None


def bull_fights_fighter(game, attacker: dict, defender: dict):
    """Bull attacks a Fighter; the defender's window passes: the attacker's window is open."""
    state = position(game, {"hand": ["Bull"], "top": ZERO, **attacker},
                     {"chars": ["Fighter"], "top": ZERO, **defender})
    play(state, f"play {label(state, 'Bull', 'hand', 0)} attack", "end", "done")
    fighter = label(state, "Fighter", "chars", 1)
    play(state, f"assign {label(state, 'Bull', 'attackers')} -> {fighter}", f"fight {fighter}")
    return state, fighter


def test_a_fight_whose_characters_are_gone_is_won_by_the_monsters_without_luck(game_with_extras):
    state, fighter = bull_fights_fighter(game_with_extras, {"hidden": ["Assassin"]}, {})
    play(state, "done", f"turn {label(state, 'Assassin', 'hidden', 0)} -> {fighter}", "done")
    assert results(state) == [{"kind": "fight_result", "characters_total": None, "monsters_total": None,
                               "winner": "monsters"}]
    assert "luck" not in kinds(state) and names(state, "skulls", 0) == ["Bull"]
    assert ident(fighter) not in state.wounded and state.active == 1


def test_a_villain_whose_characters_are_gone_returns_to_the_world(game_with_extras):
    state = position(game_with_extras, {"world": ["Kraken"], "hidden": ["Assassin"]}, {"chars": ["Fighter"]})
    play(state, "end", f"attack {label(state, 'Kraken', 'world', 0)}", "done")
    fighter = label(state, "Fighter", "chars", 1)
    play(state, f"turn {label(state, 'Assassin', 'hidden', 0)} -> {fighter}", "done")
    assert results(state)[-1]["winner"] == "monsters" and "luck" not in kinds(state)
    assert names(state, "world", 0) == ["Kraken"] and state.result is None and state.active == 1


def test_a_fight_whose_monsters_are_gone_ends_without_a_result(game_with_extras):
    state, fighter = bull_fights_fighter(game_with_extras, {}, {"hidden": ["Banish"]})
    play(state, f"turn {label(state, 'Banish', 'hidden', 1)} -> {label(state, 'Bull', 'attackers')}", "done",
         "done")
    assert results(state) == [] and "luck" not in kinds(state)
    assert names(state, "discard", 0)[-1] == "Bull" and not state.skulls[0] and state.active == 1


def test_extra_luck_for_the_monster_side_reveals_one_more_card(game_with_extras):
    state, fighter = bull_fights_fighter(game_with_extras, {"hidden": ["Gamble"]}, {})
    play(state, "done", f"turn {label(state, 'Gamble', 'hidden', 0)}", "done")
    luck = [e for e in state.events_since(0, None) if e["kind"] == "luck"]
    assert [e["player"] for e in luck] == [1, 0, 0]


def test_a_static_defense_bonus_counts_in_the_fight(game_with_extras):
    state, fighter = bull_fights_fighter(game_with_extras, {}, {"items": [("Shield", "Fighter")]})
    play(state, "done", "done")
    assert results(state)[-1] == {"kind": "fight_result", "characters_total": 5, "monsters_total": 4,
                                  "winner": "characters"}


def test_a_villain_whose_reward_leaves_nobody_to_wound_ends_the_fight(game_with_extras):
    state = position(game_with_extras, {"world": ["Tyrant"], "top": ZERO},
                     {"chars": ["Fighter"], "top": ZERO})
    play(state, "end", f"attack {label(state, 'Tyrant', 'world', 0)}", "done", "done")
    assert results(state)[-1]["winner"] == "monsters" and not state.chars[1]
    assert "wound" not in kinds(state) and state.active == 1 and state.pending.kind == "play"


def test_the_views_show_which_city_is_cleared_until_the_combat_ends():
    game = make_game(auto_forced=False)
    state = position(game, {"chars": ["Fighter"], "cities": ["Midgar"], "top": ["Bull"]},
                     {"city_mons": [("Goblin", "Midgar")], "top": ["Bull"]})
    midgar = label(state, "Midgar", "cities", 0)
    play(state, "end", f"clear {midgar}")
    assert state.to_json()["clear_city"] == ident(midgar)
    goblin, fighter = label(state, "Goblin", "attackers"), label(state, "Fighter", "chars", 0)
    play(state, f"assign {goblin} -> {fighter}", f"fight {fighter}", "done", "done")
    assert state.active == 1 and state.to_json()["clear_city"] is None


def test_a_character_gone_in_the_late_windows_loses_the_fight(tmp_path):
    path = tmp_path / "extras.toml"
    path.write_text(EXTRAS)
    game = tcgkit.load_game("ff-tcg", card_files=(CARDS, path), auto_forced=False, post_reveal_window=True)
    state, fighter = bull_fights_fighter(game, {"hidden": ["Assassin"]}, {})
    play(state, "done", "done")
    assert state.pending.kind == "post_reveal" and state.to_move == 1
    play(state, "done", f"turn {label(state, 'Assassin', 'hidden', 0)} -> {fighter}", "done")
    assert results(state)[-1] == {"kind": "fight_result", "characters_total": None, "monsters_total": None,
                                  "winner": "monsters"}
    assert names(state, "skulls", 0) == ["Bull"] and state.active == 1
