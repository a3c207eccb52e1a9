"""Name -> Game lookup shared by every front end. Games register themselves on import."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import UnknownGame
from .game import Game


@dataclass(frozen=True, slots=True)
class GameEntry:
    name: str
    cls: type[Game]
    aliases: tuple[str, ...]
    summary: str


_ENTRIES: dict[str, GameEntry] = {}
_LOOKUP: dict[str, str] = {}


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
        _LOOKUP[_key(key)] = cls.name
    _ENTRIES[cls.name] = entry
    return cls


def find_game(name: str) -> GameEntry:
    try:
        return _ENTRIES[_LOOKUP[_key(name)]]
    except KeyError:
        known = ", ".join(sorted(_ENTRIES)) or "none"
        raise UnknownGame(f"no game named {name!r}; known games: {known}") from None


def load_game(name: str, options: dict[str, Any] | None = None, **kwargs: Any) -> Game:
    """``load_game("triple-triad", same=True)``: a game by name or alias, with options."""
    return find_game(name).cls(options, **kwargs)


def list_games() -> list[GameEntry]:
    return sorted(_ENTRIES.values(), key=lambda e: e.name)
