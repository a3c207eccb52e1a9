"""One resolution engine for every game: frames, asks, the trigger queue, priority windows, the driver.

A state keeps its resolution as plain data in one ``Resolution`` record (``state.res``):

- **frames**: abilities being resolved, the top one running. A frame runs its compiled steps
  (costs, then effects) in order; a step that needs a player's choice pushes an **ask** and
  returns ``PAUSE``; the frame resumes at the next step once the ask is answered.
- **stack**: abilities announced in a priority window, waiting (last in, first out) until
  every player passes; the top one then starts as a frame.
- **triggers**: triggered abilities waiting, with a snapshot of the event that fired them,
  until the engine would next give a player a decision.
- **windows**: the open priority windows (holder, passed set, order), the top one current.
- **step**: the name of the game's next automatic step (its phase machine), "" for none.

A game describes its rules once in a ``Machine`` (hooks and policies, never state) and calls
``machine.advance(state)`` after every action: it runs frames, then triggers, then the game's
steps until a player must decide. Every record is a value: a slots dataclass never changed in
place (a new one replaces it, so a clone copies lists, never records; not ``frozen``, whose
``__init__`` is about 3.5 times slower, and records are made on every ability and pass), and
``Resolution.to_json`` is keyed, so a game saved mid-ability or mid-window resumes exactly.

RECORDS: calling a dataclass runs its ``__init__`` in a new interpreter frame, which in
CPython 3.11 costs about as much again as ``object.__new__`` and the slot stores written out;
the hottest paths (a pass, a window opening, a frame pausing) build their records so, and
``start_frame``, ``ask_for`` and ``queue_trigger`` do it for a game's abilities, asks and triggers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, NoReturn, Protocol, TypeVar

from . import values
from .actions import Action, Decision
from .effects import PAUSE, STOP, Activation, Bound
from .refs import Ref

__all__ = ["ORDER_TRIGGERS", "PAUSE", "RESOLUTION", "STOP", "Ask", "AutoForced", "Frame", "Host", "Machine",
           "Resolution", "Trigger", "PriorityWindow", "WindowRule", "turn_order"]

ORDER_TRIGGERS = "order_triggers"
"""The ask a player answers when several of their triggers start at once (``apnap`` order)."""


# -- records --------------------------------------------------------------------------------
@dataclass(slots=True, unsafe_hash=True)
class Frame:
    """An ability (or any effect) being resolved: who, from which card, which ability, what it
    chose (typed references), the index of the next step to run, and a tag the game reads when
    it is done."""

    player: int
    source: int
    ability: int
    targets: tuple[Ref, ...] = ()
    at: int = 0
    tag: str = ""

    @property
    def target(self) -> Ref | None:
        """The first target, ``None`` when there is none (the one-target games' view)."""
        return self.targets[0] if self.targets else None



@dataclass(slots=True, unsafe_hash=True)
class Trigger:
    """A triggered ability waiting to start: its controller, card and ability, and a snapshot of
    the event that fired it (its kind and the cards or players it was about)."""

    player: int
    source: int
    ability: int
    event: str = ""
    subjects: tuple[Ref, ...] = ()



@dataclass(slots=True, unsafe_hash=True)
class Ask:
    """A choice an effect waits for: who answers, its kind (a decision kind), how many items
    are still owed, the game's filters (a card type, a name, a zone) and the cards it offers
    (by id, when the choice is among given cards)."""

    player: int
    kind: str
    count: int = 1
    detail: tuple[str | None, ...] = ()
    cards: tuple[int, ...] = ()



@dataclass(slots=True, unsafe_hash=True)
class PriorityWindow:
    """An open priority window: its kind (the decision kind players see), the players in the
    order they get priority, who holds it now and who has passed since the last action."""

    kind: str
    order: tuple[int, ...]
    holder: int
    passed: frozenset[int] = frozenset()



@dataclass(frozen=True, slots=True)
class WindowRule:
    """How a kind of priority window plays.

    ``restart``: any action other than passing clears the passed set, so everyone gets another
    chance (the Comprehensive Rules' round of passes); ``False``: each player's turn in the
    order comes once, an action re-opens nothing (Final Fantasy TCG's effect windows).
    ``keep``: the actor keeps priority after an action (117.3c); ``False``: it moves on.
    ``after_resolve``: who gets priority once the top of the stack resolved (default: the first
    in the order, the active player, 117.3b). ``on_close``: what happens when everyone passed
    with an empty stack (the game's phase machine advances, e.g. by setting ``res.step``).
    """

    on_close: Callable[[Any, PriorityWindow], None]
    restart: bool = True
    keep: bool = True
    after_resolve: Callable[[Any, PriorityWindow], int] | None = None


# -- the state's part -----------------------------------------------------------------------
class Resolution:
    """The resolution part of a state: plain lists of immutable records and the step name."""

    __slots__ = ("frames", "stack", "triggers", "asks", "windows", "step")

    def __init__(self, frames: Sequence[Frame] = (), stack: Sequence[Frame] = (),
                 triggers: Sequence[Trigger] = (), asks: Sequence[Ask] = (),
                 windows: Sequence[PriorityWindow] = (), step: str = "") -> None:
        self.frames: list[Frame] = list(frames)
        self.stack: list[Frame] = list(stack)
        self.triggers: list[Trigger] = list(triggers)
        self.asks: list[Ask] = list(asks)
        self.windows: list[PriorityWindow] = list(windows)
        self.step = step

    def copy(self) -> Resolution:
        new = object.__new__(Resolution)
        new.frames, new.stack, new.triggers = self.frames[:], self.stack[:], self.triggers[:]
        new.asks, new.windows, new.step = self.asks[:], self.windows[:], self.step
        return new

    def clear(self) -> None:
        """Drop everything pending (a game that ended, and whose cards are not kept here)."""
        self.frames.clear()
        self.stack.clear()
        self.triggers.clear()
        self.asks.clear()
        self.windows.clear()
        self.step = ""

    @property
    def busy(self) -> bool:
        """Whether anything runs by itself before the next decision (frames, triggers, a step)."""
        return bool(self.frames or self.triggers or self.step)

    @property
    def window(self) -> PriorityWindow | None:
        return self.windows[-1] if self.windows else None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = RESOLUTION.dump(self, values.PLAIN)
        return data

    @staticmethod
    def from_json(data: Any, where: str = "resolution") -> Resolution:
        """Read by its declaration (``RESOLUTION``), every field checked."""
        res: Resolution = RESOLUTION.load(data, values.PLAIN, where)
        return res

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Resolution) and self.to_json() == other.to_json()

    def __repr__(self) -> str:
        return f"Resolution({self.to_json()!r})"


