"""Final Fantasy TCG: the play phase (one play, limits, World, cities, hidden cards, abilities),
pausing effects, illegal actions, notation and what each player may see."""

from __future__ import annotations

import json

import pytest

from tcgkit.games.ff_tcg import FFTcg
from tcgkit.games.ff_tcg.actions import Hide, Play
from tcgkit.kernel import IllegalAction, NotationError, Rng

from .rules_helpers import ident, kinds, label, make_game, names, play, position


@pytest.fixture
def game() -> FFTcg:
    return make_game(auto_forced=False)


def texts(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def refused(state, text: str, reason: str) -> None:
    """``text`` is illegal with ``reason`` and leaves the state exactly as it was."""
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction, match=reason):
        state.apply(state.parse_action(text, state.to_move), state.to_move)
    assert json.dumps(state.to_json(), sort_keys=True) == before


# -- one play per turn -----------------------------------------------------------------------
def test_one_play_per_turn_then_only_turns_uses_and_end(game):
    state = position(game, {"hand": ["Fighter", "Asp", "Fire"]})
    fighter, asp, fire = (label(state, n, "hand", 0) for n in ("Fighter", "Asp", "Fire"))
    expected = {f"play {fighter}", f"play {asp} world", f"play {asp} attack", f"hide {fire}", "end"}
    assert expected <= set(texts(state))
    assert f"play {fire}" not in texts(state)  # actions are only played face down
    play(state, f"play {fighter}")
    assert names(state, "chars", 0) == ["Fighter"] and texts(state) == ["end"]
    refused(state, f"play {asp} world", "one card is played per turn")
    refused(state, f"hide {fire}", "one card is played per turn")


def test_passing_is_allowed(game):
    state = position(game, {"hand": ["Fighter"]}, {"hand": ["Asp"]})
    play(state, "end", "done")
    assert state.active == 1 and names(state, "hand", 0) == ["Fighter"]


def test_three_characters_at_most_and_no_two_alike(game):
    state = position(game, {"hand": ["Cecil"], "chars": ["Fighter", "Red Mage", "White Mage"]})
    refused(state, f"play {label(state, 'Cecil', 'hand', 0)}", "you have 3 characters in play already")
    state = position(game, {"hand": ["Fighter"], "chars": ["Fighter"]})
    refused(state, f"play {label(state, 'Fighter', 'hand', 0)}", "same name and job is in play")
    state = position(make_game(character_unique_key="name"), {"hand": ["Fighter"], "chars": ["Fighter"]})
    refused(state, f"play {label(state, 'Fighter', 'hand', 0)}", "same name is in play")
    state = position(game, {"hand": ["Cecil Paladin"], "chars": ["Cecil"]})
    play(state, f"play {label(state, 'Cecil Paladin', 'hand', 0)}")
    assert names(state, "chars", 0) == ["Cecil", "Cecil Paladin"]


def test_items_one_per_subtype_per_character(game):
    state = position(game, {"hand": ["Hammer", "Leather Armor"], "chars": ["Fighter", "Red Mage"],
                            "items": [("Broadsword", "Fighter")]})
    fighter, mage = label(state, "Fighter", "chars", 0), label(state, "Red Mage", "chars", 0)
    hammer = label(state, "Hammer", "hand", 0)
    assert f"play {hammer} on {mage}" in texts(state) and f"play {hammer} on {fighter}" not in texts(state)
    refused(state, f"play {hammer} on {fighter}", "already carries an item of subtype weapon")
    refused(state, f"play {hammer}", "an item goes on one of your characters")
    play(state, f"play {label(state, 'Leather Armor', 'hand', 0)} on {fighter}")  # armour beside a weapon
    assert state.on[ident(label(state, "Leather Armor", "items", 0))] == ident(fighter)


def test_an_item_needs_a_character_of_your_own(game):
    state = position(game, {"hand": ["Hammer"]}, {"chars": ["Fighter"]})
    assert not any(t.startswith("play Hammer") for t in texts(state))
    refused(state, f"play {label(state, 'Hammer', 'hand', 0)} on {label(state, 'Fighter', 'chars', 1)}",
            "is not one of your characters")


def test_hidden_cards_five_at_most(game):
    state = position(game, {"hand": ["Asp"], "hidden": ["Fire", "Fire", "Bull", "Bull", "Goblin"]})
    asp = label(state, "Asp", "hand", 0)
    assert f"hide {asp}" not in texts(state)
    refused(state, f"hide {asp}", r"the hidden zone is full \(5 cards\)")
    state = position(game, {"hand": ["Asp"], "hidden": ["Fire"]})
    play(state, f"hide {label(state, 'Asp', 'hand', 0)}")  # another deck: other ids
    assert names(state, "hidden", 0) == ["Fire", "Asp"] and state.played


