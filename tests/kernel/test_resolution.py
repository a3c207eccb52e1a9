"""The resolution engine on a tiny host of its own (no game): frames, asks, triggers, windows."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tcgkit.kernel import refs
from tcgkit.kernel.actions import Action, Decision
from tcgkit.kernel.effects import PAUSE, Activation
from tcgkit.kernel.errors import NotationError
from tcgkit.kernel.resolution import (
    ORDER_TRIGGERS,
    STOP,
    Ask,
    AutoForced,
    Frame,
    Machine,
    PriorityWindow,
    Resolution,
    Trigger,
    WindowRule,
    turn_order,
)


class Tiny:
    """A position of a tiny game: players with life, a log, and the resolution part."""

    def __init__(self, players: int = 3, active: int = 0) -> None:
        self.res = Resolution()
        self.decisions: list[Decision] = []
        self.log: list[Any] = []
        self.players, self.active = players, active
        self.life = [10] * players
        self.out: set[int] = set()
        self.chosen = 0
        self.closed: list[str] = []
        self.over = False

    def decide(self, player: int, kind: str) -> None:
        self.decisions.append(Decision(player, kind))

    def clone_via_json(self) -> Tiny:
        other = Tiny(self.players, self.active)
        other.res = Resolution.from_json(json.loads(json.dumps(self.res.to_json())))
        other.decisions, other.log, other.life = self.decisions[:], self.log[:], self.life[:]
        other.out, other.chosen = set(self.out), self.chosen
        return other


def say(word: str) -> Any:
    def step(host: Tiny, act: Activation) -> None:
        host.log.append((word, act.player, act.source))
    return step


def choose(host: Tiny, act: Activation) -> str:
    paused = MACHINE.ask(host, Ask(act.player, "choose", 1, ("number",)))
    assert paused == PAUSE
    return paused


def use_choice(host: Tiny, act: Activation) -> None:
    host.log.append(("chose", host.chosen))


def hit(host: Tiny, act: Activation) -> None:
    (target,) = act.players()
    host.life[target] -= 1
    host.log.append(("hit", act.player, target))


def unpaid(host: Tiny, act: Activation) -> str | None:
    return STOP if host.life[act.player] < 5 else None


ABILITIES: dict[int, tuple[Any, ...]] = {
    0: (say("a"), say("b")),
    1: (say("x"), choose, use_choice, say("y")),
    2: (hit,),
    3: (unpaid, say("paid")),
    4: (say("t"),),
}


def start_trigger(host: Tiny, trigger: Trigger) -> bool:
    if trigger.ability == 9:  # "target a player with no life": never a legal target
        return False
    host.log.append(("trigger", trigger.player, trigger.source))
    MACHINE.start(host, Frame(trigger.player, trigger.source, 4))
    return True


def close(host: Tiny, window: PriorityWindow) -> None:
    host.closed.append(window.kind)
    host.res.step = "after"


RULES = {
    "priority": WindowRule(close),
    "ff": WindowRule(close, restart=False),
    "moving": WindowRule(close, keep=False),
}


def make_machine(**changes: Any) -> Machine[Tiny]:
    settings: dict[str, Any] = dict(
        steps={"after": lambda host: host.log.append(("step", "after"))},
        frame_steps=lambda host, frame: ABILITIES[frame.ability],
        activation=lambda host, frame: Activation(frame.player, frame.source, frame.ability, frame.target),
        start_trigger=start_trigger,
        over=lambda host: host.over,
        windows=RULES,
        turn_order=lambda host: turn_order(host.active, host.players),
        is_out=lambda host, player: player in host.out,
    )
    settings.update(changes)
    return Machine(**settings)


MACHINE = make_machine()
APNAP = make_machine(trigger_order="apnap",
                     same_trigger=lambda host, a, b: a.ability == b.ability and a.player == b.player)


def respond(host: Tiny, machine: Machine[Tiny], ability: int, target: int = -1) -> None:
    """The holder puts an ability on the stack (a response), as a game's handler would."""
    holder = host.decisions[-1].player
    machine.acted(host)
    host.res.stack.append(Frame(holder, 100 + holder, ability, (refs.player(target),) if target >= 0 else ()))


