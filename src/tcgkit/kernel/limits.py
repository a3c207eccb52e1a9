"""Limits on decisions, so no card data can make a game endless.

Every game takes two kernel options beside its own (like ``players``):
``max_decisions`` (decisions in the whole game) and ``max_turn_decisions`` (decisions in
one turn, a turn being a run of decisions by one player). Every driver of a game (the
replay, ``sim``, the terminal's match) plays its decisions through ``play`` with a ``Tally``
of the game, which counts:
the decision that goes past a limit is played, and then the game ends as a draw whose reason
names the limit (``State.end_as_draw``). Search plays unchecked and uncounted: its play-outs
have their own depth limits. The defaults are far above any real game, so play under them
is unchanged; they appear in the options' dump only when set to other values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import Action
from .errors import OptionsError

if TYPE_CHECKING:
    from .game import State

DEFAULTS = {"max_decisions": 20_000, "max_turn_decisions": 1_000}


@dataclass(frozen=True, slots=True)
class Limits:
    max_decisions: int = DEFAULTS["max_decisions"]
    max_turn_decisions: int = DEFAULTS["max_turn_decisions"]

    @staticmethod
    def take(game_name: str, values: dict[str, Any]) -> Limits:
        """The limit options popped from ``values`` (checked: whole numbers >= 1)."""
        found = {}
        for name, default in DEFAULTS.items():
            value = values.pop(name, default)
            if isinstance(value, str) and value.strip().isdecimal():
                value = int(value)
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 10**9:
                raise OptionsError(
                    f"{game_name} options: {name}: a whole number from 1 to 1000000000, "
                    f"got {str(value)[:40]!r}"
                )
            found[name] = value
        return Limits(**found)

    def dump(self) -> dict[str, int]:
        """The limits that differ from the defaults (for records and views)."""
        return {name: getattr(self, name) for name, default in DEFAULTS.items()
                if getattr(self, name) != default}

    def passed(self, decided: int, streak: int) -> str | None:
        """The draw's reason once ``decided`` decisions in the game, ``streak`` of them in
        this turn, go past a limit; ``None`` while within."""
        if decided > self.max_decisions:
            return f"the decision limit: more than {self.max_decisions} decisions in the game"
        if streak > self.max_turn_decisions:
            return (f"the decision limit: more than {self.max_turn_decisions} decisions in one "
                    "turn")
        return None


@dataclass(slots=True)
class Tally:
    """A driver's count of one game's decisions: in the game, and in the current turn (a
    run of decisions by ``player``). Kept by the driver, beside the state it plays."""

    decided: int = 0
    player: int | None = None
    streak: int = 0


def play(state: State[Any], action: Action, actor: int, tally: Tally) -> None:
    """``state.apply(action, actor)``, counted in ``tally`` against the game's limits: past
    one, the game ends as a draw naming it. An illegal action raises and changes nothing (the
    count included)."""
    mover = state.to_move
    state.apply(action, actor)
    tally.streak = tally.streak + 1 if tally.player == mover else 1
    tally.decided, tally.player = tally.decided + 1, mover
    ended = state.game.limits.passed(tally.decided, tally.streak)
    if ended is not None and not state.is_terminal:
        state.end_as_draw(ended)
