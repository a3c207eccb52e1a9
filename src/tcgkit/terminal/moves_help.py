"""``help`` at the table: the legal moves grouped as a player reads them, not one per line.

A march's creatures are a set: ``march to 6: up to 3 of Blaze Knight#65, Parisette#96,
Acolyte#97`` stands for its seven subsets. Moves that differ only in their last word share a
line (``place Forest#79 at 6 / 4 / 3 / 2``), and so do moves that differ only in their one
card (``place Forest#79 / Misty Shore#74 at 6 / 4``). Lines are wrapped at word boundaries.
"""

from __future__ import annotations

import re
import textwrap
from collections import Counter
from collections.abc import Callable
from typing import Any

from ..kernel import loose
from ..kernel.actions import Action
from ..kernel.game import State
from ..kernel.refs import Kind
from .render import Renderer

OR = " / "


def grouped(state: State[Any], mover: int, up_to: Callable[[int, str], str]) -> tuple[list[str], set[str]]:
    """The mover's legal moves, one line per group, and the moves that keep their own words on
    it (their card stands beside others', but no word of theirs is merged away: what each does
    is worth saying). ``up_to(count, cards)``: the words of a set (``choose up to 3 of ...``)
    in the player's language."""
    seen = loose.seen_cards(state, mover)
    sets: dict[str, list[tuple[loose.Seen, ...]]] = {}  # "march to 6:" -> the card sets
    single: list[tuple[str, str, str]] = []
    keyed = []
    for action in state.legal_actions():
        made = loose.tokens(str(action), cards_of(action, seen))
        keyed.append((action, made, set_key(str(action), made)))
    with_sets = {key for _, made, key in keyed if key is not None
                 and any(isinstance(t, loose.Group) and len(t.cards) > 1 for t in made)}
    for action, made, key in keyed:
        if key in with_sets:
            sets.setdefault(key, []).append(next(t for t in made if isinstance(t, loose.Group)).cards)
        else:
            single.append(plain(str(action)))
    out = []
    for key, groups in sets.items():
        cards = list(dict.fromkeys(c.label for group in groups for c in group))
        out.append(f"{key} {up_to(max(len(group) for group in groups), ', '.join(cards))}")
    heads = Counter((head, rest) for head, _, rest in single)
    own = {head + word + rest for head, word, rest in single if heads[head, rest] == 1}
    return out + merge_cards(merge_last(single), {c.label for c in seen.values()}), own


def cards_of(action: Action, seen: dict[int, loose.Seen]) -> list[loose.Seen]:
    return [seen[r.id] for r in action.refs() if r.kind is Kind.CARD and r.id in seen]


def set_key(notation: str, made: list[loose.Token]) -> str | None:
    """The words before a move's one list of cards (``march to 6:``), when the list ends it."""
    lists = [i for i, t in enumerate(made) if isinstance(t, loose.Group)]
    if len(lists) != 1 or lists[0] != len(made) - 1:
        return None
    first = made[lists[0]]
    assert isinstance(first, loose.Group)
    return notation[:notation.find(first.cards[0].label)].rstrip()


CELL = re.compile(r"(?<= )E?\d+(?= |$)")  # a cell or a number, as a word of its own


def plain(notation: str) -> tuple[str, str, str]:
    """A move as the words around the one that varies, and that word: its cell (``Geezard@`` and
    ``4``; ``place Ley Line#5 at``, ``6`` and `` with ability``), else its last word."""
    head, at, tail = notation.rpartition("@")
    if at:
        return head + at, tail, ""
    cells = list(CELL.finditer(notation))
    if cells:
        return notation[:cells[-1].start()], cells[-1].group(), notation[cells[-1].end():]
    head, _, tail = notation.rpartition(" ")
    return (head + " ", tail, "") if head and "#" not in tail else (notation, "", "")


def merge_last(moves: list[tuple[str, str, str]]) -> list[str]:
    """Moves with the same words around their varying one share a line: "at 6 / 4 / 2"."""
    heads: dict[tuple[str, str], list[str]] = {}
    for head, word, rest in moves:
        heads.setdefault((head, rest), []).append(word)
    return [head + ("," if head.endswith("@") else OR).join(words) + rest
            for (head, rest), words in heads.items()]


def merge_cards(lines: list[str], labels: set[str]) -> list[str]:
    """Lines that differ only in their one card (``Name#id``, a card the mover sees) share a line."""
    shapes: dict[str, list[str]] = {}
    for line in lines:
        inside = [label for label in labels if re.search(re.escape(label) + r"(?!\d)", line)]
        after = line[line.find(inside[0]) + len(inside[0]):][:1] if len(inside) == 1 else "@"
        if len(inside) == 1 and line.count(inside[0]) == 1 and after in ("", " "):
            shapes.setdefault(line.replace(inside[0], "{}"), []).append(inside[0])
        else:
            shapes.setdefault(line.replace("{", "{{").replace("}", "}}"), [])
    return [shape.format(OR.join(cards)) for shape, cards in shapes.items()]


def help_lines(state: State[Any], mover: int, renderer: Renderer, width: int) -> list[str]:
    """``help``: the grouped moves, then what the cards among them do, wrapped to ``width``."""
    lines = [renderer.t("term.legal").rstrip()]
    wrap = textwrap.TextWrapper(width=max(width, 40), initial_indent="  ", subsequent_indent="    ",
                                break_long_words=False, break_on_hyphens=False)
    def up_to(count: int, cards: str) -> str:
        return renderer.t("term.up_to", count=count, cards=cards)

    moves, own = grouped(state, mover, up_to)
    said: set[str] = set()
    seen = loose.seen_cards(state, mover)
    told: list[tuple[str, str, str]] = []  # (notation, what it does, its words less its cards)
    for move in state.scene(mover, state.event_count()).moves:
        what = str(renderer.field_text(move.text)) if move.text is not None else ""
        if not what and move.note is not None and move.notation in own:
            what = renderer.say(move.note)  # unless the notation says it all (below)
        alike = what  # the same words for another card ("X goes face down") are said once
        for ref in move.refs:
            if ref.kind is Kind.CARD and ref.id in seen:
                alike = alike.replace(seen[ref.id].label, "")
        if what and what != move.notation:
            told.append((move.notation, what, alike))
    # a move on a line of its own says what it does there ("refill: refill your hand"), not
    # again below the list
    alone = {notation: (what, alike) for notation, what, alike in told if notation in moves}
    for line in moves:
        if line in alone and alone[line][1] not in said:
            what, alike = alone[line]
            said.add(alike)
            line = f"{line}: {what}"
        lines += wrap.wrap(line)
    for notation, what, alike in told:
        if alike not in said:
            said.add(alike)
            lines += wrap.wrap(f"{notation}: {what}")
    return lines
