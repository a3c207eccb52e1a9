"""``tcgkit solve triple-triad --position NOTATION``: the exact value and a best move (or every one)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ..agents.triple_triad_solver import GAME as SOLVABLE
from ..agents.triple_triad_solver import NotAPlacement, Solution, solve_read
from ..kernel.registry import find_game
from ..terminal.card_paths import CARD_FILE_HELP, give_all
from ..terminal.errors import reports_errors, usage_error
from ..terminal.game_support import game_from_position

SOLVE_HELP = """Solve a position exactly: the final score with best play, and a best move.

Both hands are known in a position notation, so the solution is exact (Open play). The
value is the result of the single game on the board (Sudden Death and trades aside): the
final score, e.g. '6-4 for player 0', or with --wdl only win / draw / loss for the player
to move (a little faster for one best move; about as slow with --all). Prints one best
move as CARD@CELL (--all: every best move, one more search per move, so several times
slower from an empty board), the positions searched and the time; --json prints one JSON
object. Only triple-triad can be solved. A position without a card to
place (a trade pick, the end) is refused.
"""


@reports_errors
def solve_position(
    game: Annotated[str, typer.Argument(help="The game: triple-triad.")],
    position: Annotated[str, typer.Option(
        "--position", help="The position notation to solve (see 'tcgkit play --position')."
    )],
    wdl: Annotated[bool, typer.Option(
        "--wdl", help="Only win / draw / loss for the player to move."
    )] = False,
    every: Annotated[bool, typer.Option(
        "--all", help="List every best move (for --wdl: every move that keeps the result)."
    )] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    card_file: Annotated[list[Path] | None, typer.Option("--card-file", help=CARD_FILE_HELP)] = None,
) -> None:
    give_all(card_file)
    entry = find_game(game)
    if entry.name != SOLVABLE:
        raise usage_error(f"tcgkit can solve triple-triad positions only, not {entry.name}")
    _, state = game_from_position(entry.name, position)
    try:
        solution = solve_read(state, "wdl" if wdl else "exact", every=every)
    except NotAPlacement as exc:
        raise usage_error(str(exc)) from None
    if as_json:
        typer.echo(json.dumps(to_json(solution)))
        return
    typer.echo(f"value: {describe(solution)}")
    if solution.every:
        typer.echo(f"best moves ({len(solution.best)} of {solution.moves}): "
                   + " ".join(str(p) for p in solution.best))
    else:
        typer.echo(f"a best move (of {solution.moves}; --all lists every one): {solution.best[0]}")
    typer.echo(f"searched {solution.nodes} positions in {solution.seconds:.2f} s")


def describe(solution: Solution) -> str:
    mover = solution.mover
    if solution.scores is None:
        return f"{solution.result} for player {mover} (to move)"
    scores = solution.scores
    high, low = max(scores), min(scores)
    if high == low:
        return f"draw {high}-{low} (player {mover} to move)"
    winner = scores.index(high)
    return f"{high}-{low} for player {winner} (player {mover} to move)"


def to_json(solution: Solution) -> dict[str, object]:
    return {
        "mode": solution.mode,
        "to_move": solution.mover,
        "result": solution.result,
        "value": solution.value,
        "scores": list(solution.scores) if solution.scores is not None else None,
        "best": [str(p) for p in solution.best],
        "all": solution.every,
        "moves": solution.moves,
        "nodes": solution.nodes,
        "seconds": round(solution.seconds, 4),
    }
