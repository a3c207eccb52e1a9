"""Random games for the checks: every position of a game played by uniform random choice, with
the action about to be taken, from a seed (so a failure can be replayed)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ..kernel.actions import Action
from ..kernel.game import Game, State
from ..kernel.replay import MatchRecord
from ..kernel.rng import Rng

MAX_ACTIONS = 20_000
"""A random game longer than this is a game that does not end."""


class Failure(AssertionError):
    """A check found the game breaking the contract; the message says where and how."""


class Skipped(Exception):
    """A check has nothing to look at in this game (no secret decision, say); it says why."""


def expect(condition: object, message: str | Callable[[], str]) -> None:
    """Raise ``Failure`` with ``message`` (or what it returns, made only on failure) unless
    ``condition`` holds."""
    if not condition:
        raise Failure(message() if callable(message) else message)


def walk(game: Game, seed: int) -> Iterator[tuple[State[Any], Action | None]]:
    """Each position of a random game from ``seed`` with the action the game takes next
    (``None`` at the end, which is yielded too). The caller may look at the state but not
    change it; the action is applied after the caller resumes."""
    state = game.new_state(seed)
    rng = Rng(seed + 1000)
    for _ in range(MAX_ACTIONS):
        if state.is_terminal:
            expect(state.legal_actions() == [], "a terminal state offers legal actions")
            yield state, None
            return
        legal = state.legal_actions()
        expect(legal, lambda: f"no legal action in a state that is not terminal (seed {seed}, "
                              f"step {state.version})")
        action = rng.choice(legal)
        yield state, action
        mover = state.to_move
        assert mover is not None
        state.apply(action, mover)
        state.check_invariants()
    raise Failure(f"a random game from seed {seed} ran past {MAX_ACTIONS} actions")


def play_random(game: Game, seed: int, *, each_step: Callable[[State[Any]], None] | None = None
                ) -> tuple[State[Any], MatchRecord]:
    """A random game from ``seed`` and its record; ``each_step(state)`` runs before every action."""
    record = MatchRecord.start(game, seed, None)
    state = None
    for state, action in walk(game, seed):
        if action is None:
            break
        if each_step:
            each_step(state)
        record.actions.append(str(action))
    assert state is not None
    record.finish(state)
    return state, record


def positions(game: Game, seed: int, every: int = 1) -> Iterator[State[Any]]:
    """Every ``every``-th position of a random game from ``seed``, the end included: one state
    played on, so a caller that keeps a position keeps a clone."""
    for step, (state, action) in enumerate(walk(game, seed)):
        if step % every == 0 or action is None:
            yield state


def spread(game: Game, seed: int, most: int) -> int:
    """The step between looked-at positions that looks at about ``most`` of a game from ``seed``
    (at least every 3rd: the cost is positions x players x inputs, and 4-player Conflictus
    takes 900 steps)."""
    steps = sum(1 for _ in walk(game, seed))
    return max(3, -(-steps // most))


def players(game: Game) -> list[int | None]:
    """Every seat and the spectator (``None``)."""
    return [*range(game.num_players), None]
