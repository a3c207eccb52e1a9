"""How well a search AI's chance to win (``agents/explain.py``) matches what happens.

    python benchmarks/bench_explain.py [--game triple-triad] [--games 200] [--level normal]
                                       [--against greedy] [--json]

Plays ``--games`` games of ``--level`` against ``--against`` (seats alternate, seeds 0..N-1);
at every decision of the search AI with more than one legal move it records the chance to
win its explanation gives after its move (``after``), and when the game ends the result for
that player (1 a win, 0.5 a draw, 0 a loss). Reports the Brier score of the chances (the mean
squared error of the forecast, 0 is perfect; always saying 50% scores 0.25), the same for
the decisions of the first and the second half of each game, and a reliability table: for
each band of forecast chances, how many decisions fell in it, their mean forecast and the
rate actually won. One process, one core.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
from typing import Any

import tcgkit
from tcgkit.agents import make_agent
from tcgkit.kernel.rng import Rng, derive_seed

BANDS = (0, 20, 40, 60, 80, 101)


def forecasts(game_name: str, games: int, level: str, against: str) -> list[tuple[float, float, float]]:
    """(chance in percent, the searcher's result, how far into the game: 0..1) per decision."""
    game = tcgkit.load_game(game_name)
    out = []
    for index in range(games):
        seat = index % 2  # the search AI's seat
        state = game.new_state(derive_seed(7, index))
        searcher: Any = make_agent(level, game)  # an explaining agent (agents/explain.py)
        other = make_agent(against, game)
        rngs = [Rng(derive_seed(8, index, p)) for p in range(2)]
        told: list[float] = []
        while not state.is_terminal:
            mover = state.to_move
            assert mover is not None
            legal = state.legal_actions()
            if mover == seat and len(legal) > 1:
                action, why = searcher.explain(state.view(mover), legal, rngs[mover])
                assert why.after is not None
                told.append(why.after)
            else:
                action = (searcher if mover == seat else other).act(state.view(mover), legal, rngs[mover])
            state.apply(action, mover)
        outcome = state.outcome
        assert outcome is not None
        result = 0.5 if outcome.winner is None else float(outcome.winner == seat)
        out += [(chance, result, i / max(1, len(told) - 1)) for i, chance in enumerate(told)]
    return out


def brier(rows: list[tuple[float, float, float]]) -> float:
    return sum((chance / 100 - result) ** 2 for chance, result, _ in rows) / max(1, len(rows))


def report(rows: list[tuple[float, float, float]]) -> dict[str, Any]:
    bands = []
    for low, high in zip(BANDS, BANDS[1:], strict=False):
        inside = [(c, r) for c, r, _ in rows if low <= c < high]
        if inside:
            bands.append({"band": f"{low}-{min(high, 100)}%", "decisions": len(inside),
                          "forecast": round(sum(c for c, _ in inside) / len(inside), 1),
                          "won": round(100 * sum(r for _, r in inside) / len(inside), 1)})
    return {"decisions": len(rows), "brier": round(brier(rows), 4),
            "brier_first_half": round(brier([r for r in rows if r[2] < 0.5]), 4),
            "brier_second_half": round(brier([r for r in rows if r[2] >= 0.5]), 4),
            "bands": bands}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="triple-triad")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--against", default="greedy")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    found = report(forecasts(args.game, args.games, args.level, args.against))
    found.update(game=args.game, games=args.games, level=args.level, against=args.against,
                 engine=tcgkit.__version__, python=platform.python_version())
    if args.json:
        print(json.dumps(found))
        return 0
    print(f"{args.game}: {args.level} against {args.against}, {args.games} games, "
          f"{found['decisions']} decisions")
    print(f"Brier score {found['brier']} (first half of a game {found['brier_first_half']}, "
          f"second half {found['brier_second_half']}; always 50%: 0.25)")
    print("forecast band | decisions | mean forecast | won")
    for band in found["bands"]:
        print(f"{band['band']:>13} | {band['decisions']:>9} | {band['forecast']:>12}% | {band['won']}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