# -- frames -----------------------------------------------------------------------------------
def test_a_frame_runs_its_steps_in_order_and_is_removed():
    host = Tiny()
    MACHINE.start(host, Frame(1, 7, 0))
    MACHINE.advance(host)
    assert host.log == [("a", 1, 7), ("b", 1, 7)]
    assert host.res.frames == []


def test_a_frame_pauses_for_an_ask_and_resumes_after_the_answer():
    host = Tiny()
    MACHINE.start(host, Frame(2, 5, 1))
    MACHINE.advance(host)
    assert host.log == [("x", 2, 5)]
    assert host.decisions == [Decision(2, "choose")]
    assert host.res.frames == [Frame(2, 5, 1, (), 2)]
    MACHINE.advance(host)  # nothing runs while the ask is open
    assert host.log == [("x", 2, 5)]
    host.chosen = 4
    assert MACHINE.answered(host) == Ask(2, "choose", 1, ("number",))
    MACHINE.advance(host)
    assert host.log == [("x", 2, 5), ("chose", 4), ("y", 2, 5)]
    assert host.res.frames == [] and host.decisions == []


def test_a_paused_frame_resumes_from_a_json_round_trip():
    host = Tiny()
    MACHINE.start(host, Frame(0, 3, 1, (refs.player(2),), 0, "turned"))
    MACHINE.advance(host)
    data = host.res.to_json()
    assert data["frames"] == [{"player": 0, "source": 3, "ability": 1,
                               "targets": [{"kind": "player", "id": 2}], "at": 2, "tag": "turned"}]
    saved = host.clone_via_json()
    assert saved.res == host.res
    for position in (host, saved):
        position.chosen = 9
        MACHINE.answered(position)
        MACHINE.advance(position)
    assert saved.log == host.log == [("x", 0, 3), ("chose", 9), ("y", 0, 3)]


def test_a_step_returning_stop_ends_its_frame_and_frame_done_is_told():
    done: list[Frame] = []
    machine = make_machine(frame_done=lambda host, frame: done.append(frame))
    host = Tiny()
    host.life[1] = 3
    machine.start(host, Frame(1, 4, 3))
    machine.start(host, Frame(0, 4, 3))
    machine.advance(host)
    assert host.log == [("paid", 0, 4)]  # player 1 could not pay when it resolved
    assert [f.player for f in done] == [0, 1]


def test_clones_share_no_lists():
    res = Resolution([Frame(0, 1, 0)], triggers=[Trigger(0, 1, 4)], step="x")
    other = res.copy()
    other.frames.append(Frame(1, 1, 1))
    other.triggers.clear()
    other.step = "y"
    assert res.frames == [Frame(0, 1, 0)] and res.triggers and res.step == "x"


# -- triggers ---------------------------------------------------------------------------------
def queue_all(host: Tiny, machine: Machine[Tiny], triggers: list[tuple[int, int, int]]) -> None:
    for player, source, ability in triggers:
        machine.queue(host, Trigger(player, source, ability, "on_play", (refs.card(source),)))


def test_fifo_triggers_start_in_the_order_they_were_queued():
    host = Tiny(active=1)
    queue_all(host, MACHINE, [(2, 20, 4), (0, 10, 4), (1, 11, 4)])
    MACHINE.advance(host)
    assert [e[1] for e in host.log if e[0] == "trigger"] == [2, 0, 1]


def test_apnap_triggers_start_active_player_first_then_in_turn_order():
    host = Tiny(active=1)
    queue_all(host, APNAP, [(0, 10, 4), (2, 20, 4), (1, 11, 4)])
    APNAP.advance(host)
    assert [e[1] for e in host.log if e[0] == "trigger"] == [1, 2, 0]
    assert host.decisions == []


