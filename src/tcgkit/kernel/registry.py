"""Name -> Game lookup shared by every front end.

Games are found through the ``tcgkit.games`` entry-point group: tcgkit's own four declare
theirs in its ``pyproject.toml``, and a game in a package of its own declares one the same way
(``[project.entry-points."tcgkit.games"] brawl = "tcgkit_brawl:Brawl"``), so it appears in
``tcgkit games``, ``play``, ``sim`` and the conformance suite without editing tcgkit. The entry
points are read once, the first time a game is asked for; ``register`` adds a class by hand
(a test's fixture game).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from .errors import UnknownGame
from .game import Game

GROUP = "tcgkit.games"


@dataclass(frozen=True, slots=True)
class GameEntry:
    name: str
    cls: type[Game]
    aliases: tuple[str, ...]
    summary: str


_ENTRIES: dict[str, GameEntry] = {}
_LOOKUP: dict[str, str] = {}
_BROKEN: dict[str, str] = {}  # entry-point name -> why it could not be loaded
_LOADED = False


def _key(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def register(cls: type[Game], aliases: tuple[str, ...] | None = None,
             summary: str | None = None) -> type[Game]:
    """Make ``cls`` findable by its name and aliases (the class's own unless given)."""
    aliases = cls.aliases if aliases is None else aliases
    entry = GameEntry(cls.name, cls, aliases, cls.summary if summary is None else summary)
    for key in (cls.name, *aliases):
        if _LOOKUP.get(_key(key), cls.name) != cls.name:
            raise ValueError(f"game name {key!r} is taken by {_LOOKUP[_key(key)]}")
    for key in (cls.name, *aliases):
        _LOOKUP[_key(key)] = cls.name
    _ENTRIES[cls.name] = entry
    return cls


@contextmanager
def registered_for_now(cls: type[Game]) -> Iterator[None]:
    """``cls`` findable by its name for the block (replacing an entry of that name), and the
    registry as it was afterwards: a game under test that is no installed package's."""
    saved = dict(_ENTRIES), dict(_LOOKUP)
    _ENTRIES.pop(cls.name, None)
    register(cls)
    try:
        yield
    finally:
        _ENTRIES.clear()
        _ENTRIES.update(saved[0])
        _LOOKUP.clear()
        _LOOKUP.update(saved[1])


def _load(point: EntryPoint) -> None:
    try:
        cls = point.load()
    except Exception as exc:  # a broken plugin must not take the other games down with it
        _BROKEN[point.name] = f"{type(exc).__name__}: {exc}"
        return
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        _BROKEN[point.name] = f"{point.value} is not a tcgkit Game class"
        return
    if _key(point.name) != _key(cls.name):
        _BROKEN[point.name] = f"the entry point is named {point.name!r}, its game {cls.name!r}"
        return
    try:
        register(cls)
    except ValueError as exc:
        _BROKEN[point.name] = str(exc)


def discover() -> None:
    """Register every game of the ``tcgkit.games`` entry points (once); one that fails to
    load is left out, and asking for it by name says why."""
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    for point in sorted(entry_points(group=GROUP), key=lambda p: p.name):
        if _key(point.name) not in _LOOKUP:
            _load(point)
    for name, why in _BROKEN.items():
        print(f"tcgkit: the game {name!r} could not be loaded ({why})", file=sys.stderr)


def find_game(name: str) -> GameEntry:
    discover()
    try:
        return _ENTRIES[_LOOKUP[_key(name)]]
    except KeyError:
        if _key(name) in map(_key, _BROKEN):
            why = next(why for broken, why in _BROKEN.items() if _key(broken) == _key(name))
            raise UnknownGame(f"the game {name!r} could not be loaded: {why}") from None
        known = ", ".join(sorted(_ENTRIES)) or "none"
        raise UnknownGame(f"no game named {name!r}; known games: {known}") from None


def load_game(name: str, options: dict[str, Any] | None = None, **kwargs: Any) -> Game:
    """``load_game("triple-triad", same=True)``: a game by name or alias, with options."""
    return find_game(name).cls(options, **kwargs)


def list_games() -> list[GameEntry]:
    discover()
    return sorted(_ENTRIES.values(), key=lambda e: e.name)


def collecting_game() -> Game | None:
    """The registered game whose players keep card collections (``Game.collects_cards``; one
    today), under its default options; ``None`` when no installed game keeps them."""
    collecting = [entry.name for entry in list_games() if entry.cls.collects_cards]
    return load_game(collecting[0]) if collecting else None
