"""Replaying a record (``record.py``): options + seed + decks + actions, the whole game in a
JSON file (or options + a starting position + actions, for a game begun from a position).

A record notes the engine version and a hash of the card data; replaying a record made
by another version or with other cards is reported, not silently done.
"""

from __future__ import annotations

from typing import Any

from .._version import __version__
from .errors import ReplayError, ReplayMismatch, TcgkitError
from .game import Game, State
from .match import Match
from .record import FORMAT, MatchRecord
from .registry import load_game

__all__ = ["FORMAT", "MatchRecord", "check_versions", "game_of", "replay", "replayed", "verified", "verify"]


def game_of(record: MatchRecord) -> Game:
    try:
        return load_game(record.game, record.options)
    except TcgkitError as exc:
        raise ReplayError(f"record: {exc}") from None


def check_versions(record: MatchRecord, game: Game) -> None:
    if record.engine != __version__:
        raise ReplayMismatch(
            f"recorded with engine {record.engine}, this is {__version__} "
            "(replay with --force to try anyway)"
        )
    if record.cards != game.card_data_hash():
        raise ReplayMismatch(
            f"recorded with card data {record.cards}, this card data is "
            f"{game.card_data_hash()} (replay with --force to try anyway)"
        )


def replayed(record: MatchRecord, *, upto: int | None = None, force: bool = False) -> Match:
    """The match after the record's first ``upto`` actions (all by default)."""
    game = game_of(record)
    if not force:
        check_versions(record, game)
    return Match.from_record(record, game, upto=upto)


def replay(record: MatchRecord, *, upto: int | None = None, force: bool = False) -> State[Any]:
    """The state after the record's first ``upto`` actions (all by default)."""
    return replayed(record, upto=upto, force=force).state


def verified(record: MatchRecord, *, force: bool = False) -> Match:
    """The whole record replayed as a match, checked to end as recorded."""
    match = replayed(record, force=force)
    if record.outcome is not None:
        got = match.state.outcome.to_json() if match.state.outcome else None
        if got != record.outcome:
            raise ReplayMismatch(
                f"the record says the game ended {record.outcome}, the replay gives {got}"
            )
    return match


def verify(record: MatchRecord, *, force: bool = False) -> State[Any]:
    """Replay the whole record and check it ends as recorded."""
    return verified(record, force=force).state
