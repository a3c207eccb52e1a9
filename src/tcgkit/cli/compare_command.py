"""``tcgkit compare``: two agents, rule sets or decks against one opponent, game by game.

Registered by the app. Bad input prints one line on stderr and exits 2; an agent that breaks
the rules exits 1.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from ..agents import agent_key, agent_names
from ..kernel.errors import TcgkitError
from ..kernel.registry import find_game, load_game
from ..sim.backends import BackendError, make_backend
from ..sim.paired import PairedDifference, paired_difference, scores_in_order
from ..sim.runner import run_games
from ..sim.stats import wilson
from ..terminal.errors import CliError, fail, run_errors
from ..terminal.game_support import rules_of, with_mode
from .sim_command import fixed_decks, progress_bar
from .sweep_command import points_ci

COMPARE_HELP = """
Play A and B against the same opponent on the same seeds and seats (game i of both is dealt
alike, A and B in the same seat), and print each one's score (wins plus half the draws) with
its 95% interval, B's score minus A's with its paired 95% interval, and how many games a
side two unpaired batches would have needed for that width, measured from this run's own
variances. A and B differ in the agent (--agent and --agent-b), the rules (--rules and
--rules-b) or the deck (--deck and --deck-b, with --opponent-deck), or in several of them.
"""


def compare(
    game: Annotated[str, typer.Argument(help="game name or alias")],
    agent: Annotated[str, typer.Option("--agent", help="A's agent")] = "greedy",
    agent_b: Annotated[str | None, typer.Option("--agent-b", help="B's agent (default: A's)")] = None,
    opponent: Annotated[str, typer.Option("--opponent", help="the agent both play against")] = "random",
    rules: Annotated[str | None, typer.Option("--rules", help="A's rules, as for sim")] = None,
    rules_b: Annotated[str | None, typer.Option(
        "--rules-b", help="B's rules (default: A's); the opponent plays under the same rules")] = None,
    mode: Annotated[str | None, typer.Option("--mode", help="the game's mode, for both")] = None,
    deck: Annotated[Path | None, typer.Option(
        "--deck", help="A's deck file or preconstructed deck; needs --opponent-deck")] = None,
    deck_b: Annotated[Path | None, typer.Option("--deck-b", help="B's deck (default: A's)")] = None,
    opponent_deck: Annotated[Path | None, typer.Option(
        "--opponent-deck", help="the opponent's deck, against both")] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="games a side")] = 400,
    seed: Annotated[int, typer.Option("--seed", help="the seed, the same for both sides")] = 0,
    workers: Annotated[int | None, typer.Option("--workers", "-w", help="default: every core")] = None,
    backend: Annotated[str, typer.Option("--backend", help="local or ray")] = "local",
    address: Annotated[str | None, typer.Option("--address", help="a Ray cluster")] = None,
    json_out: Annotated[bool, typer.Option("--json", help="print the comparison as JSON")] = False,
) -> None:
    if games < 2:
        raise fail(f"--games must be at least 2 (a spread needs two games), got {games}")
    if agent_b is None and rules_b is None and deck_b is None:
        raise fail("say what B changes: --agent-b, --rules-b or --deck-b")
    if deck_b is not None and deck is None:
        raise fail("--deck-b needs --deck (A's deck) and --opponent-deck")
    names = {"a": agent_key(agent), "b": agent_key(agent_b or agent), "opponent": agent_key(opponent)}
    try:
        entry = find_game(game)
        pool = make_backend(backend.strip().lower(), workers, address)
        known = agent_names(entry.name)
        for name in names.values():
            if name not in known and not name.startswith("policy:"):
                raise fail(f"no agent named {name!r} for {entry.name}; known agents: {', '.join(known)}")
        options = {side: with_mode(entry.cls, rules_of(entry.cls, text), mode)
                   for side, text in (("a", rules), ("b", rules if rules_b is None else rules_b))}
        sides = []
        for side, side_deck in (("a", deck), ("b", deck_b or deck)):
            if load_game(entry.name, options[side]).num_players != 2:
                raise fail(f"compare plays two-player games; {entry.name} here has more players")
            decks, _ = fixed_decks(entry.name, options[side], [names[side], names["opponent"]],
                                   side_deck, opponent_deck)
            sides.append((side, decks))
    except CliError as exc:
        raise fail(str(exc), exc.code) from None
    except (TcgkitError, BackendError) as exc:
        raise fail(str(exc)) from None
    progress = progress_bar(Console(stderr=True))
    task = progress.add_task(f"{entry.name} compare", total=2 * games)
    start = time.perf_counter()
    scores: dict[str, list[float]] = {}
    with run_errors("interrupted: a comparison is printed when both sides are played"), progress:
        for side, decks in sides:
            results = run_games(entry.name, options[side], [names[side], names["opponent"]], games,
                                seed, pool.workers, lambda _: progress.advance(task), decks,
                                backend=pool)
            scores[side] = scores_in_order(results)
    d = paired_difference(scores["a"], scores["b"])
    labels = {side: _label(names[side], options[side], options[other], side_deck)
              for side, other, side_deck in (("a", "b", deck), ("b", "a", deck_b or deck))}
    seconds = round(time.perf_counter() - start, 2)
    if json_out:
        typer.echo(json.dumps({
            "game": entry.name, "seed": seed, "games": games, "opponent": names["opponent"],
            "a": labels["a"], "b": labels["b"], "seconds": seconds, **d.to_json(),
        }))
        return
    render_comparison(entry.name, labels, names["opponent"], d, Console())


def _label(agent: str, options: dict[str, Any], other: dict[str, Any], deck: Path | None) -> str:
    """A side as the table names it: its agent, its deck when given, and the options in which
    its rules differ from the other side's."""
    parts = [agent]
    if deck is not None:
        parts.append(Path(deck).name)
    differ = sorted(k for k in {*options, *other} if options.get(k) != other.get(k))
    if differ:
        parts.append(", ".join(f"{k}={options.get(k, 'default')}" for k in differ))
    return " + ".join(parts)


def render_comparison(game: str, labels: dict[str, str], opponent: str, d: PairedDifference,
                      console: Console) -> None:
    table = Table(title=f"{game}: against {opponent}, {d.games} games each", title_justify="left")
    for head in ("", "plays", "score", "95% CI"):
        table.add_column(head, justify="right" if head in ("score", "95% CI") else "left")
    for side, mean in (("a", d.baseline), ("b", d.variant)):
        low, high = wilson(mean * d.games, d.games)
        table.add_row(side.upper(), labels[side], f"{100 * mean:.1f}%",
                      f"[{100 * low:.1f}, {100 * high:.1f}]")
    console.print(table)

    def say(text: str) -> None:
        console.print(text, soft_wrap=True)

    say("A and B played the same games: game i dealt from the same seed, in the same seat")
    say(f"B - A: {points_ci(d.difference, d.ci)} points (paired, 95%); from two unpaired batches "
        f"of as many games: {points_ci(d.difference, d.unpaired_ci)}")
    correlation = "-" if d.correlation is None else f"{d.correlation:.2f}"
    if d.unpaired_games is None:
        say(f"every game came out alike on both sides (correlation {correlation}): no unpaired run "
            "of any size is as sure")
    else:
        say(f"A's and B's outcomes correlate {correlation} game by game: an unpaired run would need "
            f"{d.unpaired_games:,} games a side ({2 * d.unpaired_games:,} in all) for the paired "
            f"interval's width; this one played {d.games:,} a side")
    say("score: wins plus half the draws, per game")
