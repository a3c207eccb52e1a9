"""The effect runtime: card text as data, compiled against a registry of primitives.

A card with text carries *abilities*. In a card file (TOML, see docs/cards.md) one reads::

    [[card.abilities]]
    timing = "combat_window"                        # when it may be used (the game's list)
    condition = { check = "wounded", who = "bearer" }  # what must hold (optional)
    cost = [{ do = "discard_self" }]                 # paid first, all or nothing
    target = { choose = "monster", side = "opponent" }  # the acting player names one (optional)
    effects = [{ do = "modify_stat", stat = "power", amount = 2, to = "bearer" }]
    duration = "end_of_combat"                       # how long a modifier lasts
    once_per_turn = true                             # the default

Every ``do``, ``check`` and ``choose`` names a *primitive* in an ``EffectRegistry``, each
with a pydantic model of typed parameters. Loading compiles the text into frozen
``Ability`` objects; an unknown key or primitive, a wrong parameter type, an unknown
reference and a name of a card that does not exist are ``CardDataError`` naming the file,
the card and the field. The kernel registers the vocabulary every game shares (draw, mill,
modify a stat, destroy, move, discard); a game adds its own primitives (``registry.extend``)
and implements the host methods they call. The rare card that cannot be said in data gets
a named Python ``hook`` (``{ do = "hook", name = "..." }``), listed in the game's registry.

Hot paths ask ``Condition.compile()`` / ``EffectStep.compile()`` for a plain ``(host, act)`` function
made once at load time: no walk over the condition tree, and a primitive with a *binder*
(``registry.binder``) reads its parameters once instead of on every check.

Resolution runs through ``kernel/resolution.py`` (frames, asks, triggers, windows): it pays
the costs, then runs the effects in order. An effect that needs a player's choice (which
cards to discard) pushes a decision and returns ``PAUSE``; the ability resumes after the
answer, also from a saved state. A cost that can no longer be paid on resolution returns
``STOP`` (``Ability.cost_check``).

For N players and richer cards (``COMMON``, a superset of ``SHARED`` that new games start
from): ``who`` names players beyond you / opponent (``who_players``); a target selector
says what it picks (a card, a player, a board cell) and an ability may take several targets;
amounts may be computed (``{ compute = "count" | "stat" | "roll", ... }``); cost primitives
declare whether they can be paid (``registry.payable``: ``Ability.can_pay`` / ``payable``);
a registry may accept per-game ability fields (``ability_fields``: speed, windows...) and
trigger filters (``trigger_if``, checked against the event's subjects); prevention and
replacement effects are data in ``kernel/replacements.py``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal, Protocol, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    ValidationError,
    ValidationInfo,
)

from . import refs, values
from .card_files import CardFile, read_card_file
from .cards import check_printable
from .errors import CardDataError
from .refs import Target

PAUSE = "pause"
"""Returned by an effect that pushed a decision: resolution stops and resumes later."""
STOP = "stop"
"""Returned by a step that ends its ability early (a cost that cannot be paid on resolution)."""

Kind = Literal["effect", "condition", "target", "amount"]
TargetKind = Literal["card", "player", "cell"]


# -- parameter types ------------------------------------------------------------------------
class Params(BaseModel):
    """Base of every primitive's parameters: typed, no unknown keys."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class CardRefMarker:
    """Marks a parameter that names a card: checked against the loaded cards."""


def _known(kind: str) -> Callable[[str, ValidationInfo], str]:
    def check(value: str, info: ValidationInfo) -> str:
        allowed = (info.context or {}).get(kind)
        if allowed is not None and value not in allowed:
            raise ValueError(f"unknown {kind[:-1]} {value!r}; known: {', '.join(sorted(allowed))}")
        return value

    return check


CardName = Annotated[str, CardRefMarker()]
Ref = Annotated[str, AfterValidator(_known("refs"))]
"""A reference to cards resolved by the game at run time ("self", "target", "bearer"...)."""
Stat = Annotated[str, AfterValidator(_known("stats"))]
ZoneName = Annotated[str, AfterValidator(_known("zones"))]
EventName = Annotated[str, AfterValidator(_known("events"))]
"""What a prevention or replacement effect may name: the registry's ``events``."""
Who = Annotated[str, AfterValidator(_known("whos"))]
"""Players named relative to the acting one: the registry's ``whos`` (``who_players``)."""
WHOS = ("you", "opponent", "each", "each_player", "each_opponent", "chosen_opponent", "next_player")


