"""What a battle under way is likely to come to, for the heuristic (``MonsterCollection.heuristic``).

Scored as it stands, a march into a battle is creatures moved and nothing more: a one-ply player
cannot tell the march that takes the enemy HQ from the one that throws its party away, so two
cautious players stood beside each other's HQ until the turn limit. The forecast plays the
battle's attacks out with ``battle.py``'s own rules, once for each way the initiative dice can
fall (the attacker first, the defender first, both at once), from the parties as they stand, and
weighs each end by its chance. Spells, counters and instant summons still to come are not
guessed: those cards stay in hand, where the heuristic counts them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from . import battle

if TYPE_CHECKING:
    from .rules import MonsterCollectionState

SIMULTANEOUS = -1  # the initiative tie (A2): both sides attack at once


def initiative_odds(state: MonsterCollectionState) -> dict[int, float]:
    """The chance that each side goes first, and of the tie (``SIMULTANEOUS``): 1D each plus
    the party's initiative, as ``battle.resolve`` rolls them."""
    fight = state.battle
    assert fight is not None
    a, cell = fight.attacker, fight.cell
    bonus = [sum(state.stat(c, "initiative") for c in state.parties[cell][side]) for side in (a, 1 - a)]
    counts = {a: 0, 1 - a: 0, SIMULTANEOUS: 0}
    for mine in range(1, 7):
        for theirs in range(1, 7):
            lead = mine + bonus[0] - theirs - bonus[1]
            counts[SIMULTANEOUS if lead == 0 else a if lead > 0 else 1 - a] += 1
    return {side: n / 36 for side, n in counts.items() if n}


def play_out(state: MonsterCollectionState, first: int) -> None:
    """End the battle on ``state`` (a copy): ``first`` attacks, then the other side if it has
    creatures left, or both at once (``SIMULTANEOUS``); then the battle's end."""
    fight = state.battle
    assert fight is not None
    party = state.parties[fight.cell]
    if party[0] and party[1]:
        if first == SIMULTANEOUS:
            a, d = fight.attacker, 1 - fight.attacker
            dead = battle.strike(state, a, "simultaneous", list(party[d]))
            battle.remove(state, dead + battle.strike(state, d, "simultaneous", list(party[a])))
        else:
            kind = "second" if fight.step == "second" else "first"
            battle.remove(state, battle.strike(state, first, kind, list(party[1 - first])))
            if kind == "first" and party[1 - first]:
                battle.remove(state, battle.strike(state, 1 - first, "second", list(party[first])))
    battle.finish(state)


def expected(state: MonsterCollectionState, score: Callable[[MonsterCollectionState], float]) -> float:
    """``score`` of the battle's end, averaged over the initiative dice until the first attack
    has landed. The dice are averaged even once rolled: a march with neither hand able to answer
    rolls them at once, so a player looking one move ahead would otherwise score each march by
    one roll of its own imagining and choose the march whose roll was luckiest."""
    fight = state.battle
    assert fight is not None
    odds = {fight.side: 1.0} if fight.step == "second" else initiative_odds(state)
    total = 0.0
    for first, chance in odds.items():
        end = cast("MonsterCollectionState", state.clone())
        play_out(end, first)
        total += chance * score(end)
    return total
