"""Brawl's rules: the window and the stack, a pausing effect, costs on resolution, elimination."""

from __future__ import annotations

import json

import pytest
from tcgkit_brawl import Brawl
from tcgkit_brawl.rules import END, PASS, BrawlState, Cast, Discard, First

import tcgkit
from tcgkit.kernel import IllegalAction, NotationError, refs

POOL = ["spark", "drain", "ward", "counter", "insight", "fireball", "rally", "thorns", "well"]


def deck(*needed: str) -> list[str]:
    """A legal deck holding the cards ``needed``, filled up from the pool."""
    cards = list(needed)
    for card in POOL * 2:
        if len(cards) < 8 and cards.count(card) < 2:
            cards.append(card)
    return cards


def position(hands: dict[int, list[str]], life: list[int] | None = None, players: int = 3,
             boards: dict[int, list[str]] | None = None) -> BrawlState:
    """Player 0's turn, their main decision, with exactly these cards in hand (and on boards)."""
    boards = boards or {}
    state = Brawl(players=players).new_state(0, [deck(*hands.get(p, []), *boards.get(p, []))
                                                 for p in range(players)])
    for p in range(players):
        state.decks[p] += state.hands[p]
        state.hands[p] = []
        for zone, names in ((state.hands[p], hands.get(p, [])), (state.boards[p], boards.get(p, []))):
            for card_id in names:
                card = next(c for c in state.decks[p] if state.cards[c] == card_id)
                state.decks[p].remove(card)
                zone.append(card)
        state.hands[p].sort()
    if life is not None:
        state.life = life
    state.check_invariants()
    return state


def mine(state: BrawlState, p: int, card_id: str) -> int:
    return next(c for c in state.hands[p] + state.discards[p] + state.boards[p] if state.cards[c] == card_id)


def top(state: BrawlState) -> tuple[int, str]:
    decision = state.pending
    assert decision is not None
    return decision.player, decision.kind


def passes(state: BrawlState, count: int) -> None:
    for _ in range(count):
        state.apply(PASS, state.to_move)


def test_a_cast_opens_a_window_the_caster_first_and_a_response_resolves_first():
    state = position({0: ["spark"], 1: ["ward"]})
    assert top(state) == (0, "main")
    state.apply(Cast(mine(state, 0, "spark"), refs.player(1)), state.to_move)
    assert top(state) == (0, "respond") and state.legal_actions() == [PASS]  # no fast card left
    state.apply(PASS, state.to_move)
    assert top(state) == (1, "respond")
    assert state.legal_actions() == [Cast(mine(state, 1, "ward")), PASS]
    state.apply(Cast(mine(state, 1, "ward")), state.to_move)
    assert top(state) == (1, "respond")  # the caster keeps priority; the round of passes restarts
    passes(state, 3)  # 1, 2 and 0 pass: Ward (the top) resolves, priority back to the active player
    assert top(state) == (0, "respond") and len(state.res.stack) == 1 and state.shields.entries
    passes(state, 3)  # Spark resolves: Ward prevents it
    assert state.life == [5, 5, 5] and [e.kind for e in state.events][-2:] == ["pass", "prevented"]
    passes(state, 3)  # an empty stack: the window closes, the turn goes on
    assert top(state) == (0, "main") and state.res.windows == []
    state.apply(END, state.to_move)
    assert state.active == 1 and not state.shields.entries  # Ward lasted until the end of the turn


def test_triggers_wait_start_by_player_and_a_player_orders_different_ones():
    state = position({0: ["drain"]}, boards={1: ["thorns", "well"], 2: ["well"]})
    state.apply(Cast(mine(state, 0, "drain")), state.to_move)
    passes(state, 3)  # Drain resolves: 1 damage to player 1, then to player 2
    assert state.life == [5, 4, 4] and len(state.res.triggers) == 3
    assert top(state) == (1, "order_triggers")  # APNAP from player 0: player 1's two differ
    thorns, well = mine(state, 1, "thorns"), mine(state, 1, "well")
    assert state.legal_actions() == [First(thorns), First(well)]
    saved = state.game.state_from_json(json.loads(json.dumps(state.to_json())))
    for position_ in (state, saved):
        hands = [len(h) for h in position_.hands]
        # the Well draws; then Thorns hits player 2, whose Well fires again
        position_.apply(First(well), position_.to_move)
        assert [len(h) for h in position_.hands] == [hands[0], hands[1] + 1, hands[2] + 2]
        assert position_.life == [5, 4, 3] and position_.res.triggers == []
        assert top(position_) == (0, "respond")  # two identical Wells: no choice asked
    assert saved.to_json() == state.to_json()
    assert [e.data["card"] for e in state.events if e.kind == "trigger"] == [
        well, thorns, mine(state, 2, "well"), mine(state, 2, "well")]


def test_a_counter_stops_the_spell_and_pays_its_cost_when_it_resolves():
    state = position({0: ["fireball"], 1: ["counter", "drain"]})
    fireball = mine(state, 0, "fireball")
    state.apply(Cast(fireball, refs.player(1)), state.to_move)
    state.apply(PASS, state.to_move)
    assert Cast(mine(state, 1, "counter"), refs.card(fireball)) in state.legal_actions()
    state.apply(Cast(mine(state, 1, "counter"), refs.card(fireball)), state.to_move)
    passes(state, 3)
    assert state.hands[1] == [] and mine(state, 1, "drain") in state.discards[1]  # the cost: no choice left
    assert fireball in state.discards[0] and state.res.stack == [] and state.life == [5, 5, 5]