class NoParams(Params):
    pass


@dataclass(frozen=True, slots=True)
class Amount:
    """A number in card text: fixed (``amount = 2``) or worked out when the effect runs
    (``amount = { compute = "roll", sides = 6 }``: an ``amount`` primitive of the registry)."""

    fixed: int = 0
    step: EffectStep | None = None

    def __call__(self, host: Any, act: Activation) -> int:
        return self.fixed if self.step is None else int(self.step(host, act))


def _amount(value: Any, info: ValidationInfo) -> Amount:
    if isinstance(value, Amount):
        return value
    if type(value) is int:
        if not -99 <= value <= 99:
            raise ValueError(f"should be from -99 to 99, not {value}")
        return Amount(value)
    if isinstance(value, dict):
        registry = (info.context or {}).get("registry")
        if registry is None:
            raise ValueError("a computed amount is compiled by a registry (load the card file)")
        try:
            return Amount(0, registry.compile_step("amount", value, ""))
        except CardDataError as exc:
            raise ValueError(str(exc).lstrip(".")) from None
    raise ValueError(f"should be a whole number or a table {{ compute = ... }}, not {value!r}")


AmountParam = Annotated[Amount, PlainValidator(_amount)]
"""A parameter holding an ``Amount``: a whole number, or a ``{ compute = ... }`` table."""


# -- compiled text --------------------------------------------------------------------------
Bound = Callable[[Any, "Activation"], Any]
"""A step as a plain function of ``(host, act)``: its parameters already read."""
Predicate = Callable[[Any, "Activation"], bool]
"""A condition as a plain function of ``(host, act)``."""


@dataclass(frozen=True, slots=True)
class Primitive:
    name: str
    kind: Kind
    params: type[Params]
    run: Callable[..., Any]
    summary: str = ""
    bind: Callable[[EffectStep], Bound] | None = None  # optional fast path, see ``EffectRegistry.binder``
    can_pay: Callable[..., bool] | None = None  # a cost's check, see ``EffectRegistry.payable``
    produces: TargetKind = "card"  # what a target selector picks


@dataclass(frozen=True, slots=True)
class EffectStep:
    """One compiled effect, cost, condition or target selector."""

    primitive: Primitive
    params: Params
    duration: str = ""  # the ability's duration, for effects that leave a modifier

    def __call__(self, host: Any, act: Activation) -> Any:
        return self.primitive.run(host, act, self.params, self)

    def compile(self) -> Bound:
        """``self(host, act)`` as a plain function, for hot paths (built once, kept by the caller)."""
        if self.primitive.bind is not None:
            return self.primitive.bind(self)
        run, params, step = self.primitive.run, self.params, self
        return lambda host, act: run(host, act, params, step)

    def can_pay(self, host: Any, act: Activation) -> bool:
        """Whether this cost can be paid now (a step with no check always can)."""
        check = self.primitive.can_pay
        return check is None or bool(check(host, act, self.params, self))


@dataclass(frozen=True, slots=True)
class Condition:
    """A requirement: a primitive check, or ``all`` / ``any`` / ``not`` of others."""

    op: Literal["check", "all", "any", "not"]
    check: EffectStep | None = None
    parts: tuple[Condition, ...] = ()

    def holds(self, host: Any, act: Activation) -> bool:
        if self.op == "check":
            assert self.check is not None
            return bool(self.check(host, act))
        if self.op == "all":
            return all(part.holds(host, act) for part in self.parts)
        if self.op == "any":
            return any(part.holds(host, act) for part in self.parts)
        return not self.parts[0].holds(host, act)

    def compile(self) -> Predicate:
        """``holds`` as a plain function, for hot paths (built once, kept by the caller)."""
        if self.op == "check":
            assert self.check is not None
            if self.check.primitive.bind is not None:  # binders of checks return a bool
                return self.check.primitive.bind(self.check)
            run, params, step = self.check.primitive.run, self.check.params, self.check
            return lambda host, act: bool(run(host, act, params, step))
        tests = tuple(part.compile() for part in self.parts)
        if self.op == "not":
            test = tests[0]
            return lambda host, act: not test(host, act)
        if len(tests) == 1:
            return tests[0]
        if len(tests) == 2:  # the common case, without a generator (each test returns a bool)
            first, second = tests
            if self.op == "all":
                return lambda host, act: first(host, act) and second(host, act)
            return lambda host, act: first(host, act) or second(host, act)
        # Loops, not all()/any() over a generator: in CPython 3.11 a generator (or a comprehension)
        # is a function made and called anew each time, dearer than the few tests themselves.
        if self.op == "all":
            def every(host: Any, act: Activation) -> bool:
                for test in tests:  # noqa: SIM110 (see above)
                    if not test(host, act):
                        return False
                return True
            return every

        def some(host: Any, act: Activation) -> bool:
            for test in tests:  # noqa: SIM110 (see above)
                if test(host, act):
                    return True
            return False
        return some


