"""The browser's own words, in English; their translations are the catalogues in
``server/locale`` (``kernel/words.py``), kept in step by ``scripts/words.py``.

- ``CLIENT``: the table's words that ``static/words.js`` adds to a game's sentences (the seat
  names, a face-down card, the reasons of the server's own results), served with each game's
  words;
- ``INTERFACE``: every string the pages show through ``ui.js``'s ``t(key, english)``, read from
  the modules themselves (``interface()``), so a string written in a page is a message to
  translate the moment it is written; served by ``GET /api/words``;
- ``LOBBY``: each game's summary, each AI level's name and line for a player
  (``server/levels.py``) and what its engine does, and each option's
  title and description (the lobby's options form, from the options' JSON Schema), as
  ``GET /api/games`` gives them.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from ..kernel.scene import Catalogue, Message, messages
from .levels import level_words

FOLDER = Path(__file__).parent / "locale"
STATIC = Path(__file__).parent / "static"
TIMED_OUT = "the loser ran out of time"
CLAIMED = "the loser left the match and the others claimed the win"
"""The reasons of the results the server gives (``Room.end``): words of the table's, so an
outcome's reason reads in the page's language."""
CLIENT: Catalogue = messages({
    "client.you": "You",
    "client.player": "Player {number}",
    "client.face_down": "face down",
    "client.language": "Language",
    "client.reason.time": TIMED_OUT,
    "client.reason.claimed": CLAIMED,
})

CALL = re.compile(r"(?<![\w.])t\(")  # a call of ui.js's t(), not of x.t( or at(
LITERAL = re.compile(r"""t\(\s*'([a-z][\w.]*)'\s*,\s*'((?:[^'\\\n]|\\.)*)'""")
UNESCAPE = re.compile(r"\\(.)")


class InterfaceError(ValueError):
    """A t() call the catalogue cannot be read from: the message names the file and line."""


def interface(folder: Path = STATIC) -> Catalogue:
    """Each ``t('key', 'English')`` of the page modules in ``folder`` as a message. A call
    whose key or English is not a plain string literal, or a key given two Englishes, is an
    ``InterfaceError``: every string must be readable here to be translated."""
    found: dict[str, tuple[str, str]] = {}  # key -> (English, where)
    for path in sorted(folder.glob("*.js")):
        source = path.read_text(encoding="utf-8")
        for call in CALL.finditer(source):
            line = source.count("\n", 0, call.start()) + 1
            before = source[source.rfind("\n", 0, call.start()) + 1:call.start()]
            if before.lstrip().startswith("//") or before.rstrip().endswith("function"):
                continue  # a comment, or t's own definition
            literal = LITERAL.match(source, call.start())
            where = f"{path.name}:{line}"
            if literal is None:
                raise InterfaceError(f"{where}: t() takes a key and its English as string "
                                     "literals ('table.log', 'Log'), so they can be translated")
            key, english = literal.group(1), UNESCAPE.sub(r"\1", literal.group(2))
            if key in found and found[key][0] != english:
                raise InterfaceError(f"{where}: {key!r} is {english!r} here and "
                                     f"{found[key][0]!r} at {found[key][1]}")
            found.setdefault(key, (english, where))
    return {key: Message(english) for key, (english, _where) in found.items()}


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def lobby_words() -> Catalogue:
    """The lobby's words of the games: each built-in game's summary, each AI level's name and
    line, and what each engine does (``GET /api/games`` gives them in the language asked)."""
    from ..agents import agent_names
    from ..kernel.registry import list_games

    out: Catalogue = {}
    for entry in list_games():
        if not entry.cls.__module__.startswith("tcgkit.games."):
            continue  # a plugin's game brings its own words
        out[f"lobby.summary.{entry.name}"] = Message(entry.summary)
        for about in agent_names(entry.name).values():
            out[f"lobby.about.{slug(about)}"] = Message(about)  # what the engine does ("Advanced")
    return {**out, **level_words()}


PLAYERS = "Players"  # the title of the players option the lobby adds where the count varies


