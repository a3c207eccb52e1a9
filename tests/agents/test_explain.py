"""A search AI's explanation: the same choice as ``act`` for the same generator, the chosen move
first, the alternatives ranked as the search ranks them, chances to win as percentages."""

from __future__ import annotations

import pytest

import tcgkit
from agents.mcts_checks import positions
from own_games import built_in_games
from tcgkit.agents import make_agent
from tcgkit.agents.explain import Explanation, Option, chance, explains
from tcgkit.agents.mcts import ISMCTSAgent
from tcgkit.kernel.rng import Rng

GAMES = built_in_games()


@pytest.mark.parametrize("name", GAMES)
def test_explanation_makes_the_same_choice_and_puts_it_first(name):
    game = tcgkit.load_game(name)
    checked = 0
    for number, state in enumerate(positions(game, 5, 4)):
        view, legal = state.view(state.to_move), state.legal_actions()
        played = make_agent("easy", game).act(view, legal, Rng(number))
        agent = make_agent("easy", game)
        assert explains(agent)
        choice, why = agent.explain(view, legal, Rng(number))  # type: ignore[attr-defined]
        assert choice == played
        assert why.choice == str(choice) == why.options[0].action
        if len(legal) == 1 or getattr(agent, "slips", 0):  # a lone move, or a careless level's slip
            assert why.iterations == 0 and why.before is None  # (agents/base.py): not searched
            continue
        checked += 1
        assert why.iterations == getattr(agent, "agent", agent).iterations  # a careless level's search
        ranks = [(option.visits, option.value) for option in why.options]
        assert ranks == sorted(ranks, reverse=True)  # ranked as the search ranks them
        assert len({option.action for option in why.options}) == len(why.options)
        assert {option.action for option in why.options} <= {str(a) for a in legal}
        percents = [why.before, why.after] + [option.chance for option in why.options]
        assert all(p is not None and 0.0 <= p <= 100.0 for p in percents)
        assert why.after == why.options[0].chance
    assert checked


def test_explaining_does_not_change_later_choices_of_a_shared_generator():
    """A simulation keeps one generator per player for the whole game: explaining a move
    must draw exactly the numbers playing it draws."""
    game = tcgkit.load_game("triple-triad")
    state = positions(game, 2, 1)[0]
    view, legal = state.view(state.to_move), state.legal_actions()
    plain, told = Rng(9), Rng(9)
    ISMCTSAgent(game, iterations=60).act(view, legal, plain)
    ISMCTSAgent(game, iterations=60).explain(view, legal, told)
    assert plain.next_u64() == told.next_u64()


def test_a_lone_move_is_searched_only_when_asked():
    game = tcgkit.load_game("triple-triad")
    state = game.new_state(1)
    while len(state.legal_actions()) > 1:
        state.apply(state.legal_actions()[0], state.to_move)
    assert not state.is_terminal
    view, legal = state.view(state.to_move), state.legal_actions()
    agent = ISMCTSAgent(game, iterations=40)
    _, quick = agent.explain(view, legal, Rng(1))
    _, searched = agent.explain(view, legal, Rng(1), search_alone=True)
    assert quick.iterations == 0 and quick.after is None
    assert searched.iterations == 40 and searched.options[0].visits == 40
    assert searched.after is not None and 0.0 <= searched.after <= 100.0


def test_chance_is_the_expected_result_with_a_draw_as_half():
    assert [chance(v) for v in (-1.0, -0.5, 0.0, 0.5, 1.0)] == [0.0, 25.0, 50.0, 75.0, 100.0]
    assert chance(1.5) == 100.0 and chance(-3.0) == 0.0


def test_explanation_round_trips_through_json_and_refuses_bad_fields():
    why = Explanation("normal", (Option("a", 30, 0.5), Option("b", 10, -0.25)), 0.25, 40)
    data = why.to_json()
    assert data["before"] == 62.5 and data["after"] == 75.0
    assert [o["chance"] for o in data["options"]] == [75.0, 37.5]
    assert Explanation.from_json(data) == why
    for broken, field in [({**data, "options": []}, "options"),
                          ({**data, "options": [{"action": "a", "visits": -1, "value": 0}]}, "option 1"),
                          ({**data, "value": 7}, "value"),
                          ({**data, "agent": 3}, "agent")]:
        with pytest.raises(ValueError, match=field):
            Explanation.from_json(broken)
