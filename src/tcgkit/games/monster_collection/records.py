"""Monster Collection's side records: a battle under way and the result."""

from __future__ import annotations

from typing import ClassVar

from ...kernel import values as v
from ...kernel.values import record

ID, CELL, PLAYER = v.Id(), v.Int(0, 11), v.Player()
STEPS = ("instant", "formation", "first", "second")


@record
class Battle(v.SideRecord):
    """A battle (戰鬥) on ``cell``: the attacker (進軍側), each marcher's origin, the attacker's
    instant summons, the timing now (``step``) and whose it is (``side``), how many of that
    side's party are placed in formation, damage kept when ``damage_accumulates``, the slots spent,
the stat changes until the battle ends, and the creatures' special abilities used."""

    FIELDS: ClassVar[dict[str, v.Value]] = {
        "cell": CELL,
        "attacker": PLAYER,
        "origins": v.MapOf(ID, CELL, ("card", "cell")),
        "summoned": v.SetOf(ID),
        "step": v.Text(STEPS),
        "side": PLAYER,
        "placed": v.Int(0),
        "damage": v.MapOf(ID, v.Int(0), ("card", "damage")),
        "spent": v.MapOf(v.Text(), v.Int(0), ("slots", "spent")),
        "boosts": v.MapOf(v.Text(), v.Int(), ("stat", "amount")),
        "used": v.SetOf(ID),
        "completed": v.SetOf(ID),
    }
    cell: int
    attacker: int
    origins: dict[int, int]
    summoned: set[int]
    step: str
    side: int
    placed: int
    damage: dict[int, int]
    spent: dict[str, int]  # spell slots used this battle, by "player:element"
    boosts: dict[str, int]  # spells' stat changes until the battle ends, by "stat:card"
    used: set[int]  # creatures that used their special ability this battle (once a battle)
    completed: set[int]  # creatures whose action-completing ability stands for their attack


@record
class Result(v.SideRecord):
    FIELDS: ClassVar[dict[str, v.Value]] = {"winner": v.Opt(PLAYER), "reason": v.Text()}
    winner: int | None
    reason: str