def test_a_world_monster_needs_mundo_and_its_requirement(game):
    state = position(game, {"hand": ["Bull", "Goblin"]})
    bull, goblin = label(state, "Bull", "hand", 0), label(state, "Goblin", "hand", 0)
    refused(state, f"play {bull} world", "World requirement does not hold")
    refused(state, f"play {goblin} world", "has no Mundo")
    assert f"play {bull} attack" in texts(state)
    state = position(game, {"hand": ["Bull"], "world": ["Asp"]})
    play(state, f"play {label(state, 'Bull', 'hand', 0)} world")
    assert names(state, "world", 0) == ["Asp", "Bull"]


def test_a_play_requirement_must_hold(game):
    state = position(game, {"hand": ["Hydra"]}, {"chars": ["Fighter"]})
    hydra = label(state, "Hydra", "hand", 0)
    assert not any(t.startswith(f"play {hydra}") for t in texts(state))
    refused(state, f"play {hydra} attack", r"play requirement \(Jogar\) does not hold")
    state = position(game, {"hand": ["Hydra"]}, {"chars": ["Fighter", "Red Mage"]})
    assert f"play {label(state, 'Hydra', 'hand', 0)} attack" in texts(state)


def test_a_villain_goes_to_the_world_one_at_a_time(game):
    state = position(game, {"hand": ["Garland"], "world": ["Kraken"]})
    refused(state, f"play {label(state, 'Garland', 'hand', 0)}", "villain in play already")
    state = position(game, {"hand": ["Garland"]})
    play(state, f"play {label(state, 'Garland', 'hand', 0)}")
    assert names(state, "world", 0) == ["Garland"]


# -- cities ---------------------------------------------------------------------------------
def test_a_monster_on_a_city_switches_its_abilities_off(game):
    state = position(game, {"hand": ["Goblin"]}, {"cities": ["Midgar", "Cornelia"], "chars": ["Fighter"]})
    midgar, cornelia = label(state, "Midgar", "cities", 1), label(state, "Cornelia", "cities", 1)
    fighter = ident(label(state, "Fighter", "chars", 1))
    assert state.stat(fighter, "power") == 4  # Cornelia: +1 while its owner has a character
    play(state, f"play {label(state, 'Goblin', 'hand', 0)} city {cornelia}")
    assert names(state, "city_mons", 1) == ["Goblin"] and state.stat(fighter, "power") == 3
    play(state, "end", "done")  # player 1's turn: Midgar still works, Cornelia does not
    assert state.active == 1
    assert f"use {midgar} 0" in texts(state) and not any(cornelia in t for t in texts(state))


def test_clearing_a_city_is_a_fight_the_city_owner_starts(game):
    state = position(game, {"chars": ["Fighter"], "cities": ["Midgar"], "top": ["Bull"]},
                     {"city_mons": [("Goblin", "Midgar")], "top": ["Bull"]})
    midgar = label(state, "Midgar", "cities", 0)
    play(state, "end")
    assert texts(state) == [f"clear {midgar}", "done"]
    play(state, f"clear {midgar}")
    assert state.cside == 0 and state.mside == 1 and state.to_move == 0
    goblin, fighter = label(state, "Goblin", "attackers"), label(state, "Fighter", "chars", 0)
    play(state, f"assign {goblin} -> {fighter}", f"fight {fighter}", "done")
    assert state.to_move == 1  # the monsters' owner has the second window
    play(state, "done")
    assert names(state, "discard", 1) == ["Goblin", "Bull"] and not state.city_mons[0]  # + its luck card
    assert state.ability_active(ident(midgar)) and state.active == 1  # freed; the clear ended the turn


# -- hidden actions and abilities ------------------------------------------------------------
def test_turning_a_hidden_action_with_a_target_then_it_is_discarded(game):
    state = position(game, {"hidden": ["Thunder"]}, {"world": ["Asp", "Bull"]})
    thunder, asp = label(state, "Thunder", "hidden", 0), label(state, "Asp", "world", 1)
    assert [t for t in texts(state) if t.startswith("turn")] == [f"turn {thunder} -> {asp}"]  # Bull: power 4
    refused(state, f"turn {thunder} -> {label(state, 'Bull', 'world', 1)}", "is not a valid target")
    refused(state, f"turn {thunder}", "it needs a target")
    play(state, f"turn {thunder} -> {asp}")
    assert names(state, "world", 1) == ["Bull"] and names(state, "discard", 1) == ["Asp"]
    assert names(state, "discard", 0) == ["Thunder"] and not state.hidden[0]
    assert not state.played  # turning is not the turn's play
    event = next(e for e in state.events_since(0, 1) if e["kind"] == "turn_up")
    assert event == {"kind": "turn_up", "player": 0, "card": thunder, "target": asp}


