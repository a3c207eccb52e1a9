"""Monster Collection actions, one line each. Cards are ``Name#id``; cells are numbered from
the acting player's seat (``1``-``6`` their territory, ``E1``-``E6`` the enemy's):
``discard Ember Imp#3``, ``refill``, ``place Forest#12 at 2``, ``proxy at 3``,
``march to E2: Griffin#40, Harpy#41``, ``exchange Long Sword#7 from Imp#3 to Golem#9``,
``exchange Long Sword#7 from Imp#3 to Golem#9 for Tower Shield#8`` (a swap),
``summon Kraken#20``, ``equip Long Sword#7 to Imp#3``, ``unequip Long Sword#7``,
``instant Harpy#41``, ``next Griffin#40``, ``lose Harpy#41``, ``cast Sunburst#60 at Golem#9``,
``use Fire Flask#61 at Golem#9`` (an item, or a creature's ability), ``perform Second Wind#62 at
Imp#3`` (a ritual), ``place Ley Line#12 at 2 with ability`` (its hand-type ability declared),
``attack``, ``end main``, ``end summon``, ``pass``."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...kernel import refs
from ...kernel.actions import Action


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """A hand adjustment's discard (R26, R27)."""

    card: int
    name: str = field(compare=False)

    def __str__(self) -> str:
        return f"discard {self.name}"

    def refs(self) -> tuple[refs.Ref, ...]:
        return (refs.card(self.card),)


@dataclass(frozen=True, slots=True)
class Refill(Action):
    """The end of a hand adjustment's discards: draw to the limit (R28)."""

    def __str__(self) -> str:
        return "refill"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """A terrain card from hand, revealed, onto a cell (R50-R55); ``declare``: its hand-type
    ability (手牌型特殊能力) declared with the reveal (R52)."""

    card: int
    cell: int
    name: str = field(compare=False)
    where: str = field(compare=False)
    declare: bool = False

    def __str__(self) -> str:
        return f"place {self.name} at {self.where}{' with ability' if self.declare else ''}"

    def refs(self) -> tuple[refs.Ref, ...]:
        return (refs.card(self.card), refs.cell(self.cell))


@dataclass(frozen=True, slots=True)
class Proxy(Action):
    """The deck's top card, unseen, as a proxy terrain (R53, R56-R63)."""

    cell: int
    where: str = field(compare=False)

    def __str__(self) -> str:
        return f"proxy at {self.where}"

    def refs(self) -> tuple[refs.Ref, ...]:
        return (refs.cell(self.cell),)


@dataclass(frozen=True, slots=True)
class March(Action):
    """One march declaration: creatures, from any terrains, to one terrain (R64-R82, U10)."""

    cell: int
    cards: tuple[int, ...]
    where: str = field(compare=False)
    names: tuple[str, ...] = field(compare=False)

    def __str__(self) -> str:
        return f"march to {self.where}: {', '.join(self.names)}"

    def refs(self) -> tuple[refs.Ref, ...]:
        return (*(refs.card(c) for c in self.cards), refs.cell(self.cell))


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Equipment exchanged between two creatures on the same terrain (R83): ``equipment`` from
    ``source`` to ``target``, and ``back`` (an equipment card of ``target``) the other way; or,
    with ``back`` ``-1``, one way only (R84: only one of them has any)."""

    equipment: int
    source: int
    target: int
    names: tuple[str, ...] = field(compare=False)  # equipment, source, target[, back]
    back: int = -1

    def __str__(self) -> str:
        equipment, source, target = self.names[:3]
        swap = f" for {self.names[3]}" if self.back >= 0 else ""
        return f"exchange {equipment} from {source} to {target}{swap}"

    def refs(self) -> tuple[refs.Ref, ...]:
        out = (refs.card(self.equipment), refs.card(self.source), refs.card(self.target))
        return out if self.back < 0 else (*out, refs.card(self.back))


@dataclass(frozen=True, slots=True)
class Summon(Action):
    """A normal summon to one's own HQ (R89), or an instant summon into a battle (``instant``)."""

    card: int
    name: str = field(compare=False)
    instant: bool = False

    def __str__(self) -> str:
        return f"{'instant' if self.instant else 'summon'} {self.name}"

    def refs(self) -> tuple[refs.Ref, ...]:
        return (refs.card(self.card),)


@dataclass(frozen=True, slots=True)
class Equip(Action):
    """An equipment card from hand onto a creature with free item slots (R90)."""

    equipment: int
    creature: int
    names: tuple[str, str] = field(compare=False)

    def __str__(self) -> str:
        return f"equip {self.names[0]} to {self.names[1]}"

    def refs(self) -> tuple[refs.Ref, ...]:
        return (refs.card(self.equipment), refs.card(self.creature))


@dataclass(frozen=True, slots=True)
class Unequip(Action):
    """An equipment card discarded from its creature, freeing its slots (R88)."""

    equipment: int
    name: str = field(compare=False)

    def __str__(self) -> str:
        return f"unequip {self.name}"

    def refs(self) -> tuple[refs.Ref, ...]:
        return (refs.card(self.equipment),)


@dataclass(frozen=True, slots=True)
class Next(Action):
    """Formation: the next creature of the party, front to back (RULES-NOTES 3.2 step 2)."""

    card: int
    name: str = field(compare=False)

    def __str__(self) -> str:
        return f"next {self.name}"

    def refs(self) -> tuple[refs.Ref, ...]:
        return (refs.card(self.card),)


@dataclass(frozen=True, slots=True)
class Lose(Action):
    """A creature of a party over its terrain's new limit, discarded by its owner (U7)."""

    card: int
    name: str = field(compare=False)

    def __str__(self) -> str:
        return f"lose {self.name}"

    def refs(self) -> tuple[refs.Ref, ...]:
        return (refs.card(self.card),)


@dataclass(frozen=True, slots=True)
class End(Action):
    """The end of the main phase, or of the normal summon phase."""

    phase: str  # "main" | "summon"

    def __str__(self) -> str:
        return f"end {self.phase}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Done in a battle's instant-summon timing."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Cast(Action):
    """A card's text used at its target (``-1``: none): a battle spell from hand (``cast``) in
    its side's normal timing or as a counter (対抗); a consumable item from hand or a creature's
    special ability in the battle (``use``); a ritual in the main phase (``perform``)."""

    card: int
    target: int
    names: tuple[str, str] = field(compare=False)
    verb: str = field(default="cast", compare=False)

    def __str__(self) -> str:
        at = f" at {self.names[1]}" if self.target >= 0 else ""
        return f"{self.verb} {self.names[0]}{at}"

    def refs(self) -> tuple[refs.Ref, ...]:
        if self.target < 0:
            return (refs.card(self.card),)
        return (refs.card(self.card), refs.card(self.target))


@dataclass(frozen=True, slots=True)
class Strike(Action):
    """The side's normal attack: every creature of its party attacks (RULES-NOTES 3.2 step 4)."""

    def __str__(self) -> str:
        return "attack"


REFILL, PASS, END_MAIN, END_SUMMON, STRIKE = Refill(), Pass(), End("main"), End("summon"), Strike()