def test_a_player_orders_several_different_triggers_but_not_identical_ones():
    host = Tiny(active=0)
    queue_all(host, APNAP, [(1, 11, 4), (1, 12, 5), (1, 13, 4), (2, 21, 4), (2, 22, 4)])
    APNAP.advance(host)
    assert host.decisions == [Decision(1, ORDER_TRIGGERS)]
    with pytest.raises(ValueError, match="no trigger choice 2; there are 2"):
        APNAP.choose_trigger(host, 2)
    choices = APNAP.trigger_choices(host)
    assert [t.source for t in choices] == [11, 12]  # 13 is the same ability as 11
    ABILITIES[5] = (say("five"),)
    try:
        APNAP.choose_trigger(host, 1)
        APNAP.advance(host)
    finally:
        del ABILITIES[5]
    started = [e[2] for e in host.log if e[0] == "trigger"]
    assert started == [12, 11, 13, 21, 22]  # then no choice left; player 2's two are identical
    assert host.decisions == []
    with pytest.raises(ValueError, match="no player is ordering triggers"):
        APNAP.choose_trigger(host, 0)


def test_a_trigger_with_no_legal_target_is_removed():
    host = Tiny()
    queue_all(host, MACHINE, [(0, 1, 9), (1, 2, 4)])
    MACHINE.advance(host)
    assert host.log == [("trigger", 1, 2), ("t", 1, 2)]
    assert host.res.triggers == []


def test_triggers_wait_for_the_running_frame():
    host = Tiny()
    MACHINE.start(host, Frame(0, 3, 1))
    MACHINE.queue(host, Trigger(1, 8, 4))
    MACHINE.advance(host)
    assert host.log == [("x", 0, 3)]  # the ask comes first; the trigger waits
    MACHINE.answered(host)
    MACHINE.advance(host)
    assert host.log[-2:] == [("trigger", 1, 8), ("t", 1, 8)]


# -- priority windows -------------------------------------------------------------------------
def holder(host: Tiny) -> tuple[int, str]:
    top = host.decisions[-1]
    return top.player, top.kind


def test_everyone_passing_on_an_empty_stack_closes_the_window():
    host = Tiny(active=1)
    MACHINE.open_window(host, "priority", turn_order(1, 3))
    assert holder(host) == (1, "priority")
    MACHINE.pass_priority(host)
    assert holder(host) == (2, "priority")
    MACHINE.pass_priority(host)
    assert holder(host) == (0, "priority")
    MACHINE.pass_priority(host)
    assert host.decisions == [] and host.res.windows == [] and host.closed == ["priority"]
    MACHINE.advance(host)
    assert host.log == [("step", "after")]


def test_an_action_restarts_the_round_of_passes_and_the_actor_keeps_priority():
    host = Tiny()
    MACHINE.open_window(host, "priority", (0, 1, 2))
    MACHINE.pass_priority(host)
    MACHINE.pass_priority(host)
    respond(host, MACHINE, 2, target=0)  # player 2 acts: everyone gets another chance
    assert holder(host) == (2, "priority") and host.res.window == PriorityWindow("priority", (0, 1, 2), 2)
    MACHINE.pass_priority(host)
    MACHINE.pass_priority(host)
    assert holder(host) == (1, "priority") and host.life == [10, 10, 10]
    MACHINE.pass_priority(host)  # all passed: the response resolves, priority to the active player
    MACHINE.advance(host)
    assert host.life == [9, 10, 10]
    assert holder(host) == (0, "priority") and host.res.window == PriorityWindow("priority", (0, 1, 2), 0)
    for _ in range(3):
        MACHINE.pass_priority(host)
    assert host.closed == ["priority"]


