"""Conflictus Aeternus: a position, declared once (``SPEC``), and the rules that change it.

The rules are functions of the state, by subject: ``host.py`` (zones, stats, what card text may
ask), ``legal.py`` (legal actions and costs), ``turn.py`` (mulligans, the rodada's phases, what
actions do). ``ConflictusState`` declares what a position holds and takes those functions as
its methods: the kernel's primitives and its resolution driver call them on the state (the
effect host), and the modules below form a plain DAG with no state class of their own. This
module adds elimination, the outcome, the checks beyond conservation and the resolution
machine. The kernel derives clone, JSON, views, events and the hidden-card dealing from ``SPEC``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from ...kernel import values as v
from ...kernel.actions import Action, Decision
from ...kernel.effects import STOP, Ability, Activation, Bound, ModifierList, Modifiers
from ...kernel.game import Outcome, State
from ...kernel.replacements import MODES, REPLACEMENTS, Replacements
from ...kernel.resolution import RESOLUTION, AutoForced, Frame, Machine, Resolution, Trigger, WindowRule
from ...kernel.rng import Rng
from ...kernel.state import HIDDEN, OWNER, Entry, Field, Instances, Layout, StateSpec, Zone
from . import host, legal, turn
from .actions import (
    Attack,
    Block,
    Cast,
    Discard,
    Done,
    Keep,
    Mulligan,
    Offer,
    Pass,
    Play,
    Sacrifice,
    Search,
    Source,
)
from .effects import EVENTS
from .legal import DONE, KEEP, PASS, WINDOWS, compute_legal
from .records import (
    DURATIONS,
    NO_DROPS,
    STATS,
    AbilityKey,
    Attacking,
    Blocking,
    CardSet,
    Drops,
    Hit,
    Result,
    Target,
)
from .turn import STEPS, frame_done, mulligan_order, window_closed

if TYPE_CHECKING:
    from .game import Conflictus

ZONES = ("mons", "hand", "mortis", "exterminatus", "field", "relics", "amulets", "stack")
PHASES = ("mulligan", "draw", "main", "attack", "block", "damage", "sacrifice")
ASKS = ("discard", "search", "pay")
STAT_NAMES = ("attack", "defense", "tombo")  # an active warrior's, as a view tells them


def sample_choices(state: ConflictusState, viewer: int | None, rng: Rng) -> None:
    """The sealed mulligan answers of the others: whoever in this round is asked no more has
    answered (keep or mulligan, drawn at even odds)."""
    asked = {d.player for d in state.decisions if d.kind == "mulligan"}
    if not asked or state.game.options.mulligan != "sealed":
        return
    for p in mulligan_order(state):
        if p != viewer and p not in asked:
            state.choices[p] = rng.below(2) == 1


# -- elimination --------------------------------------------------------------------------------
def flush_out(state: ConflictusState) -> bool:
    """Players who had to draw or tombar and could not are out, together: their cards in play
    leave the game (to their Exterminatus), their decisions lapse. Last one standing wins. The
    driver runs it before anything else (its ``interrupt``): a player out answers nothing."""
    if not state.dying:
        return False
    group = sorted(state.dying)
    state.dying = []
    state.eliminated.append(group)
    state.out.update(group)
    res = state.res
    for p in group:
        for c in [*state.field[p], *state.relics[p], *state.amulets[p], *state.stack[p]]:
            host.remove(state, c)
            state.exterminatus[p].append(c)
        for sid in [sid for sid, rec in state.sets.items() if rec.owner == p]:
            rec = state.sets.pop(sid)
            state.exterminatus[p].extend(rec.sources + rec.warriors + rec.equipment)
        res.stack = [f for f in res.stack if f.player != p]
        res.triggers = [t for t in res.triggers if t.player != p]
        res.frames = [f for f in res.frames if f.player != p]
        state.log.append(("out", p))
    living = host.living(state)
    if len(living) <= 1:
        host.finish(state, living[0] if living else None, "last player standing" if living else
                    "the last players went out together")
        res.asks.clear()  # no choice is left pending (the driver clears the decisions)
        return True
    if state.active in state.out:  # the rodada of a player who is out ends at once
        for part in (res.frames, res.stack, res.triggers, res.asks, res.windows):
            part.clear()
        res.step = "rodada"
        state.decisions.clear()
        state.attackers, state.blocks = {}, {}
        state.mods.expire("end_of_round")
        state.shields.expire("end_of_round")
        state.damage.clear()
        for p in range(state.n):
            state.mortis[p] += state.stack[p]
            state.stack[p] = []
        return True
    state.attackers = {s: a for s, a in state.attackers.items() if a.target not in state.out}
    lapse_decisions(state)
    return True


def lapse_decisions(state: ConflictusState) -> None:
    """Decisions of players now out: their asks end (the effect that asked goes on without
    them) and so do their declarations; a window's turn stays, for the driver to pass it on."""
    res, out = state.res, state.out
    res.asks[:] = [a for a in res.asks if a.player not in out]  # each with its decision, below
    blockers = any(d.kind == "blockers" for d in state.decisions)
    state.decisions[:] = [d for d in state.decisions if d.player not in out or d.kind in WINDOWS]
    if blockers and not any(d.kind == "blockers" for d in state.decisions):
        res.step = "block_window"


