"""One match: where it starts, the moves played since (each with its mover and who made it),
the state they lead to, the decision limits' tally, and where each move's events begin.

Every driver of a match keeps it here: the terminal (``terminal/match.py``), the server's room,
its AI worker and replay page, and ``replay.py`` for a record. A game is fully determined by
its start and its moves, so a match is replayed by one loop (``Match.replay``) and undone by
replaying the moves that stay (``Match.take_back``).

Undo for a seat takes back its last move and everything after, never past a move that told
it something hidden or drew at random, so taking it back and trying again cannot exploit
what was learnt. A move is *telling* for a viewer when
- another player made it as a sealed choice (its content is not the viewer's to retry
  against), or
- it changed how many cards are in a zone the viewer cannot see (a card left or entered a
  hidden hand or deck: played from a hidden hand, drawn from a shuffled deck), or
- what the viewer sees after it depends on what they could not see before it: played in
  copies of the position whose hidden cards and generator are dealt anew
  (``Game.redeal_hidden``), it fails or leaves the viewer another view or other events
  (a sealed pick revealed, a luck card turned over, any random draw they see).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import replace
from typing import Any, Literal, NamedTuple

from .actions import Action
from .errors import ReplayMismatch, TcgkitError
from .game import Deck, Game, State
from .limits import Tally, play
from .record import MatchRecord
from .rng import Rng, derive_seed

MadeBy = Literal["clock", "stand_in", "auto"]
"""Who made a move for its seat's player, when they did not: ``clock`` (their time ran out:
the decision's default), ``stand_in`` (an AI played for them while away), ``auto`` (the
driver played the only move there was)."""
MADE_BY: tuple[MadeBy, ...] = ("clock", "stand_in", "auto")

REDEALS = 8  # copies a move is tried in; a reveal survives all of them only by a long chance
REDEAL_STREAM = 15
TELLS = ("a move since then showed you hidden cards or drew at random, so it stays "
         "(undo never goes back past a reveal or a random draw)")
OTHERS = "the last move is the other player's; only its player could take it back"
OVER = "the game is over"


class PlayedMove(NamedTuple):
    """A recorded move to replay: its notation, the seat it was played for (-1: whoever is to
    move), and who made it when not that seat's player (``None``: the player)."""

    notation: str
    mover: int
    made_by: MadeBy | None = None


def made_by_of(stored: str | None) -> MadeBy | None:
    """A stored ``made_by`` as a ``MadeBy`` (anything else: the player's own move)."""
    return next((known for known in MADE_BY if known == stored), None)


