"""Final Fantasy TCG combat: declaring, assigning, fights with luck, results, villains, the end."""

from __future__ import annotations

import json

import pytest

from tcgkit.games.ff_tcg import FFTcg
from tcgkit.kernel import IllegalAction

from .rules_helpers import ident, kinds, label, make_game, names, play, position

ZERO = ["Broadsword", "Shrine", "Fire", "Summon"]  # luck 0 on top of a deck: fights decided by power


@pytest.fixture
def game() -> FFTcg:
    return make_game(auto_forced=False)


def texts(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def attack(state, monster: str, *joined: str):
    """Play ``monster`` from hand to attack, end the play phase, join World monsters, done."""
    play(state, f"play {label(state, monster, 'hand', state.active)} attack", "end")
    for name in joined:
        play(state, f"attack {label(state, name, 'world', state.active)}")
    return play(state, "done")


def one_fight(state, monster: str, character: str):
    """The defender sends the one attacker against ``character``; both windows pass."""
    return play(state, f"assign {label(state, monster, 'attackers')} -> {character}", f"fight {character}",
                "done", "done")


def results(state) -> list[dict]:
    return [e for e in state.events_since(0, None) if e["kind"] == "fight_result"]


# -- declaring ------------------------------------------------------------------------------
def test_world_monsters_join_when_their_attack_requirement_holds(game):
    state = position(game, {"hand": ["Goblin"], "world": ["Wolf", "Asp"]}, {"chars": ["Fighter"]})
    play(state, f"play {label(state, 'Goblin', 'hand', 0)} attack", "end")
    wolf, asp = label(state, "Wolf", "world", 0), label(state, "Asp", "world", 0)
    assert texts(state) == [f"attack {asp}", "done"]  # Wolf sights an attacking Asp, none yet
    with pytest.raises(IllegalAction, match="player 0 must declare attackers"):
        state.apply(state.parse_action(f"attack {wolf}", state.to_move), state.to_move)
    play(state, f"attack {asp}")
    assert texts(state) == [f"attack {wolf}", "done"]
    play(state, f"attack {wolf}", "done")
    assert [state.t.label[c] for c in state.attackers][1:] == [asp, wolf] and state.pending.kind == "assign"


def test_monsters_on_the_rivals_cities_may_join_an_attack(game):
    state = position(game, {"hand": ["Asp"], "city_mons": [("Goblin", "Midgar")]},
                     {"cities": ["Midgar"], "chars": ["Fighter"]})
    play(state, f"play {label(state, 'Asp', 'hand', 0)} attack", "end")
    goblin = label(state, "Goblin", "city_mons", 1)
    assert texts(state) == [f"attack {goblin}", "done"]
    play(state, f"attack {goblin}", "done")
    assert not state.city_mons[1] and state.pending.kind == "assign"


def test_with_no_defending_character_every_attacker_wins(game):
    state = position(game, {"hand": ["Goblin"], "world": ["Asp"]}, {})
    attack(state, "Goblin", "Asp")
    assert names(state, "skulls", 0) == ["Goblin", "Asp"] and "luck" not in kinds(state)
    assert state.active == 1


def test_no_attack_and_no_clear_ends_the_turn(game):
    state = position(game, {"world": ["Asp"]}, {"chars": ["Fighter"]})
    play(state, "end", "done")
    assert state.active == 1 and "fight" not in kinds(state)


# -- a fight ------------------------------------------------------------------------------------
def test_the_defender_assigns_and_orders_the_fights(game):
    state = position(game, {"hand": ["Goblin"], "world": ["Asp"], "top": ZERO},
                     {"chars": ["Fighter", "Red Mage"], "top": ZERO})
    play(state, f"play {label(state, 'Goblin', 'hand', 0)} attack", "end",
         f"attack {label(state, 'Asp', 'world', 0)}", "done")
    goblin, asp = label(state, "Goblin", "attackers"), label(state, "Asp", "attackers")
    fighter, mage = label(state, "Fighter", "chars", 1), label(state, "Red Mage", "chars", 1)
    assert state.to_move == 1
    assert texts(state) == [f"assign {goblin} -> {fighter}", f"assign {goblin} -> {mage}"]
    play(state, f"assign {goblin} -> {mage}", f"assign {asp} -> {fighter}")
    assert state.pending.kind == "fight" and texts(state) == [f"fight {mage}", f"fight {fighter}"]
    play(state, f"fight {fighter}")
    assert state.to_move == 1 and state.pending.kind == "window"  # the defender's effects first
    play(state, "done")
    assert state.to_move == 0 and state.pending.kind == "window"
    play(state, "done")  # Fighter 3 + 0 beats Asp 2 + 0
    assert results(state)[-1] == {"kind": "fight_result", "characters_total": 3, "monsters_total": 2,
                                  "winner": "characters"}
    assert "Asp" in names(state, "discard", 0) and texts(state) == [f"fight {mage}"]
    play(state, f"fight {mage}", "done", "done")  # Red Mage 2 beats Goblin 1
    assert state.active == 1 and names(state, "skulls", 0) == []


def test_ties_go_to_the_monsters_and_a_wounded_character_that_loses_dies(game):
    # a tie: Asp (2) + luck 1 against Red Mage 2 + Hammer 1 + luck 0
    state = position(game, {"hand": ["Asp"], "top": ["Asp"]},
                     {"chars": ["Red Mage"], "items": [("Hammer", "Red Mage")], "top": ZERO})
    mage = label(state, "Red Mage", "chars", 1)
    attack(state, "Asp")
    play(state, f"assign {label(state, 'Asp', 'attackers')} -> {mage}", f"fight {mage}", "done", "done")
    assert results(state)[-1] == {"kind": "fight_result", "characters_total": 3, "monsters_total": 3,
                                  "winner": "monsters"}
    assert names(state, "skulls", 0) == ["Asp"] and state.wounded == {ident(mage)}
    # wounded, it loses again: it dies, and its Hammer goes with it
    state = position(game, {"hand": ["Bull"], "top": ZERO},
                     {"chars": ["Red Mage"], "wounded": ["Red Mage"], "items": [("Hammer", "Red Mage")],
                      "top": ZERO})
    mage = label(state, "Red Mage", "chars", 1)
    attack(state, "Bull")
    play(state, f"assign {label(state, 'Bull', 'attackers')} -> {mage}", f"fight {mage}", "done", "done")
    assert not state.chars[1] and not state.items[1] and not state.wounded
    assert {"Red Mage", "Hammer"} <= set(names(state, "discard", 1)) and "die" in kinds(state)


def test_each_side_adds_its_luck_card_which_then_goes_to_the_discard_pile(game):
    state = position(game, {"hand": ["Goblin"], "top": ["Lucky Star"]},  # luck 3: 1 + 3 = 4
                     {"chars": ["Fighter"], "top": ["Bull"]})  # 3 + 0
    fighter = label(state, "Fighter", "chars", 1)
    attack(state, "Goblin")
    one_fight(state, "Goblin", fighter)
    assert results(state)[-1]["monsters_total"] == 4 and results(state)[-1]["winner"] == "monsters"
    assert names(state, "discard", 0) == ["Lucky Star"] and names(state, "discard", 1) == ["Bull"]
    assert not state.luck


def test_luck_cards_may_go_to_the_bottom_of_the_deck():
    game = make_game(auto_forced=False, luck_card_to="deck_bottom")
    state = position(game, {"hand": ["Goblin"], "top": ["Lucky Star"]},
                     {"chars": ["Fighter"], "top": ["Bull"]})
    fighter = label(state, "Fighter", "chars", 1)
    attack(state, "Goblin")
    one_fight(state, "Goblin", fighter)
    assert state.t.label[state.deck[0][0]].startswith("Lucky Star") and not state.discard[0]


def test_several_monsters_against_one_character_sum_without_luck_and_the_attacker_picks_the_skull(game):
    state = position(game, {"hand": ["Goblin"], "world": ["Asp"], "top": ["Lucky Star"]},
                     {"chars": ["Fighter"], "top": ZERO})
    fighter = label(state, "Fighter", "chars", 1)
    attack(state, "Goblin", "Asp")
    goblin, asp = label(state, "Goblin", "attackers"), label(state, "Asp", "attackers")
    play(state, f"assign {goblin} -> {fighter}", f"assign {asp} -> {fighter}")
    play(state, f"fight {fighter}", "done", "done")
    assert results(state)[-1] == {"kind": "fight_result", "characters_total": 3, "monsters_total": 3,
                                  "winner": "monsters"}  # 1 + 2, no luck card for the monsters
    assert [e["player"] for e in state.events_since(0, None) if e["kind"] == "luck"] == [1]
    assert state.to_move == 0 and texts(state) == [f"skull {goblin}", f"skull {asp}"]
    play(state, f"skull {asp}")
    assert names(state, "skulls", 0) == ["Asp"] and "Goblin" in names(state, "discard", 0)
    assert state.wounded == {ident(fighter)}


def test_hammer_gives_one_and_discarded_two_until_the_end_of_the_fight(game):
    state = position(game, {"hand": ["Bull"], "world": ["Asp"], "top": ZERO},
                     {"chars": ["Red Mage"], "items": [("Hammer", "Red Mage")], "top": ZERO})
    mage, hammer = label(state, "Red Mage", "chars", 1), label(state, "Hammer", "items", 1)
    assert state.stat(ident(mage), "power") == 3
    attack(state, "Bull", "Asp")
    bull, asp = label(state, "Bull", "attackers"), label(state, "Asp", "attackers")
    play(state, f"assign {bull} -> {mage}", f"assign {asp} -> {mage}", f"fight {mage}")
    assert f"use {hammer} 1" in texts(state)
    play(state, f"use {hammer} 1")
    assert state.stat(ident(mage), "power") == 4  # 2 + 2: the static +1 left with the Hammer
    assert names(state, "discard", 1) == ["Hammer"]
    play(state, "done", "done")  # 4 against Bull 4 + Asp 2
    assert results(state)[-1]["characters_total"] == 4 and state.pending.kind == "skull"
    play(state, f"skull {bull}")
    assert state.stat(ident(mage), "power") == 2


def test_a_hidden_action_in_the_defenders_window(game):
    state = position(game, {"hand": ["Bull"], "top": ZERO},
                     {"chars": ["Fighter"], "hidden": ["Fire"], "top": ZERO})
    fighter, fire = label(state, "Fighter", "chars", 1), label(state, "Fire", "hidden", 1)
    attack(state, "Bull")
    bull = label(state, "Bull", "attackers")
    play(state, f"assign {bull} -> {fighter}", f"fight {fighter}")
    assert texts(state) == [f"turn {fire} -> {bull}", "done"]
    play(state, f"turn {fire} -> {bull}", "done", "done")  # Bull 4 - 2 against Fighter 3
    assert results(state)[-1] == {"kind": "fight_result", "characters_total": 3, "monsters_total": 2,
                                  "winner": "characters"}
    assert state.mods.entries == []  # end_of_combat modifiers expire after the fight


def test_extra_luck_and_a_cancelled_fight(game):
    state = position(game, {"hand": ["Bull"], "top": ZERO},
                     {"chars": ["Fighter"], "hidden": ["Lucky Star"], "top": ["Goblin", "Goblin"]})
    fighter = label(state, "Fighter", "chars", 1)
    attack(state, "Bull")
    play(state, f"assign {label(state, 'Bull', 'attackers')} -> {fighter}", f"fight {fighter}",
         f"turn {label(state, 'Lucky Star', 'hidden', 1)}", "done", "done")
    assert results(state)[-1]["characters_total"] == 7  # 3 + two luck cards of 2
    state = position(game, {"hand": ["Bull"], "top": ZERO}, {"chars": ["Fighter"], "hidden": ["Escape"]})
    fighter = label(state, "Fighter", "chars", 1)
    attack(state, "Bull")
    play(state, f"assign {label(state, 'Bull', 'attackers')} -> {fighter}", f"fight {fighter}",
         f"turn {label(state, 'Escape', 'hidden', 1)}")
    assert "cancelled" in kinds(state) and not results(state) and "Bull" in names(state, "discard", 0)
    assert state.active == 1 and not state.skulls[0]


def test_a_reward_fires_when_a_monster_wins(game):
    state = position(game, {"hand": ["Hydra"], "top": ZERO}, {"chars": ["Fighter", "Red Mage"], "top": ZERO})
    hand = len(state.hand[0])
    fighter = label(state, "Fighter", "chars", 1)
    attack(state, "Hydra")
    one_fight(state, "Hydra", fighter)
    assert "trigger" in kinds(state) and len(state.hand[0]) == hand - 1 + 1  # played Hydra, drew one


# -- villains ------------------------------------------------------------------------------------
def villain_position(game: FFTcg, characters: list[str], top: list[str]):
    return position(game, {"world": ["Garland", "Asp", "Wolf", "Bull"], "hand": ["Goblin"], "top": ZERO},
                    {"chars": characters, "top": top})


def test_a_villain_attacks_when_its_requirement_holds_and_sacrifices(game):
    state = villain_position(game, ["Fighter", "Red Mage"], ZERO)
    play(state, "end")
    garland = label(state, "Garland", "world", 0)
    assert f"attack {garland}" not in texts(state)  # the opponent has two characters, not three
    state = villain_position(game, ["Fighter", "Red Mage", "Cecil"], ZERO)
    play(state, f"play {label(state, 'Goblin', 'hand', 0)} attack", "end")
    garland = label(state, "Garland", "world", 0)
    play(state, f"attack {garland}")
    assert state.pending.kind == "sacrifice" and state.to_move == 0  # Garland's text: two of your monsters
    assert len(state.legal_actions()) == 4  # Asp, Wolf, Bull in the World and the attacking Goblin
    play(state, f"sacrifice {label(state, 'Asp', 'world', 0)}")
    play(state, f"sacrifice {label(state, 'Wolf', 'world', 0)}")
    # the other attackers are discarded; Garland fights all three characters at once
    assert [state.t.label[c] for c in state.attackers] == [garland]
    assert set(names(state, "discard", 0)) == {"Asp", "Wolf", "Goblin"}
    assert state.pending.kind == "window" and state.to_move == 1


def test_a_villain_that_wins_returns_to_the_world_and_its_owner_wounds_a_character(game):
    state = villain_position(game, ["Fighter", "Red Mage", "White Mage"], ZERO)  # 3 + 2 + 1 = 6 < 9
    play(state, "end", f"attack {label(state, 'Garland', 'world', 0)}")
    play(state, *[str(a) for a in state.legal_actions()[:1]])  # sacrifice a first monster
    play(state, *[str(a) for a in state.legal_actions()[:1]])
    hand = len(state.hand[0])
    play(state, "done", "done")
    assert results(state)[-1] == {"kind": "fight_result", "characters_total": 6, "monsters_total": 9,
                                  "winner": "monsters"}
    assert names(state, "world", 0)[-1] == "Garland" and not state.skulls[0]
    assert len(state.hand[0]) == hand + 2  # its reward
    assert state.pending.kind == "wound" and state.to_move == 0
    mage = label(state, "Red Mage", "chars", 1)
    play(state, f"wound {mage}")
    assert state.wounded == {ident(mage)} and state.active == 1


def test_a_villain_that_loses_is_discarded_and_its_owner_loses(game):
    state = villain_position(game, ["Fighter", "Cecil Paladin", "Cecil"], ["Lucky Star"])  # 3+4+3+3 = 13
    play(state, "end", f"attack {label(state, 'Garland', 'world', 0)}")
    play(state, *[str(a) for a in state.legal_actions()[:1]])
    play(state, *[str(a) for a in state.legal_actions()[:1]])
    play(state, "done", "done")
    assert [e["player"] for e in state.events_since(0, None) if e["kind"] == "luck"] == [1, 0]  # one each
    assert "Garland" in names(state, "discard", 0)
    assert state.is_terminal and state.outcome.winner == 1 and state.outcome.reason == "villain defeated"
    assert state.outcome.scores == (0.0, 1.0)


def test_an_unopposed_villain_wins_and_returns_to_the_world():
    game = make_game(auto_forced=False)
    state = position(game, {"world": ["Kraken"]}, {})
    play(state, "end", f"attack {label(state, 'Kraken', 'world', 0)}")
    assert names(state, "world", 0) == ["Kraken"] and not state.skulls[0] and state.active == 1


def test_more_villains_to_defeat_counts_defeats():
    game = make_game(auto_forced=False, villains_to_defeat=2)
    state = position(game, {"world": ["Kraken"], "top": ZERO},
                     {"chars": ["Cecil Paladin", "Fighter"], "top": ZERO})
    play(state, "end", f"attack {label(state, 'Kraken', 'world', 0)}", "done", "done")
    assert state.defeated == [1, 0] and not state.is_terminal


# -- the end ----------------------------------------------------------------------------------------
def test_seven_skulls_lose(game):
    state = position(game, {"hand": ["Goblin"], "skulls": ["Asp"] * 4 + ["Wolf"] * 2}, {})
    attack(state, "Goblin")
    assert state.is_terminal and state.outcome.winner == 0 and state.outcome.reason == "7 skulls"
    assert state.outcome.details["skulls"] == [7, 0] and state.legal_actions() == []


def test_both_players_losing_at_once_is_a_draw():
    game = make_game(auto_forced=False, skulls_to_lose=3)
    state = position(game, {"hand": ["Goblin"], "skulls": ["Asp", "Asp"]}, {"skulls": ["Asp"] * 3})
    attack(state, "Goblin")
    assert state.outcome.winner is None and state.outcome.reason == "both players lost at once"
    assert state.outcome.scores == (0.5, 0.5)


def test_a_saved_state_resumes_in_the_middle_of_a_sacrifice(game):
    state = villain_position(game, ["Fighter", "Red Mage", "Cecil"], ZERO)
    play(state, "end", f"attack {label(state, 'Garland', 'world', 0)}")
    play(state, *[str(a) for a in state.legal_actions()[:1]])
    assert state.pending.kind == "sacrifice" and state.res.frames
    again = game.state_from_notation(state.to_notation())
    assert again.to_json() == state.to_json()
    for s in (state, again):
        play(s, str(s.legal_actions()[-1]), "done", "done")
    assert again.to_json() == state.to_json() and json.dumps(again.view(1)) == json.dumps(state.view(1))


def test_forced_decisions_are_taken_automatically_only_on_public_facts():
    game = make_game()
    state = position(game, {"hand": ["Bull"], "top": ZERO}, {"chars": ["Fighter"], "top": ZERO})
    play(state, f"play {label(state, 'Bull', 'hand', 0)} attack")  # nothing else to do: all forced
    assert results(state) and state.active == 1
    state = position(game, {"hand": ["Bull"], "top": ZERO},
                     {"chars": ["Fighter"], "hidden": ["Asp"], "top": ZERO})
    play(state, f"play {label(state, 'Bull', 'hand', 0)} attack")
    # a face-down card could be an action: the defender is asked even though only 'done' is legal
    assert state.to_move == 1 and state.pending.kind == "window" and texts(state) == ["done"]


def test_a_forced_move_that_would_tell_about_the_hand_is_still_asked():
    game = make_game(world_attacks_alone=True)
    state = position(game, {"world": ["Spy"], "hand": ["Fighter"], "top": ZERO},
                     {"chars": ["Fighter"], "top": ZERO})
    play(state, "end", f"attack {label(state, 'Spy', 'world', 0)}")  # then all is forced up to Spy's window
    # Spy's text reads its owner's hand (no monster there: unusable), so 'done' alone is asked
    assert state.to_move == 0 and state.pending.kind == "window" and texts(state) == ["done"]
