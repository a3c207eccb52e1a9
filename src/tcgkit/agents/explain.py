"""Why a search AI chose its move: the root's alternatives with their visits, values and
estimated chance to win.

An agent that can explain itself has ``explain(view, legal_actions, rng)``: the same choice
``act`` makes with the same generator (it runs the same search and draws the same numbers),
returned with an ``Explanation``. The chosen move is the explanation's first option; the
others follow in the order the search ranks them (visits, then mean return).

**Chance to win.** A search's value is a mean return in [-1, 1] for the mover: a finished
play-out returns +1 for a win, -1 for a loss and 0 for a draw (two players; with more, the
returns by place, ``rank_returns``), and a play-out cut short is scored on the same scale by
the game's play-out policy (Forge & Fury's is ``2 p - 1`` of its normal law of the rounds
left; Conflictus's, Monster Collection's and Final Fantasy TCG's squash the heuristic's lead
by ``tanh``). A mean return ``v`` of +1/-1/0 outcomes is P(win) - P(loss), so
``(1 + v) / 2`` is the chance to win counting a draw as half a win: that is the percentage
shown (``chance``). It is the search's belief about its own play-outs, not a measured rate;
docs/explanations.md gives how well it matches the games' real outcomes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ..kernel.actions import Action
from ..kernel.rng import Rng

TOP = 5
"""Options an explanation keeps: the chosen move and the best alternatives."""


def chance(value: float) -> float:
    """A mean return in [-1, 1] as a chance to win in percent, a draw counting half."""
    return round(min(100.0, max(0.0, 50.0 * (1.0 + value))), 1)


@dataclass(frozen=True)
class Option:
    """One move the search weighed: its notation, how often the search tried it, and its
    mean return for the mover (``value``, in [-1, 1])."""

    action: str
    visits: int
    value: float

    @property
    def chance(self) -> float:
        return chance(self.value)

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "visits": self.visits, "value": round(self.value, 4),
                "chance": self.chance}


@dataclass(frozen=True)
class Explanation:
    """A choice and its reasons: ``options`` starts with the chosen move; ``value`` is the
    position's value before the move (the mean return of every iteration of the search),
    ``iterations`` the search's size. A choice made without a search (a single legal move)
    has ``iterations`` 0 and no value."""

    agent: str
    options: tuple[Option, ...]
    value: float | None
    iterations: int

    @property
    def choice(self) -> str:
        return self.options[0].action

    @property
    def before(self) -> float | None:
        """The chance to win before the move, in percent."""
        return None if self.value is None else chance(self.value)

    @property
    def after(self) -> float | None:
        """The chance to win after the chosen move, in percent."""
        return None if not self.iterations else self.options[0].chance

    def to_json(self) -> dict[str, Any]:
        return {"agent": self.agent, "iterations": self.iterations,
                "value": None if self.value is None else round(self.value, 4),
                "before": self.before, "after": self.after,
                "options": [option.to_json() for option in self.options]}

    @staticmethod
    def from_json(data: Any, source: str = "explanation") -> Explanation:
        """Read what ``to_json`` wrote; anything else raises ``ValueError`` naming the field."""
        if not isinstance(data, dict):
            raise ValueError(f"{source}: an explanation is a JSON object")
        options = data.get("options")
        if not isinstance(options, list) or not options:
            raise ValueError(f"{source}: field 'options' should be a non-empty list")
        read = []
        for number, option in enumerate(options, start=1):
            if not (isinstance(option, dict) and isinstance(option.get("action"), str)
                    and _is_int(option.get("visits")) and _is_number(option.get("value"))):
                raise ValueError(f"{source}: option {number} should have action, visits and value")
            read.append(Option(option["action"], option["visits"], float(option["value"])))
        value = data.get("value")
        if not (value is None or _is_number(value)):
            raise ValueError(f"{source}: field 'value' should be a number or null")
        if not isinstance(data.get("agent"), str) or not _is_int(data.get("iterations")):
            raise ValueError(f"{source}: fields 'agent' and 'iterations' should be a name and a count")
        return Explanation(data["agent"], tuple(read), None if value is None else float(value),
                           data["iterations"])


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and -1.0 <= value <= 1.0


class Explaining(Protocol):
    """An agent that can say why: ``explain`` makes ``act``'s choice, with its reasons.
    ``search_alone`` searches even when one move is legal (for a hint's chance to win);
    ``act`` does not, so that call then draws other numbers than ``act``."""

    name: str

    def explain(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng,
                search_alone: bool = False) -> tuple[Action, Explanation]:
        ...


def explains(agent: object) -> bool:
    return callable(getattr(agent, "explain", None))


class Explained:
    """An explaining agent that plays as itself and hands each explanation to ``keep``: the
    same moves as the agent alone (``explain`` makes ``act``'s choice with the same numbers)."""

    def __init__(self, agent: Explaining, keep: Callable[[Explanation], None]) -> None:
        self.agent, self.keep = agent, keep
        self.name = agent.name

    def act(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        action, explanation = self.agent.explain(view, legal_actions, rng)
        self.keep(explanation)
        return action
