"""Brawl's rules (RULES.md): its card vocabulary (``LIFE`` and its own counter and spell) and
card rows, its actions (each a frozen value declaring its notation, read back by the kernel),
and a position, declared once (``SPEC``), with what changes it. The kernel gives the deal, the
host of card text, life and elimination (``DealtState``, ``LifeTotals``); the position notation
is the state's JSON (the kernel's).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict
from pydantic import Field as Between

from tcgkit.kernel import INSTANCE_FIELDS, Action, DealtState, Decision, State, refs
from tcgkit.kernel import values as v
from tcgkit.kernel.effects import Activation, EffectStep, NoParams, Params, Ref
from tcgkit.kernel.host import ELIMINATION_ENTRIES, ELIMINATION_FIELDS, HOST_ENTRIES, LIFE_ENTRIES, LifeTotals
from tcgkit.kernel.replacements import REPLACEMENTS, Replacements
from tcgkit.kernel.resolution import (
    ORDER_TRIGGERS,
    RESOLUTION,
    Frame,
    Machine,
    Resolution,
    Trigger,
    WindowRule,
    turn_order,
)
from tcgkit.kernel.state import HIDDEN, OWNER, Entry, StateField, StateSpec, Zone
from tcgkit.kernel.vocabulary import LIFE, LifeHost


# -- the cards ----------------------------------------------------------------------------------
class Speed(BaseModel):
    """Brawl's own ability field: ``fast`` cards may answer a spell on the stack."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    speed: Literal["slow", "fast"] = "slow"


REGISTRY = LIFE.extend(
    timings=("cast", "on_damage"), durations=("end_of_turn",), default_duration="end_of_turn",
    refs=("self", "target", "my_hand"), zones=("hand", "discard"),
    ability_fields=Speed,
)


class BrawlHost(LifeHost, Protocol):
    def counter(self, card: int) -> None: ...
    def spells(self, act: Activation) -> list[int]: ...


class Countered(Params):
    to: Ref


@REGISTRY.effect("counter", Countered, "the spells still on the stack do nothing and are discarded")
def _counter(host: BrawlHost, act: Activation, p: Countered, step: EffectStep) -> None:
    for card in host.card_refs(act, p.to):
        host.counter(card)


@REGISTRY.target("spell", NoParams, "a spell of another player waiting on the stack")
def _spell(host: BrawlHost, act: Activation, p: NoParams, step: EffectStep) -> list[int]:
    return host.spells(act)