def test_only_actions_turn_and_hidden_cards_stay_hidden(game):
    state = position(game, {"hidden": ["Asp"]})
    refused(state, f"turn {label(state, 'Asp', 'hidden', 0)}", "has no Virar")


def test_temper_lasts_until_the_end_of_the_turn(game):
    state = position(game, {"hidden": ["Temper"], "world": ["Asp"]})
    asp = ident(label(state, "Asp", "world", 0))
    play(state, f"turn {label(state, 'Temper', 'hidden', 0)}")
    assert state.stat(asp, "power") == 3
    play(state, "end", "done")
    assert state.stat(asp, "power") == 2


def test_each_text_once_per_turn(game):
    state = position(game, {"cities": ["Midgar"]}, {"hand": ["Asp"]})
    use = f"use {label(state, 'Midgar', 'cities', 0)} 0"
    hand = len(state.hand[0])
    play(state, use)
    assert len(state.hand[0]) == hand + 1 and use not in texts(state)
    refused(state, use, "used this turn already")
    play(state, "end", "done", "end", "done")  # the rival's turn passes
    assert state.active == 0
    play(state, *[str(a) for a in state.legal_actions() if str(a).startswith("discard")][:1])
    assert use in texts(state)


def test_an_activated_ability_with_a_target(game):
    state = position(game, {"chars": ["White Mage", "Fighter", "Red Mage"], "wounded": ["Fighter"]})
    mage = label(state, "White Mage", "chars", 0)
    fighter = label(state, "Fighter", "chars", 0)
    assert [t for t in texts(state) if t.startswith("use")] == [f"use {mage} 0 -> {fighter}"]
    refused(state, f"use {mage} 0 -> {label(state, 'Red Mage', 'chars', 0)}", "is not a valid target")
    play(state, f"use {mage} 0 -> {fighter}")
    assert not state.wounded


def test_end_of_turn_abilities_fire(game):
    state = position(game, {"cities": ["Shrine"], "chars": ["Fighter"], "wounded": ["Fighter"]})
    play(state, "end", "done")
    assert not state.wounded and "heal" in kinds(state)


# -- pausing effects: decisions of the player the rules name ---------------------------------
def test_on_play_makes_the_rival_discard_a_card_of_their_choice(game):
    state = position(game, {"hand": ["Imp"]}, {"hand": ["Asp", "Bull"]})
    play(state, f"play {label(state, 'Imp', 'hand', 0)} world")
    assert state.to_move == 1 and state.pending.kind == "discard"
    assert texts(state) == [f"discard {label(state, n, 'hand', 1)}" for n in ("Asp", "Bull")]
    play(state, f"discard {label(state, 'Bull', 'hand', 1)}")
    assert state.to_move == 0 and state.pending.kind == "play" and names(state, "hand", 1) == ["Asp"]


def test_a_search_pauses_and_resumes_from_json(game):
    state = position(game, {"hidden": ["Summon"], "top": ["Fighter"]})
    play(state, f"turn {label(state, 'Summon', 'hidden', 0)}")
    assert state.pending.kind == "search" and state.to_move == 0
    options = texts(state)
    assert options and all(t.startswith("search ") for t in options)
    deck = state.view(0)["zones"]["deck0"]["cards"]  # the searcher sees their deck while they choose
    assert deck == [state.t.label[c] for c in state.deck[0]]
    assert {t.removeprefix("search ") for t in options} <= set(deck)
    assert "cards" not in state.view(1)["zones"]["deck0"]  # the rival does not see into it
    assert "cards" not in state.view(0)["zones"]["deck1"]
    assert "cards" not in state.view(None)["zones"]["deck0"]
    assert set(state.view(1)["zones"]["deck1"]["cards"]) == {False}  # nor into their own, face down
    assert texts(game.determinize(state.view(0), Rng(5))) == options  # a deal keeps the cards seen
    again = game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json() and texts(again) == options
    for s in (state, again):
        play(s, options[-1])
    assert again.to_json() == state.to_json()
    assert state.pending.kind == "play" and options[-1].removeprefix("search ") in [
        state.t.label[c] for c in state.hand[0]]
    assert names(state, "discard", 0) == ["Summon"]
    assert "cards" not in state.view(0)["zones"]["deck0"]  # shuffled, and face down again
    found = [e for e in state.events_since(0, 1) if e["kind"] == "search"]
    assert found == [{"kind": "search", "player": 0}]  # redacted for the rival