@dataclass(frozen=True, slots=True)
class Ability:
    index: int  # position on the card: (card, index) names the ability
    timing: str
    condition: Condition | None
    costs: tuple[EffectStep, ...]
    target: EffectStep | None
    effects: tuple[EffectStep, ...]
    duration: str
    once_per_turn: bool
    text: str = ""
    target_count: int = 1  # how many targets the player names (distinct ones)
    trigger_if: Condition | None = None  # a trigger's filter on its event (``Activation.subjects``)
    fields: BaseModel | None = None  # the game's own ability fields (``EffectRegistry.ability_fields``)

    @property
    def target_kind(self) -> TargetKind | None:
        """What the ability targets (a card, a player, a board cell), ``None`` for nothing."""
        return None if self.target is None else self.target.primitive.produces

    def can_pay(self, host: Any, act: Activation) -> bool:
        """Whether every cost can be paid now (the cost protocol; see ``payable``)."""
        return all(step.can_pay(host, act) for step in self.costs)

    def payable(self) -> Predicate | None:
        """``can_pay`` as a plain function made once, ``None`` when the costs can always be paid."""
        checks = tuple((step.primitive.can_pay, step.params, step) for step in self.costs
                       if step.primitive.can_pay is not None)
        if not checks:
            return None
        if len(checks) == 1:  # the common case, checked on every legal list: one call, no loop
            check, params, step = checks[0]
            return lambda host, act: check(host, act, params, step)
        return lambda host, act: all(check(host, act, params, step) for check, params, step in checks)

    def cost_check(self) -> Bound:
        """A step to put before the costs when they are checked on resolution: ``STOP`` (the
        ability does nothing) when they can no longer be paid."""
        payable = self.payable()
        if payable is None:
            return lambda host, act: None
        return lambda host, act: None if payable(host, act) else STOP

    def triggers_on(self, host: Any, act: Activation) -> bool:
        """Whether a trigger fires for the event in ``act.subjects`` (its ``trigger_if``)."""
        return self.trigger_if is None or self.trigger_if.holds(host, act)


@dataclass(frozen=True, slots=True)
class Activation:
    """One use of an ability: who uses it, from which card instance, what it chose (typed
    references: a card, a player, a cell), and for a trigger the subjects of the event that
    fired it (the cards or players it was about)."""

    player: int
    source: int
    ability: int = -1  # -1: a card-level requirement (play, World), not an ability
    target: Target | None = None  # the one target (the first of ``targets`` when there are several)
    targets: tuple[Target, ...] = ()  # every target, when the ability takes several
    subjects: tuple[Target, ...] = ()

    @property
    def chosen(self) -> tuple[Target, ...]:
        """Every target named (``targets``, else the one ``target``)."""
        if self.targets:
            return self.targets
        return () if self.target is None else (self.target,)

    def cards(self) -> list[int]:
        """The cards chosen, by id."""
        return [r.id for r in self.chosen if r.kind is refs.Kind.CARD]

    def players(self) -> list[int]:
        """The players chosen."""
        return [r.id for r in self.chosen if r.kind is refs.Kind.PLAYER]


def who_players(who: str, act: Activation, players: int, out: Collection[int] = ()) -> list[int]:
    """The players ``who`` names for ``act``'s player, in turn order from them, never one who is
    out of the game: ``you``; ``opponent`` (the other player; with more than two, the next
    opponent: N-player games offer the next three instead); ``each`` / ``each_player``;
    ``each_opponent``; ``next_player``; ``chosen_opponent`` (the ability's player target)."""
    p = act.player
    others = [q for q in ((p + i) % players for i in range(1, players)) if q not in out]
    if who == "you":
        return [p]
    if who in ("opponent", "next_player"):
        return others[:1]
    if who == "each_opponent":
        return others
    if who in ("each", "each_player"):
        return [p, *others] if p not in out else others
    if who == "chosen_opponent":
        return [r.id for r in act.chosen[:1] if r.kind is refs.Kind.PLAYER and r.id in others]
    raise ValueError(f"unknown who {who!r}; known: {', '.join(WHOS)}")


