"""The changes the rebalancer may propose, and how a set of them becomes a game to play.

A change never touches the shipped files: card values go through the games' own card-file
option. The game's card file is copied with the changed values into a scratch folder, named by
its content hash and given to the process (``kernel.card_files.add_card_file``), and the
options name it by that hash (``card_files`` for the TOML games, ``card_file`` for Triple
Triad and Forge & Fury, as ``tcgkit sweep`` does), so workers in other processes and on Ray
receive it like any card file. A deck's list changes by one copy swapped for another card of
the list, checked against the game's deck rules.
"""

from __future__ import annotations

import csv
import hashlib
import io
import re
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...kernel.card_files import add_card_file, shipped_card_file
from ..runner import _game
from ..sweep import CARD_FILES, card_table, find_card
from .targets import BalanceError

# Games whose cards are TOML tables ([[card]] with a name): the option and the shipped file.
TOML_FILES = {
    "conflictus": ("tcgkit.games.conflictus", "data/ca1.toml"),
    "monster-collection": ("tcgkit.games.monster_collection", "data/mc1.toml"),
    "ff-tcg": ("tcgkit.games.ff_tcg", "data/ff1.toml"),
}
# The values a designer tunes first, per game (``--fields`` names others).
DEFAULT_FIELDS = {
    "conflictus": ("attack", "defense", "cost"),
    "monster-collection": ("attack", "defence"),
    "ff-tcg": ("power", "cost"),
    "triple-triad": ("top", "right", "bottom", "left"),
    "forge-fury": ("green", "red", "blue"),
}
CHEAPER_IS_STRONGER = ("cost", "level")  # a lower value makes the card stronger


@dataclass(frozen=True, slots=True)
class ValueChange:
    """``card``'s ``field`` moved by ``delta`` (from ``before``)."""

    card: str
    field: str
    before: int
    delta: int

    @property
    def label(self) -> str:
        return f"{self.card} {self.field} {self.before} -> {self.before + self.delta}"

    def stronger(self) -> bool:
        return (self.delta > 0) != (self.field in CHEAPER_IS_STRONGER)


@dataclass(frozen=True, slots=True)
class DeckSwap:
    """One copy of ``out`` in ``deck`` replaced by one of ``into``."""

    deck: str
    out: str
    into: str

    @property
    def label(self) -> str:
        return f"{self.deck}: one {self.out} -> one more {self.into}"


Change = ValueChange | DeckSwap


def merged(changes: Sequence[Change]) -> tuple[Change, ...]:
    """``changes`` with the steps on one card's field summed (attack -1 twice: attack -2), those
    that cancel dropped, and the values in one order (by card and field; they commute), so that
    the same changes reached in another order are known as the same candidate. Swaps keep
    their order, after the values."""
    out: list[Change] = []
    for change in changes:
        if isinstance(change, ValueChange):
            same = next((i for i, c in enumerate(out) if isinstance(c, ValueChange)
                         and (c.card, c.field) == (change.card, change.field)), None)
            if same is not None:
                old = out[same]
                assert isinstance(old, ValueChange)
                total = old.delta + change.delta
                if total:
                    out[same] = ValueChange(old.card, old.field, old.before, total)
                else:
                    del out[same]
                continue
        out.append(change)
    values = sorted((c for c in out if isinstance(c, ValueChange)), key=lambda c: (c.card, c.field))
    return (*values, *(c for c in out if isinstance(c, DeckSwap)))


class CardValues:
    """The game's card file as values by card and field, and edited copies of it."""

    def __init__(self, game_name: str, options: dict[str, Any], folder: Path) -> None:
        self.game_name, self.options, self.folder = game_name, dict(options), folder
        if game_name in TOML_FILES:
            if options.get("card_files"):
                raise BalanceError("the rebalancer edits the game's shipped card file; this run names "
                                   "its own (card_files)")
            package, name = TOML_FILES[game_name]
            self.text = shipped_card_file(package, *name.split("/")).text()
            self.cards = {str(c["name"]): c for c in tomllib.loads(self.text).get("card", [])}
        elif game_name in CARD_FILES:
            self.header, self.rows = card_table(game_name, options)
            self.cards = {}
        else:
            raise BalanceError(f"{game_name}'s cards are not a card file the rebalancer can edit "
                               f"(games: {', '.join(sorted({*TOML_FILES, *CARD_FILES}))})")

    def value(self, card: str, field: str) -> int | None:
        """``card``'s ``field`` as a whole number, or None when it has none."""
        if self.game_name in TOML_FILES:
            row = self.cards.get(card)
            if row is None:
                raise BalanceError(f"no card {card!r} in {self.game_name}'s card file")
            value = row.get(field)
            return value if type(value) is int else None
        row_index = find_card(self.header, self.rows, card)
        if field not in self.header:
            return None
        try:
            return int(self.rows[row_index][self.header.index(field)])
        except ValueError:
            return None

    def options_for(self, changes: Sequence[Change]) -> dict[str, Any]:
        """The options that play the game with ``changes``' values (the shipped ones without)."""
        values = [c for c in changes if isinstance(c, ValueChange)]
        if not values:
            return dict(self.options)
        text = self._edited(values)
        path = self.folder / f"cards-{hashlib.sha256(text.encode()).hexdigest()[:16]}{self._suffix}"
        path.write_text(text, encoding="utf-8")
        ref = add_card_file(path)
        key = "card_files" if self.game_name in TOML_FILES else "card_file"
        options = {**self.options, key: (ref,) if key == "card_files" else ref}
        try:
            _game(self.game_name, options)
        except Exception as exc:  # the game's own loader says what is wrong with the values
            said = str(exc).replace(str(path), "the edited card file")
            raise BalanceError(f"{', '.join(c.label for c in values)}: {said}") from None
        return options

    @property
    def _suffix(self) -> str:
        return ".toml" if self.game_name in TOML_FILES else ".csv"

    def _edited(self, values: Sequence[ValueChange]) -> str:
        if self.game_name not in TOML_FILES:
            rows = [list(r) for r in self.rows]
            for c in values:
                row = find_card(self.header, rows, c.card)
                rows[row][self.header.index(c.field)] = str(c.before + c.delta)
            buffer = io.StringIO()
            csv.writer(buffer, lineterminator="\n").writerows([self.header, *rows])
            return buffer.getvalue()
        text = self.text
        for c in values:
            text = edit_toml(text, c.card, c.field, c.before + c.delta)
        return text


