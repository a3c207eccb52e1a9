"""Final Fantasy TCG choices the other legality tests pass by: a triggered text's cost that
cannot be paid, and a search for a card by name (found by mutation testing, docs/kernel.md)."""

from __future__ import annotations

import pytest

import tcgkit

from .rules_helpers import game_with_extra_cards, kinds, label, names, play, position, texts

EXTRAS = """
[[card]]
id = "tithe"
name = "Tithe"
type = "monster"
power = 1
luck = 1
world = true
text = "Ao jogar: descarte uma carta para comprar duas."

  [[card.abilities]]
  timing = "on_play"
  cost = [{ do = "discard", count = 1 }]
  effects = [{ do = "draw", count = 2 }]

[[card]]
id = "call"
name = "Call"
type = "action"
luck = 0

  [[card.abilities]]
  timing = "turn"
  effects = [{ do = "search_deck", name = "Cecil" }]

[[card]]
id = "offering"
name = "Offering"
type = "action"
luck = 0

  [[card.abilities]]
  timing = "turn"
  cost = [{ do = "discard", count = 1 }]
  effects = [{ do = "draw", count = 2 }]

[[card]]
id = "temple"
name = "Temple"
type = "city"
luck = 0
play = { check = "count", side = "you", place = "characters", at_least = 1 }

[[card]]
id = "market"
name = "Market"
type = "city"
luck = 0

  [[card.abilities]]
  timing = "activated"
  cost = [{ do = "discard", count = 1 }]
  effects = [{ do = "draw", count = 1 }]

  [[card.abilities]]
  timing = "activated"
  effects = [{ do = "draw", count = 1 }]

[[card]]
id = "bazaar"
name = "Bazaar"
type = "city"
luck = 0

  [[card.abilities]]
  timing = "activated"
  effects = [{ do = "draw", count = 1 }]

  [[card.abilities]]
  timing = "activated"
  effects = [{ do = "draw", count = 1 }]

[[card]]
id = "ambush"
name = "Ambush"
type = "action"
luck = 0

  [[card.abilities]]
  timing = "turn"
  condition = { check = "attacking_with", type = "monster" }
  effects = [{ do = "draw", count = 1 }]

[[card]]
id = "captain"
name = "Captain"
type = "character"
job = "Knight"
power = 2
luck = 0

  [[card.abilities]]
  timing = "activated"
  condition = { check = "attacking_with", type = "monster" }
  effects = [{ do = "draw", count = 1 }]
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    return game_with_extra_cards(tmp_path_factory.mktemp("cards"), EXTRAS, auto_forced=False)


def test_a_triggered_text_whose_cost_cannot_be_paid_is_dropped(game):
    state = position(game, {"hand": ["Tithe"]})
    play(state, f"play {label(state, 'Tithe', 'hand', 0)} world")
    assert kinds(state) == ["play"] and not state.hand[0] and texts(state) == ["end"]


def test_a_triggered_text_whose_cost_can_be_paid_runs(game):
    state = position(game, {"hand": ["Tithe", "Goblin"]})
    play(state, f"play {label(state, 'Tithe', 'hand', 0)} world")
    assert kinds(state) == ["play", "trigger", "discard", "draw", "draw"]
    assert names(state, "discard", 0) == ["Goblin"] and len(state.hand[0]) == 2


def test_a_search_by_name_offers_only_that_name(game):
    state = position(game, {"hidden": ["Call"], "deck": ["Cecil", "Cecil Paladin", "Fighter", "Cecil"]})
    play(state, f"turn {label(state, 'Call', 'hidden', 0)}")
    assert state.pending.kind == "search"
    assert sorted(texts(state)) == sorted(f"search {label(state, 'Cecil', 'deck', 0, n)}" for n in (0, 1))


def test_a_character_facing_several_monsters_is_one_fight(game):
    state = position(game, {"hand": ["Bull"], "world": ["Asp"]}, {"chars": ["Fighter", "Red Mage"]})
    play(state, f"play {label(state, 'Bull', 'hand', 0)} attack", "end")
    play(state, f"attack {label(state, 'Asp', 'world', 0)}", "done")
    fighter = label(state, "Fighter", "chars", 1)
    play(state, f"assign {label(state, 'Bull', 'attackers')} -> {fighter}",
         f"assign {label(state, 'Asp', 'attackers')} -> {fighter}")
    assert texts(state) == [f"fight {fighter}"]


@pytest.mark.parametrize("chars, playable", [(["Fighter"], True), ([], False)])
def test_a_city_with_a_play_requirement_is_played_only_when_it_holds(game, chars, playable):
    state = position(game, {"hand": ["Temple"], "chars": chars})
    temple = label(state, "Temple", "hand", 0)
    assert texts(state) == ([f"play {temple}"] if playable else []) + [f"hide {temple}", "end"]


def test_an_ability_whose_cost_cannot_be_paid_is_not_offered_and_the_next_one_is(game):
    state = position(game, {"cities": ["Market"]})
    assert texts(state) == [f"use {label(state, 'Market', 'cities', 0)} 1", "end"]
    state = position(game, {"cities": ["Market"], "hand": ["Bull"]})
    market = label(state, "Market", "cities", 0)
    assert [t for t in texts(state) if t.startswith("use")] == [f"use {market} 0", f"use {market} 1"]


def test_a_hidden_card_that_does_not_turn_leaves_the_next_one_turnable(game):
    state = position(game, {"hidden": ["Goblin", "Temper"]})
    assert texts(state) == [f"turn {label(state, 'Temper', 'hidden', 0)}", "end"]


def test_a_city_under_a_monster_offers_no_ability_and_the_next_city_still_does(game):
    state = position(game, {"cities": ["Midgar", "Bazaar"]}, {"city_mons": [("Goblin", "Midgar")]})
    bazaar = label(state, "Bazaar", "cities", 0)
    assert [t for t in texts(state) if t.startswith("use")] == [f"use {bazaar} 0", f"use {bazaar} 1"]


def test_each_ability_of_a_card_is_used_once_a_turn_on_its_own(game):
    state = position(game, {"cities": ["Bazaar"]})
    bazaar = label(state, "Bazaar", "cities", 0)
    play(state, f"use {bazaar} 0")
    assert [t for t in texts(state) if t.startswith("use")] == [f"use {bazaar} 1"]
    play(state, f"use {bazaar} 1")
    assert [t for t in texts(state) if t.startswith("use")] == []


def test_a_hidden_action_whose_cost_cannot_be_paid_does_not_turn(game):
    state = position(game, {"hidden": ["Offering"]})
    assert texts(state) == ["end"]
    state = position(game, {"hidden": ["Offering"], "hand": ["Bull"]})
    assert f"turn {label(state, 'Offering', 'hidden', 0)}" in texts(state)


SMALL_SET = """
[[card]]
id = "goblin"
name = "Goblin"
type = "monster"
power = 1
luck = 0
world = true

