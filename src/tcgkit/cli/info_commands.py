"""``tcgkit games``, ``tcgkit cards GAME``, ``tcgkit options GAME``: what there is to play."""

from __future__ import annotations

import json
import typing
from typing import Annotated, Any

import typer
from rich import box
from rich.table import Table

from ..kernel.limits import DEFAULTS as LIMIT_DEFAULTS
from ..kernel.registry import find_game, list_games
from ..kernel.scene import scene_schema
from ..terminal.console import make_console
from ..terminal.errors import reports_errors, usage_error
from ..terminal.game_support import check_language, game_from_position, rules_of
from ..terminal.render import Renderer
from ..terminal.seats import Seats

NoColor = Annotated[bool, typer.Option("--no-color", help="Plain text, no colour.")]
GameName = Annotated[str, typer.Argument(help="The game, e.g. triple-triad (see 'tcgkit games').")]


@reports_errors
def games(no_color: NoColor = False) -> None:
    """List the games: name, aliases and a summary."""
    table = Table("game", "aliases", "players", "summary", box=box.SIMPLE)
    for entry in list_games():
        low, high = entry.cls.min_players, entry.cls.max_players
        players = str(low) if low == high else f"{low}-{high}"
        table.add_row(entry.name, ", ".join(entry.aliases), players, entry.summary)
    make_console(no_color).print(table)


@reports_errors
def cards(
    game: GameName,
    as_json: Annotated[bool, typer.Option("--json", help="Print the cards as JSON.")] = False,
    no_color: NoColor = False,
    lang: Annotated[str | None, typer.Option(
        "--lang", help="Card text: English by default where the card data holds it (Final Fantasy TCG, "
        "Conflictus); pt: as printed (Portuguese); zh: Monster Collection's Chinese names.")] = None,
    rules: Annotated[str | None, typer.Option(
        "--rules", help="Options, e.g. card_file=my_cards.csv to list (and check) your own cards."
    )] = None,
) -> None:
    """List a game's cards (Triple Triad: number, name, level, edges T R B L, element)."""
    check_language(lang)
    entry = find_game(game)
    loaded = entry.cls(rules_of(entry.cls, rules))
    table = loaded.card_table()
    if table is None:
        raise usage_error(f"{entry.name} has no card table to list")
    renderer = Renderer(loaded, Seats.numbered(loaded.num_players), lang)
    if as_json:
        typer.echo(json.dumps(renderer.card_rows(table)))
    else:
        make_console(no_color).print(renderer.card_table(table))


def _type_name(annotation: Any) -> str:
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) is typing.Literal:
        return "|".join(str(a) for a in args)
    if typing.get_origin(annotation) in (tuple, list):  # tuple[str, ...]: a list
        return f"list of {_type_name(args[0])}" if args else "list"
    if args:
        return " or ".join("none" if a is type(None) else _type_name(a) for a in args)
    return getattr(annotation, "__name__", str(annotation))


@reports_errors
def options(game: GameName, no_color: NoColor = False) -> None:
    """Every rule option of a game with its default and meaning, and the presets."""
    entry = find_game(game)
    game_cls = entry.cls
    console = make_console(no_color)
    table = Table(box=box.SIMPLE, title=f"{entry.cls.title} options", title_justify="left")
    table.add_column("option", no_wrap=True)
    table.add_column("type", overflow="fold")
    table.add_column("default")
    table.add_column("meaning")
    for name, spec in entry.cls.Options.model_fields.items():
        default = "none" if spec.default is None else str(spec.default).lower()
        table.add_row(name, _type_name(spec.annotation), default, spec.description or "")
    low, high = entry.cls.min_players, entry.cls.max_players
    table.add_row(
        "players", "int" if low == high else f"int {low}..{high}", str(low),
        "players in the match (every game takes it; fixed here)" if low == high
        else "players in the match; seats 0..players-1 in turn order",
    )
    table.add_row("max_decisions", "int", str(LIMIT_DEFAULTS["max_decisions"]),
                  "decisions in a game before it ends as a draw (every game takes it)")
    table.add_row("max_turn_decisions", "int", str(LIMIT_DEFAULTS["max_turn_decisions"]),
                  "decisions in a row by one player before the game ends as a draw")
    console.print(table)
    if game_cls.presets:
        presets = Table("preset", "sets", "meaning", box=box.SIMPLE, title="Presets",
                        title_justify="left")
        for name, values in game_cls.presets.items():
            sets = ", ".join(f"{k}={str(v).lower()}" for k, v in values.items())
            presets.add_row(name, sets, game_cls.preset_help.get(name, ""))
        console.print(presets)
    example = game_cls.rules_example or next(iter(game_cls.Options.model_fields))
    console.print(
        f"Example: tcgkit play {entry.name} --rules {example} "
        "(a bare name switches an option on; presets expand in place).", markup=False,
    )


@reports_errors
def scene(
    game: Annotated[str | None, typer.Argument(help="The game (omit with --schema).")] = None,
    schema: Annotated[bool, typer.Option("--schema", help="Print the JSON Schema of every scene.")] = False,
    seed: Annotated[int, typer.Option("--seed", help="The deal's seed.")] = 0,
    viewer: Annotated[int | None, typer.Option(
        "--as", help="The seat that looks (default: a spectator).")] = None,
    position: Annotated[str | None, typer.Option(
        "--position", help="A position instead of a new deal.")] = None,
    rules: Annotated[str | None, typer.Option("--rules", help="Options, as for 'play'.")] = None,
) -> None:
    """Print a scene as JSON: what a seat sees, as every front end draws it (kernel/scene.py)."""
    if schema:
        typer.echo(json.dumps(scene_schema(), indent=1))
        return
    if game is None:
        raise usage_error("name the game, or give --schema")
    entry = find_game(game)
    if position is not None:
        loaded, state = game_from_position(entry.name, position)
    else:
        loaded = entry.cls(rules_of(entry.cls, rules))
        state = loaded.new_state(seed)
    if viewer is not None and not 0 <= viewer < loaded.num_players:
        raise usage_error(f"--as {viewer}: seats are 0..{loaded.num_players - 1}")
    typer.echo(json.dumps(state.scene(viewer).to_json()))