class Row(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    permanent: bool = False  # stays on the board once resolved (its other abilities trigger)
    abilities: list[dict[str, Any]] = Between(min_length=1, max_length=2)


# -- the actions -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Cast(Action):
    notation = "cast {card}", " at {target}"
    card: int
    target: refs.Ref | None = None  # a player or a spell, as the card's target says


@dataclass(frozen=True, slots=True)
class Discard(Action):
    notation = "discard {card}"
    card: int


@dataclass(frozen=True, slots=True)
class First(Action):
    """Which of the player's triggers starts first (named by its card)."""

    notation = "trigger {card}"
    card: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    notation = "pass"


@dataclass(frozen=True, slots=True)
class End(Action):
    notation = "end"


PASS, END = Pass(), End()


# -- the position ------------------------------------------------------------------------------
START_LIFE = 5
KINDS = ("main", "respond", "discard", ORDER_TRIGGERS)
ASKS = ("discard", ORDER_TRIGGERS)


def on_stack(res: Resolution) -> list[int]:
    """The spells cast and not yet resolved (a running trigger's card is on its board)."""
    return [f.source for f in res.stack] + [f.source for f in res.frames if f.tag != "trigger"]


CARD, PLAYER_ = v.Card(), v.Player()


class BrawlState(LifeTotals, DealtState, State):
    """Cards are instance ids, public: ``cards[i]`` is the card id of instance i, ``owners[i]``
    its owner, ``owned[p]`` player p's instances (the deck list hidden cards are dealt from)."""

    SPEC = StateSpec(
        zones=(Zone("hand", seen=OWNER, attr="hands"), Zone("deck", seen=HIDDEN, attr="decks"),
               Zone("discard", attr="discards"), Zone("board", attr="boards")),
        fields=(
            *INSTANCE_FIELDS, *ELIMINATION_FIELDS,
            StateField("life", v.PerPlayer(v.Int())), StateField("active", v.Player()),
            StateField("res", replace(RESOLUTION, held=on_stack), holds=True,
                       pool=lambda state, card: state.owners[card]),
            StateField("shields", REPLACEMENTS),
        ),
        log=(
            *HOST_ENTRIES, *ELIMINATION_ENTRIES,
            Entry("cast", (("player", PLAYER_), ("card", CARD), ("target", v.Int(-1)))),
            Entry("pass", (("player", PLAYER_),)), Entry("end_turn", (("player", PLAYER_),)),
            Entry("turn", (("player", PLAYER_),)), Entry("trigger", (("player", PLAYER_), ("card", CARD))),
            *LIFE_ENTRIES, Entry("countered", (("card", CARD),)),
        ),
        decklists="owned",
    )

    def begin(self) -> None:
        n = self.game.num_players
        self.life, self.active = [START_LIFE] * n, n - 1
        self.out, self.finished, self.drawn = [], False, None
        self.res, self.shields = Resolution(), Replacements()
        self.res.step = "turn"
        MACHINE.advance(self)

    # -- moves --------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if not self.decisions:
            return []
        top = self.decisions[-1]
        p = top.player
        if top.kind == "discard":
            return [Discard(c) for c in sorted(self.hands[p])]
        if top.kind == ORDER_TRIGGERS:
            return [First(t.source) for t in MACHINE.trigger_choices(self)]
        casts = self.casts(p, fast_only=top.kind == "respond")
        return [*casts, PASS if top.kind == "respond" else END]

    def casts(self, p: int, fast_only: bool) -> list[Action]:
        out: list[Action] = []
        for c in sorted(self.hands[p]):
            if not fast_only or self.card(c).ability.fields.speed == "fast":
                out.extend(Cast(c, target) for target in self.plays(p, c))
        return out

    def apply_unchecked(self, action: Action) -> None:
        self.version += 1
        top = self.decisions[-1]
        p = top.player
        if isinstance(action, Cast):
            self.cast(p, action, top.kind == "respond")
        elif isinstance(action, Pass):
            self.record("pass", player=p)
            MACHINE.pass_priority(self)
        elif isinstance(action, First):
            sources = [t.source for t in MACHINE.trigger_choices(self)]
            MACHINE.choose_trigger(self, sources.index(action.card))
        elif isinstance(action, End):
            self.decisions.pop()
            self.record("end_turn", player=p)
            self.res.step = "turn"
        else:
            assert isinstance(action, Discard)
            self.discard_chosen(p, action.card)
        MACHINE.advance(self)

    def cast(self, p: int, action: Cast, response: bool) -> None:
        self.hands[p].remove(action.card)
        target = action.target
        self.record("cast", player=p, card=action.card, target=-1 if target is None else target.id)
        frame = Frame(p, action.card, 0, () if target is None else (target,))
        if response:
            MACHINE.acted(self)  # a response restarts the round of passes; the caster keeps priority
            self.res.stack.append(frame)
        else:
            self.res.stack.append(frame)
            MACHINE.open_window(self, "respond", turn_order(self.active, self.game.num_players))

    def default_action(self, decision: Decision) -> Action:
        """Pass or end the turn; for a discard, the lowest card of one's own hand."""
        return {"respond": PASS, "main": END}.get(decision.kind) or self.legal_actions()[0]

    # -- the turn -----------------------------------------------------------------------------
    def step_turn(self) -> None:
        self.shields.expire("end_of_turn")
        self.active = self.next_player(self.active)
        p = self.active
        self.record("turn", player=p)
        if self.decks[p]:
            self.draw(p, 1)
        else:
            self.damage(p, 1, -1)  # an empty deck costs a life
        if p in self.out:
            self.res.step = "turn"
        elif not self.finished:
            self.decide(p, "main")

    def window_closed(self) -> None:
        if self.active in self.out and self.decisions:  # the active player went out meanwhile
            self.decisions.pop()
            self.res.step = "turn"

    def spell_done(self, frame: Frame) -> None:
        if frame.tag == "trigger":  # a permanent's triggered ability: the card stays where it is
            return
        owner = self.owners[frame.source]
        (self.boards if self.card(frame.source).row.permanent else self.discards)[owner].append(frame.source)

    def damaged(self, player: int) -> None:
        """Queue the triggers of the player's board (each filtered by its ``trigger_if``)."""
        for card in self.boards[player]:
            for ability in self.card(card).abilities[1:]:
                subjects = (refs.player(player),)
                if ability.triggers_on(self, Activation(player, card, ability.index, subjects=subjects)):
                    MACHINE.queue(self, Trigger(player, card, ability.index, "damage", subjects))

    def start_trigger(self, trigger: Trigger) -> bool:
        if trigger.player in self.out or trigger.source not in self.boards[trigger.player]:
            return False  # its card left the board meanwhile
        self.record("trigger", player=trigger.player, card=trigger.source)
        MACHINE.start(self, Frame(trigger.player, trigger.source, trigger.ability, (), 0, "trigger"))
        return True

    def leave(self, p: int) -> None:
        for frame in [f for f in self.res.stack if f.player == p]:  # their spells leave the stack
            self.res.stack.remove(frame)
            self.discards[p].append(frame.source)
        self.discards[p] += self.boards[p]
        self.boards[p] = []

    # -- the host of card text ----------------------------------------------------------------
    def spells(self, act: Activation) -> list[int]:
        return [f.source for f in self.res.stack if f.player != act.player]

    def counter(self, card: int) -> None:
        for frame in self.res.stack:
            if frame.source == card:
                self.res.stack.remove(frame)
                self.discards[self.owners[card]].append(card)
                self.record("countered", card=card)
                return

    # -- results, views, text ----------------------------------------------------------------
    def problems(self) -> list[str]:
        out = super().problems()  # the kernel's conservation keeps each player's cards in their zones
        if len(self.res.asks) != sum(d.kind in ASKS for d in self.decisions):
            out.append("asks and decisions out of step")
        if any(self.life[p] <= 0 for p in self.alive()):
            out.append("a player with no life is still in")
        if any(d.kind not in KINDS for d in self.decisions):
            out.append("a decision of a kind Brawl does not have")
        return out


MACHINE: Machine[BrawlState] = Machine(
    steps={"turn": BrawlState.step_turn},
    frame_steps=lambda s, f: s.card(f.source).steps[f.ability],
    activation=lambda s, f: Activation(f.player, f.source, f.ability, f.target, f.targets),
    start_trigger=BrawlState.start_trigger,
    over=lambda s: s.finished,
    frame_done=BrawlState.spell_done,
    windows={"respond": WindowRule(on_close=lambda s, w: s.window_closed())},
    is_out=lambda s, p: p in s.out,
    trigger_order="apnap",
    turn_order=lambda s: turn_order(s.active, s.game.num_players),
    same_trigger=lambda s, a, b: s.cards[a.source] == s.cards[b.source] and a.ability == b.ability,
)
BrawlState.machine = MACHINE