# -- declared: how the records are written and read back (a state's field of kind RESOLUTION) --
class _WindowOf(values.Rec):
    def load(self, data: Any, ctx: values.Ctx, where: str) -> PriorityWindow:
        window: PriorityWindow = super().load(data, ctx, where)
        if not window.order or window.holder not in window.order or not window.passed <= set(window.order):
            raise values.bad(where, "the holder and the passed players must be in the order")
        return window


_PLAYER, _CARD, _TEXT = values.Int(0), values.Int(), values.Text()
_REFS = values.TupleOf(values.RefOf())
FRAME = values.Rec(Frame, {"player": _PLAYER, "source": _CARD, "ability": values.Int(0), "targets": _REFS,
                           "at": values.Int(0), "tag": _TEXT}, immutable=True)
TRIGGER = values.Rec(Trigger, {"player": _PLAYER, "source": _CARD, "ability": values.Int(0), "event": _TEXT,
                               "subjects": _REFS}, immutable=True)
ASK = values.Rec(Ask, {"player": _PLAYER, "kind": _TEXT, "count": values.Int(0),
                       "detail": values.TupleOf(values.Opt(_TEXT)), "cards": values.TupleOf(_CARD)},
                 immutable=True)
WINDOW = _WindowOf(PriorityWindow, {"kind": _TEXT, "order": values.TupleOf(_PLAYER), "holder": _PLAYER,
                                    "passed": values.FrozenSetOf(_PLAYER)}, immutable=True)
RESOLUTION = values.Rec(Resolution, {
    "frames": values.ListOf(FRAME), "stack": values.ListOf(FRAME), "triggers": values.ListOf(TRIGGER),
    "asks": values.ListOf(ASK), "windows": values.ListOf(WINDOW), "step": _TEXT})
"""A resolution as a declared state's field: ``Field("res", RESOLUTION)``; a game whose stack
holds cards says which (``dataclasses.replace(RESOLUTION, held=...)``)."""


