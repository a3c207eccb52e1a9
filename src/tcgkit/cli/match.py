"""A match in progress: where it started, the actions since, and the replay record.

The state is always the start replayed with the actions (a game is fully determined by
seed + decks + actions), so undo is "replay without the last actions". A match started
from a pasted position records the position as its start.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..agents.assist import first_telling_after
from ..kernel.actions import Action
from ..kernel.errors import IllegalAction, ReplayMismatch
from ..kernel.game import Deck, Game, State
from ..kernel.limits import Tally, play
from ..kernel.replay import Record, game_of, replay, verify
from .errors import CliError
from .files import write_json_atomic
from .game_support import checked_position
from .saves import write_save


@dataclass
class Match:
    game: Game
    seed: int
    start: State
    record: Record
    actions: list[str] = field(default_factory=list)
    movers: list[int] = field(default_factory=list)  # who took each action
    match_id: str = field(default_factory=lambda: secrets.token_hex(16))
    agent_seed: int | None = None  # the AI's own stream; None: derived from the seed
    key: bytes | None = None  # the profile's secret: saves are signed and sealed with it
    state: State = field(init=False)
    tally: Tally = field(init=False)  # the decision limits' count, from ``start``

    def __post_init__(self) -> None:
        self._replay(self.actions)

    def _replay(self, actions: list[str]) -> None:
        self.state = self.start.clone()
        self.tally = Tally()
        self.actions, self.movers = [], []
        for text in actions:
            mover = self.state.to_move
            if mover is None:
                raise IllegalAction(f"'{text}' comes after the end of the game")
            self.play(self.state.parse_action(text, mover), mover)

    @staticmethod
    def new(game: Game, seed: int, decks: list[Deck] | None) -> Match:
        return Match(game, seed, game.new_state(seed, decks), Record.start(game, seed, decks))

    @staticmethod
    def from_record(record: Record) -> Match:
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
        verify(record, force=True)  # every action, with clear messages
        start = replay(record, upto=0, force=True)
        return Match(start.game, record.seed, start, record, list(record.actions))

    @staticmethod
    def from_position(game: Game, state: State, seed: int) -> Match:
        return Match(game, seed, state, Record.from_position(state))

    def play(self, action: Action, player: int) -> int:
        """Apply ``player``'s ``action`` (``IllegalAction`` leaves everything as it was);
        returns the cursor of its first event."""
        since = self.state.event_count()
        play(self.state, action, player, self.tally)
        self.actions.append(str(action))
        self.movers.append(player)
        return since

    def explained(self, explanation: dict[str, Any]) -> None:
        """Keep why the AI chose the action about to be played (``tcgkit play --explain``)."""
        self.record.explanations[str(len(self.actions) + 1)] = explanation

    def take_back(self, count: int) -> None:
        """Undo the last ``count`` actions by replaying the rest from the start."""
        self._replay(self.actions[: len(self.actions) - count])

    def undo_for(self, player: int, *, own_only: bool = False) -> int | str:
        """Take back ``player``'s last action and everything after it: how many went, or
        why nothing did (0: nothing to undo). Never past an action that told ``player``
        something hidden or drew at random (``agents/assist.py``); ``own_only`` (hotseat): never
        another player's action."""
        if own_only and self.movers and self.movers[-1] != player:
            return "the last move is the other player's; only its player could take it back"
        for index in range(len(self.movers) - 1, -1, -1):
            if self.movers[index] == player:
                break
        else:
            return 0
        if first_telling_after(self.start, self.actions, index, player) is not None:
            return (
                "a move since then showed you hidden cards or drew at random, so it stays "
                "(undo never goes back past a reveal or a random draw)"
            )
        count = len(self.actions) - index
        self.take_back(count)
        return count

    def save(self, path: str | Path) -> None:
        """Write the save: signed and, until the game is over, sealed with ``key`` (see
        ``saves.py``); a plain record when there is no key."""
        self.record.actions = list(self.actions)
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