class Match:
    """A match from its start: ``Match.start`` (a seed and decks), ``Match.from_position`` (a
    position) or ``Match.from_record``; then ``play`` and ``replay`` move it on, and
    ``undo``/``take_back`` move it back. ``marks[n]`` is where the events after ``n`` moves
    begin (``marks[0]``: after the deal)."""

    def __init__(self, state: State[Any], *, seed: int = 0, decks: list[Deck] | None = None,
                 position: str | None = None) -> None:
        self.game: Game = state.game
        self.seed = seed
        self.decks = decks
        self.position = position  # the notation of a start that is not seed + decks
        # a start given as a state is kept as it was; one of seed + decks is dealt again
        self._start = state.clone() if position is not None else None
        self.state = state
        self.tally = Tally()
        self.actions: list[str] = []  # the moves' notations, in order
        self.movers: list[int] = []  # the seat each was played for
        self.made_by: dict[int, MadeBy] = {}  # move number (from 1) -> who made it for its player
        self.marks: list[int] = [state.event_count()]

    @classmethod
    def start(cls, game: Game, seed: int, decks: list[Deck] | None) -> Match:
        return cls(game.new_state(seed, decks), seed=seed, decks=decks)

    @classmethod
    def from_position(cls, state: State[Any]) -> Match:
        """A match that starts at ``state`` (a pasted puzzle or bug report)."""
        return cls(state, position=state.to_notation())

    @classmethod
    def from_record(cls, record: MatchRecord, game: Game, *, upto: int | None = None) -> Match:
        """``record``'s start with its first ``upto`` actions (all by default) replayed;
        ``ReplayMismatch`` names the setup or the first action that does not replay."""
        try:
            match = (cls.from_position(game.state_from_notation(record.position))
                     if record.position is not None else cls.start(game, record.seed, record.decks))
        except TcgkitError as exc:
            raise ReplayMismatch(f"the record's setup does not start a game: {exc}") from None
        match.seed, match.position = record.seed, record.position
        actions: list[PlayedMove | str] = list(record.actions[:upto])
        for number, by in record.made_by.items():  # the moves someone made for their player
            if 1 <= int(number) <= len(actions):
                actions[int(number) - 1] = PlayedMove(record.actions[int(number) - 1], -1, made_by_of(by))
        return match.replay(actions)

    def opening(self) -> State[Any]:
        """A fresh copy of the state the match starts from."""
        if self._start is not None:
            return self._start.clone()
        return self.game.new_state(self.seed, self.decks)

    def moves(self) -> list[PlayedMove]:
        """The moves played, as ``replay`` takes them."""
        return [PlayedMove(text, mover, self.made_by.get(number))
                for number, (text, mover) in enumerate(zip(self.actions, self.movers, strict=True), 1)]

    def play(self, action: Action | str, player: int, made_by: MadeBy | None = None) -> int:
        """Play ``action`` (or its notation) for ``player``: an illegal one raises the kernel's
        error and changes nothing. Returns where its events begin."""
        if isinstance(action, str):
            action = self.state.parse_action(action, player)
        since = self.state.event_count()
        self._play(action, player, str(action), made_by)
        return since

    def replay(self, moves: Iterable[PlayedMove | str]) -> Match:
        """Play recorded moves in order, each checked and kept as recorded: a ``PlayedMove``'s seat
        must be the one to move (a mover of -1, or bare notation: whoever is).
        ``ReplayMismatch`` names the first that does not replay, the moves before it played.
        Returns the match."""
        state, tally, actions, movers, marks = self.state, self.tally, self.actions, self.movers, self.marks
        for move in moves:  # ``_play`` written out: this loop is every replay's
            if isinstance(move, str):
                notation, mover, made_by = move, -1, None
            else:
                notation, mover, made_by = move
            to_move = state.to_move
            if to_move is None:
                why = "the game is over"
            elif mover != to_move and mover != -1:
                why = f"it is seat {to_move}'s move, not seat {mover}'s"
            else:
                try:
                    play(state, state.parse_action(notation, to_move), to_move, tally)
                except TcgkitError as exc:
                    why = str(exc)
                else:
                    actions.append(notation)
                    movers.append(to_move)
                    marks.append(state.event_count())
                    if made_by is not None:
                        self.made_by[len(actions)] = made_by
                    continue
            raise ReplayMismatch(f"action {len(self.actions) + 1} '{notation}' does not replay: {why}")
        return self

    def _play(self, action: Action, player: int, notation: str, made_by: MadeBy | None) -> None:
        play(self.state, action, player, self.tally)
        self.actions.append(notation)
        self.movers.append(player)
        self.marks.append(self.state.event_count())
        if made_by is not None:
            self.made_by[len(self.actions)] = made_by

    def record(self) -> MatchRecord:
        """What a save or a replay file stores: the start, the moves, who made any move for its
        player, and the outcome when the game is over."""
        record = MatchRecord(self.game.name, self.game.options_json(), self.seed, self.decks,
                             list(self.actions), cards=self.game.card_data_hash(), position=self.position,
                             made_by={str(number): by for number, by in self.made_by.items()})
        record.finish(self.state)
        return record

    def branch(self) -> Match:
        """A copy to try moves on (the server commits a move before it becomes the match's)."""
        trial = copy.copy(self)
        trial.state, trial.tally = self.state.clone(), replace(self.tally)
        trial.actions, trial.movers, trial.marks = list(self.actions), list(self.movers), list(self.marks)
        trial.made_by = dict(self.made_by)
        return trial

    # -- undo --------------------------------------------------------------------------------
    def undoable(self, seat: int, *, own_only: bool = False) -> int | str:
        """How many moves ``undo(seat)`` would take back (0: ``seat`` made none), or why it
        may not: the game is over, a move since told ``seat`` something (see above), or
        (``own_only``, players sharing a screen) the last move is another player's."""
        if self.state.is_terminal:
            return OVER
        if own_only and self.movers and self.movers[-1] != seat:
            return OTHERS
        index = next((n for n in range(len(self.movers) - 1, -1, -1) if self.movers[n] == seat), None)
        if index is None:
            return 0
        if last_telling(self, index, seat) is not None:
            return TELLS
        return len(self.movers) - index

    def undo(self, seat: int, *, own_only: bool = False) -> int | str:
        """Take back ``seat``'s last move and all after it (``undoable``): how many went, or
        why none did."""
        count = self.undoable(seat, own_only=own_only)
        if isinstance(count, int) and count:
            self.take_back(count)
        return count

    def take_back(self, count: int) -> None:
        """Undo the last ``count`` moves by replaying the rest from the start."""
        kept = self.moves()[:len(self.actions) - count]
        self._restart()
        self.replay(kept)

    def _restart(self) -> None:
        self.state, self.tally = self.opening(), Tally()
        self.actions, self.movers, self.made_by = [], [], {}
        self.marks = [self.state.event_count()]


def hidden_counts(state: State[Any], viewer: int | None) -> dict[str, int]:
    """How many cards each zone holds that ``viewer`` cannot see (a whole zone, or face down)."""
    out = {}
    for name, zone in state.view(viewer)["zones"].items():
        cards = zone.get("cards")
        hidden = zone["count"] if cards is None else sum(card is False for card in cards)
        if hidden:
            out[name] = hidden
    return out


def _apply_text(state: State[Any], text: str) -> None:
    mover = state.to_move
    if mover is None:
        raise ReplayMismatch(f"'{text}' comes after the end of the game")
    state.apply(state.parse_action(text, mover), mover)


def telling(state: State[Any], text: str, viewer: int | None) -> bool:
    """Whether playing ``text`` at ``state`` tells ``viewer`` something hidden (see above).
    ``state`` is left as it was."""
    decision = state.pending
    if decision is not None and decision.secret and decision.player != viewer:
        return True
    after = state.clone()
    _apply_text(after, text)
    if hidden_counts(after, viewer) != hidden_counts(state, viewer):
        return True
    since = state.event_count()
    seen = (after.view(viewer), after.events_since(since, viewer))
    for sample in range(REDEALS):
        other = state.game.redeal_hidden(state, viewer, Rng(derive_seed(REDEAL_STREAM, sample)))
        try:
            _apply_text(other, text)
        except TcgkitError:
            return True
        if (other.view(viewer), other.events_since(since, viewer)) != seen:
            return True
    return False


def last_telling(match: Match, index: int, viewer: int | None) -> int | None:
    """The last of ``match``'s moves from ``index`` on that is telling for ``viewer`` (its
    index), or ``None``: undo may go back to ``index`` only when it is ``None``."""
    moves = match.moves()
    probe = copy.copy(match)
    probe._restart()
    probe.replay(moves[:index])
    last = None
    for number in range(index, len(moves)):
        move = moves[number]
        if telling(probe.state, move.notation, viewer):
            last = number
        probe.replay([move])
    return last
