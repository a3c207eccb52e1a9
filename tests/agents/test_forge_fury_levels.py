"""Forge & Fury's own levels (agents/forge_fury.py): registered with their parameters, each
move a function of the view and the seed, pinned on fixed positions. Which level beats which
is measured in docs/sim.md, not here: a small sample cannot show a 55% step reliably."""

from __future__ import annotations

import pytest

import tcgkit
from tcgkit.agents import make_agent
from tcgkit.agents.assist import advice
from tcgkit.agents.forge_fury import (
    LEVELS,
    GreedyForgeFury,
    MixedForgeFury,
    Reading,
    ReadingForgeFury,
    priced_worth,
)
from tcgkit.agents.mcts import ISMCTSAgent
from tcgkit.kernel.rng import Rng


def advance(state, rng, until):
    while not until(state):
        state.apply(rng.choice(state.legal_actions()), state.to_move)
    return state


def at_pick(game, seed, rounds=3):
    return advance(game.new_state(seed), Rng(seed), lambda s: s.rounds >= rounds and s.pending.kind == "pick")


@pytest.fixture(scope="module")
def game():
    return tcgkit.load_game("forge-fury")


def test_each_level_is_registered_with_its_parameters(game):
    assert {
        "easy": Reading(careless=0.5, keep_weight=1.0, named=0.0, read_colour=False),
        "normal": Reading(careless=0.0, keep_weight=1.0, named=0.0, read_colour=False),
        "hard": Reading(careless=0.0, keep_weight=1.5, named=0.5, read_colour=True),
    } == LEVELS
    for name, level in LEVELS.items():
        agent = make_agent(name, game)
        assert isinstance(agent, ReadingForgeFury)
        assert (agent.name, agent.level, agent.keep_weight) == (name, level, level.keep_weight)
        assert agent.worth == priced_worth(game, level.named)
    mixed = make_agent("mixed", game)
    assert (mixed.worth, mixed.keep_weight, mixed.read_colour) == (priced_worth(game, 0.5), 1.0, True)
    assert isinstance(make_agent("ismcts", game), ISMCTSAgent)  # the generic search stays
    assert isinstance(make_agent("normal", tcgkit.load_game("tt")), ISMCTSAgent)  # other games' levels


def test_worth_priced_on_no_colour_is_the_games_card_worth(game):
    assert priced_worth(game, 0.0) == pytest.approx(game.card_worth())
    best = priced_worth(game, 1.0)
    assert all(b >= w - 1e-12 for b, w in zip(best, game.card_worth(), strict=True))


@pytest.mark.parametrize("name", [*LEVELS, "mixed"])
def test_a_levels_move_is_the_same_for_the_same_seed(game, name):
    for seed in range(4):
        state = at_pick(game, seed)
        view, legal = state.view(state.to_move), state.legal_actions()
        moves = {str(make_agent(name, game).act(view, legal, Rng(7))) for _ in range(3)}
        assert len(moves) == 1


@pytest.mark.parametrize("name", list(LEVELS))
def test_a_levels_move_does_not_depend_on_hidden_cards(game, name):
    agent = make_agent(name, game)
    for seed in range(4):
        state = at_pick(game, seed)
        me = state.to_move
        other = game.redeal_hidden(state, me, Rng(99))
        assert other.to_json() != state.to_json()
        for i in range(4):
            assert agent.act(state.view(me), state.legal_actions(), Rng(i)) == \
                agent.act(other.view(me), other.legal_actions(), Rng(i))


PINNED = {  # seed of the position -> each level's pick with Rng(0), and greedy's
    0: {"greedy": "pick Gale Monk #076", "easy": "pick Ash Hound #060",
        "normal": "pick Ash Hound #060", "hard": "pick Ash Hound #060"},
    8: {"greedy": "pick Gale Boar #104", "easy": "pick Moss Beetle #028",
        "normal": "pick Moss Beetle #028", "hard": "pick Moss Beetle #028"},
    11: {"greedy": "pick Night Warden #013", "easy": "pick Night Warden #013",
         "normal": "pick Tide Lynx #010", "hard": "pick Night Warden #013"},
}


