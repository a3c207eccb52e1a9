"""IS-MCTS: legal, seeded, stronger than random, and blind to what its view hides."""

from __future__ import annotations

import pytest

import tcgkit
from tcgkit.agents import agent_names, make_agent
from tcgkit.agents.ff_tcg import FFTcgPlayout
from tcgkit.agents.forge_fury import ForgeFuryPlayout
from tcgkit.agents.mcts import LEVELS, PLAYOUTS, ISMCTSAgent, Playout, register_playout
from tcgkit.kernel.rng import Rng
from tcgkit.sim import run_games, summarize

GAMES = {
    "triple-triad": {},
    "forge-fury": {"mode": "brasa"},
    "ff-tcg": {},
}


def load(name: str, **extra):
    return tcgkit.load_game(name, **GAMES[name], **extra)


def positions(game, seed: int, count: int):
    """``count`` positions of one random game (a clone at every other decision)."""
    state = game.new_state(seed)
    rng = Rng(seed + 100)
    out = []
    while not state.is_terminal and len(out) < count:
        out.append(state.clone())
        state.apply(rng.choice(state.legal_actions()), state.to_move)
        if not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()), state.to_move)
    return out


def choose(agent, state, seed: int):
    player = state.to_move
    return agent.act(state.view(player), state.legal_actions(), Rng(seed))


@pytest.mark.parametrize("game_name", list(GAMES))
def test_every_level_is_registered_for_every_game(game_name):
    names = agent_names(game_name)
    for name in (*LEVELS, "ismcts"):
        assert name in names
    game = load(game_name)
    if game_name == "ff-tcg":  # its budgets are its own (below)
        return
    assert make_agent("ismcts", game).iterations == LEVELS["normal"]
    if game_name == "forge-fury":  # its levels are its own (test_forge_fury_levels.py)
        return
    assert make_agent("ismcts", game).iterations == make_agent("normal", game).iterations
    easy = 75 if game_name == "triple-triad" else 50  # Triple Triad's is its own (agents/triple_triad.py)
    assert [make_agent(n, game).iterations for n in ("easy", "normal", "hard")] == [easy, 400, 2000]


