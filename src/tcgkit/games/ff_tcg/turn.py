"""The turn outside combat: draw and reconcile, the play phase, abilities, the end of the turn.

Abilities resolve on the kernel's engine (``kernel.resolution``, set up in ``machine.py``): a
used ability starts a frame whose steps (costs, then effects) run in order; a step that needs
a choice asks (a decision of kind discard / sacrifice / search / target) and the frame resumes
once it is answered. Triggered abilities are queued and start one at a time, first in first
out. ``res.step`` names the automatic continuation of the turn once they are done.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...kernel import refs
from ...kernel.resolution import Ask, Frame, Trigger
from .actions import TO_ATTACK, TO_CITY, Hide, Play, Turn, Use
from .host import WINDOWS
from .legal import ability_targets, ask_options
from .records import ABILITY_KEY

if TYPE_CHECKING:
    from ...kernel.actions import Action
    from .rules import FFTcgState


def start_turn(s: FFTcgState) -> None:
    s.turn += 1
    if s.turn > s.game.options.turn_limit:
        s.finish(None, "turn limit")
        return
    p = s.active
    s.log.append(("turn", s.turn, p))
    s.draw(p, 1)  # FF3: also on the first turn
    size = s.game.options.hand_size
    if len(s.hand[p]) < size:
        s.draw(p, size - len(s.hand[p]))
    s.decide(p, "play")
    if len(s.hand[p]) > size:
        s.decide(p, "reconcile")


def step_end_turn(s: FFTcgState) -> None:
    p = s.active
    users = s.t.fired["end_of_turn"]
    if users:
        zones = (s.chars[p], s.items[p], s.world[p], s.cities[p], s.city_mons[1 - p])
        if not all(map(users.isdisjoint, zones)):  # (in C: at most turns none of them is in play)
            fire(s, "end_of_turn", [c for zone in zones for c in zone if c in users])
    s.res.step = "next_turn"


def step_next_turn(s: FFTcgState) -> None:
    if s.mods.entries:
        s.mods.expire("end_of_combat")
        s.mods.expire("end_of_turn")
    s.used.clear()
    s.left_on.clear()
    s.played = False
    s.active = 1 - s.active
    start_turn(s)


# -- abilities ------------------------------------------------------------------------

def start_ability(s: FFTcgState, p: int, source: int, index: int, target: int, tag: str) -> None:
    s.used.add(source * ABILITY_KEY + index)
    s.game.machine.start_frame(s, p, source, index, () if target < 0 else (refs.card(target),), tag)


def frame_done(s: FFTcgState, frame: Frame) -> None:
    """A turned action that finished resolving goes to its owner's discard pile."""
    p, source = frame.player, frame.source
    if frame.tag == "turned" and source in s.resolving[p]:
        s.resolving[p].remove(source)
        s.discard[p].append(source)


