"""A replay record: options + seed + decks + actions, the whole game in a JSON file (or
options + a starting position + actions, for a game begun from a position), with the engine
version and a hash of the card data it was made with. ``replay.py`` plays one back.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from .._version import __version__
from . import values
from .digest import check_digest, digest_of
from .errors import ReplayError
from .files import read_text_limited, write_text_atomic
from .game import Deck, Game, State

FORMAT = 1


@dataclass
class MatchRecord:
    game: str
    options: dict[str, Any]
    seed: int
    decks: list[Deck] | None = None
    actions: list[str] = field(default_factory=list)
    engine: str = __version__
    cards: str = ""
    outcome: dict[str, Any] | None = None
    format: int = FORMAT
    position: str | None = None  # a game started from a position notation, not seed + decks
    # action number (from 1, as text) -> who made it for its seat's player, when they did not:
    # "clock" (their time ran out) or "stand_in" (an AI played for them while away), from a
    # match server; "auto" (the terminal took the only move there was); written only when not
    # empty
    made_by: dict[str, str] = field(default_factory=dict)
    # action number (from 1, as text) -> why an AI chose it (``agents/explain.py``'s JSON), kept
    # when the player asks for it (``tcgkit play --explain``); written only when not empty
    explanations: dict[str, dict[str, Any]] = field(default_factory=dict)
    # SHA-256 of the record's canonical content (``digest.py``), from a match server; checked
    # when the record is read, written only when there is one (older records have none)
    digest: dict[str, Any] | None = None

    @staticmethod
    def start(game: Game, seed: int, decks: list[Deck] | None) -> MatchRecord:
        return MatchRecord(game.name, game.options_json(), seed, decks, cards=game.card_data_hash())

    @staticmethod
    def from_position(state: State[Any]) -> MatchRecord:
        """A record of a game that starts at ``state`` (a pasted puzzle or bug report)."""
        game = state.game
        return MatchRecord(game.name, game.options_json(), 0, None, cards=game.card_data_hash(),
                           position=state.to_notation())

    def finish(self, state: State[Any]) -> None:
        """Note the outcome once the game is over (``verify`` checks it)."""
        outcome = state.outcome
        self.outcome = outcome.to_json() if outcome else None

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        if not self.made_by:
            del data["made_by"]
        if not self.explanations:
            del data["explanations"]
        if self.digest is None:
            del data["digest"]
        return data

    def with_digest(self) -> MatchRecord:
        """The record carrying the digest of its content (``digest.py``)."""
        return replace(self, digest=digest_of(asdict(self)))

    def save(self, path: str | Path) -> None:
        """Write the record atomically: a crash mid-write leaves the old file whole."""
        write_text_atomic(path, json.dumps(self.to_json(), indent=1) + "\n")

    @staticmethod
    def from_json(data: Any, source: str = "record") -> MatchRecord:
        """Read by its declaration (``RECORD``), every field checked; ``ReplayError`` names the
        file (``source``) and the field."""
        record: MatchRecord = values.read(RECORD, data, "record", lambda why: ReplayError(f"{source}: {why}"))
        if record.format != FORMAT:
            raise ReplayError(f"{source}: record format {record.format} is not {FORMAT}")
        if record.digest is not None:
            check_digest(asdict(record), record.digest, source)
        return record

    @staticmethod
    def load(path: str | Path) -> MatchRecord:
        try:
            text = read_text_limited(path)
        except OSError as exc:
            raise ReplayError(f"{path}: cannot read: {exc.strerror}") from None
        except UnicodeDecodeError as exc:
            raise ReplayError(f"{path}: not UTF-8 text (byte {exc.start + 1})") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ReplayError(f"{path}: not JSON (line {exc.lineno}: {exc.msg})") from None
        except (RecursionError, ValueError) as exc:  # nested too deep, a number too long
            why = "nested too deeply" if isinstance(exc, RecursionError) else "a number too long"
            raise ReplayError(f"{path}: not a record ({why})") from None
        return MatchRecord.from_json(data, source=str(path))


_TEXT = values.Text()
RECORD = values.Rec(MatchRecord, {
    "game": _TEXT, "options": values.AnyObject(), "seed": values.Int(),
    "decks": values.Opt(values.ListOf(values.ListOf(_TEXT))), "actions": values.ListOf(_TEXT),
    "engine": _TEXT, "cards": _TEXT, "outcome": values.Opt(values.AnyObject()), "format": values.Int(),
    "position": values.Opt(_TEXT), "made_by": values.Numbered(_TEXT),
    "explanations": values.Numbered(values.AnyObject()), "digest": values.Opt(values.AnyObject()),
}, optional=("decks", "outcome", "format", "position", "made_by", "explanations", "digest"))
"""A record file's fields as read back (``from_json``); ``to_json`` writes the dataclass."""
