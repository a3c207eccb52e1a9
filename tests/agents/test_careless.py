"""Careless moves (``agents.base.CarelessAgent``): a lower level made weaker on purpose slips in
the share of its decisions it says, the same slips for the same seed, only legal moves, and
from the view alone."""

from __future__ import annotations

import pytest

import tcgkit
from agents.mcts_checks import search_of
from tcgkit.agents import agent_names, base, make_agent
from tcgkit.agents.base import CarelessAgent, CarelessSearch
from tcgkit.agents.explain import explains
from tcgkit.agents.mcts import ISMCTSAgent, Level, Playout, playout_for, register_levels
from tcgkit.kernel.actions import Action
from tcgkit.kernel.rng import Rng


class First:
    """Always the first legal move; counts how often it was asked."""

    name = "first"

    def __init__(self) -> None:
        self.asked = 0

    def act(self, view: dict, legal_actions: list[Action], rng: Rng) -> Action:
        self.asked += 1
        return legal_actions[0]


def decisions(game_name: str, seed: int, count: int) -> list[tuple[dict, list[Action]]]:
    """``count`` decisions with a choice from random games of ``game_name``: (view, legal)."""
    game = tcgkit.load_game(game_name)
    rng = Rng(seed)
    out: list[tuple[dict, list[Action]]] = []
    state = game.new_state(seed)
    while len(out) < count:
        if state.is_terminal:
            state = game.new_state(rng.below(1 << 30))
        legal = state.legal_actions()
        if len(legal) > 1:
            out.append((state.view(state.to_move), legal))
        state.apply(rng.choice(legal), state.to_move)
    return out


@pytest.mark.parametrize("share", [0.1, 0.3, 0.6])
def test_the_share_of_careless_decisions_is_the_one_asked_for(share):
    agent = CarelessAgent(First(), share)
    rng = Rng(5)
    choices = [agent.act({}, ["a", "b", "c", "d"], rng) for _ in range(4000)]  # type: ignore[list-item]
    assert abs(agent.slips / 4000 - share) < 0.03  # four standard deviations at most
    assert agent.agent.asked == 4000 - agent.slips  # a slip does not think at all
    # A slip is uniform over the legal moves, the agent's own among them.
    not_first = sum(choice != "a" for choice in choices)
    assert abs(not_first / 4000 - share * 3 / 4) < 0.03


def test_no_share_plays_the_agent_and_a_whole_share_never_asks_it():
    rng = Rng(1)
    never = CarelessAgent(First(), 0.0)
    assert [never.act({}, ["a", "b"], rng) for _ in range(200)] == ["a"] * 200  # type: ignore[list-item]
    assert never.slips == 0
    always = CarelessAgent(First(), 1.0)
    picks = {always.act({}, ["a", "b", "c"], rng) for _ in range(200)}  # type: ignore[list-item]
    assert always.agent.asked == 0 and picks == {"a", "b", "c"}


def test_a_lone_legal_move_is_no_slip():
    agent = CarelessAgent(First(), 1.0)
    assert agent.act({}, ["only"], Rng(0)) == "only"  # type: ignore[list-item]
    assert agent.slips == 0


@pytest.mark.parametrize("share", [-0.1, 1.5])
def test_a_share_outside_zero_to_one_is_refused(share):
    with pytest.raises(ValueError, match="careless must be a share between 0 and 1"):
        CarelessAgent(First(), share)


@pytest.mark.parametrize("game_name", ["monster-collection", "conflictus", "ff-tcg"])
def test_careless_search_plays_legal_moves_the_same_for_the_same_seed(game_name):
    game = tcgkit.load_game(game_name)
    for view, legal in decisions(game_name, 3, 12):
        moves = []
        for _ in range(2):
            agent = CarelessAgent(ISMCTSAgent(game, iterations=10), 0.5)
            moves.append(str(agent.act(view, legal, Rng(9))))
            assert any(str(action) == moves[-1] for action in legal)
        assert moves[0] == moves[1]


@pytest.mark.parametrize("game_name", ["monster-collection", "conflictus"])
def test_a_careless_search_level_explains_the_moves_it_plays(game_name):
    """``easy`` of these games is a careless search: ``explain`` chooses what ``act`` chooses
    with the same seed; a searched move carries the search's reasons and a slip none (no
    iterations, no value), under the level's name."""
    game = tcgkit.load_game(game_name)
    assert explains(make_agent("easy", game)) and not explains(CarelessAgent(First(), 0.5))
    searched = slipped = 0
    for number, (view, legal) in enumerate(decisions(game_name, 4, 30)):
        acting, explaining = make_agent("easy", game), make_agent("easy", game)
        assert isinstance(explaining, CarelessSearch)
        chosen, why = explaining.explain(view, legal, Rng(number))
        assert str(chosen) == str(acting.act(view, legal, Rng(number))) == why.choice
        assert why.agent == "easy"
        if explaining.slips:
            assert (why.iterations, why.value, len(why.options)) == (0, None, 1)
            slipped += 1
        else:
            assert why.iterations == search_of(explaining).iterations and why.value is not None
            searched += 1
    assert searched and slipped  # both kinds met (12% and 5% of 30 decisions, this seed)


