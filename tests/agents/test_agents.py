"""Agents: they see views, play legal actions, follow their documented policy, and never
peek at what their view hides."""

from __future__ import annotations

from collections import Counter

import pytest

import tcgkit
from tcgkit.agents import agent_names, make_agent
from tcgkit.games.forge_fury.cards import COLOURS
from tcgkit.kernel.rng import Rng


def advance(state, rng, until):
    while not until(state):
        state.apply(rng.choice(state.legal_actions()), state.to_move)
    return state


SEARCHERS = {"easy", "normal", "hard", "ismcts", "perfect"}  # whole games in their own tests


@pytest.mark.parametrize("game_name", ["triple-triad", "forge-fury", "ff-tcg"])
def test_every_agent_plays_whole_games_with_legal_actions(game_name):
    game = tcgkit.load_game(game_name, **({"mode": "brasa"} if game_name == "forge-fury" else {}))
    for name in set(agent_names(game_name)) - SEARCHERS:
        agent = make_agent(name, game)
        state = game.new_state(3)
        rng = Rng(4)
        while not state.is_terminal:
            legal = state.legal_actions()
            action = agent.act(state.view(state.to_move), legal, rng)
            assert action in legal
            state.apply(action, state.to_move)


def test_unknown_agents_are_named_with_the_known_ones():
    game = tcgkit.load_game("forge-fury")
    with pytest.raises(ValueError, match="known agents: .*greedy, .*mixed, .*random"):
        make_agent("alphago", game)
    with pytest.raises(ValueError, match="no agent named 'mixed' for triple-triad"):
        make_agent("mixed", tcgkit.load_game("tt"))


def test_triple_triad_greedy_takes_the_most_cards():
    game = tcgkit.load_game("tt")
    # Geezard (1,4,1,5) at cell 1 can be taken from cell 0 by a right value > 4, or from
    # cell 2 by a left value > 5: Squall (A,4,6,9) on cell 2 takes it, on cell 0 it does not.
    state = game.state_from_notation(
        "triple-triad board=-/1:0/-/-/-/-/-/-/- hands=2,3,4,5/110,12,13,14,15 turn=1"
    )
    action = make_agent("greedy", game).act(state.view(1), state.legal_actions(), Rng(0))
    after = state.clone()
    after.apply(action, after.to_move)
    assert after.score(1) == 6  # one capture: the most any move gets here


def test_forge_fury_greedy_names_its_strongest_colour_and_plays_its_highest():
    game = tcgkit.load_game("forge-fury", mode="brasa")
    state = advance(game.new_state(1), Rng(2), lambda s: s.pending.kind == "colour")
    chooser = state.to_move
    hand = [game.cards[c] for c in state.hands[chooser]]
    greedy = make_agent("greedy", game)
    action = greedy.act(state.view(chooser), state.legal_actions(), Rng(0))
    best = max(max(c.values) for c in hand)
    assert any(c.values[action.colour] == best for c in hand)
    state.apply(action, state.to_move)
    pick = greedy.act(state.view(state.to_move), state.legal_actions(), Rng(0))
    mover_hand = [game.cards[c] for c in state.hands[state.to_move]]
    assert game.cards[pick.card].values[action.colour] == max(c.values[action.colour] for c in mover_hand)


def test_mixed_randomises_its_pick_when_no_card_dominates():
    game = tcgkit.load_game("forge-fury", mode="brasa")
    mixed = make_agent("mixed", game)
    found = False
    for seed in range(30):
        state = advance(game.new_state(seed), Rng(seed), lambda s: s.pending.kind == "pick")
        view, legal = state.view(state.to_move), state.legal_actions()
        picks = Counter(str(mixed.act(view, legal, Rng(i))) for i in range(40))
        if len(picks) > 1:
            found = True
            break
    assert found, "mixed never mixed: it would be a fixed, exploitable strategy"


@pytest.mark.parametrize("agent_name", ["greedy", "mixed"])
def test_decisions_do_not_depend_on_hidden_cards(agent_name):
    """Re-deal what the agent cannot see: the distribution of its decisions stays the same."""
    game = tcgkit.load_game("forge-fury", mode="brasa")
    agent = make_agent(agent_name, game)
    for seed in range(6):
        state = advance(game.new_state(seed), Rng(seed), lambda s: s.rounds >= 3 and s.pending.kind == "pick")
        me = state.to_move
        other = game.redeal_hidden(state, me, Rng(99))
        assert other.to_json() != state.to_json()
        for i in range(5):
            a = agent.act(state.view(me), state.legal_actions(), Rng(i))
            b = agent.act(other.view(me), other.legal_actions(), Rng(i))
            assert a == b


def test_forge_fury_colour_choice_is_a_colour():
    game = tcgkit.load_game("forge-fury", mode="brasa")
    state = advance(game.new_state(5), Rng(5), lambda s: s.pending.kind == "colour")
    action = make_agent("mixed", game).act(state.view(state.to_move), state.legal_actions(), Rng(1))
    assert str(action).split()[1] in COLOURS


def test_ff_tcg_greedy_ignores_what_it_cannot_see():
    """Re-deal the rival's hand, face-down cards and both deck orders: greedy's choice stays."""
    game = tcgkit.load_game("ff-tcg")
    agent = make_agent("greedy", game)
    checked = 0
    for seed in range(4):
        state = advance(game.new_state(seed), Rng(seed),
                        lambda s: s.turn >= 6 and len(s.legal_actions()) > 2)
        me = state.to_move
        other = game.redeal_hidden(state, me, Rng(99))
        assert other.to_json() != state.to_json() and other.view(me) == state.view(me)
        for i in range(3):
            assert agent.act(state.view(me), state.legal_actions(), Rng(i)) == \
                agent.act(other.view(me), other.legal_actions(), Rng(i))
        checked += 1
    assert checked == 4