def test_responses_resolve_last_in_first_out():
    host = Tiny()
    MACHINE.open_window(host, "priority", (0, 1, 2))
    respond(host, MACHINE, 2, target=1)  # 0 targets player 1
    MACHINE.pass_priority(host)
    respond(host, MACHINE, 2, target=2)  # 1 answers, targeting 2
    MACHINE.pass_priority(host)
    respond(host, MACHINE, 2, target=0)  # 2 answers, targeting 0
    for _ in range(3):
        MACHINE.pass_priority(host)
    MACHINE.advance(host)
    assert [e for e in host.log if e[0] == "hit"] == [("hit", 2, 0)]
    for _ in range(2):  # a round of passes for each response left
        for _ in range(3):
            MACHINE.pass_priority(host)
            MACHINE.advance(host)
    assert [e[1:] for e in host.log if e[0] == "hit"] == [(2, 0), (1, 2), (0, 1)]
    assert host.res.stack == [] and host.closed == []
    for _ in range(3):
        MACHINE.pass_priority(host)
    assert host.closed == ["priority"]


def test_a_resolving_response_that_asks_gets_its_answer_before_priority_returns():
    host = Tiny()
    MACHINE.open_window(host, "priority", (0, 1))
    respond(host, MACHINE, 1)
    MACHINE.pass_priority(host)
    MACHINE.pass_priority(host)
    MACHINE.advance(host)
    assert [d.kind for d in host.decisions] == ["priority", "choose"]
    saved = host.clone_via_json()
    for position in (host, saved):
        MACHINE.answered(position)
        MACHINE.advance(position)
        assert holder(position) == (0, "priority")
    assert saved.log == host.log


def test_eliminated_players_count_as_passed():
    host = Tiny()
    host.out.add(1)
    MACHINE.open_window(host, "priority", (0, 1, 2))
    MACHINE.pass_priority(host)
    assert holder(host) == (2, "priority")  # player 1 is skipped
    host.out.add(0)  # eliminated mid-window: counts as passed too
    MACHINE.pass_priority(host)
    assert host.closed == ["priority"]


def test_a_holder_eliminated_while_a_response_resolves_is_passed_over_by_the_driver():
    host = Tiny()
    MACHINE.open_window(host, "priority", (0, 1, 2))
    MACHINE.pass_priority(host)
    respond(host, MACHINE, 0)  # player 1's response; once it resolves, priority goes to player 0
    MACHINE.pass_priority(host)
    MACHINE.pass_priority(host)
    MACHINE.pass_priority(host)
    host.out.add(0)  # as if the response had knocked player 0 out
    MACHINE.advance(host)
    assert holder(host) == (1, "priority")


def test_a_window_with_everyone_out_closes_at_once():
    host = Tiny(players=2)
    host.out.update({0, 1})
    MACHINE.open_window(host, "priority", (0, 1))
    assert host.decisions == [] and host.closed == ["priority"]


def test_one_pass_each_windows_are_not_reopened_by_an_action():
    """Final Fantasy TCG's effect windows: the defender, then the attacker, once each."""
    host = Tiny(players=2)
    MACHINE.open_window(host, "ff", (1, 0))
    MACHINE.acted(host)
    MACHINE.start(host, Frame(1, 3, 0))  # abilities resolve at once in these windows
    MACHINE.advance(host)
    assert holder(host) == (1, "ff")
    MACHINE.pass_priority(host)
    assert holder(host) == (0, "ff")
    MACHINE.acted(host)
    MACHINE.start(host, Frame(0, 4, 0))
    MACHINE.advance(host)
    assert holder(host) == (0, "ff")  # the actor keeps it; player 1 gets no new chance
    MACHINE.pass_priority(host)
    assert host.closed == ["ff"] and host.decisions == []


