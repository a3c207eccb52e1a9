"""The engine's fast paths give what the plain ones give: records built without ``__init__``
(``start_frame``, ``ask_for``, ``queue_trigger``, a pass, a window opening, a paused frame) and
the driver's ``result`` test when a ``Machine`` has no ``over`` hook."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from tcgkit.kernel import refs, values
from tcgkit.kernel.actions import Decision
from tcgkit.kernel.effects import PAUSE, Activation
from tcgkit.kernel.resolution import (
    ASK,
    FRAME,
    TRIGGER,
    WINDOW,
    Ask,
    Frame,
    Machine,
    PriorityWindow,
    Resolution,
    Trigger,
    WindowRule,
)


class Host:
    """A bare position: the resolution, the decisions, a log and a result (None: going on)."""

    def __init__(self) -> None:
        self.res = Resolution()
        self.decisions: list[Decision] = []
        self.log: list[Any] = []
        self.result: str | None = None

    def decide(self, player: int, kind: str) -> None:
        self.decisions.append(Decision(player, kind))


def say(word: str) -> Any:
    def step(host: Host, act: Activation) -> None:
        host.log.append((word, act.player, act.source))
    return step


def end(host: Host, act: Activation) -> None:
    host.result = "won"


def ask(host: Host, act: Activation) -> str:
    return MACHINE.ask_for(host, act.player, "pick", 2, ("card", None))


STEPS: dict[int, tuple[Any, ...]] = {0: (say("a"), say("b")), 1: (say("x"), end, say("never")),
                                     2: (say("x"), ask, say("y"))}


def started(host: Host, trigger: Trigger) -> bool:
    MACHINE.start_frame(host, trigger.player, trigger.source, 0)
    return True


MACHINE: Machine[Host] = Machine(
    steps={"after": lambda host: host.log.append("after")},
    frame_steps=lambda host, frame: STEPS[frame.ability],
    activation=lambda host, frame: Activation(frame.player, frame.source, frame.ability, frame.target),
    start_trigger=started,
    windows={"w": WindowRule(lambda host, window: host.log.append(("closed", window)), restart=False)},
)


DECLARED = {Frame: FRAME, Trigger: TRIGGER, Ask: ASK, PriorityWindow: WINDOW}


def same_record(made: Any, expected: Any) -> None:
    """Equal, equally hashed, printed and saved, and copied alike."""
    assert made == expected and hash(made) == hash(expected)
    declared = DECLARED[type(made)]
    written = declared.dump(made, values.PLAIN)
    assert repr(made) == repr(expected) and written == declared.dump(expected, values.PLAIN)
    assert declared.load(json.loads(json.dumps(written)), values.PLAIN, "record") == expected
    assert copy.copy(made) == expected


def test_start_frame_ask_for_and_queue_trigger_make_the_records_the_classes_make():
    host = Host()
    MACHINE.start_frame(host, 1, 7, 2, (refs.card(5),), "turned")
    same_record(host.res.frames[-1], Frame(1, 7, 2, (refs.card(5),), 0, "turned"))
    MACHINE.start_frame(host, 0, 3, 1)
    same_record(host.res.frames[-1], Frame(0, 3, 1))
    assert MACHINE.ask_for(host, 1, "pick", 3, ("card", None)) == PAUSE
    same_record(host.res.asks[-1], Ask(1, "pick", 3, ("card", None)))
    assert host.decisions == [Decision(1, "pick")]
    MACHINE.ask_for(host, 0, "target")
    same_record(host.res.asks[-1], Ask(0, "target"))
    MACHINE.queue_trigger(host, 0, 9, 1, "on_play", (refs.card(9),))
    MACHINE.queue_trigger(host, 1, 4, 0)
    same_record(host.res.triggers[0], Trigger(0, 9, 1, "on_play", (refs.card(9),)))
    same_record(host.res.triggers[1], Trigger(1, 4, 0))
    assert Resolution.from_json(host.res.to_json()) == host.res


def test_a_paused_frame_and_the_window_records_equal_those_the_classes_make():
    host = Host()
    MACHINE.start_frame(host, 1, 6, 2)
    MACHINE.advance(host)
    assert host.log == [("x", 1, 6)]
    same_record(host.res.frames[-1], Frame(1, 6, 2, (), 2))
    host.res.frames.clear()
    host.res.asks.clear()
    host.decisions.clear()
    MACHINE.open_window(host, "w", [1, 0])
    same_record(host.res.windows[-1], PriorityWindow("w", (1, 0), 1))
    MACHINE.pass_priority(host)
    same_record(host.res.windows[-1], PriorityWindow("w", (1, 0), 0, frozenset({1})))
    assert host.decisions == [Decision(0, "w")]
    MACHINE.pass_priority(host)
    assert host.res.windows == [] and host.decisions == []
    closed = host.log[-1][1]
    same_record(closed, PriorityWindow("w", (1, 0), 0, frozenset({0, 1})))


def test_a_pass_by_a_player_not_holding_priority_is_refused_and_changes_nothing():
    host = Host()
    MACHINE.open_window(host, "w", [0, 1])
    host.decide(1, "other")
    before = host.res.to_json()
    with pytest.raises(RuntimeError, match="not the 'w' window's"):
        MACHINE.pass_priority(host)
    host.decisions.clear()
    with pytest.raises(RuntimeError, match="not the 'w' window's"):
        MACHINE.pass_priority(host)
    assert host.res.to_json() == before
    host.res.windows.clear()
    with pytest.raises(RuntimeError, match="no priority window is open"):
        MACHINE.pass_priority(host)


def test_without_an_over_hook_the_driver_reads_the_result():
    host = Host()
    MACHINE.queue_trigger(host, 0, 2, 0)
    host.res.step = "after"
    MACHINE.advance(host)
    assert host.log == [("a", 0, 2), ("b", 0, 2), "after"]
    host.decide(0, "play")
    host.result = "won"
    MACHINE.advance(host)
    assert host.decisions == []


def test_without_an_over_hook_a_step_setting_the_result_stops_its_frame():
    host = Host()
    host.decide(1, "play")
    MACHINE.start_frame(host, 1, 4, 1)
    host.res.step = "after"
    MACHINE.advance(host)
    assert host.log == [("x", 1, 4)]  # neither "never" nor the step ran
    assert host.decisions == [] and host.res.frames == [Frame(1, 4, 1)]
