"""Final Fantasy TCG's turn outside combat where the other tests pass by: modifiers that last
until a combat that never comes, a hidden action that leaves the resolving zone by its own
text, a sacrifice that takes more than the card given, queued triggers in a saved game, and
texts that name a target they do not take (found by mutation testing, docs/kernel.md)."""

from __future__ import annotations

import pytest

from .rules_helpers import game_with_extra_cards, ident, kinds, label, names, play, position, texts

EXTRAS = """
[[card]]
id = "focus"
name = "Focus"
type = "action"
luck = 0

  [[card.abilities]]
  timing = "turn"
  effects = [{ do = "modify_stat", stat = "power", amount = 1, to = "my_monsters" }]
  duration = "end_of_combat"

[[card]]
id = "boomerang"
name = "Boomerang"
type = "action"
luck = 0

  [[card.abilities]]
  timing = "turn"
  effects = [{ do = "draw", count = 1 }, { do = "move", to = "self", zone = "hand" }]

[[card]]
id = "tribute"
name = "Tribute"
type = "action"
luck = 0

  [[card.abilities]]
  timing = "turn"
  effects = [{ do = "sacrifice", count = 2 }]

[[card]]
id = "twin"
name = "Twin"
type = "monster"
power = 1
luck = 0
world = true

  [[card.abilities]]
  timing = "on_play"
  target = { choose = "card", side = "opponent", place = "characters" }
  effects = [{ do = "wound", to = "target" }]

  [[card.abilities]]
  timing = "on_play"
  effects = [{ do = "draw", count = 1 }]

[[card]]
id = "echo"
name = "Echo"
type = "monster"
power = 1
luck = 0
world = true

  [[card.abilities]]
  timing = "on_play"
  effects = [{ do = "move", to = "target", zone = "hand" }]
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    return game_with_extra_cards(tmp_path_factory.mktemp("cards"), EXTRAS, auto_forced=False)


def test_an_until_combat_modifier_of_a_turn_without_combat_ends_with_the_turn(game):
    state = position(game, {"hidden": ["Focus"], "world": ["Asp"]})
    asp = ident(label(state, "Asp", "world", 0))
    play(state, f"turn {label(state, 'Focus', 'hidden', 0)}")
    assert state.stat(asp, "power") == 3
    play(state, "end", "done")  # no attack: no combat ends the modifier
    assert state.active == 1 and state.stat(asp, "power") == 2


def test_a_hidden_action_that_returns_itself_to_the_hand_stays_there(game):
    state = position(game, {"hidden": ["Boomerang"]})
    boomerang = label(state, "Boomerang", "hidden", 0)
    play(state, f"turn {boomerang}")
    assert boomerang in [state.t.label[c] for c in state.hand[0]]
    assert not state.discard[0] and not state.resolving[0] and texts(state)[-1] == "end"


def test_a_sacrifice_left_with_no_choice_takes_the_rest_without_asking(game):
    state = position(game, {"hidden": ["Tribute"], "chars": ["Fighter"], "items": [("Hammer", "Fighter")],
                            "world": ["Asp"]})
    play(state, f"turn {label(state, 'Tribute', 'hidden', 0)}")
    assert state.pending.kind == "sacrifice" and len(texts(state)) == 3
    play(state, f"sacrifice {label(state, 'Fighter', 'chars', 0)}")  # its Hammer goes with it: one left
    assert state.pending.kind == "play" and not state.chars[0] and not state.items[0] and not state.world[0]
    assert sorted(names(state, "discard", 0)) == ["Asp", "Fighter", "Hammer", "Tribute"]


def test_a_trigger_waiting_behind_a_target_is_saved_and_the_target_is_hit(game):
    state = position(game, {"hand": ["Twin"]}, {"chars": ["Fighter"]})
    twin = label(state, "Twin", "hand", 0)
    play(state, f"play {twin} world")
    assert state.pending.kind == "target"
    assert state.to_json()["res"]["triggers"] == [
        {"player": 0, "source": ident(twin), "ability": 1, "event": "on_play",
         "subjects": [{"kind": "card", "id": ident(twin)}]}]
    saved = game.state_from_json(state.to_json())
    fighter = label(saved, "Fighter", "chars", 1)
    hand = len(saved.hand[0])
    play(saved, f"target {fighter}")
    assert saved.is_wounded(ident(fighter)) and len(saved.hand[0]) == hand + 1


def test_a_text_that_names_its_target_without_taking_one_moves_nothing(game):
    state = position(game, {"hand": ["Echo"]})
    hand = len(state.hand[0])
    play(state, f"play {label(state, 'Echo', 'hand', 0)} world")
    assert kinds(state) == ["play", "trigger"] and len(state.hand[0]) == hand - 1