# -- illegal actions and notation ----------------------------------------------------------------
def test_illegal_actions_say_why_and_change_nothing(game):
    state = position(game, {"hand": ["Asp"]}, {"hand": ["Fire"], "hidden": ["Thunder"]})
    refused(state, "done", "player 0 must play a card")
    refused(state, f"play {label(state, 'Asp', 'hand', 0)}", "say where the monster goes")
    refused(state, "fight Asp#0", "must play a card")
    fire = label(state, "Fire", "hand", 1)
    refused(state, f"play {fire}", f"{fire} is not in your hand")
    # a card player 0 cannot see is taken as written: the error does not tell what it is
    thunder = ident(label(state, "Thunder", "hidden", 1))
    with pytest.raises(IllegalAction) as error:
        state.apply(state.parse_action(f"hide Potion#{thunder}", state.to_move), state.to_move)
    assert "Thunder" not in str(error.value) and f"Potion#{thunder} is not in your hand" in str(error.value)
    end = position(game)
    end.result = (0, "test")
    end.decisions.clear()
    with pytest.raises(IllegalAction, match="the game is over"):
        end.apply(end.parse_action("end", end.to_move), end.to_move)


def test_notation_round_trips_and_bad_text_is_a_clear_error(game):
    state = position(game, {"hand": ["Asp", "Hammer"], "chars": ["Fighter"]}, {"cities": ["Midgar"]})
    for action in state.legal_actions():
        assert state.parse_action(str(action), state.to_move) == action
    asp = label(state, "Asp", "hand", 0)
    mover = state.to_move
    assert state.parse_action(f"  PLAY  {asp.lower()}   World ", mover) == Play(ident(asp), asp, "world")
    assert state.parse_action(f"hide {asp}", state.to_move) == Hide(ident(asp), asp)
    for text, message in [
        ("", "empty action"), ("fly Asp#1", "actions are"), ("play Asp", "write play CARD"),
        ("hide Asp", "is not a card"),
        (f"play {asp} nowhere", "write play CARD"), ("use Midgar#1", "use CARD N"),
        ("assign Asp#1", "assign MONSTER -> CHARACTER"), ("play Asp#999", "no card #999"),
        (f"play Bull#{ident(asp)}", f"card #{ident(asp)} is {asp}, not Bull"),
    ]:
        with pytest.raises(NotationError, match=message):
            state.parse_action(text, state.to_move)


# -- what each player sees ---------------------------------------------------------------------
def test_views_hide_hands_face_down_cards_and_decks(game):
    state = position(game, {"hand": ["Asp"], "hidden": ["Fire", "Thunder"]}, {"hand": ["Bull"]})
    mine, theirs, spectator = state.view(0), state.view(1), state.view(None)
    assert mine["zones"]["hidden0"]["cards"] == [label(state, "Fire", "hidden", 0),
                                                 label(state, "Thunder", "hidden", 0)]
    for view in (theirs, spectator):
        assert view["zones"]["hidden0"] == {"owner": 0, "count": 2}  # not even the ids
        assert "cards" not in view["zones"]["hand0"] and "cards" not in view["zones"]["deck0"]
    assert "cards" not in mine["zones"]["deck0"]
    assert mine["decklists"][1] is not None and mine["turn"] == 3 and mine["decision"] == "play"
    private = position(make_game(private_decklists=True), {}, {})
    assert private.view(0)["decklists"][1] is None and private.view(0)["decklists"][0] is not None
    play(state, f"hide {label(state, 'Asp', 'hand', 0)}")
    assert state.events_since(0, 1)[-1] == {"kind": "hide", "player": 0}
    assert state.events_since(0, 0)[-1]["card"] == label(state, "Asp", "hidden", 0)
    json.dumps(state.view(None))


def test_determinize_keeps_a_used_mark_of_a_card_gone_out_of_sight(game):
    """A Red Mage used this turn, then back in its owner's hand: the rival's view still shows
    the once-per-turn mark on its id, and a deal that gives that id another card (perhaps one
    without abilities) must still give a state with that very view (found by a greedy sim)."""
    state = position(game, {"chars": ["Fighter"]}, {"hand": ["Red Mage"]})
    mage = ident(label(state, "Red Mage", "hand", 1))
    state.used.add(mage * 16)  # records.ABILITY_KEY: ability 0 of the mage
    view = state.view(0)
    assert {"card": mage, "ability": 0} in view["used"]  # a bare id: the mark does not name the card
    for seed in range(30):
        assert game.determinize(view, Rng(seed)).view(0) == view


def test_determinize_keeps_the_view_and_redeal_keeps_it_too(game):
    state = position(game, {"hand": ["Asp", "Fire"], "hidden": ["Thunder"], "chars": ["Fighter"]},
                     {"hand": ["Bull"], "hidden": ["Temper", "Escape"], "world": ["Asp"]})
    rng = Rng(3)
    for viewer in (0, 1):
        view = state.view(viewer)
        sampled = game.determinize(view, rng)
        assert sampled.view(viewer) == view
        other = game.redeal_hidden(state, viewer, rng)
        assert other.view(viewer) == view
    assert texts(game.determinize(state.view(0), rng)) == texts(state)
