"""``ZoneHost`` (``kernel/host.py``): the host of card text's defaults, on Brawl's state."""

from __future__ import annotations

import pytest
from tcgkit_brawl import Brawl

from tcgkit.kernel import CardDataError, refs
from tcgkit.kernel.effects import PAUSE, Activation
from tcgkit.kernel.replacements import Shield
from tcgkit.kernel.vocabulary import COMMON, LIFE


def test_a_draw_takes_the_deck_top_into_the_hand_kept_sorted_and_logs_it_for_its_player_only():
    state = Brawl().new_state(2)
    top, before = state.decks[1][-1], state.event_count()
    state.draw(1, 1)
    assert top in state.hands[1] and state.hands[1] == sorted(state.hands[1]) and top not in state.decks[1]
    assert state.events_since(before, 1) == [{"kind": "draw", "player": 1, "card": top}]
    assert state.events_since(before, 0) == [{"kind": "draw", "player": 1}]
    left = len(state.decks[1])
    state.draw(1, left + 3)  # an empty deck draws what is left
    assert state.decks[1] == [] and state.hand_size(1) == 3 + 1 + left
    state.check_invariants()


def test_a_small_hand_is_discarded_whole_and_a_larger_one_asks_its_player():
    state = Brawl().new_state(2)
    hand = state.hands[1][:]
    assert state.ask_discard(1, 3) is None
    assert state.hands[1] == [] and state.discards[1] == hand
    assert [e["kind"] for e in state.events_since(state.event_count() - 3)] == ["discard"] * 3
    assert state.ask_discard(0, 1) == PAUSE
    assert state.pending is not None and (state.pending.player, state.pending.kind) == (0, "discard")
    assert state.res.asks[-1].count == 1


def test_players_out_are_never_named_and_an_unknown_reference_is_refused():
    state = Brawl(players=4).new_state(2)
    state.out.append(2)
    act = Activation(1, state.hands[1][0], 0)
    assert state.player_ref(act, "each_opponent") == [3, 0] and state.alive() == [0, 1, 3]
    assert state.card_refs(act, "self") == [act.source] and state.card_refs(act, "my_hand") == state.hands[1]
    with pytest.raises(ValueError, match="no card reference 'graveyard'"):
        state.card_refs(act, "graveyard")


def test_a_roll_comes_from_the_state_generator_and_is_logged():
    state = Brawl().new_state(2)
    twin = state.clone()
    values = [state.roll(3) for _ in range(20)]
    assert set(values) <= {1, 2, 3} and values == [twin.roll(3) for _ in range(20)]
    assert state.events[-1].kind == "roll" and state.events[-1].data == {"sides": 3, "value": values[-1]}


def test_the_discard_ask_is_answered_card_by_card_until_its_count():
    state = Brawl().new_state(2)
    state.ask_discard(0, 2)
    first, second = state.hands[0][:2]
    state.discard_chosen(0, first)
    assert state.res.asks and state.res.asks[-1].count == 1 and first in state.discards[0]
    state.discard_chosen(0, second)
    assert not state.res.asks and state.discards[0] == [first, second]


def test_the_next_player_skips_those_out():
    state = Brawl(players=4).new_state(2)
    assert [state.next_player(p) for p in range(4)] == [1, 2, 3, 0]
    state.out += [1, 3]
    assert state.next_player(0) == 2 and state.next_player(2) == 0


def test_the_last_player_standing_wins_and_the_others_rank_by_when_they_went_out():
    state = Brawl().new_state(2)
    state.eliminate(1)
    assert state.outcome is None and state.out == [1] and state.events[-1].kind == "out"
    state.eliminate(0)
    outcome = state.outcome
    assert outcome is not None and outcome.winner == 2 and outcome.reason == "last one standing"
    assert [e.kind for e in state.events[-3:]] == ["out", "out", "end"]
    assert state.events[-1].data == {"winner": 2}
    assert outcome.returns()[2] > outcome.returns()[0] > outcome.returns()[1]  # 1 went out first


def test_a_game_ended_as_a_draw_names_why_and_leaves_nothing_to_decide():
    state = Brawl().new_state(2)
    state.end_as_draw("the decision limit")
    outcome = state.outcome
    assert state.is_terminal and outcome is not None and outcome.is_draw
    assert "decision limit" in outcome.reason
    assert state.events[-1].data == {"winner": None}


# -- life totals (LIFE, LifeTotals) ------------------------------------------------------------
def test_damage_takes_life_through_the_shields_and_a_player_at_zero_goes_out():
    state = Brawl().new_state(2)
    state.damage(1, 2, -1)
    assert state.life[1] == 3 and state.events[-1].data == {"player": 1, "amount": 2}
    state.add_shield(Shield(-1, "damage", refs.player(1), "prevent", 0, "", "end_of_turn", 1))
    state.damage(1, 3, -1)
    assert state.life[1] == 3 and state.events[-1].kind == "prevented"
    state.heal(1, 1)
    assert state.life[1] == 4 and state.events[-1].kind == "heal"
    state.damage(1, 4, -1)
    assert state.out == [1] and [e.kind for e in state.events[-2:]] == ["damage", "out"]
    state.damage(1, 4, -1)  # a player out takes no more
    assert state.life[1] == 0 and state.events[-1].kind == "out"


def test_the_life_vocabulary_compiles_damage_and_heal_and_refuses_a_bad_amount():
    assert {("effect", "damage"), ("effect", "heal")} <= set(LIFE.primitives)
    assert not {("effect", "damage"), ("effect", "heal")} & set(COMMON.primitives)  # COMMON is unchanged
    spec = {"timing": "cast", "effects": [{"do": "damage", "who": "each_opponent", "amount": "lots"}]}
    with pytest.raises(CardDataError, match="amount"):
        LIFE.extend(timings=("cast",)).compile_ability(spec, 0, "here")