CARD, CARDS, ID, PLAYER = v.Card(), v.ListOf(v.Card()), v.Id(), v.Player()
ROUND, SET, COUNT, TEXT = v.Int(0), v.Int(0), v.Int(0), v.Text()
BY = (("player", PLAYER),)
PLAYS = (("player", PLAYER), ("card", CARD))  # a player does something with a card
MOVES = (("card", CARD), ("player", PLAYER))  # a card (of that player) moves or acts


class ConflictusState(State["Conflictus"]):
    """One position. Per player: ``mons`` (its top is its end), ``hand``, ``mortis``,
    ``exterminatus``, ``field`` (the free and used sources), ``relics``, ``amulets`` (in play
    until the rodada ends), ``stack`` (amulets announced, waiting on the stack); ``sets`` by id."""

    SPEC = StateSpec(
        zones=(
            Zone("mons", Layout.PILE, seen=HIDDEN),
            Zone("hand", Layout.ROW, seen=OWNER),
            Zone("mortis", Layout.PILE),
            Zone("exterminatus", Layout.PILE),
            Zone("field", Layout.ROW),
            Zone("relics", Layout.ROW),
            Zone("amulets", Layout.ROW),
            Zone("stack", Layout.ROW),
        ),
        fields=(
            Field("sets", v.MapOf(SET, v.Rec(CardSet, held=CardSet.held), ("set", "cards"), in_order=True),
                  holds=True, pool=lambda state, c: host.owner(state, c)),
            Field("used", v.SetOf(ID)),  # the sources that paid this rodada
            Field("entered", v.MapOf(ID, ROUND, ("card", "round"))),  # when each warrior came into play
            Field("added", v.MapOf(SET, ROUND, ("set", "round"))),  # when a set last took a warrior
            Field("damage", v.MapOf(ID, v.Int(0), ("card", "damage"))),  # combat damage this rodada
            Field("mods", ModifierList(STATS, DURATIONS)),
            Field("shields", REPLACEMENTS),
            Field("drops", v.PerPlayer(v.Rec(Drops, {"own": COUNT, "foreign": COUNT, "extra": COUNT}))),
            Field("used_abilities", v.SetOf(v.Rec(AbilityKey, {"card": ID, "ability": v.Int(0)}))),
            Field("attackers", v.MapOf(SET, v.Rec(Attacking, {"warrior": ID, "target": PLAYER}),
                                       ("set", "attack"), in_order=True)),
            Field("blocks", v.MapOf(SET, v.Rec(Blocking, {"set": SET, "warrior": ID}),
                                    ("attacker", "block"), in_order=True)),
            Field("round", ROUND),
            Field("active", PLAYER),
            Field("first", PLAYER),
            Field("phase", v.Text(PHASES)),
            Field("mulled", v.PerPlayer(v.Int(0))),
            Field("kept", v.SetOf(PLAYER)),
            Field("choices", v.MapOf(PLAYER, v.Bool(), ("player", "mulligan")), seen=OWNER,
                  sample=sample_choices),  # sealed mulligan answers, until the round's are revealed
            Field("out", v.SetOf(PLAYER)),
            Field("dying", v.ListOf(PLAYER)),
            Field("eliminated", v.ListOf(v.ListOf(PLAYER))),
            Field("result", v.Opt(v.Rec(Result, {"winner": v.Opt(PLAYER), "reason": TEXT}))),
            Field("res", RESOLUTION),
        ),
        log=(
            Entry("first", BY),
            Entry("draw", PLAYS, secret=("card",)),
            Entry("keep", BY),
            Entry("mulligan", BY),
            Entry("mulligan_discard", (("player", PLAYER), ("cards", CARDS))),
            Entry("rodada", (("player", PLAYER), ("round", ROUND))),
            Entry("source", PLAYS),
            Entry("relic", PLAYS),
            Entry("warrior", (*PLAYS, ("set", SET))),
            Entry("equipment", (*PLAYS, ("set", SET))),
            Entry("amulet", (*PLAYS, ("target", Target()))),
            Entry("activates", (*PLAYS, ("target", Target()))),
            Entry("trigger", MOVES),
            Entry("no_effect", MOVES),
            Entry("attacks", (*MOVES, ("target", PLAYER))),
            Entry("blocks", (("card", CARD), ("attacker", CARD))),
            Entry("combat_damage", (("hits", v.ListOf(Hit())),)),
            Entry("died", MOVES),
            Entry("destroyed", MOVES),
            Entry("sacrificed", MOVES),
            Entry("exterminated", MOVES),
            Entry("countered", MOVES),
            Entry("returned", (*MOVES, ("zone", v.Text(("hand", "mons_bottom"))))),
            Entry("discard", PLAYS),
            Entry("search", PLAYS, secret=("card",)),
            Entry("shuffled", BY),
            Entry("mill", (("player", PLAYER), ("cards", CARDS))),
            Entry("loses", (("player", PLAYER), ("reason", TEXT))),
            Entry("out", BY),
            Entry("modified", (("card", CARD), ("stat", v.Text(STATS)), ("amount", v.Int()))),
            Entry("roll", (("sides", v.Int(1)), ("value", v.Int(1)))),
            Entry("shield", (("card", CARD), ("event", v.Text(EVENTS)), ("mode", v.Text(MODES)),
                             ("subject", Target("any")))),
            Entry("prevented_mill", (("player", PLAYER), ("event", v.Text(("mill",))), ("amount", v.Int(1))),
                  event="prevented"),
            Entry("prevented_destroy", (("card", CARD), ("event", v.Text(("destroy",)))), event="prevented"),
            Entry("prevented_damage", (("card", CARD), ("event", v.Text(("combat_damage",))),
                                       ("amount", v.Int(1))), event="prevented"),
            Entry("unbound", (*MOVES, ("sources", CARDS))),  # the sources a card leaving its set paid
            Entry("sources_used", (("player", PLAYER), ("count", v.Int(0)))),
            Entry("sources_freed", (("player", PLAYER), ("count", v.Int(0)))),
            Entry("amulets_to_mortis", (("player", PLAYER), ("cards", CARDS))),
            Entry("game_over", (("winner", v.Opt(PLAYER)), ("reason", TEXT))),
        ),
        cards=Instances(size=lambda game: game.options.deck_size),
        caches={"legal": None},
        derived=("n", "labels"),
    )
    game: "Conflictus"  # noqa: UP037 - quoted: the compiled build reads it at run time
    n: int
    kind: list[int]
    labels: tuple[str, ...]  # each card's notation name (Name#id), made once per deal
    mons: list[list[int]]
    hand: list[list[int]]
    mortis: list[list[int]]
    exterminatus: list[list[int]]
    field: list[list[int]]
    relics: list[list[int]]
    amulets: list[list[int]]
    stack: list[list[int]]
    sets: dict[int, CardSet]
    used: set[int]
    entered: dict[int, int]
    added: dict[int, int]
    damage: dict[int, int]
    mods: Modifiers
    shields: Replacements
    drops: list[Drops]
    used_abilities: set[AbilityKey]
    attackers: dict[int, Attacking]
    blocks: dict[int, Blocking]
    round: int
    active: int
    first: int
    phase: str
    mulled: list[int]
    kept: set[int]
    choices: dict[int, bool]
    out: set[int]
    dying: list[int]
    eliminated: list[list[int]]
    result: Result | None
    res: Resolution
    legal: list[Action] | None

    def __init__(self, game: Conflictus, kinds: list[int], rng: Rng) -> None:
        n = self.n = game.num_players
        size = game.options.deck_size
        self.game, self.kind, self.rng = game, kinds, rng
        self.labels = host.card_labels(game, kinds)
        self.decisions, self.log, self.version = [], [], 0
        self.mons = [list(range(p * size, (p + 1) * size)) for p in range(n)]
        for name in ZONES[1:]:
            setattr(self, name, [[] for _ in range(n)])
        self.sets, self.used, self.entered, self.added, self.damage = {}, set(), {}, {}, {}
        self.mods, self.shields = Modifiers(), Replacements()
        self.drops = [NO_DROPS] * n
        self.used_abilities = set()
        self.attackers, self.blocks = {}, {}
        self.round, self.active, self.first, self.phase = 0, 0, 0, "mulligan"
        self.mulled, self.kept, self.choices = [0] * n, set(), {}
        self.out, self.dying, self.eliminated = set(), [], []
        self.result = None
        self.res = Resolution()
        self.legal = None

    def after_load(self) -> None:
        self.n = self.game.num_players
        self.labels = host.card_labels(self.game, self.kind)

    # -- the rules by subject, as methods (what card text and the driver call on the state) --
    # host.py: looking up
    decide = host.decide
    finish = host.finish
    card = host.card
    label = host.label
    owner = host.owner
    set_of = host.set_of
    tops = host.tops
    is_top = host.is_top
    living = host.living
    opponents = host.opponents
    free_sources = host.free_sources
    stat = host.stat
    has = host.has
    # host.py: moving cards
    draw = host.draw
    mill = host.mill
    lose = host.lose
    remove = host.remove
    in_play = host.in_play
    to_mortis = host.to_mortis
    destroy = host.destroy
    sacrifice = host.sacrifice
    exterminate = host.exterminate
    move_card = host.move_card
    deaths = host.deaths
    # host.py: the effect host
    player_ref = host.player_ref
    card_refs = host.card_refs
    add_modifier = host.add_modifier
    ask_discard = host.ask_discard
    ask_pay = host.ask_pay
    stat_of = host.stat_of
    roll = host.roll
    hand_size = host.hand_size
    add_shield = host.add_shield
    combat_damage = host.combat_damage
    fire = host.fire
    trigger = host.trigger
    ask_search = host.ask_search
    shuffle_mons = host.shuffle_mons
    return_from_mortis = host.return_from_mortis
    set_sources = host.set_sources
    extra_drop = host.extra_drop
    counter = host.counter
    zone_count = host.zone_count
    in_combat = host.in_combat
    active_warriors = host.active_warriors
    amulets_on_stack = host.amulets_on_stack
    # elimination (above; a method of its own: a compiled function binds no ``self``)
    def flush_out(self) -> bool:
        return flush_out(self)

    def advance(self) -> None:
        """Run what happens by itself (frames, triggers, players going out, steps) until a
        player must decide: the kernel's driver, with this game's machine."""
        self.game.machine.advance(self)

    # -- moves ----------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        legal_now = self.legal
        if legal_now is None:
            legal_now = self.legal = compute_legal(self)
        return legal_now[:]

    def apply_unchecked(self, action: Action) -> None:
        self.legal = None
        self.version += 1
        HANDLERS[type(action)](self, action)
        self.game.machine.advance(self)

    def illegal_reason(self, action: Action, player: int) -> str | None:
        refused = self.refusal(player)
        if refused is not None:
            return refused
        if action in (self.legal if self.legal is not None else self.legal_actions()):
            return None
        return legal.illegal_reason(self, action)

    def default_action(self, decision: Decision) -> Action:
        """Keep, finish a declaration or pass priority; else the first choice (one's own hand
        or deck, as the decider sees it)."""
        fixed = {"mulligan": KEEP, "declare": DONE, "blockers": DONE}
        if decision.kind in fixed:
            return fixed[decision.kind]
        return PASS if decision.kind in WINDOWS else self.legal_actions()[0]

    # -- results ----------------------------------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        return Outcome.from_elimination(self.n, self.eliminated, self.result.reason, first=self.first,
                                        rodadas=self.round,
                                        mons=[len(m) for m in self.mons])

    def end_as_draw(self, reason: str) -> None:
        """The kernel's decision limits: the players still in share a draw."""
        self.decisions.clear()
        self.legal = []
        host.finish(self, None, reason)

    def worth(self, p: int) -> float:
        """How well ``p`` stands: mons left weighs most (it is the life), then the warriors on
        the board, sources, hand and relics."""
        value = 1.0 * len(self.mons[p]) + 0.4 * len(self.hand[p]) + 0.6 * len(self.field[p])
        for rec in self.sets.values():
            if rec.owner == p:
                value += 0.5 * len(rec.sources) + 0.3 * len(rec.equipment)
                if rec.warriors:
                    top, stat = rec.warriors[-1], self.stat
                    value += 1.0 + 0.5 * stat(top, "attack") + 0.3 * stat(top, "defense") \
                        + 1.0 * stat(top, "tombo") + 0.3 * (len(rec.warriors) - 1)
        return value + 0.8 * len(self.relics[p])

    # -- what a view holds beyond the declaration, and the checks beyond conservation --------
    def info(self, viewer: int | None) -> dict[str, Any]:
        """Each active warrior's stats now (every modifier, static bonus and damage counted):
        worked out here, so that no front end works them out again."""
        stats = {}
        for rec in self.sets.values():
            for c in rec.warriors[-1:]:
                stats[host.label(self, c)] = {s: host.stat(self, c, s) for s in STAT_NAMES}
        return {"stats": stats}

    def problems(self) -> list[str]:
        return list(_problems(self))