[[card]]
id = "fighter"
name = "Fighter"
type = "character"
job = "Fighter"
power = 3
luck = 0

[[card]]
id = "hammer"
name = "Hammer"
type = "item"
subtype = "weapon"
luck = 0

  [[card.abilities]]
  timing = "combat"
  cost = [{ do = "move", to = "self", zone = "discard" }]
  effects = [{ do = "modify_stat", stat = "power", amount = 2, to = "bearer" }]
  duration = "end_of_combat"
"""


def test_a_deck_without_efeito_texts_still_uses_its_luta_texts_in_a_fight(tmp_path):
    path = tmp_path / "small.toml"
    path.write_text(SMALL_SET)
    game = tcgkit.load_game("ff-tcg", card_files=(path,), max_copies=20, auto_forced=False)
    state = position(game, {"hand": ["Goblin"]}, {"chars": ["Fighter"], "items": [("Hammer", "Fighter")]})
    play(state, f"play {label(state, 'Goblin', 'hand', 0)} attack", "end", "done")
    fighter = label(state, "Fighter", "chars", 1)
    play(state, f"assign {label(state, 'Goblin', 'attackers')} -> {fighter}", f"fight {fighter}")
    assert texts(state) == [f"use {label(state, 'Hammer', 'items', 1)} 0", "done"]


def test_a_hidden_action_without_a_target_leaves_the_next_one_turnable(game):
    state = position(game, {"hidden": ["Temper", "Thunder"]}, {"world": ["Asp"]})
    thunder, asp = label(state, "Thunder", "hidden", 0), label(state, "Asp", "world", 1)
    assert texts(state) == [f"turn {label(state, 'Temper', 'hidden', 0)}", f"turn {thunder} -> {asp}", "end"]


def test_a_text_that_needs_another_attacking_monster_counts_the_card_of_id_zero(game):
    """Ambush and Captain need a monster in the attack other than themselves: the Goblin played
    to attack, dealt id 0 (the index of their abilities). Ids are drawn by the seed, so the test
    looks for a seed that gives the Goblin id 0."""
    spec = {"hand": ["Goblin"], "hidden": ["Ambush"], "chars": ["Captain"]}
    state = next(s for s in (position(game, spec, seed=seed) for seed in range(200))
                 if label(s, "Goblin", "hand", 0) == "Goblin#0")
    goblin, ambush = label(state, "Goblin", "hand", 0), label(state, "Ambush", "hidden", 0)
    captain = label(state, "Captain", "chars", 0)
    assert goblin == "Goblin#0" and texts(state) == [f"play {goblin} attack", f"hide {goblin}", "end"]
    play(state, f"play {goblin} attack")
    assert texts(state) == [f"turn {ambush}", f"use {captain} 0", "end"]
