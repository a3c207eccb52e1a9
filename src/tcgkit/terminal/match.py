"""The terminal's match: the kernel's ``Match`` (its start, the moves since, the state, undo)
with what the terminal adds: the record it saves (the AI's explanations in it), the match's
id, the AI's own seed and the profile's key that signs and seals a save.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..kernel.actions import Action
from ..kernel.errors import ReplayMismatch
from ..kernel.game import Deck, Game, State
from ..kernel.limits import Tally
from ..kernel.match import MadeBy
from ..kernel.match import Match as Played
from ..kernel.replay import MatchRecord, game_of, verified
from .errors import CliError
from .files import write_json_atomic
from .game_support import checked_position
from .saves import write_save


@dataclass
class Match:
    played: Played  # the kernel's match: start, moves, movers, state, tally
    seed: int  # the match's seed (for a game begun from a position: the AI's, the record's is 0)
    record: MatchRecord
    match_id: str = field(default_factory=lambda: secrets.token_hex(16))
    agent_seed: int | None = None  # the AI's own stream; None: derived from the seed
    key: bytes | None = None  # the profile's secret: saves are signed and sealed with it

    @property
    def game(self) -> Game:
        return self.played.game

    @property
    def start(self) -> State[Any]:
        """A copy of the state the match started from."""
        return self.played.opening()

    @property
    def state(self) -> State[Any]:
        return self.played.state

    @property
    def tally(self) -> Tally:
        """The decision limits' count, from the start."""
        return self.played.tally

    @property
    def actions(self) -> list[str]:
        return self.played.actions

    @property
    def movers(self) -> list[int]:
        """Who took each action."""
        return self.played.movers

    @staticmethod
    def new(game: Game, seed: int, decks: list[Deck] | None) -> Match:
        return Match(Played.start(game, seed, decks), seed, MatchRecord.start(game, seed, decks))

    @staticmethod
    def from_record(record: MatchRecord) -> Match:
        """Continue a saved game; a record that does not replay raises ``ReplayMismatch``.

        A record from another engine version continues when every action replays under this
        one (and a finished one ends as recorded); otherwise the first action that does not
        is named. Other card data is refused: the same actions would mean other cards."""
        game = game_of(record)
        if record.cards != game.card_data_hash():
            raise ReplayMismatch(
                f"recorded with card data {record.cards}, this card data is "
                f"{game.card_data_hash()}; the game cannot continue with other cards "
                "('tcgkit replay --force' shows how it would go)"
            )
        if record.position is not None:  # from outside: refused whole when it makes no sense
            checked_position(game, record.position)
        # played on here, it is this terminal's record: a server's digest would not fit it
        return Match(verified(record, force=True), record.seed, replace(record, digest=None))

    @staticmethod
    def from_position(game: Game, state: State, seed: int) -> Match:
        return Match(Played.from_position(state), seed, MatchRecord.from_position(state))

    def play(self, action: Action, player: int, made_by: MadeBy | None = None) -> int:
        """Apply ``player``'s ``action`` (``IllegalAction`` leaves everything as it was);
        returns the cursor of its first event. ``made_by="auto"``: the terminal took it for
        them (the only move there was)."""
        return self.played.play(action, player, made_by)

    def explained(self, explanation: dict[str, Any]) -> None:
        """Keep why the AI chose the action about to be played (``tcgkit play --explain``)."""
        self.record.explanations[str(len(self.actions) + 1)] = explanation

    def take_back(self, count: int) -> None:
        """Undo the last ``count`` actions by replaying the rest from the start."""
        self.played.take_back(count)

    def undo_for(self, player: int, *, own_only: bool = False) -> int | str:
        """Take back ``player``'s last action and everything after it (``Match.undo``): how
        many went, or why nothing did (0: nothing to undo); ``own_only`` (hotseat): never
        another player's action."""
        return self.played.undo(player, own_only=own_only)

    def save(self, path: str | Path) -> None:
        """Write the save: signed and, until the game is over, sealed with ``key`` (see
        ``saves.py``); a plain record when there is no key."""
        self.record.actions = list(self.actions)
        self.record.made_by = {str(number): by for number, by in self.played.made_by.items()}
        self.record.explanations = {number: why for number, why in self.record.explanations.items()
                                    if int(number) <= len(self.actions)}  # none of a move taken back
        self.record.finish(self.state)
        if self.key is not None:
            write_save(path, self.key, self.record, self.match_id, self.agent_seed,
                       self.state.is_terminal)
            return
        try:
            write_json_atomic(path, self.record.to_json(), private=True)
        except OSError as exc:
            raise CliError(f"cannot save the game to {path}: {exc.strerror or exc}") from None
