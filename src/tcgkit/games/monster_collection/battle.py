"""A battle (戰鬥), RULES-NOTES 3.2 with A1 and A2 as MONSTER-COLLECTION.md corrects them.

Timings: instant summon (attacker, then defender), formation (attacker, then defender),
initiative (1D each plus the party's initiative; a tie is the simultaneous attack), the first
side's normal timing (battle spells, each answered or not by counters on the kernel's stack,
then its attack with Charge added), the second side's if it has creatures left (Defender
added), or both at once on a tie (no Charge, no Defender, no spells, A2). An attack's total
goes through the enemy party front to back: each creature whose defence the rest reaches dies
and the rest goes on; the first it does not reach stops it, and damage does not stay (A1,
``damage_accumulates``).
Battle end: no defender and an attacker alive takes the terrain (an HQ: its owner loses, U16);
otherwise the attackers alive go back to where they marched from (U15).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...kernel.state import EMPTY, decision
from .actions import Next, Pass
from .board import HQ

if TYPE_CHECKING:
    from .rules import MonsterCollectionState


def step(state: MonsterCollectionState) -> bool:
    """Move the battle on; True when a player was asked to decide."""
    fight = state.battle
    assert fight is not None
    side = fight.side
    if fight.step in ("first", "second"):
        cell = fight.cell
        if not state.parties[cell][side] or not state.parties[cell][1 - side]:
            finish(state)  # spells emptied a side: nothing is left to attack or to attack with
            return False
        state.decisions = [decision(side, "normal")]
        return True
    if fight.step == "instant":
        # U20: a timing is skipped only on public facts: no card in hand
        if state.hand[side]:
            state.decisions = [decision(side, "instant")]
            return True
        pass_timing(state, Pass())
        return False
    party = state.parties[fight.cell][side]
    if len(party) - fight.placed >= 2:
        state.decisions = [decision(side, "formation")]
        return True
    state.log.append(("formation", side, list(party)))
    if side == fight.attacker:
        fight.side, fight.placed = 1 - side, 0
        formation_starts(state)
        return False
    resolve(state)
    return False


def pass_timing(state: MonsterCollectionState, action: Pass) -> None:
    fight = state.battle
    assert fight is not None
    if fight.side == fight.attacker:
        fight.side = 1 - fight.attacker
        state.log.append(("timing", fight.side, "instant"))
        return
    fight.step, fight.side, fight.placed = "formation", fight.attacker, 0
    formation_starts(state)


def formation_starts(state: MonsterCollectionState) -> None:
    """A side's formation timing: the repetition rule's record of the last one is done with."""
    fight = state.battle
    assert fight is not None
    state.handed = {k for k in state.handed if not k.startswith("formation:")}
    state.log.append(("timing", fight.side, "formation"))


def next_in_line(state: MonsterCollectionState, action: Next) -> None:
    fight = state.battle
    assert fight is not None
    party = state.parties[fight.cell][fight.side]
    party.remove(action.card)
    party.insert(fight.placed, action.card)
    fight.placed += 1


def strike(state: MonsterCollectionState, side: int, kind: str, targets: list[int]) -> list[int]:
    """``side``'s attack total against ``targets`` (the enemy party as it stood), front to
    back; the creatures it kills (not yet removed)."""
    fight = state.battle
    assert fight is not None
    # a creature that used an action-completing ability (行動完了) does not attack
    attackers = [c for c in state.parties[fight.cell][side] if c not in fight.completed]
    attack = sum(state.stat(c, "attack") for c in attackers)
    bonus = 0
    if kind == "first":
        bonus = sum(state.card(c).charge for c in attackers)
    elif kind == "second":
        bonus = sum(state.card(c).defender for c in attackers)
    left = total = attack + bonus
    state.log.append(("strike", side, attack, bonus, total, kind))
    dead = []
    keeps = state.game.options.damage_accumulates
    for c in targets:
        defence = state.stat(c, "defence")
        taken = fight.damage.get(c, 0)  # always 0 unless damage_accumulates
        need = max(defence - taken, 0)
        if left >= need:
            left -= need
            state.log.append(("dies", c, defence, need, left))
            dead.append(c)
            continue
        if keeps:
            fight.damage[c] = taken + left
        state.log.append(("holds", c, defence, left))
        break
    return dead


def remove(state: MonsterCollectionState, dead: list[int]) -> None:
    for c in dead:
        state.kill(c)


def resolve(state: MonsterCollectionState) -> None:
    """Initiative, the attacks, and the battle's end."""
    fight = state.battle
    assert fight is not None
    a, cell = fight.attacker, fight.cell
    d = 1 - a
    totals = []
    for side in (a, d):
        die = state.rng.below(6) + 1
        bonus = sum(state.stat(c, "initiative") for c in state.parties[cell][side])
        totals.append(die + bonus)
        state.log.append(("initiative", side, die, bonus, die + bonus))
    if totals[0] == totals[1]:  # A2: both at once, no Charge, no Defender, no decisions
        state.log.append(("simultaneous",))
        on_d = strike(state, a, "simultaneous", list(state.parties[cell][d]))
        on_a = strike(state, d, "simultaneous", list(state.parties[cell][a]))
        remove(state, on_d + on_a)
        finish(state)
        return
    first = a if totals[0] > totals[1] else d
    state.log.append(("goes_first", first))
    fight.step, fight.side = "first", first  # its normal timing: spells, then the attack


def attack(state: MonsterCollectionState) -> None:
    """The side's normal attack lands and ends its timing (after its counter window, if any);
    the second side's comes if it has creatures left (``step`` sees to it), then the battle ends."""
    fight = state.battle
    assert fight is not None
    side, cell = fight.side, fight.cell
    remove(state, strike(state, side, fight.step, list(state.parties[cell][1 - side])))
    if fight.step == "first":
        fight.step, fight.side = "second", 1 - side
    else:
        finish(state)


def finish(state: MonsterCollectionState) -> None:
    """Battle end (3.2 step 7 as corrected): the terrain taken, or the march failed."""
    fight = state.battle
    assert fight is not None
    a, cell = fight.attacker, fight.cell
    d = 1 - a
    state.battle = None
    state.phase = "main"
    attackers, defenders = state.parties[cell][a], state.parties[cell][d]
    if attackers and not defenders:
        state.log.append(("takes", a, cell))
        if cell == HQ[d]:
            state.finish(a, "HQ fall")  # R5, U16: before any return or judgement
        return
    if attackers:
        state.log.append(("march_fails", a, cell))
    for c in list(attackers):  # U15: back to the origin, even over its limit
        origin = fight.origins.get(c, EMPTY)
        if c in fight.summoned:
            origin = HQ[a] if state.game.options.failed_instant_summons == "hq" else EMPTY
        attackers.remove(c)
        if origin != EMPTY and state.terrain[origin] != EMPTY:
            state.parties[origin][a].append(c)
            state.log.append(("returns", a, c, origin))
        else:
            state.parties[cell][a].append(c)
            state.kill(c)
            state.log.append(("lost", a, c))
    if not defenders and not state.parties[cell][a]:
        state.log.append(("wiped_out", cell))  # R80: a creature-less terrain now
        if cell in HQ:
            state.hq_closed.add(cell)  # R82: no march into that HQ again this turn