class EffectHost(Protocol):
    """What the shared primitives ask of a game's state."""

    def player_ref(self, act: Activation, who: str) -> list[int]: ...
    def card_refs(self, act: Activation, ref: str) -> list[int]: ...
    def draw(self, player: int, count: int) -> None: ...
    def mill(self, player: int, count: int) -> None: ...
    def destroy(self, card: int) -> None: ...
    def move_card(self, card: int, zone: str) -> None: ...
    def add_modifier(self, card: int, stat: str, amount: int, until: str) -> None: ...
    def ask_discard(self, player: int, count: int) -> Any: ...


# -- the registry ---------------------------------------------------------------------------
@dataclass
class EffectRegistry:
    """The primitives, timings, durations and names a game's card text may use."""

    timings: frozenset[str] = frozenset()
    durations: frozenset[str] = frozenset({"permanent"})
    default_duration: str = "permanent"
    refs: frozenset[str] = frozenset()
    stats: frozenset[str] = frozenset()
    zones: frozenset[str] = frozenset()
    whos: frozenset[str] = frozenset({"you", "opponent", "each"})
    events: frozenset[str] = frozenset()  # what prevention and replacement effects may name
    primitives: dict[tuple[str, str], Primitive] = field(default_factory=dict)
    hooks: dict[str, Callable[..., Any]] = field(default_factory=dict)
    ability_fields: type[BaseModel] | None = None  # the game's own ability keys (speed, windows...)
    trigger_filters: bool = False  # whether abilities may carry ``trigger_if``
    max_targets: int = 1  # the most targets one ability may name (``target.count``)

    SETTINGS = ("ability_fields", "trigger_filters", "max_targets")

    def extend(self, **names: Any) -> EffectRegistry:
        """A copy for a game: its own timings, durations, references, stats, zones, players
        (``whos``) and events added; ``default_duration``, ``ability_fields``,
        ``trigger_filters`` and ``max_targets`` replaced when given."""
        merged: dict[str, Any] = {}
        for key in ("timings", "durations", "refs", "stats", "zones", "whos", "events"):
            merged[key] = getattr(self, key) | frozenset(names.pop(key, ()))
        default = names.pop("default_duration", self.default_duration)
        settings = {key: names.pop(key, getattr(self, key)) for key in self.SETTINGS}
        if names:
            raise TypeError(f"unknown registry settings: {', '.join(names)}")
        unknown = merged["whos"] - set(WHOS)
        if unknown:
            raise TypeError(f"unknown whos: {', '.join(sorted(unknown))}; known: {', '.join(WHOS)}")
        return EffectRegistry(
            **merged, default_duration=str(default),
            primitives=dict(self.primitives), hooks=dict(self.hooks), **settings,
        )

    def _add(self, kind: Kind, name: str, params: type[Params], summary: str,
             produces: TargetKind = "card") -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        def register(run: Callable[..., Any]) -> Callable[..., Any]:
            self.primitives[kind, name] = Primitive(name, kind, params, run, summary, produces=produces)
            return run

        return register

    def effect(self, name: str, params: type[Params] = NoParams, summary: str = "") -> Callable[..., Any]:
        """Register ``run(host, act, params, step) -> None | PAUSE`` as effect ``name``."""
        return self._add("effect", name, params, summary)

    def condition(self, name: str, params: type[Params] = NoParams, summary: str = "") -> Callable[..., Any]:
        """Register ``run(host, act, params, step) -> bool`` as check ``name``."""
        return self._add("condition", name, params, summary)

    def target(self, name: str, params: type[Params] = NoParams, summary: str = "",
               produces: TargetKind = "card") -> Callable[..., Any]:
        """Register ``run(host, act, params, step) -> list[int]`` (the candidates: cards, players
        or board cells, as ``produces`` says) as ``name``."""
        return self._add("target", name, params, summary, produces)

    def amount(self, name: str, params: type[Params] = NoParams, summary: str = "") -> Callable[..., Any]:
        """Register ``run(host, act, params, step) -> int`` as ``{ compute = name, ... }``: an
        amount worked out when the effect runs (a count, a stat, a die roll)."""
        return self._add("amount", name, params, summary)

    def payable(self, name: str) -> Callable[[Callable[..., bool]], Callable[..., bool]]:
        """Register ``check(host, act, params, step) -> bool`` for effect ``name`` used as a cost:
        whether it can be paid now (the cost protocol: ``can_pay`` checks, running it pays)."""

        def register(check: Callable[..., bool]) -> Callable[..., bool]:
            primitive = self.primitives["effect", name]
            self.primitives["effect", name] = Primitive(
                primitive.name, primitive.kind, primitive.params, primitive.run, primitive.summary,
                primitive.bind, check, primitive.produces)
            return check

        return register

    def binder(
        self, kind: Kind, name: str
    ) -> Callable[[Callable[[EffectStep], Bound]], Callable[[EffectStep], Bound]]:
        """Register ``bind(step) -> fn(host, act)`` for primitive ``name``: the same result as
        ``run`` with the step's parameters read once (a check's function returns a bool).
        ``compile()`` uses it; card text compiled before it was registered keeps working."""

        def register(bind: Callable[[EffectStep], Bound]) -> Callable[[EffectStep], Bound]:
            primitive = self.primitives[kind, name]
            self.primitives[kind, name] = Primitive(primitive.name, primitive.kind, primitive.params,
                                                    primitive.run, primitive.summary, bind,
                                                    primitive.can_pay, primitive.produces)
            return bind

        return register

    def hook(self, name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Register a per-card Python effect: the listed exception to cards as data."""

        def register(run: Callable[..., Any]) -> Callable[..., Any]:
            self.hooks[name] = run
            return run

        return register

    def _hook(self, name: Any, where: str) -> Primitive:
        run = self.hooks.get(name) if isinstance(name, str) else None
        if run is None:
            known = ", ".join(sorted(self.hooks)) or "none"
            raise _error(f"{where}.name", f"no Python hook named {name!r} (registered: {known})")
        return Primitive("hook", "effect", Hook, lambda host, act, p, step: run(host, act), name)

    def names(self, kind: str) -> list[str]:
        return sorted(name for k, name in self.primitives if k == kind)

    # -- compiling ----------------------------------------------------------------------------
    def _context(self) -> dict[str, Any]:
        return {"refs": self.refs, "stats": self.stats, "zones": self.zones, "whos": self.whos,
                "events": self.events, "registry": self}

    def compile_step(self, kind: Kind, raw: Any, where: str, duration: str = "") -> EffectStep:
        key = STEP_KEYS[kind]
        if not isinstance(raw, dict) or not isinstance(raw.get(key), str):
            raise _error(where, f"should be a table with a '{key}' naming a primitive")
        params = {k: v for k, v in raw.items() if k != key}
        name = raw[key]
        primitive = self.primitives.get((kind, name))
        if kind == "effect" and name == "hook":
            primitive = self._hook(params.get("name"), where)
        if primitive is None:
            raise _error(f"{where}.{key}", f"unknown {kind} {name!r}; known: {', '.join(self.names(kind))}")
        try:
            values = primitive.params.model_validate(params, context=self._context())
        except ValidationError as exc:
            err = exc.errors()[0]
            loc = ".".join(str(p) for p in err["loc"])
            msg = err["msg"].removeprefix("Value error, ")
            raise _error(f"{where}.{loc}" if loc else where, msg) from None
        return EffectStep(primitive, values, duration)

    def compile_condition(self, raw: Any, where: str) -> Condition:
        if isinstance(raw, dict) and len(raw) == 1 and next(iter(raw)) in ("all", "any", "not"):
            op, inner = next(iter(raw.items()))
            items = [inner] if op == "not" else inner
            if not isinstance(items, list) or (op == "not" and len(items) != 1):
                raise _error(f"{where}.{op}", "should be a list of conditions" if op != "not"
                             else "should be one condition")
            parts = tuple(self.compile_condition(part, f"{where}.{op}[{i}]") for i, part in enumerate(items))
            return Condition(op, parts=parts)
        return Condition("check", check=self.compile_step("condition", raw, where))

    def compile_ability(self, raw: Any, index: int, where: str) -> Ability:
        if not isinstance(raw, dict):
            raise _error(where, "an ability should be a table")
        try:
            own = {k: v for k, v in raw.items() if k in AbilitySpec.model_fields} \
                if self.ability_fields is not None else raw
            spec = AbilitySpec.model_validate(own)
            fields = None if self.ability_fields is None else self.ability_fields.model_validate(
                {k: v for k, v in raw.items() if k not in AbilitySpec.model_fields}, context=self._context())
        except ValidationError as exc:
            err = exc.errors()[0]
            loc = ".".join(str(p) for p in err["loc"])
            raise _error(f"{where}.{loc}", err["msg"].removeprefix("Value error, ")) from None
        if spec.trigger_if is not None and not self.trigger_filters:
            raise _error(f"{where}.trigger_if", "this game's abilities take no trigger_if")
        target, count = spec.target, 1
        if target is not None and "count" in target:
            count = target_count(target["count"], self.max_targets, f"{where}.target")
            target = {k: v for k, v in target.items() if k != "count"}
        if spec.timing not in self.timings:
            raise _error(f"{where}.timing", f"unknown timing {spec.timing!r}; known: "
                         f"{', '.join(sorted(self.timings))}")
        duration = spec.duration or self.default_duration
        if duration not in self.durations:
            raise _error(f"{where}.duration", f"unknown duration {duration!r}; known: "
                         f"{', '.join(sorted(self.durations))}")
        return Ability(
            index=index,
            timing=spec.timing,
            condition=None if spec.condition is None
            else self.compile_condition(spec.condition, f"{where}.condition"),
            costs=tuple(self.compile_step("effect", c, f"{where}.cost[{i}]", duration)
                        for i, c in enumerate(spec.cost)),
            target=None if target is None else self.compile_step("target", target, f"{where}.target"),
            effects=tuple(self.compile_step("effect", e, f"{where}.effects[{i}]", duration)
                          for i, e in enumerate(spec.effects)),
            duration=duration,
            once_per_turn=spec.once_per_turn,
            text=spec.text,
            target_count=count,
            trigger_if=None if spec.trigger_if is None
            else self.compile_condition(spec.trigger_if, f"{where}.trigger_if"),
            fields=fields,
        )


STEP_KEYS: dict[str, str] = {"effect": "do", "condition": "check", "target": "choose", "amount": "compute"}


def target_count(value: Any, most: int, where: str) -> int:
    """A target table's ``count``: how many distinct targets, 1 to the registry's ``max_targets``."""
    if type(value) is not int or not 1 <= value <= most:
        raise _error(f"{where}.count", f"should be a whole number from 1 to {most}, not {value!r}")
    return value


class AbilitySpec(BaseModel):
    """The keys an ability table may have; its parts are checked by the registry."""

    model_config = ConfigDict(extra="forbid")

    timing: str
    condition: dict[str, Any] | None = None
    cost: list[Any] = Field(default_factory=list)
    target: dict[str, Any] | None = None
    effects: list[Any] = Field(min_length=1)
    duration: str = ""
    once_per_turn: bool = True
    text: str = ""
    trigger_if: dict[str, Any] | None = None


def _error(where: str, message: str) -> CardDataError:
    return CardDataError(f"{where}: {message}" if where else message)


# -- card references ----------------------------------------------------------------------
def _names_cards(annotation: Any) -> bool:
    """Whether a parameter's type is ``CardName`` (also inside ``| None`` or ``list[...]``)."""
    if any(isinstance(m, CardRefMarker) for m in getattr(annotation, "__metadata__", ())):
        return True
    return any(_names_cards(arg) for arg in get_args(annotation))


def card_names_in(item: Ability | Condition | EffectStep | None) -> Iterator[tuple[str, str]]:
    """(parameter name, card name) for every parameter of ``item`` that names a card."""
    if item is None:
        return
    if isinstance(item, Ability):
        yield from card_names_in(item.condition)
        yield from card_names_in(item.target)
        for step in item.costs + item.effects:
            yield from card_names_in(step)
    elif isinstance(item, Condition):
        yield from card_names_in(item.check)
        for part in item.parts:
            yield from card_names_in(part)
    else:
        for name, info in type(item.params).model_fields.items():
            if any(isinstance(m, CardRefMarker) for m in info.metadata) or _names_cards(info.annotation):
                value = getattr(item.params, name)
                for each in value if isinstance(value, (list, tuple)) else [value]:
                    if each is not None:
                        yield name, each


# -- card files ---------------------------------------------------------------------------
CONDITION = "condition-field"
"""Metadata on a card schema field that holds a condition (``Annotated[dict | None, CONDITION]``)."""


@dataclass(frozen=True, slots=True)
class LoadedCard:
    """A validated card row with its compiled text."""

    source: str  # "file, card 'Name' (id)" for later errors
    row: BaseModel
    abilities: tuple[Ability, ...]
    conditions: dict[str, Condition | None]


def read_toml_cards(path: str | Path | CardFile, key: str = "card") -> list[dict[str, Any]]:
    """The ``[[card]]`` tables of a TOML card file (read once, by ``card_files``); syntax
    errors name the line."""
    card_file = path if isinstance(path, CardFile) else read_card_file(path)
    path = card_file.name
    text = card_file.text()
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:
        raise CardDataError(f"{path}: not valid TOML: nested too deeply") from None
    unknown = set(data) - {key, "set"}
    if unknown:
        raise CardDataError(f"{path}: unknown top-level key(s) {', '.join(sorted(unknown))}; "
                            f"cards go in [[{key}]] tables")
    cards = data.get(key)
    if not isinstance(cards, list) or not cards:
        raise CardDataError(f"{path}: no [[{key}]] tables")
    return cards


def load_card_tables(path: str | Path | CardFile, schema: type[BaseModel], registry: EffectRegistry,
                     key: str = "card") -> list[LoadedCard]:
    """Every card of a TOML file, validated by ``schema`` and compiled by ``registry``.

    ``schema`` has an ``abilities: list[dict]`` field and may mark condition fields with
    ``CONDITION``. Ids must be unique within the file.
    """
    loaded: list[LoadedCard] = []
    seen: dict[str, int] = {}
    card_file = path if isinstance(path, CardFile) else read_card_file(path)
    path = card_file.name
    for number, raw in enumerate(read_toml_cards(card_file, key), start=1):
        label = raw.get("name") if isinstance(raw, dict) else None
        ident = raw.get("id") if isinstance(raw, dict) else None
        where = f"{path}, card {label!r}" if label else f"{path}, card number {number}"
        check_printable(raw, where)  # before the id joins the message: it is quoted as given
        if ident is not None:
            where += f" ({ident})"
        try:
            row = schema.model_validate(raw)
        except ValidationError as exc:
            err = exc.errors()[0]
            loc = ".".join(str(p) for p in err["loc"])
            msg = err["msg"].removeprefix("Value error, ")
            raise CardDataError(f"{where}: field {loc}: {msg}" if loc else f"{where}: {msg}") from None
        card_id = str(getattr(row, "id", number))
        if card_id in seen:
            raise CardDataError(f"{where}: duplicate id (first on card number {seen[card_id]})")
        seen[card_id] = number
        abilities = tuple(
            registry.compile_ability(spec, i, f"{where}: field abilities[{i}]")
            for i, spec in enumerate(getattr(row, "abilities", []))
        )
        conditions: dict[str, Condition | None] = {}
        for name, info in type(row).model_fields.items():
            if CONDITION in info.metadata:
                value = getattr(row, name)
                conditions[name] = None if value is None else \
                    registry.compile_condition(value, f"{where}: field {name}")
        loaded.append(LoadedCard(where, row, abilities, conditions))
    return loaded


def check_card_names(cards: list[LoadedCard], known: set[str]) -> None:
    """Every card named by some card's text must exist (a dangling reference is an error)."""
    for card in cards:
        items: list[tuple[str, Ability | Condition | None]] = [
            *((f"abilities[{a.index}]", a) for a in card.abilities), *card.conditions.items()]
        for field_name, item in items:
            for param, name in card_names_in(item):
                if name not in known:
                    raise CardDataError(f"{card.source}: field {field_name}: parameter '{param}' names "
                                        f"{name!r}, which is no card of the set")


# -- durations ----------------------------------------------------------------------------
class Modifiers:
    """Stat changes that last a while: (card, stat, amount, until) entries.

    ``expire(until)`` drops those of one duration (end of combat, end of turn); a card
    leaving play drops its own with ``forget``. Plain tuples, so a clone is one list copy.
    """

    __slots__ = ("entries",)

    def __init__(self, entries: Iterable[tuple[int, str, int, str]] = ()) -> None:
        self.entries = list(entries)

    def add(self, card: int, stat: str, amount: int, until: str) -> None:
        self.entries.append((card, stat, amount, until))

    # Loops and emptiness tests rather than comprehensions on every call: these run for every
    # card that leaves play and every fight, mostly with no entries (see ``Condition.compile``).
    def total(self, card: int, stat: str) -> int:
        total = 0
        for c, s, a, _ in self.entries:
            if c == card and s == stat:
                total += a
        return total

    def expire(self, until: str) -> None:
        if self.entries:
            self.entries = [e for e in self.entries if e[3] != until]

    def forget(self, card: int) -> None:
        if self.entries:
            self.entries = [e for e in self.entries if e[0] != card]

    def copy(self) -> Modifiers:
        return Modifiers(self.entries)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Modifiers) and self.entries == other.entries