@pytest.mark.parametrize("game_name", list(GAMES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_returns_legal_actions(game_name, seed):
    game = load(game_name)
    agent = ISMCTSAgent(game, iterations=30)
    for state in positions(game, seed, 12):
        legal = state.legal_actions()
        assert choose(agent, state, seed) in legal


@pytest.mark.parametrize("game_name", list(GAMES))
def test_the_same_seed_gives_the_same_choices(game_name):
    game = load(game_name)
    for state in positions(game, 5, 6):
        first = [str(choose(ISMCTSAgent(game, iterations=60), state, s)) for s in range(3)]
        again = [str(choose(ISMCTSAgent(game, iterations=60), state, s)) for s in range(3)]
        assert first == again


def test_plays_whole_games_against_itself_in_forge_fury():
    game = load("forge-fury")
    agent = ISMCTSAgent(game, iterations=10)
    state = game.new_state(8)
    rng = Rng(9)
    while not state.is_terminal:
        state.apply(agent.act(state.view(state.to_move), state.legal_actions(), rng), state.to_move)
    assert state.outcome is not None


def test_beats_random_at_triple_triad():
    results = run_games("triple-triad", {"trade": "none"}, ["easy", "random"], 20, seed=11)
    easy = summarize(results, ["easy", "random"]).agents[0]
    assert easy.wins > 10, easy  # a clear majority (about 17 of 20 at this seed)


@pytest.mark.parametrize(
    ("game_name", "extra"),
    [
        ("triple-triad", {}),
        ("triple-triad", {"random": True, "elemental": True}),
        ("forge-fury", {}),
        ("forge-fury", {"private_decklists": True}),
        ("ff-tcg", {}),
    ],
)
def test_the_choice_does_not_depend_on_hidden_information(game_name, extra):
    game = load(game_name, **extra)
    agent = ISMCTSAgent(game, iterations=80)
    checked = changed = 0
    for seed in (1, 2):
        for state in positions(game, seed, 8):
            player = state.to_move
            if len(state.legal_actions()) < 2:
                continue
            mine = str(choose(agent, state, seed))
            for k in range(2):
                other = game.redeal_hidden(state, player, Rng(1000 * seed + k))
                assert other.view(player) == state.view(player)
                changed += other.to_json() != state.to_json()
                assert str(choose(agent, other, seed)) == mine
            checked += 1
    assert checked >= 4 and changed  # the redeals did change what the player cannot see


def test_sealed_picks_still_differ_in_what_is_hidden():
    """The rival's sealed pick is redealt: a position where one player has picked."""
    game = load("forge-fury")
    state = game.new_state(4)
    rng = Rng(5)
    while not _one_pick_sealed(state):
        state.apply(rng.choice(state.legal_actions()), state.to_move)
    player = state.to_move
    agent = ISMCTSAgent(game, iterations=100)
    mine = str(choose(agent, state, 3))
    for k in range(4):
        other = game.redeal_hidden(state, player, Rng(k))
        assert str(choose(agent, other, 3)) == mine


def _one_pick_sealed(state) -> bool:
    view = state.view(state.to_move)
    rival = 1 - state.to_move
    zone = view["zones"][f"pick{rival}"]
    return state.pending.kind == "pick" and zone["count"] == 1 and "cards" not in zone


def test_open_triple_triad_is_plain_search_and_sees_a_win():
    """Last move of an Open game: every determinization is the same, so the search is
    exact on the one decision left and takes the winning cell when there is one."""
    game = tcgkit.load_game("tt", open=True, trade="none")
    agent = ISMCTSAgent(game, iterations=200)
    for seed in range(6):
        state = game.new_state(seed)
        rng = Rng(seed)
        while len([c for c in state.board if c < 0]) > 2:
            state.apply(rng.choice(state.legal_actions()), state.to_move)
        me = state.to_move
        best = max(_final_score(state, a, me) for a in state.legal_actions())
        action = choose(agent, state, seed)
        assert _final_score(state, action, me) == best


def _final_score(state, action, me) -> int:
    """``me``'s best result after ``action``: the rival then has one forced-cell move."""
    after = state.clone()
    after.apply(action, after.to_move)
    results = []
    for reply in after.legal_actions():
        end = after.clone()
        end.apply(reply, end.to_move)
        out = end.outcome.returns()[me]
        results.append(out)
    return min(results) if results else after.outcome.returns()[me]


def test_a_time_budget_runs_at_least_one_iteration():
    game = load("triple-triad")
    agent = ISMCTSAgent(game, iterations=1, seconds=0.05)
    state = game.new_state(2)
    assert choose(agent, state, 0) in state.legal_actions()
    assert agent.last_iterations >= 1


def test_rejects_an_empty_budget():
    with pytest.raises(ValueError, match="iterations"):
        ISMCTSAgent(load("triple-triad"), iterations=0)


def test_a_sealed_reply_is_chosen_without_knowing_the_sealed_pick():
    """Picking first in Forge & Fury: the rival's reply statistics are one table shared by
    all of the searcher's picks (the rival cannot see which card was picked)."""
    game = load("forge-fury")
    state = game.new_state(6)
    rng = Rng(7)
    while not (state.pending.kind == "pick" and _first_picker(state)):
        state.apply(rng.choice(state.legal_actions()), state.to_move)
    agent = ISMCTSAgent(game, iterations=60)
    root = agent.search(state.view(state.to_move), Rng(1))
    children = list(root.children.values())
    assert len(children) > 1
    assert all(child.edges is children[0].edges for child in children)
    assert children[0].edges  # the rival's picks were tried


def test_open_moves_keep_separate_statistics():
    game = tcgkit.load_game("tt", open=True)
    state = game.new_state(1)
    root = ISMCTSAgent(game, iterations=60).search(state.view(state.to_move), Rng(1))
    children = list(root.children.values())
    assert len({id(child.edges) for child in children}) == len(children)


def _first_picker(state) -> bool:
    zone = state.view(state.to_move)["zones"][f"pick{1 - state.to_move}"]
    return zone["count"] == 0


def test_a_game_without_a_playout_policy_plays_uniformly_to_the_end():
    game = load("triple-triad")
    assert "triple-triad" not in PLAYOUTS
    agent = ISMCTSAgent(game, iterations=20)
    assert type(agent.playout) is Playout and agent.playout.uniform
    assert agent.rollout_plies is None


def test_forge_fury_registers_a_cut_greedy_playout():
    game = tcgkit.load_game("forge-fury", mode="chama")
    agent = ISMCTSAgent(game, iterations=20)
    policy = agent.playout
    assert isinstance(policy, ForgeFuryPlayout) and not policy.uniform
    assert agent.rollout_plies == policy.plies
    for state in positions(game, 3, 10):
        action = policy.act(state, state.legal_actions(), Rng(1))
        assert action in state.legal_actions()
        value = policy.evaluate(state)
        assert -1.0 <= value[0] <= 1.0 and value[1] == -value[0]


def test_a_registered_policy_is_used_and_cut_after_its_plies():
    """A policy registered for a game plays every play-out move and scores the cut state."""
    game = load("triple-triad")
    calls = {"act": 0, "evaluate": 0}

    class Counting(Playout):
        uniform = False
        plies = 2

        def act(self, state, legal, rng):
            calls["act"] += 1
            return legal[0]

        def evaluate(self, state):
            calls["evaluate"] += 1
            return (0.0, 0.0)

    register_playout("triple-triad")(Counting)
    try:
        agent = ISMCTSAgent(game, iterations=30)
    finally:
        del PLAYOUTS["triple-triad"]
    state = game.new_state(1)
    choose(agent, state, 1)
    assert calls["evaluate"] == 30  # an empty board: no play-out reaches the end
    assert 0 < calls["act"] <= 2 * 30


def test_ff_tcg_playouts_stop_after_a_turn_and_score_the_material():
    game = load("ff-tcg")
    agent = ISMCTSAgent(game, iterations=20)
    policy = agent.playout
    assert isinstance(policy, FFTcgPlayout) and agent.rollout_plies == policy.plies == 12
    values = []
    for state in positions(game, 4, 30):
        value = policy.evaluate(state)
        assert -1.0 < value[0] < 1.0 and value[1] == -value[0]
        assert (value[0] > 0) == (game.heuristic(state, 0) > 0)
        values.append(value[0])
    assert len(set(values)) > 3  # graded, not a win / loss coin


def test_ff_tcg_levels_are_its_own_budgets_on_the_same_play_outs():
    """Final Fantasy TCG's search gains most over its first few dozen iterations a move, so its
    levels are 10, 20 and 400 (``agents/ff_tcg.py``), each on the game's play-out of a turn."""
    game = load("ff-tcg")
    budgets = {level: make_agent(level, game) for level in ("easy", "normal", "hard", "ismcts")}
    assert {level: agent.iterations for level, agent in budgets.items()} == {
        "easy": 10, "normal": 20, "hard": 400, "ismcts": 20}
    for level, agent in budgets.items():
        assert isinstance(agent, ISMCTSAgent) and agent.name == level
        assert isinstance(agent.playout, FFTcgPlayout) and agent.rollout_plies == 12
    assert agent_names("ff-tcg")["hard"] == (
        "IS-MCTS, 400 iterations a move, play-outs of a turn scored by the heuristic")
    assert make_agent("hard", load("triple-triad")).iterations == 2000  # the generic levels stay
