"""Small records of a position and the value types the state declares them with.

Frames, asks and triggers are the kernel's (``kernel.resolution``). The value types here are
the few the kernel's ``values.py`` lacks: a card reference that may be a word instead (no
card, all the characters), the once-per-turn marks, the stat modifiers and a map written in
the order the rules made it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from ...kernel import values as v
from ...kernel.errors import NotationError

ABILITY_KEY = 16
"""A card has fewer abilities than this (checked at load): ``card * ABILITY_KEY + ability`` is a
key for one ability of one card instance (once-per-turn marks, the cached actions)."""
STATS = ("power", "defense")
DURATIONS = ("end_of_combat", "end_of_turn", "permanent")


class Result(NamedTuple):
    winner: int | None  # None: a draw
    reason: str


@dataclass(frozen=True)
class OrWord(v.Value):
    """A card (``inner``: its key, or its bare id) or one of a few negative numbers that stand
    for something else, written as their word: ``-1`` as null (no card), the villain's fight
    as ``"all"`` (all the characters)."""

    inner: v.Value
    words: tuple[tuple[int, str | None], ...]

    def dump(self, value: Any, ctx: v.Ctx) -> Any:
        for number, word in self.words:
            if value == number:
                return word
        return self.inner.dump(value, ctx)

    def load(self, data: Any, ctx: v.Ctx, where: str) -> int:
        for number, word in self.words:
            if data == word and type(data) is type(word):
                return number
        try:
            return int(self.inner.load(data, ctx, where))
        except NotationError:
            shown = " or ".join("null" if word is None else repr(word) for _, word in self.words)
            raise v.bad(where, f"should be a card or {shown}, not {v.excerpt(data)}") from None


class Nothing(v.Value):
    """Always null: the card of an event that has none (a search that found nothing)."""

    def load(self, data: Any, ctx: v.Ctx, where: str) -> None:
        if data is not None:
            raise v.bad(where, f"should be null, not {v.excerpt(data)}")


class Mark(NamedTuple):
    card: int
    ability: int


MARK = v.ListOf(v.Rec(Mark, {"card": v.Id(), "ability": v.Int(0, ABILITY_KEY - 1)}))


class Marks(v.Value):
    """The once-per-turn marks: a set of ``card * ABILITY_KEY + ability`` (one look-up on the
    hot paths), written keyed, ``{"card": id, "ability": index}``, in order."""

    shared: ClassVar[bool] = False

    def copy_code(self, expr: str) -> str:
        return f"set({expr})"

    def dump(self, value: Any, ctx: v.Ctx) -> Any:
        return [{"card": key // ABILITY_KEY, "ability": key % ABILITY_KEY} for key in sorted(value)]

    def load(self, data: Any, ctx: v.Ctx, where: str) -> set[int]:
        marks = {mark.card * ABILITY_KEY + mark.ability for mark in MARK.load(data, ctx, where)}
        if len(marks) != len(data):
            raise v.bad(where, "lists a mark twice")
        return marks