def test_careless_moves_depend_on_the_view_alone():
    """Two states that differ only in what the player cannot see (the hidden cards drawn anew
    by ``determinize``) get the same move for the same seed: nothing hidden is read."""
    game = tcgkit.load_game("monster-collection")
    rng = Rng(2)
    checked = 0
    state = game.new_state(2)
    while not state.is_terminal and checked < 10:
        player = state.to_move
        view = state.view(player)
        other = game.determinize(view, Rng(checked + 100))
        assert other.view(player) == view
        legal, other_legal = state.legal_actions(), other.legal_actions()
        if len(legal) > 1 and list(map(str, legal)) == list(map(str, other_legal)):
            agent = CarelessAgent(make_agent("greedy", game), 0.5)
            mine = agent.act(view, legal, Rng(checked))
            again = CarelessAgent(make_agent("greedy", game), 0.5).act(
                other.view(player), other_legal, Rng(checked))
            assert str(mine) == str(again)
            checked += 1
        state.apply(rng.choice(legal), player)
    assert checked == 10


def test_a_careless_level_is_its_search_slipping_and_says_so(monkeypatch):
    monkeypatch.setattr(base, "GAME_AGENTS", dict(base.GAME_AGENTS))
    levels = {"easy": Level(30, 0.25), "normal": Level(60), "hard": Level(90)}
    register_levels(levels, "monster-collection", ", leaves scored by the heuristic")
    game = tcgkit.load_game("monster-collection")
    easy = make_agent("easy", game)
    assert isinstance(easy, CarelessAgent) and easy.careless == 0.25 and easy.name == "easy"
    assert isinstance(easy.agent, ISMCTSAgent) and easy.agent.iterations == 30
    normal, alias = make_agent("normal", game), make_agent("ismcts", game)
    assert isinstance(normal, ISMCTSAgent) and normal.iterations == alias.iterations == 60
    summaries = agent_names("monster-collection")
    assert summaries["easy"] == ("IS-MCTS, 30 iterations a move, leaves scored by the heuristic, "
                                 "a random move in 25 percent of its decisions")
    assert summaries["ismcts"].endswith("(= normal)")
    assert make_agent("easy", tcgkit.load_game("triple-triad")).iterations == 75  # other games keep theirs



def test_a_level_with_a_play_out_of_its_own_searches_on_it_and_says_so(monkeypatch):
    """A level may name its own play-out (Conflictus's ``hard``: a fitted leaf); the others keep
    the game's, and the summary says how each level's leaves are scored."""
    monkeypatch.setattr(base, "GAME_AGENTS", dict(base.GAME_AGENTS))

    class Own(Playout):
        plies = 0

    levels = {"easy": Level(30), "normal": Level(60), "hard": Level(90, playout=Own, scored=", own leaves")}
    register_levels(levels, "monster-collection", ", leaves scored by the heuristic")
    game = tcgkit.load_game("monster-collection")
    hard, normal = make_agent("hard", game), make_agent("normal", game)
    assert isinstance(hard, ISMCTSAgent) and type(hard.playout) is Own and hard.rollout_plies == 0
    assert isinstance(normal, ISMCTSAgent) and type(normal.playout) is type(playout_for(game))
    summaries = agent_names("monster-collection")
    assert summaries["hard"] == "IS-MCTS, 90 iterations a move, own leaves"
    assert summaries["easy"] == "IS-MCTS, 30 iterations a move, leaves scored by the heuristic"

GAMES = ["triple-triad", "forge-fury", "ff-tcg", "conflictus", "monster-collection"]


@pytest.mark.parametrize("game_name", GAMES)
def test_normal_never_slips_for_it_gives_the_hints(game_name):
    """``normal`` is the hint's search (``agents/assist.py``) and ``ismcts``: a careless move
    would be a bad hint, and explanations are the search's own, so only lower levels slip."""
    game = tcgkit.load_game(game_name)
    for level in ("normal", "ismcts", "hard"):
        assert not isinstance(make_agent(level, game), CarelessAgent), (game_name, level)


def test_a_careless_normal_or_hard_is_refused(monkeypatch):
    monkeypatch.setattr(base, "GAME_AGENTS", dict(base.GAME_AGENTS))
    for levels in ({"easy": Level(10), "normal": Level(20, 0.1), "hard": Level(30)},
                   {"easy": Level(10), "normal": Level(20), "hard": Level(30, 0.1)}):
        with pytest.raises(ValueError, match="only the levels below them may be careless"):
            register_levels(levels, "monster-collection")