def test_without_keep_priority_moves_on_after_an_action():
    host = Tiny()
    MACHINE.open_window(host, "moving", (0, 1, 2))
    respond(host, MACHINE, 0)
    assert holder(host) == (1, "moving")
    assert host.res.window is not None and host.res.window.passed == frozenset()


def test_a_window_round_trips_through_json_mid_window():
    host = Tiny()
    MACHINE.open_window(host, "priority", (0, 1, 2))
    MACHINE.pass_priority(host)
    respond(host, MACHINE, 2, target=2)
    MACHINE.pass_priority(host)
    saved = host.clone_via_json()
    assert saved.res.windows == [PriorityWindow("priority", (0, 1, 2), 2, frozenset({1}))]
    for position in (host, saved):
        MACHINE.pass_priority(position)
        MACHINE.pass_priority(position)
        MACHINE.advance(position)
    assert saved.life == host.life == [10, 10, 9]


def test_the_window_checks_the_top_decision_and_the_rule():
    host = Tiny()
    with pytest.raises(RuntimeError, match="no priority window"):
        MACHINE.pass_priority(host)
    with pytest.raises(KeyError, match="no window rule"):
        MACHINE.open_window(host, "nope", (0, 1))
    MACHINE.open_window(host, "priority", (0, 1))
    host.decide(1, "choose")
    with pytest.raises(RuntimeError, match="not the 'priority' window's"):
        MACHINE.pass_priority(host)


def test_a_closed_window_can_be_cut_short_without_its_on_close():
    host = Tiny()
    MACHINE.open_window(host, "priority", (0, 1))
    assert MACHINE.close_window(host).kind == "priority"
    assert host.decisions == [] and host.closed == []


# -- the driver -----------------------------------------------------------------------------
def test_the_driver_runs_frames_then_triggers_then_the_interrupt_then_the_step():
    order: list[str] = []

    def interrupt(host: Tiny) -> bool:
        if host.chosen == 0:
            return False
        host.chosen = 0
        order.append("interrupt")
        return True

    machine = make_machine(interrupt=interrupt, steps={"after": lambda host: order.append("step")})
    host = Tiny()
    host.chosen, host.res.step = 1, "after"
    machine.queue(host, Trigger(0, 1, 4))
    machine.start(host, Frame(0, 2, 0))
    machine.advance(host)
    assert [e[0] for e in host.log] + order == ["a", "b", "trigger", "t", "interrupt", "step"]


def test_an_unknown_step_is_named():
    host = Tiny()
    host.res.step = "nowhere"
    with pytest.raises(RuntimeError, match="no step named 'nowhere'"):
        MACHINE.advance(host)


def test_the_game_ending_clears_the_decisions():
    host = Tiny()
    host.decide(0, "play")
    host.over = True
    MACHINE.advance(host)
    assert host.decisions == []


def test_a_step_that_ends_the_game_stops_its_frame_and_leaves_no_choice_pending():
    def end_game(host: Tiny, act: Activation) -> None:
        host.over = True  # e.g. a draw from an empty deck under a deck-out-loses rule

    steps = (say("a"), end_game, choose, say("b"))
    machine = make_machine(frame_steps=lambda host, frame: steps)
    host = Tiny()
    host.decide(0, "play")
    machine.start(host, Frame(0, 3, 5))
    machine.queue(host, Trigger(1, 4, 5))
    machine.advance(host)
    assert host.log == [("a", 0, 3)]  # neither the choice nor "b" ran, nor the trigger
    assert host.res.asks == [] and host.decisions == []
    assert host.res.frames == [Frame(0, 3, 5)]  # left as it was: a game may keep cards there
    host.res.clear()
    assert host.res == Resolution()


class Only(Action):
    def __str__(self) -> str:
        return "only"