def _problems(state: ConflictusState) -> Iterator[str]:
    """What the types and conservation leave to the game: each card in its owner's zones and
    sets, no empty set, the used sources on the field, an ask behind each asking decision."""
    size = state.game.options.deck_size

    def foreign(cards: list[int], owner: int) -> bool:  # player p owns ids p*size .. p*size+size-1
        return any(c // size != owner for c in cards)

    for name in ZONES:
        for p, zone in enumerate(getattr(state, name)):
            if foreign(zone, p):
                yield f"a card of another player in {name}{p}"
    for sid, rec in state.sets.items():
        if foreign(rec.sources + rec.warriors + rec.equipment, rec.owner):
            yield f"set#{sid} holds another player's card"
        if not (rec.warriors or rec.equipment):
            yield f"set#{sid} has neither warriors nor equipment"
        if sorted(rec.paid) != sorted(rec.sources) or \
                not set(rec.paid.values()) <= {*rec.warriors, *rec.equipment}:
            yield f"set#{sid} has a source bound to no card of the set"
    if not state.used <= {c for zone in state.field for c in zone}:
        yield "a used source is not on a field"
    if len(state.res.asks) != sum(d.kind in ASKS for d in state.decisions):
        yield "asks and decisions out of step"


# -- the resolution machine ---------------------------------------------------------------------
HANDLERS: dict[type[Action], Callable[[ConflictusState, Any], None]] = {
    Pass: turn.do_pass, Done: turn.do_done, Keep: turn.do_keep, Mulligan: turn.do_mulligan,
    Source: turn.do_source, Play: turn.do_play, Cast: turn.do_cast, Attack: turn.do_attack,
    Block: turn.do_block, Sacrifice: turn.do_sacrifice, Discard: turn.do_discard, Search: turn.do_search,
    Offer: turn.do_offer,
}


def frame_steps_of(ability: Ability) -> tuple[Bound, ...]:
    """An ability's compiled effects; with a condition, first a step that ends it (``STOP``) when
    the condition no longer holds on resolution."""
    effects = tuple(s.compile() for s in ability.effects)
    if ability.condition is None:
        return effects
    holds = ability.condition.compile()

    def check(state: Any, act: Activation) -> Any:
        if holds(state, act):
            return None
        state.log.append(("no_effect", act.source, act.player))
        return STOP

    return (check, *effects)


def _frame_steps(state: ConflictusState, frame: Frame) -> tuple[Bound, ...]:
    return state.game.frame_steps[state.kind[frame.source]][frame.ability]


def _activation(state: ConflictusState, frame: Frame) -> Activation:
    targets = frame.targets
    return Activation(frame.player, frame.source, frame.ability, targets[0] if targets else None, targets)


def _start_trigger(state: ConflictusState, trigger: Trigger) -> bool:
    targets = trigger.subjects[:1]  # the attacked or tombando player, the entering warrior
    frame = Frame(trigger.player, trigger.source, trigger.ability, targets, 0, "trigger")
    state.game.machine.start(state, frame)
    state.log.append(("trigger", trigger.source, trigger.player))
    return True


def _private(state: ConflictusState, decision: Decision) -> bool:
    """Whether a lone legal action hides a choice that depends on the hand: a window's holder with
    cards in hand (in Main, or with a free source to pay an amulet) is always asked."""
    p = decision.player
    if decision.kind not in WINDOWS or not state.hand[p]:
        return False
    return decision.kind == "main" or any(c not in state.used for c in state.field[p])


def _auto_play(state: ConflictusState, action: Action) -> None:
    state.legal = None
    HANDLERS[type(action)](state, action)


def _keep(state: ConflictusState, legal_now: list[Action]) -> None:
    state.legal = legal_now


def make_machine() -> Machine[ConflictusState]:
    close = WindowRule(window_closed)
    return Machine(
        steps=STEPS,
        frame_steps=_frame_steps,
        activation=_activation,
        start_trigger=_start_trigger,
        frame_done=frame_done,
        windows={kind: close for kind in WINDOWS},
        trigger_order="fifo",
        is_out=lambda state, player: player in state.out,
        interrupt=flush_out,
        auto=AutoForced(frozenset({*WINDOWS, "declare", "blockers"}), compute_legal, _auto_play, _private,
                        _keep),
    )
