"""A match in progress: where it started, the actions since, and the replay record.

The state is always the start replayed with the actions (a game is fully determined by
seed + decks + actions), so undo is "replay without the last actions". A match started
from a pasted position records the position as its start.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..kernel.actions import Action
from ..kernel.game import Deck, Game, State
from ..kernel.replay import Record, replay
from .errors import CliError
from .files import write_json_atomic


@dataclass
class Match:
    game: Game
    seed: int
    start: State
    record: Record
    actions: list[str] = field(default_factory=list)
    movers: list[int] = field(default_factory=list)  # who took each action
    state: State = field(init=False)

    def __post_init__(self) -> None:
        self._replay(self.actions)

    def _replay(self, actions: list[str]) -> None:
        self.state = self.start.clone()
        self.actions, self.movers = [], []
        for text in actions:
            self.play(self.state.parse_action(text))

    @staticmethod
    def new(game: Game, seed: int, decks: list[Deck] | None) -> Match:
        return Match(game, seed, game.new_state(seed, decks), Record.start(game, seed, decks))

    @staticmethod
    def from_record(record: Record) -> Match:
        """Continue a saved game; a record that does not replay raises ``ReplayMismatch``."""
        replay(record)  # checks versions, card data and every action, with clear messages
        start = replay(record, upto=0)
        return Match(start.game, record.seed, start, record, list(record.actions))

    @staticmethod
    def from_position(game: Game, state: State, seed: int) -> Match:
        return Match(game, seed, state, Record.from_position(state))

    def play(self, action: Action) -> int:
        """Apply ``action`` (``IllegalAction`` leaves everything as it was); returns the
        index of its first event."""
        since = len(self.state.events)
        mover = self.state.to_move
        self.state.apply(action)
        self.actions.append(str(action))
        self.movers.append(-1 if mover is None else mover)
        return since

    def take_back(self, count: int) -> None:
        """Undo the last ``count`` actions by replaying the rest from the start."""
        self._replay(self.actions[: len(self.actions) - count])

    def undo_for(self, player: int) -> int:
        """Take back ``player``'s last action and everything after it; how many went."""
        for index in range(len(self.movers) - 1, -1, -1):
            if self.movers[index] == player:
                count = len(self.actions) - index
                self.take_back(count)
                return count
        return 0

    def save(self, path: str | Path) -> None:
        self.record.actions = list(self.actions)
        self.record.finish(self.state)
        try:
            write_json_atomic(path, self.record.to_json())
        except OSError as exc:
            raise CliError(f"cannot save the game to {path}: {exc.strerror or exc}") from None