@pytest.mark.parametrize("seed", list(PINNED))
def test_each_levels_pick_on_a_fixed_position(game, seed):
    state = at_pick(game, seed)
    view, legal = state.view(state.to_move), state.legal_actions()
    picks = {name: str(make_agent(name, game).act(view, legal, Rng(0))) for name in PINNED[seed]}
    assert picks == PINNED[seed]


def test_a_careless_decision_is_greedys(game):
    careless = ReadingForgeFury(game, "careless", Reading(1.0, 1.0, 0.0, False))
    greedy = GreedyForgeFury(game)
    for seed in range(6):
        state = at_pick(game, seed)
        view, legal = state.view(state.to_move), state.legal_actions()
        rng = Rng(seed)
        rng.random()  # the draw that decides carelessness
        assert careless.act(view, legal, Rng(seed)) == greedy.act(view, legal, rng)


def test_easy_plays_about_half_its_decisions_as_greedy(game):
    easy, normal, greedy = (make_agent(n, game) for n in ("easy", "normal", "greedy"))
    careless = differ = 0
    for seed in range(40):
        state = at_pick(game, seed)
        view, legal = state.view(state.to_move), state.legal_actions()
        rng = Rng(seed)
        if rng.random() < LEVELS["easy"].careless:
            careless += 1
            assert easy.act(view, legal, Rng(seed)) == greedy.act(view, legal, rng)
        elif normal.act(view, legal, Rng(seed)) != greedy.act(view, legal, Rng(seed)):
            differ += 1
    assert 10 <= careless <= 30 and differ > 0


def test_hard_reads_the_rivals_colour(game):
    hard = make_agent("hard", game)
    values = game.values
    state = advance(game.new_state(2), Rng(2), lambda s: s.rounds >= 2 and s.pending.kind == "pick"
                    and s.chooser != s.to_move)
    me, colour = state.to_move, state.colour
    hands = hard._rival_hands(state.view(me), me, Rng(0), hard._named_by(state.view(me), me, colour))
    assert len(hands) == hard.samples
    assert all(max(values[c][colour] for c in h) == max(max(values[c]) for c in h) for h in hands)
    assert make_agent("normal", game)._named_by(state.view(me), me, colour) is None
    assert make_agent("mixed", game)._named_by(state.view(me), me, colour) is not None


@pytest.mark.parametrize("name", list(LEVELS))
def test_the_explanation_starts_with_the_move_played(game, name):
    agent = make_agent(name, game)
    for seed in range(5):
        state = at_pick(game, seed)
        view, legal = state.view(state.to_move), state.legal_actions()
        action, explanation = agent.explain(view, legal, Rng(seed))
        assert action == agent.act(view, legal, Rng(seed))
        assert explanation.choice == str(action)
        listed = [o.action for o in explanation.options]
        assert len(listed) in (1, len(legal)) and set(listed) <= {str(a) for a in legal}
        assert all(0 <= o.chance <= 100 for o in explanation.options)


def test_the_hint_is_normals_reply_with_its_chances(game):
    state = at_pick(game, 4, rounds=20)
    hint = advice(state, state.to_move, 3)
    assert hint.action in state.legal_actions()
    assert 0 < hint.after < 100 and hint.explanation.agent == "normal"


@pytest.mark.parametrize("name", list(LEVELS))
def test_the_levels_play_private_decklists_to_the_end(name):
    game = tcgkit.load_game("forge-fury", mode="brasa", private_decklists=True)
    agents = [make_agent(name, game), MixedForgeFury(game)]
    state, rng = game.new_state(8), Rng(8)
    while not state.is_terminal:
        legal = state.legal_actions()
        action = agents[state.to_move].act(state.view(state.to_move), legal, rng)
        assert action in legal
        state.apply(action, state.to_move)
