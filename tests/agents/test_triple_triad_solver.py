"""The Triple Triad solver against plain minimax over the game's own rules, and the agent."""

from __future__ import annotations

import pytest

from tcgkit.agents import make_agent
from tcgkit.agents.triple_triad_solver import VOTE_FROM, WORLDS, NotAPlacement, Solution, Solver, solve
from tcgkit.games.triple_triad import TripleTriad
from tcgkit.kernel.rng import Rng, derive_seed

game_for_position = TripleTriad.game_for_position

RULE_SETS = [
    {},
    {"same": True},
    {"plus": True},
    {"same": True, "plus": True, "combo": True},
    {"same": True, "same_wall": True, "combo": True},
    {"same": True, "plus": True, "combo": True, "same_wall": True, "elemental": True},
    {"same": True, "plus": True, "combo": True, "combo_from_basic": False, "elemental": True,
     "clamp": True},
    {"same": True, "plus": True, "combo": True, "own_cards_match": False, "same_wall": True},
]


def brute_force(state) -> int:
    """Player to move's final score by plain minimax on the game's own states."""
    mover = state.to_move
    if state.board.count(-1) == 0:
        return state.score(mover)
    best = -1
    for action in state.legal_actions():
        child = state.clone()
        child.apply_unchecked(action)
        if not child.decisions or child.decisions[-1].kind != "place":
            value = child.score(mover)
        else:
            value = 10 - brute_force(child) if child.to_move != mover else brute_force(child)
        best = max(best, value)
    return best


def move_values(state) -> dict[tuple[int, int], int]:
    mover = state.to_move
    out = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply_unchecked(action)
        if not child.decisions or child.decisions[-1].kind != "place":
            out[action.card, action.cell] = child.score(mover)
        else:
            out[action.card, action.cell] = 10 - brute_force(child)
    return out


def random_position(options: dict, seed: int, empty: int, duplicates: bool = False):
    """A position with ``empty`` cells left, reached by random play (decks from the seed)."""
    rng = Rng(derive_seed(seed, 7))
    game = TripleTriad({**options, "open": True, "trade": "none"})
    decks = None
    if duplicates:  # few distinct cards: duplicates in a hand and across the hands
        pool = [game.cards[i].name for i in rng.sample(range(len(game.cards)), 3)]
        decks = [[rng.choice(pool) for _ in range(5)] for _ in range(2)]
    state = game.new_state(seed, decks)
    if options.get("elemental"):
        state.elements = [rng.below(9) for _ in range(9)]  # many elements: more to test
    while state.board.count(-1) > empty:
        state.apply(rng.choice(state.legal_actions()), state.to_move)
    return state


@pytest.mark.parametrize("rules", range(len(RULE_SETS)))
def test_solver_matches_brute_force(rules):
    options = RULE_SETS[rules]
    for seed in range(7):
        empty = 4 + seed % 2
        state = random_position(options, 1000 * rules + seed, empty, duplicates=seed % 4 == 3)
        truth = move_values(state)
        best = max(truth.values())
        exact = solve(state, "exact", every=True)
        assert exact.value == best, state.to_notation()
        found = {(p.card, p.cell) for p in exact.best}
        assert found == {m for m, v in truth.items() if v == best}, state.to_notation()
        wdl = solve(state, "wdl", every=True)
        sign = (best > 5) - (best < 5)
        assert wdl.value == sign
        assert {(p.card, p.cell) for p in wdl.best} == {
            m for m, v in truth.items() if (v > 5) - (v < 5) == sign
        }
        assert exact.result == wdl.result
        one = solve(state, "exact", Rng(seed))
        assert one.value == best and len(one.best) == 1 and one.best[0] in exact.best
        one = solve(state, "wdl", Rng(seed))
        assert one.value == sign and len(one.best) == 1 and one.best[0] in wdl.best
        default = solve(state)  # one best move, no seed: the same one every time
        assert default.value == best and not default.every and len(default.best) == 1
        assert default.best[0] in exact.best and solve(state).best == default.best
        state.check_invariants()  # the solver leaves the state alone


