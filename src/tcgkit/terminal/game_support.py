"""What the commands share about setting a game up: its ``--rules`` (card files named by
path), the ``--mode`` shortcut, a pasted position, the rules line and the spectator of a
replay. Everything about a game itself comes from the game (``kernel/game.py``): its rules
parser and presets, named decks, card table and scenes.
"""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType

from ..kernel.errors import NotationError, OptionsError, TcgkitError
from ..kernel.game import Game, Outcome, State
from ..kernel.registry import find_game
from ..kernel.rules_text import non_default
from ..kernel.words import LANGUAGES
from .card_paths import with_card_paths
from .errors import CliError
from .render import Renderer
from .seats import Seats

LANG_HELP = ("The language of the table, its sentences and help: en, pt, es or zh (English if not "
             "given). Card text is in English where the card data holds it (Final Fantasy TCG, "
             "Conflictus), the printed Portuguese with pt; Monster Collection's names in Chinese with zh.")


def rules_of(game_cls: type[Game], text: str | None) -> dict[str, Any]:
    """``--rules`` text -> option values, by the game's own parser (presets expanded), card
    files given by path read and passed on by their content hash (``card_paths.py``)."""
    return with_card_paths(game_cls.parse_rules)(text or "")


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
    return non_default(game.options, game.num_players, game.min_players)


def rules_line(game: Game, lang: str | None = None) -> str:
    """The game's rules in a line, as its ``rules_summary`` says them."""
    return "; ".join(Renderer(game, Seats.numbered(game.num_players), lang).lines(game.rules_summary()))


def check_language(lang: str | None) -> str | None:
    """``--lang``: one of ``LANGUAGES`` (``kernel/words.py``), or ``None``: English (card text
    too, where the card data holds it)."""
    if lang is not None and lang not in LANGUAGES:
        raise CliError(f"--lang {lang[:20]!r}: choose one of {', '.join(LANGUAGES)}", 2)
    return lang


def game_from_position(game_name: str, text: str) -> tuple[Game, State]:
    """The game a pasted position describes (its own rules), and the state it shows."""
    game = find_game(game_name).cls.game_for_position(text)
    return game, checked_position(game, text)


def checked_position(game: Game, text: str) -> State:
    """The state a position from outside shows, refused whole when the game cannot make
    sense of it: a reader's own error, or any failure reading it or looking at the state it
    gives (its cards, legal moves and scenes), becomes one ``NotationError``."""
    try:
        state = game.state_from_notation(text)
        state.check_invariants()
        state.legal_actions()
        for viewer in (None, *range(game.num_players)):
            state.scene(viewer)
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

    def __init__(self, game: Game, seats: Seats, lang: str | None = None) -> None:
        self.renderer = Renderer(game, seats, lang)

    def news(self, state: State, since: int) -> list[str]:
        return self.renderer.news(state.scene(None, since))

    def table(self, state: State) -> RenderableType:
        return self.renderer.table(state.scene(None, state.event_count()))

    def outcome(self, outcome: Outcome) -> list[str]:
        return self.renderer.outcome(outcome.to_json())