@dataclass(frozen=True)
class ModifierList(values.Value):
    """``Modifiers`` in a declared state (``kernel/state.py``): each entry written keyed,
    ``{card, stat, amount, until}``, and read back checked against the game's ``stats`` and
    ``durations``."""

    stats: tuple[str, ...]
    durations: tuple[str, ...]
    shared: ClassVar[bool] = False

    def copy_code(self, expr: str) -> str:
        return f"{expr}.copy()"

    def dump(self, value: Any, ctx: values.Ctx) -> Any:
        return [{"card": c, "stat": s, "amount": a, "until": u} for c, s, a, u in value.entries]

    def load(self, data: Any, ctx: values.Ctx, where: str) -> Modifiers:
        kinds = {"card": values.Id(), "stat": values.Text(self.stats), "amount": values.Int(),
                 "until": values.Text(self.durations)}
        if not isinstance(data, list):
            raise values.bad(where, f"should be a list of modifiers, not {values.excerpt(data)}")
        entries = []
        for i, item in enumerate(data):
            at = f"{where}[{i}]"
            row = values.table(item, at, tuple(kinds))
            card, stat, amount, until = (kind.load(row[name], ctx, f"{at}.{name}")
                                         for name, kind in kinds.items())
            entries.append((card, stat, amount, until))
        return Modifiers(entries)


