"""IS-MCTS trees pinned for fixed seeds: the root statistics and the choice of two-player
searches, recorded before the N-player generalisation, must not change.

Regenerate (only for an intended change of search, in a commit saying why) with
``python tests/agents/test_mcts_pinned.py``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import tcgkit
from tcgkit.agents.mcts import ISMCTSAgent
from tcgkit.kernel.rng import Rng

PINNED = Path(__file__).parent / "data" / "mcts_pinned.json"
GAMES = {
    "triple-triad": {},
    "triple-triad-open": {"open": True, "same": True, "plus": True},
    "forge-fury": {"mode": "brasa"},
    "ff-tcg": {},
}
ITERATIONS = 120


def _positions(game, seed: int, count: int):
    state = game.new_state(seed)
    rng = Rng(seed + 100)
    out = []
    while not state.is_terminal and len(out) < count:
        if len(state.legal_actions()) > 1:
            out.append(state.clone())
        for _ in range(3):
            if not state.is_terminal:
                state.apply(rng.choice(state.legal_actions()), state.to_move)
    return out


def trees(key: str) -> list[dict]:
    name = key.removesuffix("-open")
    game = tcgkit.load_game(name, GAMES[key])
    out = []
    for i, state in enumerate(_positions(game, 3, 4)):
        view, legal = state.view(state.to_move), state.legal_actions()
        agent = ISMCTSAgent(game, iterations=ITERATIONS)
        root = agent.search(view, Rng(i))
        choice = agent.act(view, legal, Rng(i))
        out.append({
            "choice": str(choice),
            "edges": {k: [e.visits, round(e.total, 9), e.avail] for k, e in sorted(root.edges.items())},
        })
    return out


@pytest.mark.parametrize("key", list(GAMES))
def test_two_player_search_is_unchanged(key):
    pinned = json.loads(PINNED.read_text(encoding="utf-8"))[key]
    assert json.loads(json.dumps(trees(key))) == pinned


if __name__ == "__main__":
    PINNED.write_text(json.dumps({k: trees(k) for k in GAMES}, indent=0, sort_keys=True) + "\n",
                      encoding="utf-8")
    sys.exit(0)