class Host(Protocol):
    """What the engine needs of a game's state: its resolution, its decision stack, a way to
    push a decision (games keep made-once ``Decision`` values), and its ``result``: ``None``
    while the game goes on (read when the ``Machine`` has no ``over`` hook)."""

    res: Resolution
    decisions: list[Decision]

    @property
    def result(self) -> object: ...

    def decide(self, player: int, kind: str) -> None: ...


H = TypeVar("H", bound=Host)


@dataclass(frozen=True)
class AutoForced(Generic[H]):
    """Take a decision for a player only when public facts alone make it forced.

    A decision of one of ``kinds`` with exactly one legal action is played by the engine,
    unless ``private(state, decision)`` says what the player could do depends on cards only
    they see (then even a lone choice is asked: skipping it would tell the others). ``legal``
    computes the list, ``keep`` stores it when the decision is asked after all (a cache), and
    ``play`` plays the forced action without running the driver again.
    """

    kinds: frozenset[str]
    legal: Callable[[H], list[Action]]
    play: Callable[[H, Action], None]
    private: Callable[[H, Decision], bool] | None = None
    keep: Callable[[H, list[Action]], None] | None = None


def _no_more(host: Any) -> bool:
    return False


@dataclass(frozen=True)
class Machine(Generic[H]):
    """A game's resolution rules: its hooks and policies (never state; one per game).

    ``frame_steps(state, frame)``: the compiled steps a frame runs; ``activation(state, frame)``:
    the ``Activation`` they get; ``frame_done(state, frame)``: called when one finished.
    ``start_trigger(state, trigger)``: start it (push a frame, or put it on the stack, maybe ask
    for a target) and return True, or False when it cannot start (no legal target: removed).
    ``trigger_order``: ``fifo`` starts triggers as queued; ``apnap`` by player, the active player
    first, then in turn order (``turn_order(state)``), each player ordering their own through
    an ``ORDER_TRIGGERS`` ask unless they are identical (``same_trigger``).
    ``steps``: the game's named automatic steps; ``interrupt(state)``: game work that comes
    before the step, and before the driver stops on a pending ask (True when it did
    something); ``over(state)``: the game has ended (without it: ``state.result is not None``,
    read without a call: the driver asks after every step).
    ``is_out(state, player)``: an eliminated player (counts as passed in every window).

    HOOKS: the hooks are attributes, not methods, and CPython 3.11 looks ``self.hook(...)`` up
    the slow way on every call (it specializes method calls only); the hot paths read a hook
    into a local first, then call it.
    """

    steps: Mapping[str, Callable[[H], None]]
    frame_steps: Callable[[H, Frame], Sequence[Bound]]
    activation: Callable[[H, Frame], Activation]
    start_trigger: Callable[[H, Trigger], bool]
    over: Callable[[H], bool] | None = None
    frame_done: Callable[[H, Frame], None] | None = None
    windows: Mapping[str, WindowRule] = field(default_factory=dict)
    trigger_order: Literal["fifo", "apnap"] = "fifo"
    turn_order: Callable[[H], Sequence[int]] | None = None
    same_trigger: Callable[[H, Trigger, Trigger], bool] | None = None
    is_out: Callable[[H, int], bool] | None = None
    interrupt: Callable[[H], bool] = _no_more
    auto: AutoForced[H] | None = None
    # What ``advance`` reads on every call, gathered once (see HOOKS): over, steps, interrupt
    # or None, is_out or None, the kinds ``auto`` may force and its legal, private, keep, play.
    driver: tuple[Any, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.trigger_order == "apnap" and self.turn_order is None:
            raise ValueError("trigger_order 'apnap' needs turn_order (the players from the active one)")
        auto = self.auto
        forcing = (frozenset(), None, None, None, None) if auto is None else (
            auto.kinds, auto.legal, auto.private, auto.keep, auto.play)
        interrupt = None if self.interrupt is _no_more else self.interrupt
        object.__setattr__(self, "driver", (self.over, self.steps, interrupt, self.is_out, *forcing))

    # -- the driver ---------------------------------------------------------------------------
    def advance(self, host: H) -> None:
        """Run what happens by itself (frames, triggers, steps) until a player must decide."""
        # This runs after every action of every play-out: its hooks are read at once and, with
        # nothing pending, it is a few tests. The resolution's lists are read anew each time
        # round: a game may replace them.
        res, decisions = host.res, host.decisions
        over, steps, interrupt, is_out, forced, legal_of, private, keep, play = self.driver
        while True:
            while host.result is None if over is None else not over(host):
                if res.asks:
                    if interrupt is not None and interrupt(host):
                        continue  # the game's own work first (a player who went out answers nothing)
                    return  # an effect (or the trigger order) waits for its answer
                if res.frames:
                    self.resume(host)
                elif res.triggers:
                    self.next_trigger(host)
                elif interrupt is not None and interrupt(host):
                    continue
                elif res.step:
                    step, res.step = res.step, ""
                    try:
                        run = steps[step]
                    except KeyError:
                        self.no_step(step)
                    run(host)
                else:
                    break
            else:
                decisions.clear()  # the game is over: no choice is left pending, whatever ended it
                return
            if not decisions:
                return
            decision = decisions[-1]
            if is_out is not None and res.windows and self.holder_out(host, decision):
                self.pass_priority(host)  # an eliminated holder counts as passed
                continue
            if decision.kind not in forced:
                return
            legal = legal_of(host)
            if len(legal) != 1 or (private is not None and private(host, decision)):
                if keep is not None:
                    keep(host, legal)
                return
            play(host, legal[0])

    def no_step(self, name: str) -> NoReturn:
        raise RuntimeError(f"no step named {name!r}; known: {', '.join(sorted(self.steps))}")

    # -- frames -------------------------------------------------------------------------------
    def start(self, host: H, frame: Frame) -> None:
        """Begin resolving ``frame`` now (it runs on the next ``advance``)."""
        host.res.frames.append(frame)

    def start_frame(self, host: H, player: int, source: int, ability: int, targets: tuple[Ref, ...] = (),
                    tag: str = "") -> None:
        """``start`` a new ``Frame`` of these fields (made here without its ``__init__``: see RECORDS)."""
        frame = _new(Frame)
        frame.player, frame.source, frame.ability, frame.targets, frame.at, frame.tag = \
            player, source, ability, targets, 0, tag
        host.res.frames.append(frame)

    def resume(self, host: H) -> None:
        """Run the top frame from its next step until a step pauses (it pushed an ask), stops
        the frame early (``STOP``) or the last one ran; a finished frame is removed."""
        frames = host.res.frames
        frame = frames[-1]
        frame_steps, activation, over = self.frame_steps, self.activation, self.over  # see HOOKS
        steps = frame_steps(host, frame)
        act = activation(host, frame)
        for i in range(frame.at, len(steps)):
            outcome = steps[i](host, act)
            if host.result is not None if over is None else over(host):
                return  # the step ended the game: the rest of the frame never runs
            if outcome is None:
                continue
            if outcome == PAUSE:  # the same frame, resuming at the next step (see RECORDS)
                paused = _new(Frame)
                paused.player, paused.source, paused.ability = frame.player, frame.source, frame.ability
                paused.targets, paused.at, paused.tag = frame.targets, i + 1, frame.tag
                frames[-1] = paused
                return
            if outcome == STOP:
                break
        frames.pop()
        frame_done = self.frame_done
        if frame_done is not None:
            frame_done(host, frame)

    def retarget(self, host: H, targets: tuple[Ref, ...]) -> None:
        """The running frame's targets, once chosen (a target ask answered)."""
        frames = host.res.frames
        frame = frames[-1]
        frames[-1] = Frame(frame.player, frame.source, frame.ability, targets, frame.at, frame.tag)

    # -- asks -----------------------------------------------------------------------------------
    def ask(self, host: H, ask: Ask) -> str:
        """Push ``ask`` and its decision; returns ``PAUSE`` for the step to return."""
        host.res.asks.append(ask)
        host.decide(ask.player, ask.kind)
        return PAUSE

    def ask_for(self, host: H, player: int, kind: str, count: int = 1,
                detail: tuple[str | None, ...] = (), cards: tuple[int, ...] = ()) -> str:
        """``ask`` a new ``Ask`` of these fields (made here without its ``__init__``: see RECORDS)."""
        ask = _new(Ask)
        ask.player, ask.kind, ask.count, ask.detail, ask.cards = player, kind, count, detail, cards
        host.res.asks.append(ask)
        host.decide(player, kind)
        return PAUSE

    def answered(self, host: H) -> Ask:
        """Close the top ask and its decision (the frame resumes on the next ``advance``)."""
        host.decisions.pop()
        return host.res.asks.pop()

    # -- triggers ---------------------------------------------------------------------------
    def queue(self, host: H, trigger: Trigger) -> None:
        host.res.triggers.append(trigger)

    def queue_trigger(self, host: H, player: int, source: int, ability: int, event: str = "",
                      subjects: tuple[Ref, ...] = ()) -> None:
        """``queue`` a new ``Trigger`` of these fields (made here without its ``__init__``: see RECORDS)."""
        trigger = _new(Trigger)
        trigger.player, trigger.source, trigger.ability, trigger.event, trigger.subjects = \
            player, source, ability, event, subjects
        host.res.triggers.append(trigger)

    def next_trigger(self, host: H) -> None:
        """Start the next trigger, or ask its controller which of theirs starts next."""
        triggers = host.res.triggers
        if self.trigger_order == "fifo":
            start = self.start_trigger  # see HOOKS
            start(host, triggers.pop(0))
            return
        player, mine = self.next_group(host)
        if len(self.distinct(host, mine)) > 1:
            self.ask(host, Ask(player, ORDER_TRIGGERS, 1))
            return
        triggers.remove(mine[0])
        self.start_trigger(host, mine[0])

    def next_group(self, host: H) -> tuple[int, list[Trigger]]:
        """The first player in APNAP order with waiting triggers, and those triggers."""
        triggers = host.res.triggers
        assert self.turn_order is not None  # checked in __post_init__
        for player in self.turn_order(host):
            mine = [t for t in triggers if t.player == player]
            if mine:
                return player, mine
        player = triggers[0].player  # a controller not in the turn order (out of the game)
        return player, [t for t in triggers if t.player == player]

    def distinct(self, host: H, triggers: list[Trigger]) -> list[Trigger]:
        """``triggers`` without repeats of identical ones (the first of each kind kept)."""
        same = self.same_trigger
        out: list[Trigger] = []
        for t in triggers:
            if not any(t == o or (same is not None and same(host, t, o)) for o in out):
                out.append(t)
        return out

    def trigger_choices(self, host: H) -> list[Trigger]:
        """What the player answering the ``ORDER_TRIGGERS`` ask may start next."""
        return self.distinct(host, self.next_group(host)[1])

    def choose_trigger(self, host: H, index: int) -> None:
        """The ``ORDER_TRIGGERS`` ask answered: start choice ``index`` of ``trigger_choices``."""
        asks = host.res.asks
        if not asks or asks[-1].kind != ORDER_TRIGGERS:
            raise ValueError("no player is ordering triggers now")
        choices = self.trigger_choices(host)
        if not 0 <= index < len(choices):
            raise ValueError(f"no trigger choice {index}; there are {len(choices)}")
        self.answered(host)
        chosen = choices[index]
        host.res.triggers.remove(chosen)
        self.start_trigger(host, chosen)

    # -- priority windows -----------------------------------------------------------------------
    # A pass, an action and a window opening or closing happen many times a game: each builds
    # the new ``PriorityWindow`` record once, and the eliminated players are looked up only in games
    # that have an ``is_out`` hook.
    def open_window(self, host: H, kind: str, order: Sequence[int]) -> None:
        """Open a window of ``kind`` (a ``WindowRule`` of ``windows``): priority goes to the first
        player of ``order`` still in the game. Everyone out: it closes at once."""
        if kind not in self.windows:
            raise KeyError(f"no window rule named {kind!r}")
        order = tuple(order)
        passed = NOBODY if self.is_out is None else self.out_players(host, order)
        holder = next_in(order, passed, order[-1]) if passed else order[0]
        window = _new(PriorityWindow)  # see RECORDS
        window.kind, window.order, window.holder, window.passed = \
            kind, order, order[0] if holder is None else holder, passed
        host.res.windows.append(window)
        if holder is None:
            self.all_passed(host, window)
            return
        host.decide(holder, kind)

    def holder_out(self, host: H, top: Decision) -> bool:
        """Whether ``top`` (the top decision) is the current window's and its holder is out."""
        window = host.res.windows[-1]
        return top.kind == window.kind and top.player == window.holder and self.out(host, window.holder)

    def out(self, host: H, player: int) -> bool:
        is_out = self.is_out  # see HOOKS
        return is_out is not None and is_out(host, player)

    def pass_priority(self, host: H) -> None:
        """The holder passes: priority moves on; when everyone has, the top of the stack
        resolves, or the window closes (``WindowRule.on_close``)."""
        windows, decisions = host.res.windows, host.decisions
        if not windows or not decisions:
            self.current(host)  # raises, saying what is wrong
        window, top = windows[-1], decisions[-1]
        kind, order, holder = window.kind, window.order, window.holder
        if top.player != holder or top.kind != kind:
            self.current(host)
        passed = window.passed | {holder}
        if self.is_out is not None:  # a player eliminated meanwhile counts as passed too
            passed |= self.out_players(host, order)
        following = None  # ``next_in``, written out
        start = order.index(holder) + 1
        for player in order[start:] + order[:start]:
            if player not in passed:
                following = player
                break
        decisions.pop()
        window = _new(PriorityWindow)  # see RECORDS
        window.kind, window.order, window.passed = kind, order, passed
        if following is None:
            window.holder = holder
            windows[-1] = window
            self.all_passed(host, window)
            return
        window.holder = following
        windows[-1] = window
        host.decide(following, kind)

    def acted(self, host: H) -> None:
        """The holder did something other than passing: call it from the action's handler,
        before anything the action started runs. ``restart`` rules clear the passed set;
        without ``keep`` priority moves on to the next player who has not passed."""
        window = self.current(host)
        rule = self.windows[window.kind]
        if not rule.restart and rule.keep:  # once-each windows where the actor keeps priority
            return
        passed = self.out_players(host, window.order) if rule.restart else window.passed
        holder = window.holder
        if not rule.keep:
            following = next_in(window.order, passed | {holder}, holder)
            if following is not None and following != holder:
                host.decisions.pop()
                host.decide(following, window.kind)
                holder = following
        host.res.windows[-1] = PriorityWindow(window.kind, window.order, holder, passed)

    def close_window(self, host: H) -> PriorityWindow:
        """End the current window at once, without its ``on_close`` (the game's rules cut it
        short: a fight cancelled mid-window)."""
        self.current(host)
        host.decisions.pop()
        return host.res.windows.pop()

    def out_players(self, host: H, order: Sequence[int]) -> frozenset[int]:
        """The players of ``order`` out of the game (none without an ``is_out`` hook)."""
        is_out = self.is_out
        return NOBODY if is_out is None else frozenset(p for p in order if is_out(host, p))

    def current(self, host: H) -> PriorityWindow:
        windows = host.res.windows
        if not windows:
            raise RuntimeError("no priority window is open")
        window = windows[-1]
        top = host.decisions[-1] if host.decisions else None
        if top is None or top.player != window.holder or top.kind != window.kind:
            raise RuntimeError(f"the top decision {top} is not the {window.kind!r} window's")
        return window

    def all_passed(self, host: H, window: PriorityWindow) -> None:
        """Everyone passed: the top of the stack starts resolving and priority goes to
        ``after_resolve`` (a new round of passes), or with an empty stack the window closes."""
        res = host.res
        rule = self.windows[window.kind]
        holder, order, passed = None, window.order, NOBODY
        if res.stack:
            passed = self.out_players(host, order)
            first = rule.after_resolve(host, window) if rule.after_resolve is not None else None
            holder = first if first is not None and first not in passed else next_in(order, passed, order[-1])
        if holder is None:  # an empty stack, or nobody left to hold priority
            res.windows.pop()
            on_close = rule.on_close  # see HOOKS
            on_close(host, window)
            return
        res.windows[-1] = PriorityWindow(window.kind, order, holder, passed)
        host.decide(holder, window.kind)  # below the frame's asks: priority comes back after it
        self.start(host, res.stack.pop())


NOBODY: frozenset[int] = frozenset()
_new = object.__new__  # a record without its ``__init__`` (see RECORDS)


def next_in(order: tuple[int, ...], passed: frozenset[int], after: int) -> int | None:
    """The first player after ``after`` in ``order`` (round the table) not in ``passed``."""
    start = order.index(after) + 1
    for player in order[start:] + order[:start]:
        if player not in passed:
            return player
    return None


def turn_order(active: int, players: int) -> tuple[int, ...]:
    """The players from ``active`` on, in turn order (APNAP)."""
    return tuple((active + i) % players for i in range(players))