def fire(s: FFTcgState, timing: str, cards: list[int]) -> None:
    """Queue the ``timing`` abilities of ``cards`` (each for its owner)."""
    users = s.t.fired[timing]
    if not users or users.isdisjoint(cards):
        return
    timed, kind, size, queue = s.game.timed, s.t.kind, s.t.size, s.game.machine.queue_trigger
    for card in cards:
        for index in timed[kind[card]].get(timing, ()):
            queue(s, card // size, card, index, timing, (refs.card(card),))


def start_trigger(s: FFTcgState, trigger: Trigger) -> bool:
    """Start a queued trigger (asking for its target when it takes one); False: it is dropped
    (its city has a monster on it, or its condition, cost or targets fail now)."""
    p, source, index = trigger.player, trigger.source, trigger.ability
    ability = s.game.cards[s.t.kind[source]].abilities[index]
    if not s.ability_active(source):
        return False
    targets = ability_targets(s, p, source, ability)
    if not targets:
        return False
    start_ability(s, p, source, index, -1, "")
    if targets != [-1]:
        s.ask(p, "target", 1)
    s.log.append(("trigger", p, source, index))
    return True


# -- moves ------------------------------------------------------------------------------

def do_play(s: FFTcgState, action: Play) -> None:
    p, c = s.active, action.card
    s.hand[p].remove(c)
    s.played = True
    mode, where = action.mode, action.where
    typ = s.ctype(c)
    if typ == "character":
        s.chars[p].append(c)
    elif typ == "item":
        s.items[p].append(c)
        s.on[c] = where
    elif typ == "city":
        s.cities[p].append(c)
    elif mode == TO_CITY:
        s.city_mons[1 - p].append(c)
        s.on[c] = where
    elif mode == TO_ATTACK:
        s.attackers.append(c)
    else:  # a monster to the World, or a villain
        s.world[p].append(c)
    s.log.append(("play", p, c, mode, where))
    fire(s, "on_play", [c])
    if mode == TO_ATTACK:
        fire(s, "on_attack", [c])


def do_hide(s: FFTcgState, action: Hide) -> None:
    p = s.active
    s.hand[p].remove(action.card)
    s.hidden[p].append(action.card)
    s.played = True
    s.log.append(("hide", p, action.card))


def do_turn(s: FFTcgState, action: Turn) -> None:
    c = action.card
    p = c // s.t.size
    s.hidden[p].remove(c)
    s.resolving[p].append(c)  # face up while it resolves
    s.log.append(("turn_up", p, c, action.target))
    acted(s)
    usage = s.game.turn_usage[s.t.kind[c]]
    assert usage is not None  # only a card with a Virar is turned
    start_ability(s, p, c, usage.ability, action.target, "turned")


def do_use(s: FFTcgState, action: Use) -> None:
    p = action.card // s.t.size
    s.log.append(("use", p, action.card, action.ability, action.target))
    acted(s)
    start_ability(s, p, action.card, action.ability, action.target, "")


def acted(s: FFTcgState) -> None:
    """An action in a fight's effect window (not a pass): the window's rule decides who acts
    next (in Final Fantasy TCG the same player, until they pass)."""
    if s.res.windows and s.decisions[-1].kind in WINDOWS:
        s.game.machine.acted(s)


def do_end(s: FFTcgState, action: Action | None = None) -> None:
    s.decisions.pop()
    s.mside, s.cside = s.active, 1 - s.active
    s.log.append(("combat", s.active))
    s.decide(s.active, "declare")


def pick_reconcile(s: FFTcgState, card: int) -> None:
    p = s.decisions[-1].player
    s.move_from_hand(card, "discard")
    if len(s.hand[p]) <= s.game.options.hand_size:
        s.decisions.pop()


def answer(s: FFTcgState) -> None:
    """One card of the top ask is given: the ask closes when all are, or when what is
    left to give is no longer a choice (as many cards left as are owed). Only a sacrifice
    can get there: a character takes its items along, while a discard (the other ask of more
    than one card) takes one card of a hand that held more than were owed."""
    asks = s.res.asks
    ask = asks[-1]
    if ask.count > 1:
        asks[-1] = Ask(ask.player, ask.kind, ask.count - 1, ask.detail)
        options = ask_options(s)
        if len(options) > ask.count - 1:
            return
        for card in options[:]:
            s.sacrifice(card)
    s.game.machine.answered(s)


def pick_discard(s: FFTcgState, card: int) -> None:
    s.move_from_hand(card, "discard")
    answer(s)


def pick_sacrifice(s: FFTcgState, card: int) -> None:
    s.sacrifice(card)
    answer(s)


def pick_search(s: FFTcgState, card: int) -> None:
    p = s.res.asks[-1].player
    s.deck[p].remove(card)
    s.hand[p].append(card)
    s.shuffle_deck(p)
    s.log.append(("search", p, card))
    answer(s)


def pick_target(s: FFTcgState, card: int) -> None:
    frame = s.res.frames[-1]
    s.game.machine.retarget(s, (refs.card(card),))
    s.log.append(("target", frame.player, frame.source, card))
    answer(s)
