"""The help a player may ask for against the AI, in the terminal and at the browser's table:
a hint (``advice``) and undo.

A **hint** is the greedy agent's move with the game's estimate for the player before and
after it, computed from the player's own view only: the agent sees that view, and the
estimates are taken on a state rebuilt from it (``Game.determinize``, hidden cards sampled
as the AI samples them), so a hint says nothing of what the player cannot see.

What ``undo`` may take back: never a move that showed the player something hidden or
drew at random, so taking it back and trying again cannot exploit what was learnt.

An action is *telling* for a viewer when
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

from dataclasses import dataclass
from typing import Any

from ..kernel.actions import Action
from ..kernel.errors import IllegalAction, TcgkitError
from ..kernel.game import State
from ..kernel.rng import Rng, derive_seed
from .base import make_agent

HINT_AGENT = "greedy"

REDEALS = 8  # copies tried; a reveal survives all of them only by a long chance
REDEAL_STREAM = 15


def hidden_counts(state: State[Any], viewer: int | None) -> dict[str, int]:
    """How many cards each zone holds that ``viewer`` cannot see (a whole zone, or face down)."""
    out = {}
    for name, zone in state.view(viewer)["zones"].items():
        cards = zone.get("cards")
        hidden = zone["count"] if cards is None else sum(card is False for card in cards)
        if hidden:
            out[name] = hidden
    return out


def play_text(state: State[Any], text: str) -> None:
    """Play a recorded action's notation for the player to move."""
    mover = state.to_move
    if mover is None:
        raise IllegalAction(f"'{text}' comes after the end of the game")
    state.apply(state.parse_action(text, mover), mover)


def telling(state: State[Any], text: str, viewer: int | None) -> bool:
    """Whether playing ``text`` at ``state`` tells ``viewer`` something hidden (see above).
    ``state`` is left as it was."""
    decision = state.pending
    if decision is not None and decision.secret and decision.player != viewer:
        return True
    after = state.clone()
    play_text(after, text)
    if hidden_counts(after, viewer) != hidden_counts(state, viewer):
        return True
    since = state.event_count()
    seen = (after.view(viewer), after.events_since(since, viewer))
    for sample in range(REDEALS):
        other = state.game.redeal_hidden(state, viewer, Rng(derive_seed(REDEAL_STREAM, sample)))
        try:
            play_text(other, text)
        except TcgkitError:
            return True
        if (other.view(viewer), other.events_since(since, viewer)) != seen:
            return True
    return False


def first_telling_after(start: State[Any], actions: list[str], index: int,
                        viewer: int | None) -> int | None:
    """The last action from ``index`` on that is telling for ``viewer`` (its index), or
    ``None``: undo may go back to ``index`` only when it is ``None``."""
    state = start.clone()
    for text in actions[:index]:
        play_text(state, text)
    last = None
    for number in range(index, len(actions)):
        if telling(state, actions[number], viewer):
            last = number
        play_text(state, actions[number])
    return last


@dataclass(frozen=True)
class Advice:
    """A hint: ``action`` (legal now), the game's estimate for the player now (``before``)
    and after it (``after``), and whether every legal move is estimated alike (``tie``)."""

    action: Action
    before: float
    after: float
    tie: bool


def advice(state: State[Any], player: int, seed: int) -> Advice:
    """The hint for ``player``, to move at ``state``, from its view alone (see above); the
    same ``seed`` gives the same hint."""
    game = state.game
    view, legal = state.view(player), state.legal_actions()
    action = make_agent(HINT_AGENT, game).act(view, legal, Rng(seed))
    guess = game.determinize(view, Rng(seed))

    def estimate(option: Action) -> float:
        after = guess.clone()
        after.apply_unchecked(option)
        return float(game.heuristic(after, player))

    values = {str(a): estimate(a) for a in legal}
    return Advice(action, float(game.heuristic(guess, player)), values[str(action)],
                  len(set(values.values())) <= 1)