# -- the shared vocabulary ------------------------------------------------------------------
SHARED = EffectRegistry(durations=frozenset({"permanent"}))
"""Primitives every game with card text gets; a game calls ``SHARED.extend(...)``."""


class Count(Params):
    count: int = Field(1, ge=1, le=60)
    who: Who = "you"


class ModifyStat(Params):
    stat: Stat
    amount: int = Field(ge=-99, le=99)
    to: Ref


class OnCards(Params):
    to: Ref


class MoveCards(Params):
    to: Ref
    zone: ZoneName


class Hook(Params):
    name: str  # a hook in the registry: ``{ do = "hook", name = "..." }``


@SHARED.effect("draw", Count, "the player(s) draw count cards")
def _draw(host: EffectHost, act: Activation, p: Count, step: EffectStep) -> None:
    for player in host.player_ref(act, p.who):
        host.draw(player, p.count)


@SHARED.effect("mill", Count, "the top count cards of the player(s)' decks go to the discard pile")
def _mill(host: EffectHost, act: Activation, p: Count, step: EffectStep) -> None:
    for player in host.player_ref(act, p.who):
        host.mill(player, p.count)


@SHARED.effect("discard", Count, "the player(s) discard count cards of their choice from hand")
def _discard(host: EffectHost, act: Activation, p: Count, step: EffectStep) -> Any:
    paused = None
    for player in host.player_ref(act, p.who):
        paused = host.ask_discard(player, p.count) or paused
    return paused


@SHARED.effect("modify_stat", ModifyStat, "stat +amount on the cards, for the ability's duration")
def _modify_stat(host: EffectHost, act: Activation, p: ModifyStat, step: EffectStep) -> None:
    for card in host.card_refs(act, p.to):
        host.add_modifier(card, p.stat, p.amount, step.duration)


@SHARED.effect("destroy", OnCards, "the cards in play go to their owner's discard pile")
def _destroy(host: EffectHost, act: Activation, p: OnCards, step: EffectStep) -> None:
    for card in host.card_refs(act, p.to):
        host.destroy(card)


@SHARED.effect("move", MoveCards, "the cards move to a zone of their owner")
def _move(host: EffectHost, act: Activation, p: MoveCards, step: EffectStep) -> None:
    for card in host.card_refs(act, p.to):
        host.move_card(card, p.zone)

