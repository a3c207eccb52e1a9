"""A replay record: options + seed + decks + actions, the whole game in a JSON file (or
options + a starting position + actions, for a game begun from a position), with the engine
version and a hash of the card data it was made with. ``replay.py`` plays one back.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .._version import __version__
from .errors import ReplayError
from .files import read_text_limited, write_text_atomic
from .game import Deck, Game, State

FORMAT = 1


@dataclass
class MatchRecord:
    game: str
    options: dict[str, Any]
    seed: int
    decks: list[Deck] | None
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
        return data

    def save(self, path: str | Path) -> None:
        """Write the record atomically: a crash mid-write leaves the old file whole."""
        write_text_atomic(path, json.dumps(self.to_json(), indent=1) + "\n")

    @staticmethod
    def from_json(data: Any, source: str = "record") -> MatchRecord:
        if not isinstance(data, dict):
            raise ReplayError(f"{source}: a record is a JSON object, got {type(data).__name__}")
        expected = {
            "game": str, "options": dict, "seed": int, "actions": list,
            "engine": str, "cards": str,
        }
        for key, kind in expected.items():
            if key not in data:
                raise ReplayError(f"{source}: missing field '{key}'")
            if not isinstance(data[key], kind) or isinstance(data[key], bool):
                raise ReplayError(f"{source}: field '{key}' should be {kind.__name__}")
        unknown = set(data) - set(MatchRecord.__dataclass_fields__)
        if unknown:
            raise ReplayError(f"{source}: unknown field(s) {', '.join(sorted(unknown))}")
        decks = data.get("decks")
        if decks is not None and not (
            isinstance(decks, list)
            and all(isinstance(d, list) and all(isinstance(c, str) for c in d) for d in decks)
        ):
            raise ReplayError(f"{source}: field 'decks' should be a list of lists of card names")
        if not isinstance(data.get("position"), str | None):
            raise ReplayError(f"{source}: field 'position' should be a position notation string")
        if not all(isinstance(a, str) for a in data["actions"]):
            raise ReplayError(f"{source}: field 'actions' should be a list of strings")
        made_by = data.get("made_by", {})
        if not (isinstance(made_by, dict) and all(isinstance(k, str) and k.isdigit() and isinstance(v, str)
                                                  for k, v in made_by.items())):
            raise ReplayError(f"{source}: field 'made_by' should map action numbers to who made them")
        explanations = data.get("explanations", {})
        if not (isinstance(explanations, dict) and all(
                isinstance(k, str) and k.isdigit() and isinstance(v, dict) for k, v in explanations.items())):
            raise ReplayError(f"{source}: field 'explanations' should map action numbers to explanations")
        if data.get("format", FORMAT) != FORMAT:
            raise ReplayError(f"{source}: record format {data['format']} is not {FORMAT}")
        return MatchRecord(**data)

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
