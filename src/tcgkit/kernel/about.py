"""What a game says of itself beside its rules: its words in the lobby (its summary, each
option's title, description and choices), kept in the game's own catalogue, so a game, a
plugin's too, is listed in every language its ``locale`` folder translates; and its
playthroughs (``Playthrough``), the seeded games recorded as test data.

Message ids: ``lobby.summary.GAME``; an option's title ``options.GAME.FIELD``, its description
``options.GAME.FIELD.about`` and each fixed value's words ``options.GAME.FIELD.choice.VALUE``
(the words of ``Game.choice_words``, else the value with spaces). The lobby's own title of the
player count is ``options.players``, the server's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from .scene import Catalogue, Message

if TYPE_CHECKING:
    from .game import Game

PLAYERS_KEY = "options.players"


def summary_key(game: str) -> str:
    return f"lobby.summary.{game}"


def option_key(game: str, field: str) -> str:
    """The message of an option's title; its description is ``<key>.about``."""
    return PLAYERS_KEY if field == "players" else f"options.{game}.{field}"


def choice_key(game: str, field: str, value: str) -> str:
    """The message of one choice of an option with a fixed set of values."""
    return f"{option_key(game, field)}.choice.{value}"


def choices(prop: dict[str, Any]) -> list[str]:
    """An option's fixed values (``enum``, or a nullable one's under ``anyOf``); none for others."""
    for kind in [prop, *prop.get("anyOf", [])]:
        if "enum" in kind:
            return [str(value) for value in kind["enum"]]
    return []


def options_words(game: str, options: type[BaseModel], said: dict[str, str] | None = None) -> Catalogue:
    """One game's options model as its JSON Schema names them: each field's title and
    description, and each fixed value's words (``said``: ``FIELD.VALUE`` -> words), so a new
    option is a message to translate the moment it is written."""
    said = said or {}
    out: Catalogue = {}
    for option, prop in options.model_json_schema().get("properties", {}).items():
        key = option_key(game, option)
        if prop.get("title"):
            out[key] = Message(prop["title"])
        if prop.get("description"):
            out[key + ".about"] = Message(prop["description"])
        for value in choices(prop):
            english = said.get(f"{option}.{value}", value.replace("_", " "))
            out[choice_key(game, option, value)] = Message(english)
    return out


def lobby_words(cls: type[Game]) -> Catalogue:
    """A game's words in the lobby: its summary and its options'."""
    out: Catalogue = {summary_key(cls.name): Message(cls.summary)} if cls.summary else {}
    return {**out, **options_words(cls.name, cls.Options, cls.choice_words)}


def catalogue(game: Game) -> Catalogue:
    """Everything a game's ``locale`` folder translates: its scenes' messages and its lobby words."""
    return {**game.messages(), **lobby_words(type(game))}


@dataclass(frozen=True)
class Playthrough:
    """One recorded playthrough of a game (``scripts/playthroughs.py``): seeded random games
    under an option set, written to ``tests/playthroughs/<game>-<name>.txt`` (the game's name
    with ``_`` for ``-``), so any change of play shows as a diff. ``decks`` and the option
    ``card_files`` name files pinned under ``tests/playthroughs/data/``: a change to the
    shipped cards or decks is no change of the engine."""

    name: str
    options: Mapping[str, Any] = field(default_factory=dict, hash=False)
    seeds: int = 6
    """Games played: seeds ``0 .. seeds - 1``."""
    decks: tuple[str, ...] = ()
    """Fixed decks, one a seat (odd seeds swap them); none: dealt by the seed."""
