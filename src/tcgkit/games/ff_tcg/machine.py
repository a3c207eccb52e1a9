"""What happens by itself between decisions, and which function plays each action.

``advance`` runs the pending effect frames, the queued triggers and the turn's next step
until a player must decide; with ``auto_forced`` it also plays a decision's only choice when
that choice reveals nothing private. ``HANDLERS`` maps each action type to its rule,
``STEP_RUN`` each automatic step, ``PICK_RUN`` each pick verb.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...kernel.actions import Action, Decision
from . import combat, turn
from .actions import Assign, Done, End, Hide, Pick, Play, Turn, Use
from .host import POST_REVEAL
from .legal import compute_legal

if TYPE_CHECKING:
    from .rules import FFTcgState

ASK_KINDS = frozenset({"discard", "sacrifice", "search", "target"})
# Decisions whose answers only public facts decide (play and window: unless cards are face down).
FORCEABLE = frozenset({"play", "declare", "window", POST_REVEAL, "fight", "assign", "skull", "wound"})
PRIVATE_TIMING = {"play": "activated", "window": "combat", POST_REVEAL: "combat", "declare": "attack"}


def advance(s: FFTcgState) -> None:
    """Run what happens by itself (frames, triggers, steps) until a player must decide."""
    decisions, frames, triggers = s.decisions, s.frames, s.triggers
    auto = s.game.auto_forced
    while s.result is None:
        if frames or triggers or s.cancelled or s.step:
            if decisions and decisions[-1].kind in ASK_KINDS:
                return  # an effect waits for its answer
            if frames:
                turn.resume_frame(s)
            elif triggers:
                turn.start_trigger(s)
            elif s.cancelled:
                s.cancelled = False
                combat.cancel_now(s)
            else:
                step = s.step
                s.step = ""
                STEP_RUN[step](s)
            continue
        decision = decisions[-1]
        if not auto or decision.kind not in FORCEABLE:  # asks are never forceable
            return
        legal = compute_legal(s)
        if len(legal) > 1 or private_choice(s, decision):
            s.legal = legal
            return
        HANDLERS[type(legal[0])](s, legal[0])
    decisions.clear()


def private_choice(s: FFTcgState, decision: Decision) -> bool:
    """Whether what the player could do now depends on cards only they see (face-down
    cards, texts that read their hand): then even a single choice is asked."""
    p, kind = decision.player, decision.kind
    if kind not in PRIVATE_TIMING:
        return False
    if kind != "declare" and s.hidden[p]:
        return True
    what = PRIVATE_TIMING[kind]
    if what not in s.game.any_private:  # no loaded card reads private cards then
        return False
    private, kinds = s.game.private, s.t.kind
    return any(what in private[kinds[c]] for c in s.sacrifice_options(p, None))


def do_done(s: FFTcgState, action: Done) -> None:
    if s.decisions[-1].kind == "declare":
        combat.declare_done(s)
    else:
        combat.window_done(s)


def do_pick(s: FFTcgState, action: Pick) -> None:
    verb = action.verb
    if verb == "discard" and s.decisions[-1].kind == "reconcile":
        verb = "reconcile"
    PICK_RUN[verb](s, action.card)


def do_end(s: FFTcgState, action: End) -> None:
    turn.do_end(s)


HANDLERS: dict[type[Action], Callable[[Any, Any], None]] = {
    Play: turn.do_play, Hide: turn.do_hide, Turn: turn.do_turn, Use: turn.do_use, End: do_end,
    Done: do_done, Assign: combat.do_assign, Pick: do_pick,
}
STEP_RUN: dict[str, Callable[[FFTcgState], None]] = {
    "end_turn": turn.step_end_turn, "next_turn": turn.step_next_turn, "villain": combat.step_villain,
    "after_fight": combat.step_after_fight, "order": combat.step_order, "combat_end": combat.step_combat_end,
    "villain_wound": combat.step_villain_wound,
}
PICK_RUN: dict[str, Callable[[FFTcgState, int], None]] = {
    "reconcile": turn.pick_reconcile, "discard": turn.pick_discard, "sacrifice": turn.pick_sacrifice,
    "search": turn.pick_search, "target": turn.pick_target, "attack": combat.pick_attack,
    "clear": combat.pick_clear, "fight": combat.pick_fight, "skull": combat.pick_skull,
    "wound": combat.pick_wound,
}