def option_key(game: str, field: str) -> str:
    """The message of an option's title; its description is ``<key>.about``."""
    return "options.players" if field == "players" else f"options.{game}.{field}"


CHOICES: dict[str, str] = {
    "triple-triad.trade.none": "none",
    "triple-triad.trade.one": "one",
    "triple-triad.trade.difference": "the score's difference",
    "triple-triad.trade.direct": "direct",
    "triple-triad.trade.all": "all",
    "forge-fury.mode.brasa": "Brasa (25 cards)",
    "forge-fury.mode.chama": "Chama (50 cards)",
    "forge-fury.mode.forja": "Forja (100 cards)",
    "forge-fury.mode.colecao": "Coleção (151 cards)",
    "forge-fury.minigame.rps": "rock-paper-scissors",
    "forge-fury.minigame.odd_even": "odd or even",
    "ff-tcg.character_unique_key.name_job": "name and job",
    "ff-tcg.character_unique_key.name": "name",
    "ff-tcg.deckout_policy.reshuffle_discard": "shuffle the discard pile into a new deck",
    "ff-tcg.deckout_policy.lose": "lose",
    "ff-tcg.deckout_policy.skip": "skip the draw",
    "ff-tcg.luck_card_to.discard": "the discard pile",
    "ff-tcg.luck_card_to.deck_bottom": "the bottom of the deck",
    "conflictus.mulligan.sealed": "sealed, all at once",
    "conflictus.mulligan.turn_order": "in turn order",
    "conflictus.attack.any_opponent": "any opponent",
    "conflictus.attack.left": "the next player",
    "monster-collection.mulligan.once": "once",
    "monster-collection.mulligan.until_creature": "until a creature is drawn",
    "monster-collection.mulligan.off": "off",
    "monster-collection.hero_unique.battlefield": "on the whole battlefield",
    "monster-collection.hero_unique.side": "on each side",
    "monster-collection.failed_instant_summons.discard": "to the discard pile",
    "monster-collection.failed_instant_summons.hq": "to the HQ",
}
"""Each built-in option's choices in words, ``GAME.FIELD.VALUE``: the values are the engine's
(``odd_even``), the lobby shows these (and their translations) instead."""


def choice_key(game: str, field: str, value: str) -> str:
    """The message of one choice of an option with a fixed set of values."""
    return f"{option_key(game, field)}.choice.{value}"


def choices(prop: dict[str, Any]) -> list[str]:
    """An option's fixed values (``enum``, or a nullable one's under ``anyOf``); none for others."""
    for kind in [prop, *prop.get("anyOf", [])]:
        if "enum" in kind:
            return [str(value) for value in kind["enum"]]
    return []


def option_words() -> Catalogue:
    """Each built-in game's options as its JSON Schema names them: every field's title and
    description, so a new option is a message to translate the moment it is written."""
    from ..kernel.registry import list_games

    out: Catalogue = {option_key("", "players"): Message(PLAYERS)}
    for entry in list_games():
        if entry.cls.__module__.startswith("tcgkit.games."):
            out.update(options_words(entry.name, entry.cls.Options))
    return out


def options_words(game: str, options: type[BaseModel]) -> Catalogue:
    """One game's options model: each field's title and description as messages."""
    out: Catalogue = {}
    for field, prop in options.model_json_schema().get("properties", {}).items():
        key = option_key(game, field)
        if prop.get("title"):
            out[key] = Message(prop["title"])
        if prop.get("description"):
            out[key + ".about"] = Message(prop["description"])
        for value in choices(prop):
            english = CHOICES.get(f"{game}.{field}.{value}", value.replace("_", " "))
            out[choice_key(game, field, value)] = Message(english)
    return out


INTERFACE: Catalogue = interface()
LOBBY: Catalogue = {**lobby_words(), **option_words()}
BROWSER: Catalogue = {**CLIENT, **INTERFACE, **LOBBY}
"""Everything the browser's catalogues translate (``scripts/words.py``)."""
