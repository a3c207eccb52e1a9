"""The browser's own words, in English; their translations are the catalogues in
``server/locale`` (``kernel/words.py``), kept in step by ``scripts/words.py``.

- ``CLIENT``: the table's words that ``static/words.js`` adds to a game's sentences (the seat
  names, a face-down card, the reasons of the server's own results), served with each game's
  words;
- ``INTERFACE``: every string the pages show through ``ui.js``'s ``t(key, english)``, read from
  the modules themselves (``interface()``), so a string written in a page is a message to
  translate the moment it is written; served by ``GET /api/words``;
- ``LOBBY``: each AI level's name and line for a player (``server/levels.py``) and what its
  engine does, and each game's summary and options' titles, descriptions and choices (the
  lobby's options form, from the options' JSON Schema; ``kernel/about.py``), as ``GET
  /api/games`` gives them, translated by ``LOBBY_FOLDERS``: the games' words are in each
  game's own catalogue.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..kernel import about
from ..kernel.about import PLAYERS_KEY
from ..kernel.scene import Catalogue, Message, messages
from ..kernel.words import folder_of
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


PLAYERS = "Players"  # the title of the players option the lobby adds where the count varies


def lobby_words() -> Catalogue:
    """The lobby's words of the AI levels: each level's name and line, and what each engine
    does (``GET /api/games`` gives them in the language asked); a game's own lobby words are
    in its catalogue (``kernel/about.py``)."""
    from ..agents import agent_names
    from ..kernel.registry import list_games

    out: Catalogue = {PLAYERS_KEY: Message(PLAYERS)}
    for entry in list_games():
        if not entry.cls.__module__.startswith("tcgkit.games."):
            continue  # a plugin's game brings its own words
        for engine in agent_names(entry.name).values():
            out[f"lobby.about.{slug(engine)}"] = Message(engine)  # what the engine does ("Advanced")
    return {**out, **level_words()}


def games_lobby_words() -> tuple[Catalogue, tuple[Path, ...]]:
    """Every registered game's lobby words and the catalogue folders translating them."""
    from ..kernel.registry import list_games

    words: Catalogue = {}
    for entry in list_games():
        words.update(about.lobby_words(entry.cls))
    return words, tuple(dict.fromkeys(folder_of(entry.cls) for entry in list_games()))


INTERFACE: Catalogue = interface()
SERVER_LOBBY: Catalogue = lobby_words()
GAMES_LOBBY, GAME_FOLDERS = games_lobby_words()
LOBBY: Catalogue = {**SERVER_LOBBY, **GAMES_LOBBY}
LOBBY_FOLDERS: tuple[Path, ...] = (FOLDER, *GAME_FOLDERS)
"""The lobby's words and where they are translated: the server's catalogue and each game's."""
BROWSER: Catalogue = {**CLIENT, **INTERFACE, **SERVER_LOBBY}
"""Everything the server's own catalogues translate (``scripts/words.py``)."""
