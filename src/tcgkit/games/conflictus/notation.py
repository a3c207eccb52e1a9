"""Conflictus Aeternus's action notation, read back: ``source Fonte de Luz#12``,
``play Fhaonna#12 on set#7 pay L2``, ``amulet Raio Purificador#9 at P1 pay L3``,
``use 0 Cálice da Luz#20 pay L1``, ``attack set#7 P1``, ``block set#7 with set#40``...
(Its position notation is the state's JSON on one line.)"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...kernel import refs
from ...kernel.actions import Action
from ...kernel.errors import NotationError
from .actions import (
    Attack,
    Block,
    Cast,
    Discard,
    Done,
    Keep,
    Mulligan,
    Offer,
    Pass,
    Play,
    Sacrifice,
    Search,
    Source,
)

if TYPE_CHECKING:
    from .rules import ConflictusState

_CARD = re.compile(r"^(?P<name>.+)#(?P<id>\d+)$")
SIMPLE: dict[str, Action] = {"pass": Pass(), "done": Done(), "keep": Keep(), "mulligan": Mulligan()}


def parse_action(state: ConflictusState, text: str, player: int) -> Action:
    """Read an action as ``player`` wrote it; the legal list is searched first (only for the
    player to move: it is theirs), so names are checked as written."""
    words = " ".join(text.split())
    if not words:
        raise NotationError("an empty action; try 'pass'")
    for action in state.legal_actions() if player == state.to_move else ():
        if str(action).lower() == words.lower():
            return action
    head, _, rest = words.partition(" ")
    head = head.lower()
    if head in SIMPLE and not rest:
        return SIMPLE[head]
    pay = (0, 0)
    if " pay " in f" {rest} ":
        rest, _, paid = rest.rpartition(" pay ")
        pay = _pay(paid)
    if head == "source":
        return Source(_card(rest), rest)
    if head == "sacrifice":
        return Sacrifice(_card(rest), rest)
    if head == "discard":
        return Discard(_card(rest), rest)
    if head == "offer":
        return Offer(_card(rest), rest)
    if head == "search":
        if not rest:
            raise NotationError("search what? e.g. 'search Golem de Pedra'")
        return Search(rest)
    if head == "play":
        card, _, where = rest.partition(" on set#")
        return Play(_card(card), _number(where, "set") if where else -1, *pay, card)
    if head in ("amulet", "use"):
        ability = -1
        if head == "use":
            first, _, rest = rest.partition(" ")
            ability = _number(first, "ability")
        card, _, target = rest.partition(" at ")
        return Cast(_card(card), ability, _target(target) if target else None, *pay, card, target)
    if head == "attack":
        m = re.fullmatch(r"set#(\d+) P(\d+)", rest)
        if not m:
            raise NotationError("write 'attack set#<id> P<player>'")
        return Attack(int(m[1]), int(m[2]))
    if head == "block":
        m = re.fullmatch(r"set#(\d+) with set#(\d+)", rest)
        if not m:
            raise NotationError("write 'block set#<attacking set> with set#<your set>'")
        return Block(int(m[2]), int(m[1]))
    raise NotationError(f"unknown action {head!r}; actions: pass, done, keep, mulligan, source, play, "
                        "amulet, use, attack, block, sacrifice, discard, offer, search")


def _number(text: str, what: str) -> int:
    if not text.isdecimal():
        raise NotationError(f"{what}: {text!r} is not a number")
    return int(text)


def _card(text: str) -> int:
    m = _CARD.match(text.strip())
    if not m:
        raise NotationError(f"{text!r}: write a card as Name#id (e.g. Fhaonna#12)")
    return int(m["id"])


def _target(text: str) -> refs.Ref:
    """A target as written: ``P1`` is a player, anything else a card ``Name#id``."""
    m = re.fullmatch(r"P(\d)", text.strip())
    return refs.player(int(m[1])) if m else refs.card(_card(text))


def _pay(text: str) -> tuple[int, int]:
    luz = sombra = 0
    for part in text.split("+"):
        m = re.fullmatch(r"([LS])(\d)", part.strip())
        if not m:
            raise NotationError(f"pay {text!r}: write the sources as L<n>+S<n> (e.g. 'pay L1+S1')")
        if m[1] == "L":
            luz = int(m[2])
        else:
            sombra = int(m[2])
    return luz, sombra
