"""Prevention and replacement effects: what would happen, changed before it happens.

A game routes each event card text may change through ``Replacements.apply`` before doing
it: damage, a card destroyed or moved, a draw... (``Happening``). Effects add ``Shield``
entries (``prevent``, ``reduce``, ``redirect``), which last a duration or a number of uses,
like ``Modifiers``. Every entry applies at most once to a happening, oldest first. Entries
are frozen records in a list: a clone is one list copy, the JSON is keyed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any, Literal

from . import values
from .refs import Ref
from .refs import card as card_ref

Mode = Literal["prevent", "reduce", "redirect"]
MODES = ("prevent", "reduce", "redirect")


@dataclass(frozen=True, slots=True)
class Happening:
    """Something about to happen: its kind (one of the registry's ``events``), whom it is about
    (a card or a player), an amount, a destination zone, the card it comes from (-1: the rules)."""

    kind: str
    subject: Ref
    amount: int = 0
    zone: str = ""
    source: int = -1


@dataclass(frozen=True, slots=True)
class Shield:
    """A prevention or replacement in effect, from card ``source``: on ``kind`` happenings to
    ``subject`` (a card or a player; ``None``: any), ``prevent`` stops it, ``reduce`` takes
    ``amount`` off it (to 0: it is prevented), ``redirect`` sends it to ``zone`` instead.
    ``until``: its duration; ``uses``: how many happenings it may still change (0: any number
    until it expires)."""

    source: int
    kind: str
    subject: Ref | None
    mode: Mode
    amount: int = 0
    zone: str = ""
    until: str = "permanent"
    uses: int = 0

    def covers(self, happening: Happening) -> bool:
        return self.kind == happening.kind and (self.subject is None or self.subject == happening.subject)



class Replacements:
    """The shields in effect, oldest first."""

    __slots__ = ("entries",)

    def __init__(self, entries: Iterable[Shield] = ()) -> None:
        self.entries = list(entries)

    def add(self, shield: Shield) -> None:
        self.entries.append(shield)

    def apply(self, happening: Happening) -> Happening | None:
        """``happening`` as the shields change it, ``None`` when it is prevented; shields with
        uses left lose one for each happening they changed."""
        if not self.entries:
            return happening
        kept: list[Shield] = []
        result: Happening | None = happening
        for shield in self.entries:
            if result is None or not shield.covers(result):
                kept.append(shield)
                continue
            if shield.mode == "prevent":
                result = None
            elif shield.mode == "reduce":
                left = max(0, result.amount - shield.amount)
                result = None if left == 0 else replace(result, amount=left)
            else:
                result = replace(result, zone=shield.zone)
            if shield.uses != 1:
                kept.append(shield if shield.uses == 0 else replace(shield, uses=shield.uses - 1))
        self.entries = kept
        return result

    def expire(self, until: str) -> None:
        self.entries = [e for e in self.entries if e.until != until]

    def forget(self, card: int) -> None:
        """A card left play: its shields end, and so do those protecting it."""
        protected = card_ref(card)
        self.entries = [e for e in self.entries if e.source != card and e.subject != protected]

    def copy(self) -> Replacements:
        return Replacements(self.entries)

    def to_json(self) -> list[dict[str, Any]]:
        data: list[dict[str, Any]] = REPLACEMENTS.dump(self, values.PLAIN)
        return data

    @staticmethod
    def from_json(data: Any, where: str = "replacements") -> Replacements:
        """Read by its declaration (``REPLACEMENTS``), every field checked."""
        shields: Replacements = REPLACEMENTS.load(data, values.PLAIN, where)
        return shields

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Replacements) and self.entries == other.entries

    def __repr__(self) -> str:
        return f"Replacements({self.entries!r})"


SHIELD = values.Rec(Shield, {
    "source": values.Int(), "kind": values.Text(), "subject": values.Opt(values.RefOf()),
    "mode": values.Text(MODES), "amount": values.Int(), "zone": values.Text(), "until": values.Text(),
    "uses": values.Int(0)}, immutable=True)
REPLACEMENTS = values.EntriesOf(Replacements, SHIELD)
"""The shields as a declared state's field: ``Field("shields", REPLACEMENTS)``."""
