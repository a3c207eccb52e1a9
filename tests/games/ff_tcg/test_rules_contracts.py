"""Final Fantasy TCG's contracts with its callers: decks, the packaged decks, event cursors,
defaults for a turn timer, draws by the kernel's limits, and the invariant check.

Each test pins something a player, a replay, a front end or a loader relies on (found by
mutation testing, docs/kernel.md).
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

import tcgkit
import tcgkit.games.ff_tcg as ff_tcg
from tcgkit.games.ff_tcg import FFTcg, FFTcgOptions, starter_decks
from tcgkit.games.ff_tcg.host import NO_FIGHT
from tcgkit.games.ff_tcg.legal import compute_legal
from tcgkit.kernel import DeckError, IllegalAction
from tcgkit.kernel.actions import Decision
from tcgkit.kernel.resolution import Ask
from tcgkit.kernel.state import derived

from .rules_helpers import CARDS, deck_for, ident, kinds, label, make_game, play, position


@pytest.fixture(scope="module")
def game() -> FFTcg:
    return make_game(auto_forced=False)


def test_the_packaged_starter_decks_are_offered_by_file_name():
    folder = Path(ff_tcg.__file__).parent / "data" / "decks"
    files = sorted(path.stem for path in folder.glob("*.txt"))
    assert files  # the package ships some
    decks = starter_decks()
    assert [name for name, _ in decks] == files
    assert all(len(cards) == 60 for _, cards in decks)


def test_events_from_a_cursor_are_the_new_ones_only(game):
    state = position(game, {"hand": ["Goblin"]}, {"chars": ["Fighter"]})
    cursor = state.event_count()
    play(state, f"hide {label(state, 'Goblin', 'hand', 0)}")
    assert [e["kind"] for e in state.events_since(cursor, None)] == ["hide"]
    assert kinds(state, cursor) == ["hide"]
    assert state.events_since(state.event_count(), None) == []


def test_a_turn_timer_passes_where_it_may_else_takes_the_first_choice(game):
    state = position(game, {"hand": ["Bull"]}, {"chars": ["Fighter", "Red Mage"]})
    assert str(state.default_action(state.pending)) == "end"
    play(state, f"play {label(state, 'Bull', 'hand', 0)} attack", "end", "done")
    assert state.pending.kind == "assign"
    assert state.default_action(state.pending) == state.legal_actions()[0]
    bull = label(state, "Bull", "attackers")
    assert str(state.default_action(state.pending)).startswith(f"assign {bull} -> ")


def test_a_draw_by_the_kernels_limits_ends_the_game_at_once(game):
    state = position(game, {"hand": ["Bull"]}, {"chars": ["Fighter"]})
    play(state, f"play {label(state, 'Bull', 'hand', 0)} attack", "end", "done")
    state.end_as_draw("decision limit")
    assert state.outcome is not None
    outcome = state.outcome
    assert (outcome.winner, outcome.reason, outcome.scores) == (None, "decision limit", (0.5, 0.5))
    assert state.legal_actions() == [] and state.pending is None
    state.check_invariants()


def test_a_won_game_scores_and_ranks_the_winner_first(game):
    state = position(game, {"skulls": ["Goblin", "Asp"]}, {"chars": ["Fighter"]})
    state.result = (1, "villain defeated")
    outcome = state.outcome
    assert (outcome.winner, outcome.scores, outcome.ranks) == (1, (0.0, 1.0), (1, 0))
    assert outcome.details == {"first": state.first, "turns": 3, "skulls": [2, 0],
                               "villains_defeated": [0, 0]}
    state.result = (0, "7 skulls")
    assert (state.outcome.scores, state.outcome.ranks) == ((1.0, 0.0), (0, 1))
    state.result = (None, "both players lost at once")
    assert (state.outcome.scores, state.outcome.ranks) == ((0.5, 0.5), (0, 0))


# -- the invariant check ------------------------------------------------------------------
def fight_under_way(game, *, fought: bool = True):
    """Bull and Asp attack; the defender has assigned them (and started the Bull's fight)."""
    state = position(game, {"hand": ["Bull"], "world": ["Asp"], "chars": ["Cecil Paladin"],
                            "cities": ["Midgar"],
                            "hidden": ["Fire", "Thunder", "Temper", "Summon", "Escape"]},  # five: the most
                     {"chars": ["Fighter", "Cecil", "Red Mage"], "wounded": ["Cecil"],  # three: the most
                      "items": [("Hammer", "Fighter")], "city_mons": [("Goblin", "Midgar")], "top": ["Fire"]})
    play(state, f"play {label(state, 'Bull', 'hand', 0)} attack", "end")
    play(state, f"attack {label(state, 'Asp', 'world', 0)}", "done")
    play(state, f"assign {label(state, 'Bull', 'attackers')} -> {label(state, 'Fighter', 'chars', 1)}")
    if fought:
        play(state, f"assign {label(state, 'Asp', 'attackers')} -> {label(state, 'Cecil', 'chars', 1)}",
             f"fight {label(state, 'Fighter', 'chars', 1)}")
    return state


def card(state, name, zone, player):
    return ident(label(state, name, zone, player))


def take(state, card):
    """Card ``card`` out of the zone it is in."""
    for name in [zone.attr for zone in state.SPEC.zones if not zone.shared]:
        for zone in getattr(state, name):
            if card in zone:
                zone.remove(card)
                return card
    raise AssertionError(card)


def move(source, target):
    target.append(source.pop())


CORRUPTIONS = {
    "a rival's card in a hand": (lambda s: move(s.deck[1], s.hand[0]),
                                 ["zones.hand[0]: card #{m} is player 1's, not player 0's"]),
    "a card in the rival's hand": (lambda s: move(s.deck[0], s.hand[1]),
                                   ["zones.hand[1]: card #{d} is player 0's, not player 1's"]),
    "a monster on its owner's side": (lambda s: move(s.deck[1], s.city_mons[1]),  # player 1 has no city
                                      ["zones.city_monsters[1]: card #{m} is player 1's, not player 0's",
                                       "zones.city_monsters: {ml} is an action; the zone holds monster cards",
                                       "monster {m} is on no city of player 1"]),
    "a lost card": (lambda s: s.deck[0].pop(), ["card #{d} is in no place"]),
    "a lost wounded character": (lambda s: s.chars[1].remove(card(s, "Cecil", "chars", 1)),
                                 ["card #{c} is in no place", "a wounded card is not a character in play"]),
    "the rival's first card in a hand": (lambda s: s.hand[0].append(take(s, s.t.size)),
                                         ["zones.hand[0]: card #{first} is player 1's, not player 0's"]),
    "a card twice": (lambda s: s.deck[0].__setitem__(0, s.deck[0][1]),
                     ["card #{twice} is in two places"]),
    "a character in the World": (lambda s: s.world[1].append(take(s, card(s, "Red Mage", "chars", 1))),
                                 ["zones.world: {r} is a character; the zone holds monster and villain "
                                  "cards"]),
    "two copies of a villain": (lambda s: [s.kind.__setitem__(c, s.game.db.find("Garland").index)
                                           for c in s.deck[0][:2]],
                                ["player 0's cards hold 2 Garland (at most 1)"]),
    "six hidden cards": (lambda s: [move(s.deck[1], s.hidden[1]) for _ in range(6)],
                         ["too many hidden cards"]),
    "four characters": (lambda s: move(s.deck[1], s.chars[1]),
                        ["zones.characters: {ml} is an action; the zone holds character cards",
                         "too many characters"]),
    "an item on a rival's character": (
        lambda s: s.on.__setitem__(card(s, "Hammer", "items", 1), card(s, "Cecil Paladin", "chars", 0)),
        ["item {h} is on no character of its own"]),
    "a monster on no city": (lambda s: s.on.__setitem__(card(s, "Goblin", "city_mons", 0), s.chars[0][0]),
                             ["monster {g} is on no city of player 0"]),
    "a card on a city from the deck": (lambda s: s.on.__setitem__(s.deck[0][0], s.cities[0][0]),
                                       ["on: a card that is neither an item nor a monster on a city"]),
    "a wounded card in the deck": (lambda s: s.wounded.add(s.deck[0][0]),
                                   ["a wounded card is not a character in play"]),
    "an assigned card that does not attack": (lambda s: s.assigned.__setitem__(s.deck[0][0], s.chars[1][0]),
                                              ["an assigned monster is not attacking"]),
    "a monster fought as a character": (lambda s: setattr(s, "fight_char", s.attackers[0]),
                                        ["fight_char is not a character"]),
    "an ask without its decision": (lambda s: s.res.asks.append(Ask(1, "discard", 1, (None, None))),
                                    ["asks and decisions out of step"]),
    "a window decision without its window": (lambda s: s.res.windows.clear(),
                                             ["the effect window and the decisions are out of step"]),
    "two windows": (lambda s: s.res.windows.append(s.res.windows[0]),
                    ["the effect window and the decisions are out of step"]),
    "the window with the other holder": (lambda s: s.decisions.__setitem__(-1, Decision(0, "window")),
                                         ["the effect window and the decisions are out of step"]),
    "the window in the wrong order": (
        lambda s: s.res.windows.__setitem__(0, replace(s.res.windows[0], order=(0, 1))),
        ["the effect window and the decisions are out of step"]),
    "a window with no fight": (lambda s: setattr(s, "fight_char", NO_FIGHT),
                               ["the effect window and the decisions are out of step"]),
    "a result while a player decides": (
        lambda s: setattr(s, "result", (0, "7 skulls")),
        ["a game goes on while a player must decide, and only then",
         "a finished game with effects still pending"]),
    "no decision and no result": (
        lambda s: (s.decisions.clear(), s.res.windows.clear()),
        ["a game goes on while a player must decide, and only then"]),
}


@pytest.mark.parametrize("what", CORRUPTIONS)
def test_the_invariant_check_names_what_is_wrong(game, what):
    """The kernel's conservation (every card in one place) first, then the game's checks."""
    state = fight_under_way(game)
    assert state.problems() == []
    state.check_invariants()
    change, problems = CORRUPTIONS[what]
    ids = {"m": state.deck[1][-1], "d": state.deck[0][-1], "h": card(state, "Hammer", "items", 1),
           "g": card(state, "Goblin", "city_mons", 0), "c": card(state, "Cecil", "chars", 1),
           "first": state.t.size, "twice": state.deck[0][1], "r": label(state, "Red Mage", "chars", 1),
           "ml": state.t.label[state.deck[1][-1]]}  # Fire, an action, on top of player 1's deck
    state.kind = list(state.kind)  # a deal's kinds never change in play: a test changes them
    change(state)
    problems = [p.format(**ids) for p in problems]
    assert derived(state).problems(state) == problems
    with pytest.raises(AssertionError, match=f"^{re.escape('; '.join(problems))}$"):
        state.check_invariants()


def test_card_zero_fought_as_a_character_must_be_one(game):
    state = fight_under_way(game)
    assert game.ctype[state.t.kind[0]] != "character"  # the seed deals a filler card as id 0
    state.fight_char = 0
    assert state.problems() == ["fight_char is not a character"]


def test_an_assign_decision_needs_an_unassigned_attacker(game):
    state = fight_under_way(game, fought=False)
    assert state.pending.kind == "assign" and state.problems() == []
    state.assigned[card(state, "Asp", "attackers", None)] = card(state, "Cecil", "chars", 1)
    assert state.problems() == ["an assign decision with every attacker assigned"]
    with pytest.raises(StopIteration, match="^every attacker is assigned$"):
        compute_legal(state)  # such a position has no legal list: the error says why


def test_a_finished_game_has_nothing_pending(game):
    state = fight_under_way(game)
    state.decisions.clear()
    state.res.windows.clear()
    state.result = (0, "7 skulls")
    assert state.problems() == []
    state.res.step = "after_fight"
    assert state.problems() == ["a finished game with effects still pending"]


# -- moves ----------------------------------------------------------------------------------
def test_each_action_applied_counts_one_on_the_version(game):
    state = position(game, {"hand": ["Goblin", "Asp"]}, {"chars": ["Fighter"]})
    start = state.version
    state.apply(state.legal_actions()[0], 0)  # the legal list's own object
    assert state.version == start + 1
    state.apply(state.parse_action("end", 0), 0)
    assert state.version == start + 2
    state.apply_unchecked(state.legal_actions()[-1])  # done: the turn passes
    assert state.version == start + 3 and state.to_move == 1


def test_acting_out_of_turn_names_who_decides(game):
    state = position(game, {"hand": ["Goblin"]}, {"chars": ["Fighter"]})
    with pytest.raises(IllegalAction, match=r"^it is player 0's decision \(play\), not player 1's$"):
        state.apply(state.legal_actions()[0], 1)
    state.end_as_draw("move limit")
    with pytest.raises(IllegalAction, match="^the game is over$"):
        state.apply(state.parse_action("end", 0), 0)


# -- the game and its decks -------------------------------------------------------------
def test_options_may_come_as_one_object_or_mapping():
    assert FFTcg({"skulls_to_lose": 4}).options.skulls_to_lose == 4
    assert FFTcg(FFTcgOptions(deck_size=40), first_player=1).options.deck_size == 40


def test_new_state_needs_two_decks_and_deals_seed_zero_by_default(game):
    decks = [deck_for(game, []), deck_for(game, [])]
    with pytest.raises(DeckError, match=r"^Final Fantasy TCG needs a deck per player, got 1$"):
        game.new_state(0, decks[:1])
    assert game.new_state(decks=decks).to_json() == game.new_state(0, decks).to_json()
    assert game.new_state(decks=decks).to_json() != game.new_state(1, decks).to_json()


def test_a_static_ability_applies_only_while_its_condition_holds():
    game = tcgkit.load_game("ff-tcg")  # the set's Ninja: power +1 with two or more hidden cards
    state = position(game, {"chars": ["Ninja"], "hidden": ["Ninja", "Monk"]})
    ninja = ident(label(state, "Ninja", "chars", 0))
    assert state.stat(ninja, "power") == 4
    state.discard[0].append(state.hidden[0].pop())
    assert state.stat(ninja, "power") == 3


def test_an_action_without_a_turn_text_may_only_be_hidden(tmp_path):
    plain = tmp_path / "plain.toml"
    plain.write_text('[[card]]\nid = "plain"\nname = "Plain"\ntype = "action"\nluck = 1\n')
    game = tcgkit.load_game("ff-tcg", card_files=(CARDS, plain))
    state = position(game, {"hand": ["Plain"], "hidden": ["Plain"]})
    assert [str(a) for a in state.legal_actions()] == [f"hide {label(state, 'Plain', 'hand', 0)}", "end"]


def test_a_deck_error_names_every_problem_with_its_place(game):
    deck = deck_for(game, ["Bull"] * 4)[:59]
    deck[4] = "No Such Card"
    deck.append("Bull")
    assert game.validate_deck(deck) == ["card 5: no card named 'No Such Card'",
                                        "card 60: one Bull too many (at most 4 copies; the first is card 1)"]
    deck[-2:] = ["Kraken", "Kraken"]
    assert game.validate_deck(deck)[1:] == [
        "card 60: one Kraken too many (a villain may appear once; the first is card 59)"]
    with pytest.raises(DeckError) as err:
        game.new_state(0, [deck_for(game, []), deck[:58]])
    assert str(err.value) == ("player 1's deck: card 5: no card named 'No Such Card'; "
                              "a deck holds exactly 60 cards; this one has 58")


def test_only_an_action_turns_face_up_whatever_its_text_says(tmp_path):
    odd = tmp_path / "odd.toml"
    odd.write_text('[[card]]\nid = "odd"\nname = "Odd"\ntype = "monster"\npower = 1\nluck = 1\n\n'
                   '  [[card.abilities]]\n  timing = "turn"\n  effects = [{ do = "draw", count = 1 }]\n')
    game = tcgkit.load_game("ff-tcg", card_files=(CARDS, odd))
    state = position(game, {"hidden": ["Odd"]})
    assert [str(a) for a in state.legal_actions()] == ["end"]
