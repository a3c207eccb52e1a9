"""What the CLI knows about each game beyond the kernel contract, one entry per game.

A game without an entry still works: ``--rules`` takes ``name=value`` pairs over its
Options model, views print as JSON and decks are dealt by the seed. A new game plugs in by
adding an entry: a rules parser and presets, a card table, a board renderer and event
sentences, a position reader, and whether hands are chosen from the player's collection.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic import BaseModel
from rich.console import RenderableType
from rich.text import Text

from ..kernel.actions import Action
from ..kernel.errors import NotationError, OptionsError, TcgkitError
from ..kernel.game import Game, Outcome, State
from ..kernel.limits import DEFAULTS as LIMIT_DEFAULTS
from ..kernel.registry import find_game
from .card_paths import with_card_paths
from .errors import CliError
from .render import Renderer
from .seats import Seats, agree

ViewRenderer = Callable[[Game, dict[str, Any], Seats], RenderableType]
EventWriter = Callable[[list[dict[str, Any]], Seats], list[str]]
GameEventWriter = Callable[[Game, list[dict[str, Any]], Seats], list[str]]


@dataclass(frozen=True)
class GameSupport:
    parse_rules: Callable[[str], dict[str, Any]]
    presets: dict[str, dict[str, Any]] = field(default_factory=dict)
    preset_help: dict[str, str] = field(default_factory=dict)
    card_rows: Callable[[Game], list[dict[str, Any]]] | None = None  # for --json
    card_table: Callable[[Game], RenderableType] | None = None
    render_view: ViewRenderer | None = None
    describe_event: EventWriter | None = None
    describe_game_events: GameEventWriter | None = None  # one that needs the card data
    game_for_position: Callable[[str], Game] | None = None
    collects_cards: bool = False  # hands are chosen from the player's collection
    rules_line: Callable[[Game], str] | None = None
    rules_example: str = ""  # shown by ``tcgkit options``
    named_decks: Callable[[], dict[str, list[str]]] | None = None  # preconstructed, by name
    explain: Callable[[State, Action], str] | None = None  # what a move does, for help/hint


def generic_rules(options: type[BaseModel]) -> Callable[[str], dict[str, Any]]:
    """``a,b=value``: a bare name switches a boolean on; values are checked by the model."""

    def parse(text: str) -> dict[str, Any]:
        values: dict[str, Any] = {}
        for token in filter(None, (t.strip() for t in text.split(","))):
            key, eq, raw = token.partition("=")
            key = key.strip().replace("-", "_")
            if key == "players" and eq:  # the kernel's option, beside the game's own
                values[key] = _players(raw.strip())
                continue
            if key not in options.model_fields and key not in LIMIT_DEFAULTS:
                known = ", ".join([*options.model_fields, "players", *LIMIT_DEFAULTS])
                raise OptionsError(f"unknown rule {key!r}; known: {known}")
            values[key] = raw.strip() if eq else True
        return values

    return parse


def _players(raw: str) -> int:
    if not raw.isascii() or not raw.isdigit():
        raise OptionsError(f"players={raw[:20]!r}: a whole number of players, e.g. players=3")
    return int(raw)


def with_mode(game_cls: type[Game], options: dict[str, Any], mode: str | None) -> dict[str, Any]:
    """``--mode M``: a shortcut for the ``mode`` option, for games whose Options have one."""
    if mode is None:
        return options
    if "mode" not in game_cls.Options.model_fields:
        raise OptionsError(f"--mode: {game_cls.name} has no modes (no 'mode' option)")
    mode = mode.strip().lower()
    given = options.get("mode")
    if given is not None and str(given).strip().lower() != mode:
        raise OptionsError(f"--mode {mode} and the rule mode={given} disagree; give one")
    return {**options, "mode": mode}


def non_default_options(game: Game) -> str:
    """The options that differ from their defaults, ``a, b=value`` (``defaults`` if none)."""
    tokens = []
    for name, spec in type(game.options).model_fields.items():
        value = getattr(game.options, name)
        if value != spec.default:
            tokens.append(name if value is True else f"{name}={value}")
    if game.num_players != game.min_players:
        tokens.insert(0, f"players={game.num_players}")
    return ", ".join(tokens) or "defaults"


def rules_line(game: Game) -> str:
    if has_scene(game):
        return "; ".join(Renderer(game, Seats.numbered(game.num_players)).lines(game.rules_summary()))
    maker = support_for(type(game)).rules_line
    return maker(game) if maker else f"Rules: {non_default_options(game)}"


def render_json_view(game: Game, view: dict[str, Any], seats: Seats) -> RenderableType:
    return Text(json.dumps(view, indent=1))


def rules_with_card_files(options: type[BaseModel]) -> Callable[[str], dict[str, Any]]:
    """``generic_rules`` plus ``card_files=a.toml;b.toml`` read as a tuple of files (which
    ``support_for`` then reads and names by content hash)."""
    generic = generic_rules(options)

    def parse_rules(text: str) -> dict[str, Any]:
        values = generic(text)
        if isinstance(values.get("card_files"), str):
            values["card_files"] = tuple(p for p in values["card_files"].split(";") if p)
        return values

    return parse_rules


SUPPORT: dict[str, Callable[[], GameSupport]] = {
}


def support_for(game_cls: type[Game]) -> GameSupport:
    """The game's entry; its ``parse_rules`` reads the card files ``--rules`` names by path
    and passes their content hashes on (``card_paths.py``)."""
    maker = None if game_cls.scene is not Game.scene else SUPPORT.get(game_cls.name)
    support = maker() if maker is not None else GameSupport(
        parse_rules=game_cls.parse_rules, presets=game_cls.presets, preset_help=game_cls.preset_help,
        rules_example=game_cls.rules_example, collects_cards=game_cls.collects_cards,
        named_decks=game_cls.named_decks if game_cls.named_decks() else None,
    )
    return replace(support, parse_rules=with_card_paths(support.parse_rules))


def has_scene(game: Game) -> bool:
    """Whether the game draws from scenes (every game will: the rest are being moved)."""
    return type(game).scene is not Game.scene


def render_view(game: Game, view: dict[str, Any], seats: Seats) -> RenderableType:
    renderer = support_for(type(game)).render_view or render_json_view
    return renderer(game, view, seats)


def describe_events(game: Game, events: list[dict[str, Any]], seats: Seats) -> list[str]:
    support = support_for(type(game))
    if support.describe_game_events is not None:
        return support.describe_game_events(game, events, seats)
    writer = support.describe_event
    return writer(events, seats) if writer else [json.dumps(event) for event in events]


LANGUAGES = ("pt", "en")


def set_language(lang: str) -> None:
    """The language of card text (``--lang``): Final Fantasy TCG's is printed in Portuguese
    and written in English from the card data."""
    if lang not in LANGUAGES:
        raise CliError(f"--lang {lang[:20]!r}: choose one of {', '.join(LANGUAGES)}", 2)


def explain(game: Game, state: State, action: Action) -> str:
    """What ``action`` does, in a few words ("" when its notation says it all)."""
    explainer = support_for(type(game)).explain
    return explainer(state, action) if explainer else ""


def describe_outcome(outcome: Outcome, seats: Seats) -> list[str]:
    """The result, and each card a trade moves."""
    scores = "-".join(f"{s:g}" for s in outcome.scores)
    if outcome.winner is None:
        result = f"a draw, {scores}"
    else:
        result = f"{agree(seats.label(outcome.winner), 'wins')}, {scores}"
    lines = [f"Result: {result} ({outcome.reason})."]
    if len(outcome.ranks) > 2:  # a draw or a win says too little: every place
        places = sorted(range(len(outcome.ranks)), key=lambda p: (outcome.ranks[p], p))
        lines.append("Places: " + ", ".join(
            f"{outcome.ranks[p] + 1}. {seats.label(p)}" for p in places) + ".")
    if outcome.eliminated:
        lines.append("Out, first out first: " + ", ".join(map(seats.label, outcome.eliminated)) + ".")
    for name, giver, taker in outcome.details.get("trade", []):
        lines.append(f"Trade: {agree(seats.label(taker), 'gets')} {name} from {seats.label(giver)}.")
    return lines


def game_from_position(game_name: str, text: str) -> tuple[Game, State]:
    """The game a pasted position describes (its own rules), and the state it shows."""
    entry = find_game(game_name)
    maker = support_for(entry.cls).game_for_position or entry.cls.game_for_position
    game = maker(text)
    return game, checked_position(game, text)


def checked_position(game: Game, text: str) -> State:
    """The state a position from outside shows, refused whole when the game cannot make
    sense of it: a reader's own error, or any failure reading it or looking at the state it
    gives (its cards, legal moves and views), becomes one ``NotationError``."""
    try:
        state = game.state_from_notation(text)
        state.check_invariants()
        state.legal_actions()
        for viewer in (None, *range(game.num_players)):
            state.view(viewer)
    except TcgkitError:
        raise
    except (AssertionError, ArithmeticError, LookupError, TypeError, ValueError,
            AttributeError, RecursionError) as exc:
        raise NotationError(
            f"position: not a valid {game.title} position ({type(exc).__name__}: "
            f"{str(exc)[:60]})"
        ) from None
    return state


class Spectator:
    """What ``tcgkit replay`` shows: the table as a spectator sees it, the events, the end."""

    def __init__(self, game: Game, seats: Seats) -> None:
        self.game, self.seats = game, seats
        self.renderer = Renderer(game, seats)
        self.scenes = has_scene(game)

    def news(self, state: State, since: int) -> list[str]:
        if self.scenes:
            return self.renderer.news(state.scene(None, since))
        return describe_events(self.game, state.events_since(since, None), self.seats)

    def table(self, state: State) -> RenderableType:
        if self.scenes:
            return self.renderer.table(state.scene(None, state.event_count()))
        return render_view(self.game, state.view(None), self.seats)

    def outcome(self, outcome: Outcome) -> list[str]:
        if self.scenes:
            return self.renderer.outcome(outcome.to_json())
        return describe_outcome(outcome, self.seats)