def test_auto_forced_plays_a_lone_public_choice_and_asks_a_private_one():
    played: list[Action] = []
    kept: list[list[Action]] = []
    private = {"secret"}

    def legal(host: Tiny) -> list[Action]:
        return [Only()] if host.decisions[-1].kind != "two" else [Only(), Only()]

    def play(host: Tiny, action: Action) -> None:
        played.append(action)
        host.decisions.pop()

    auto = AutoForced[Tiny](frozenset({"lone", "two", "secret"}), legal, play,
                            private=lambda host, d: d.kind in private,
                            keep=lambda host, actions: kept.append(actions))
    machine = make_machine(auto=auto)
    host = Tiny()
    host.decide(0, "other")
    host.decide(0, "secret")
    host.decide(0, "two")
    host.decide(0, "lone")
    machine.advance(host)
    assert played == [Only()] and len(kept) == 1 and len(kept[0]) == 2
    host.decisions.pop()
    machine.advance(host)  # a lone choice, but it depends on cards only the player sees
    assert played == [Only()] and len(kept) == 2
    host.decisions.pop()
    machine.advance(host)  # not a forceable kind
    assert host.decisions == [Decision(0, "other")]


# -- JSON checks ------------------------------------------------------------------------------
@pytest.mark.parametrize(("data", "message"), [
    ([], "resolution: should be an object"),
    ({"frames": []}, "resolution: missing field 'stack'"),
    ({"frames": {}, "stack": [], "triggers": [], "asks": [], "windows": [], "step": ""},
     "resolution.frames: should be a list"),
    ({"frames": [[0, 1, 2, [], 0, ""]], "stack": [], "triggers": [], "asks": [], "windows": [], "step": ""},
     r"resolution.frames\[0\]: should be an object"),
    ({"frames": [{"player": 0, "source": 1, "ability": 2, "targets": [], "at": "0", "tag": ""}],
      "stack": [], "triggers": [], "asks": [], "windows": [], "step": ""},
     r"resolution.frames\[0\].at: should be a whole number"),
    ({"frames": [], "stack": [], "triggers": [], "asks": [], "step": "", "windows": [
        {"kind": "p", "order": [0, 1], "holder": 2, "passed": []}]},
     r"resolution.windows\[0\]: the holder and the passed players must be in the order"),
    ({"frames": [], "stack": [], "triggers": [], "windows": [], "step": "", "extra": 1,
      "asks": [{"player": 0, "kind": "k", "count": 1, "detail": [1], "cards": []}]},
     "resolution: unknown field 'extra'"),
    ({"frames": [], "stack": [], "triggers": [], "windows": [], "step": "",
      "asks": [{"player": 0, "kind": "k", "count": 1, "detail": [1], "cards": []}]}, r"asks\[0\].detail"),
    ({"frames": [], "stack": [], "triggers": [], "windows": [], "step": "",
      "asks": [{"player": 0, "kind": "k", "count": 1, "detail": [], "cards": ["1"]}]}, r"asks\[0\].cards"),
    ({"frames": [{"player": 0, "source": 1, "ability": 0, "targets": [3], "at": 0, "tag": ""}], "stack": [],
      "triggers": [], "windows": [], "step": "", "asks": []},
     r"frames\[0\].targets\[0\]: should be an object"),
])
def test_bad_resolution_json_is_refused_with_where(data, message):
    with pytest.raises(NotationError, match=message):
        Resolution.from_json(data)


def test_every_record_round_trips():
    res = Resolution([Frame(0, 1, 2, (refs.card(3), refs.player(4)), 1, "t")], [Frame(1, 2, 0)],
                     [Trigger(2, 5, 1, "on_attack", (refs.card(5), refs.player(6)))],
                     [Ask(0, "discard", 2, ("monster", None), (7, 8))],
                     [PriorityWindow("w", (2, 0, 1), 0, frozenset({2}))], "end")
    assert Resolution.from_json(json.loads(json.dumps(res.to_json()))) == res


def test_apnap_needs_a_turn_order():
    with pytest.raises(ValueError, match="turn_order"):
        make_machine(trigger_order="apnap", turn_order=None)
