"""The help a player may ask for against the AI, in the terminal and at the browser's table:
a hint (``advice``) and undo.

A **hint** is the ``normal`` search AI's move with its explanation (``agents/explain.py``):
the chance to win before and after the move, the alternatives it weighed, and what the move
does as the game's events tell it. All of it is computed from the player's own view only:
the search sees that view and the legal moves, and the events are those of the move played
on copies of the position rebuilt from the view (``Game.determinize``, hidden cards sampled
as the AI samples them), kept only when every copy tells the same. So a hint says nothing
of what the player cannot see.

Undo is the kernel's (``Match.undo``): never past a move that showed the player something
hidden or drew at random.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from ..kernel.actions import Action
from ..kernel.game import Game, State
from ..kernel.rng import Rng, derive_seed
from ..kernel.scene import Sentence
from .base import make_agent
from .explain import Explaining, Explanation, explains

HINT_AGENT = "normal"
"""The AI whose move a hint names: the game's ``normal`` search level."""
EFFECT_SAMPLES = 6  # positions rebuilt from the view in which a move's effects must agree
EFFECT_STREAM = 16


@dataclass(frozen=True)
class Advice:
    """A hint: ``action`` (legal now), the search's ``explanation`` (its first option is
    ``action``) and ``effects``: what the move does, as the player's log would tell it."""

    action: Action
    explanation: Explanation
    effects: tuple[Sentence, ...]

    @property
    def before(self) -> float:
        """The player's chance to win now, in percent."""
        return _known(self.explanation.before)

    @property
    def after(self) -> float:
        """The player's chance to win after the move, in percent."""
        return _known(self.explanation.after)

    @property
    def tie(self) -> bool:
        """Every move the search weighed has the same chance to win, to the whole percent."""
        options = self.explanation.options
        return len(options) > 1 and len({round(o.chance) for o in options}) == 1


def _known(percent: float | None) -> float:
    assert percent is not None, "a hint's search always runs"
    return percent


def advice(state: State[Any], player: int, seed: int) -> Advice:
    """The hint for ``player``, to move at ``state``, from its view alone (see above); the
    same ``seed`` gives the same hint."""
    return advise(state.game, state.view(player), state.legal_actions(), seed)


def advise(game: Game, view: dict[str, Any], legal: list[Action], seed: int) -> Advice:
    """``advice`` from what it reads of the state: the viewer's view and the legal moves (the
    server takes these on its event loop and searches in a thread)."""
    agent = make_agent(HINT_AGENT, game)
    assert explains(agent), f"the hint's agent {HINT_AGENT!r} cannot explain itself"
    action, explanation = cast(Explaining, agent).explain(view, legal, Rng(seed), search_alone=True)
    return Advice(action, explanation, effects(game, view, action, seed))


def effects(game: Game, view: dict[str, Any], action: Action, seed: int) -> tuple[Sentence, ...]:
    """What ``action`` does, as the viewer's log tells it: its sentences that are the same in
    every one of ``EFFECT_SAMPLES`` positions rebuilt from ``view``, so none depends on a card
    the viewer cannot see (a card drawn at random stays out, a capture on the board is in)."""
    viewer = view["viewer"]
    told: list[list[Sentence]] = []
    for sample in range(EFFECT_SAMPLES):
        guess = game.determinize(view, Rng(derive_seed(seed, EFFECT_STREAM, sample)))
        since = guess.event_count()
        guess.apply_unchecked(action)
        told.append(list(guess.scene(viewer, since).log))
    return tuple(sentence for sentence in told[0] if all(sentence in other for other in told[1:]))
