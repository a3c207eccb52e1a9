"""How far above ``greedy`` a game's levels can reach: a search that sees everything.

    nice -n 10 python scripts/clairvoyant_ceiling.py sim mc --agents clairvoyant-400,greedy \
        --sprt 0,50 --alpha 1e-9 --beta 1e-9 -n 120 --workers 2 --seed 11

runs ``tcgkit sim`` with one more agent per budget N, ``clairvoyant-N``: the game's search (its
play-out and leaf, as ``hard`` has them) with N iterations a move, run on the true state instead
of on the player's view: the rival's hand, every deck's order and the game's own random draws
are known to it. No player can be that; it measures what the game leaves to skill (issue 42,
the per-game targets in ``sim/ladder.py``). When the clairvoyant search beats ``greedy`` by
about what ``hard`` does, hidden information is not what holds the levels' range short; when it
goes much further, the range above ``hard`` is made of what a fair player cannot see.

An agent sees a player's view, never the state (``agents/base.py``): this script breaks that in
its own process only, by noting the state whose view ``tcgkit sim`` hands the agent (its game
loop asks ``state.view(player)`` just before ``act``), and registers the agent there only, so no
seat of a server or a terminal can ever meet it.
"""

from __future__ import annotations

import sys
from typing import Any

from tcgkit.agents.base import register_agent
from tcgkit.agents.mcts import LEVELS as GENERIC
from tcgkit.agents.mcts import ISMCTSAgent, Level, _Node
from tcgkit.kernel.game import Game, State
from tcgkit.kernel.rng import Rng

BUDGETS = (100, 400, 1600, 2000)
"""The iterations a move of the agents registered (``clairvoyant-N``)."""

_seen: list[State[Any] | None] = [None]
_plain_view = State.view


def _view_noted(self: State[Any], player: int | None) -> dict[str, Any]:
    _seen[0] = self
    return _plain_view(self, player)


class Clairvoyant(ISMCTSAgent):
    """The search of ``ISMCTSAgent`` with every iteration from a copy of the true state."""

    def search(self, view: dict[str, Any], rng: Rng) -> _Node:
        truth = _seen[0]
        if truth is None or truth.to_move != view["viewer"]:
            raise RuntimeError("the clairvoyant agent plays only under this script's tcgkit sim")
        search_rng = Rng(rng.next_u64())
        root = _Node()
        self._extend_logs(self.iterations + 2)
        for _ in range(self.iterations):
            self._iterate(root, truth.clone(), search_rng)
        self.last_iterations = self.iterations
        return root


def hard_level(game_name: str) -> Level:
    from tcgkit.agents import conflictus, ff_tcg, monster_collection, triple_triad

    levels = {"conflictus": conflictus.LEVELS, "ff-tcg": ff_tcg.LEVELS,
              "monster-collection": monster_collection.LEVELS, "triple-triad": triple_triad.LEVELS}
    return levels.get(game_name, {}).get("hard", Level(GENERIC["hard"]))


def register() -> None:
    """Note the state of every view and register ``clairvoyant-N`` for the searching games."""
    State.view = _view_noted  # type: ignore[method-assign]
    for game_name in ("conflictus", "ff-tcg", "monster-collection", "triple-triad"):
        level = hard_level(game_name)
        for n in BUDGETS:
            def factory(game: Game, n: int = n, level: Level = level) -> Clairvoyant:
                playout = None if level.playout is None else level.playout(game)
                return Clairvoyant(game, iterations=n, name=f"clairvoyant-{n}", playout=playout)

            register_agent(f"clairvoyant-{n}", f"IS-MCTS on the true state, {n} iterations a move",
                           game_name)(factory)


def main() -> None:
    if sys.argv[1:2] != ["sim"]:
        raise SystemExit(__doc__)
    from tcgkit.cli.app import app

    register()
    app(sys.argv[1:])


if __name__ == "__main__":
    main()
