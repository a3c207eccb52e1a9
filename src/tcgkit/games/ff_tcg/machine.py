"""Final Fantasy TCG on the kernel's resolution engine: its ``Machine``, and which rule plays
each action.

``kernel.resolution.Machine.advance`` runs, after every action, the pending effect frames, the
queued triggers (first in, first out), then the turn's next step (``STEP_RUN``; a cancelled fight too)
until a player must decide; with ``auto_forced`` it also plays a decision's only choice when
that choice reveals nothing private (``private_choice``). A fight's effect windows are the
kernel's priority windows under a one-pass rule: the character side, then the monster side,
each acting as long as it likes and passing once with ``done``; when both passed the window
closes into the luck reveal (or the result after the post-reveal window).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...kernel.actions import Action, Decision
from ...kernel.resolution import AutoForced, Frame, Machine, WindowRule
from . import combat, turn
from .actions import Assign, Done, End, Hide, Pick, Play, Turn, Use
from .host import POST_REVEAL, TARGETED, targeted
from .legal import compute_legal

if TYPE_CHECKING:
    from .rules import FFTcgState

ASK_KINDS = frozenset({"discard", "sacrifice", "search", "target"})  # an effect's choices (``Ask``)
# Decisions whose answers only public facts decide (play and window: unless cards are face down).
FORCEABLE = frozenset({"play", "declare", "window", POST_REVEAL, "fight", "assign", "skull", "wound"})
PRIVATE_TIMING = {"play": ("activated",), "window": ("activated", "combat"),
                  POST_REVEAL: ("activated", "combat"), "declare": ("attack",)}


def private_choice(s: FFTcgState, decision: Decision) -> bool:
    """Whether what the player could do now depends on cards only they see (face-down
    cards, texts that read their hand): then even a single choice is asked."""
    p, kind = decision.player, decision.kind
    if kind not in PRIVATE_TIMING:
        return False
    if kind != "declare" and s.hidden[p]:
        return True
    timings = PRIVATE_TIMING[kind]
    if s.game.any_private.isdisjoint(timings):  # no loaded card reads private cards then
        return False
    private, kinds = s.game.private, s.t.kind
    return any(not private[kinds[c]].isdisjoint(timings) for c in s.sacrifice_options(p, None))


def do_done(s: FFTcgState, action: Done) -> None:
    kind = s.decisions[-1].kind
    if kind == "declare":
        combat.declare_done(s)
    elif kind == "wound":
        combat.decline_wound(s)
    else:  # a pass in an effect window
        s.game.machine.pass_priority(s)


def do_pick(s: FFTcgState, action: Pick) -> None:
    verb = action.verb
    if verb == "discard" and s.decisions[-1].kind == "reconcile":
        verb = "reconcile"
    PICK_RUN[verb](s, action.card)


def frame_steps(s: FFTcgState, frame: Frame) -> Any:
    return s.game.step_fns[s.t.kind[frame.source]][frame.ability]


def frame_activation(s: FFTcgState, frame: Frame) -> Any:
    targets = frame.targets  # ``targeted``, its common case (made already) written out
    key = (frame.player, frame.source, frame.ability, targets[0].id if targets else -1)
    return TARGETED.get(key) or targeted(*key)


def play_forced(s: FFTcgState, action: Action) -> None:
    s.legal = None
    HANDLERS[type(action)](s, action)


HANDLERS: dict[type[Action], Callable[[Any, Any], None]] = {
    Play: turn.do_play, Hide: turn.do_hide, Turn: turn.do_turn, Use: turn.do_use, End: turn.do_end,
    Done: do_done, Assign: combat.do_assign, Pick: do_pick,
}
STEP_RUN: dict[str, Callable[[FFTcgState], None]] = {
    "end_turn": turn.step_end_turn, "next_turn": turn.step_next_turn, "villain": combat.step_villain,
    "after_fight": combat.step_after_fight, "order": combat.step_order, "combat_end": combat.step_combat_end,
    "villain_wound": combat.step_villain_wound, "cancel": combat.cancel_now,
}
PICK_RUN: dict[str, Callable[[FFTcgState, int], None]] = {
    "reconcile": turn.pick_reconcile, "discard": turn.pick_discard, "sacrifice": turn.pick_sacrifice,
    "search": turn.pick_search, "target": turn.pick_target, "attack": combat.pick_attack,
    "clear": combat.pick_clear, "fight": combat.pick_fight, "skull": combat.pick_skull,
    "wound": combat.pick_wound,
}
WINDOW_RULES = {  # one pass each, the actor keeps priority, an action re-opens nothing
    "window": WindowRule(lambda s, window: combat.resolve_fight(s), restart=False),
    POST_REVEAL: WindowRule(lambda s, window: combat.resolve_after_reveal(s), restart=False),
}


def build_machine(auto_forced: bool) -> Machine[Any]:
    """The rules the kernel's engine runs Final Fantasy TCG by (one per game: its options)."""
    auto: AutoForced[Any] | None = AutoForced(
        FORCEABLE, legal=compute_legal, play=play_forced, private=private_choice,
    ) if auto_forced else None
    return Machine(
        steps=STEP_RUN, frame_steps=frame_steps, activation=frame_activation,
        start_trigger=turn.start_trigger, frame_done=turn.frame_done, windows=WINDOW_RULES,
        trigger_order="fifo", auto=auto,
    )