def test_exact_and_wdl_agree_on_bigger_positions():
    options = RULE_SETS[3]
    for seed in range(2):
        state = random_position(options, 500 + seed, 7)
        exact, wdl = solve(state, "exact", every=True), solve(state, "wdl", every=True)
        assert wdl.value == (exact.value > 5) - (exact.value < 5)
        assert set(map(str, exact.best)) <= set(map(str, wdl.best))
        assert wdl.nodes > 0 and exact.seconds >= 0


def test_not_a_placement_is_refused():
    text = (
        "triple-triad rules=trade=one board=1:0/2:0/3:0/4:0/5:0/6:1/7:1/8:1/9:1 "
        "hands=10/- decks=1,2,3,4,10/5,6,7,8,9 turn=take0"
    )
    state = game_for_position(text).state_from_notation(text)
    with pytest.raises(NotAPlacement, match="trade"):
        solve(state)
    with pytest.raises(ValueError, match="mode"):
        Solver(state.game).solve(random_position({}, 1, 4), "fast")


def test_perfect_agent_plays_a_best_move():
    for seed in range(4):
        state = random_position(RULE_SETS[3], 900 + seed, 5)
        agent = make_agent("perfect", state.game)
        truth = move_values(state)
        best = max(truth.values())
        action = agent.act(state.view(state.to_move), state.legal_actions(), Rng(seed))
        assert action in state.legal_actions()
        assert truth[action.card, action.cell] == best


def test_perfect_agent_without_open_does_not_peek():
    game = TripleTriad(same=True, trade="none")
    state = game.new_state(3)
    rng = Rng(4)
    while state.board.count(-1) > 5:
        state.apply(rng.choice(state.legal_actions()), state.to_move)
    view = state.view(state.to_move)
    assert "cards" not in view["zones"][f"hand{1 - state.to_move}"]
    agent = make_agent("perfect", game)
    assert agent.act(view, state.legal_actions(), Rng(1)) in state.legal_actions()


def hidden_position(empty: int, seed: int = 3):
    """A game without Open played at random until ``empty`` cells are left."""
    game = TripleTriad(same=True, trade="none")
    state = game.new_state(seed)
    rng = Rng(seed)
    while state.board.count(-1) > empty:
        state.apply(rng.choice(state.legal_actions()), state.to_move)
    return game, state


def test_perfect_agent_searches_as_hard_while_solves_are_slow():
    game, state = hidden_position(VOTE_FROM + 1)
    view = state.view(state.to_move)
    searched = make_agent("hard", game).act(view, state.legal_actions(), Rng(7))
    assert make_agent("perfect", game).act(view, state.legal_actions(), Rng(7)) == searched


def test_perfect_agent_plays_the_move_best_in_most_sampled_hands(monkeypatch):
    """Without Open the move chosen is the one most sampled worlds call best, not the first
    world's: one world of ``WORLDS`` says a, the others b."""
    game, state = hidden_position(VOTE_FROM)
    a, b = state.legal_actions()[:2]
    worlds = iter([a] + [b] * (WORLDS - 1))

    def solved(self, world, mode="exact", rng=None, *, every=False):
        return Solution(mode, world.to_move, 0, [next(worlds)], 0, 0.0, 2, every)

    monkeypatch.setattr(Solver, "solve", solved)
    agent = make_agent("perfect", game)
    assert agent.act(state.view(state.to_move), state.legal_actions(), Rng(1)) == b


def test_perfect_agent_takes_the_highest_level():
    text = (
        "triple-triad rules=trade=one board=1:0/2:0/3:0/4:0/5:0/6:1/7:1/8:1/99:1 "
        "hands=10/- decks=1,2,3,4,10/5,6,7,8,99 turn=take0"
    )
    state = game_for_position(text).state_from_notation(text)
    agent = make_agent("perfect", state.game)
    action = agent.act(state.view(0), state.legal_actions(), Rng(0))
    assert action.card == max(state.takeable(), key=lambda c: state.game.cards[c].level)


def test_the_solver_is_public():
    import tcgkit.agents as agents

    state = random_position(RULE_SETS[3], 77, 4)
    solution = agents.solve_triple_triad(state, every=True)
    assert isinstance(solution, agents.Solution) and solution.every
    again = agents.TripleTriadSolver(state.game).solve(state, every=True)
    assert again.best == solution.best and again.value == solution.value
    assert {"solve_triple_triad", "TripleTriadSolver", "Solution", "NotAPlacement"} <= set(agents.__all__)