def test_a_counter_that_can_no_longer_pay_does_nothing():
    state = position({0: ["fireball"], 1: ["counter", "spark"]})
    fireball = mine(state, 0, "fireball")
    state.apply(Cast(fireball, refs.player(1)), state.to_move)
    state.apply(PASS, state.to_move)
    state.apply(Cast(mine(state, 1, "counter"), refs.card(fireball)), state.to_move)
    # the hand is empty now: Counter's cost is unpaid
    state.apply(Cast(mine(state, 1, "spark"), refs.player(0)), state.to_move)
    passes(state, 3)  # Spark resolves
    passes(state, 3)  # Counter resolves: it cannot pay, so it stops
    assert state.life[0] == 4 and [f.source for f in state.res.stack] == [fireball]
    passes(state, 3)  # Fireball resolves: a die of 1 to 3
    roll = next(e for e in reversed(state.events) if e.kind == "roll").data["value"]
    assert 1 <= roll <= 3 and state.life == [4, 5 - roll, 5]


def test_insight_pauses_for_a_choice_and_a_saved_game_resumes_there():
    state = position({0: ["insight", "rally"]})
    state.apply(Cast(mine(state, 0, "insight")), state.to_move)
    passes(state, 3)
    assert top(state) == (0, "discard") and len(state.hands[0]) == 3
    assert state.res.frames[0].at == 3  # paused after the draw's step, before nothing else
    game = state.game
    saved = game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert saved.legal_actions() == state.legal_actions() == [Discard(c) for c in state.hands[0]]
    choice = mine(state, 0, "rally")
    for position_ in (state, saved):
        position_.apply(Discard(choice), position_.to_move)
        assert top(position_) == (0, "respond") and choice in position_.discards[0]
    assert saved.to_json() == state.to_json()


def test_a_player_out_leaves_the_stack_and_the_others_play_on():
    state = position({0: ["drain"], 1: ["spark"], 2: ["spark"]}, life=[5, 1, 5])
    state.apply(Cast(mine(state, 0, "drain")), state.to_move)
    state.apply(PASS, state.to_move)
    spark1 = mine(state, 1, "spark")
    state.apply(Cast(spark1, refs.player(0)), state.to_move)
    state.apply(PASS, state.to_move)
    state.apply(Cast(mine(state, 2, "spark"), refs.player(1)), state.to_move)
    passes(state, 3)  # player 2's Spark: player 1 is out, and their Spark leaves the stack
    assert state.out == [1] and spark1 in state.discards[1]
    assert top(state) == (0, "respond")
    passes(state, 2)  # player 1 is out: a round of passes is 0 and 2
    assert state.life == [5, 0, 4] and state.outcome is None
    passes(state, 2)
    state.apply(END, state.to_move)
    assert state.active == 2  # player 1's turn is skipped
    state.life[0] = 1
    spark2 = next(c for c in state.discards[2] if state.cards[c] == "spark")  # the Spark cast (not one drawn)
    state.hands[2] = [spark2]  # back in hand for the test: one more Spark ends it
    state.discards[2].remove(spark2)
    state.apply(Cast(state.hands[2][0], refs.player(0)), state.to_move)
    passes(state, 2)
    outcome = state.outcome
    assert outcome is not None and outcome.winner == 2 and outcome.eliminated == (1, 0)
    assert outcome.ranks == (1, 2, 0) and state.legal_actions() == []


def test_hands_and_decks_are_hidden():
    state = position({0: ["spark", "ward"]})
    view = state.view(1)
    assert "cards" not in view["zones"]["hand0"] and view["zones"]["hand0"]["count"] == 2
    assert state.view(0)["zones"]["hand0"]["cards"] == state.hands[0]
    assert "cards" not in state.view(0)["zones"]["deck0"]


def test_bad_actions_and_positions_are_refused():
    state = position({0: ["spark"]})
    with pytest.raises(IllegalAction):
        state.apply(Cast(mine(state, 0, "spark"), refs.player(0)), state.to_move)  # not an opponent
    spark = mine(state, 0, "spark")
    with pytest.raises(NotationError, match=rf"^'cast spark' is not a move you can make now; your moves: "
                                            rf"'cast {spark} at 1', 'cast {spark} at 2', 'end'$"):
        state.parse_action("cast spark", state.to_move)
    with pytest.raises(NotationError, match=r"^'end': it is player 0's decision \(main\), not player 1's$"):
        state.parse_action("end", 1)
    assert state.parse_action(f"  CAST {spark}   at 2 ", 0) == Cast(spark, refs.player(2))
    data = state.to_json()
    with pytest.raises(NotationError, match="^state JSON: player 0's cards are lost"):
        state.game.state_from_json({**data, "zones": {**data["zones"], "hand": [[], [], []]}})
    owners = [(data["owners"][0] + 1) % 3, *data["owners"][1:]]  # card 0 another's, its deck list not
    with pytest.raises(NotationError, match="the deck lists and the owners disagree"):
        state.game.state_from_json({**data, "owners": owners})
    with pytest.raises(NotationError, match=r"^state JSON: res.frames\[0\]: should be an object"):
        state.game.state_from_json({**data, "res": {**data["res"], "frames": [[0, 1]]}})


def test_brawl_is_found_through_its_entry_point():
    assert tcgkit.find_game("brawl").cls is Brawl