def edit_toml(text: str, card: str, field: str, value: int) -> str:
    """``text`` with ``card``'s top-level ``field`` set to ``value`` (the line rewritten, or
    added after the card's name): the rest of the file byte for byte as it was."""
    blocks = re.split(r"(?m)^(?=\[\[card\]\]\s*$)", text)
    name_line = re.compile(rf'(?m)^name[ \t]*=[ \t]*"{re.escape(card)}"[ \t]*$')
    for i, block in enumerate(blocks):
        head, sub, rest = block.partition("\n[[card.")  # the card's own keys come before its sub-tables
        if not block.startswith("[[card]]") or not name_line.search(head):
            continue
        line = re.compile(rf"(?m)^{re.escape(field)}[ \t]*=[ \t]*-?\d+[ \t]*$")
        if line.search(head):
            head = line.sub(f"{field} = {value}", head, count=1)
        else:
            head = name_line.sub(lambda m: f"{m[0]}\n{field} = {value}", head, count=1)
        blocks[i] = head + sub + rest
        edited = "".join(blocks)
        got = next(c for c in tomllib.loads(edited)["card"] if c.get("name") == card)
        if got.get(field) != value:
            raise BalanceError(f"could not set {card}'s {field} in the card file")
        return edited
    raise BalanceError(f"no card {card!r} in the card file")


VALUE_TEXT = re.compile(r"^(?P<card>.+) (?P<field>\w+) (?P<before>-?\d+) -> (?P<after>-?\d+)$")
SWAP_TEXT = re.compile(r"^(?P<deck>[^:]+): one (?P<out>.+) -> one more (?P<into>.+)$")


def parse_change(text: str, value: Callable[[str, str], int | None], decks: dict[str, list[str]]) -> Change:
    """A change in the words the rebalancer reports it (``Golem de Pedra attack 2 -> 4``,
    ``aurora: one Arcanjo de Lúmen -> one more Fonte de Luz``), checked against the shipped
    values (``value``) and the decks' lists."""
    text = " ".join(text.split())
    swap = SWAP_TEXT.match(text)
    if swap is not None:
        deck, out, into = swap["deck"], swap["out"], swap["into"]
        if deck not in decks:
            raise BalanceError(f"--start {text!r}: no deck {deck!r} (the decks: {', '.join(decks)})")
        if out not in decks[deck]:
            raise BalanceError(f"--start {text!r}: {deck} holds no {out}")
        return DeckSwap(deck, out, into)
    change = VALUE_TEXT.match(text)
    if change is None:
        raise BalanceError(f"--start {text!r}: give a change as the rebalancer reports it, "
                           "'CARD FIELD BEFORE -> AFTER' or 'DECK: one CARD -> one more CARD'")
    card, name = change["card"], change["field"]
    before, after = int(change["before"]), int(change["after"])
    shipped = value(card, name)
    if shipped is None:
        raise BalanceError(f"--start {text!r}: {card} has no number {name!r}")
    if shipped != before:
        raise BalanceError(f"--start {text!r}: {card}'s {name} is {shipped}, not {before}")
    if after == before:
        raise BalanceError(f"--start {text!r}: the value does not change")
    return ValueChange(card, name, before, after - before)


def swapped(deck: Sequence[str], swap: DeckSwap) -> list[str]:
    out = list(deck)
    if swap.out not in out:
        raise BalanceError(f"{swap.deck} holds no {swap.out}")
    out.remove(swap.out)
    out.append(swap.into)
    return out

