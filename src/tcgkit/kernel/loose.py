"""Moves typed the way players think, read against the legal moves.

A game's notation names cards ``Name#id`` in a fixed order (``march to E2: Griffin#40,
Harpy#41``). A player types ``march e2 harp, griffin``: the cards of a list in any order,
names without ids, an unambiguous start of a name, or a name in another language the card
data holds (``餘燼小鬼``), and may leave out the little words (``to``, ``at``). ``read``
finds the legal moves such a text fits. It knows only what the mover's scene shows (the
names of the cards it can see), so no answer names a hidden card.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from .actions import Action
from .refs import Kind

if TYPE_CHECKING:
    from .game import State

FILLERS = frozenset({"to", "at", "on", "from", "with", "for", "->"})  # may be left out
PUNCTUATION = re.compile(r"(->|[:,@])")
ID = re.compile(r"#\d+")
MAX_PIECES = 6  # the most cards a typed list is cut into without commas (the cuts grow fast)


@dataclass(frozen=True)
class Seen:
    """A card the mover can see: the label the notation writes and every name it goes by."""

    label: str  # Ember Imp#12
    names: tuple[str, ...]  # lower case, with and without the id: ember imp#12, ember imp, 餘燼小鬼
    in_hand: bool = False  # in a hand: two copies there are the same choice

    def fit(self, typed: str) -> int | None:
        """0 when ``typed`` is one of its names, 1 when it starts one, else ``None``."""
        if typed in self.names:
            return 0
        short = len(typed) < 2 and typed.isascii()
        if typed and not short and any(n.startswith(typed) for n in self.names):
            return 1
        return None


_RECENT: dict[tuple[int, int | None], tuple[State[Any], tuple[int, int], dict[int, Seen]]] = {}
RECENT_STATES = 8
"""How many (state, player) readings of the scene are kept. A scene costs milliseconds, and a
refusal reads it for every line typed; a conformance check types thousands of lines at each
position, alternating between a state and its re-deal. The state itself is kept with its
reading, so its ``id`` cannot be reused while the reading stands."""


def seen_cards(state: State[Any], player: int | None) -> dict[int, Seen]:
    """Every face-up card in ``player``'s scene, by id (a hidden card has no name there); read
    again whenever the state has moved on (its version or its log grew)."""
    key, stamp = (id(state), player), (state.version, state.event_count())
    recent = _RECENT.get(key)
    if recent is not None and recent[0] is state and recent[1] == stamp:
        return recent[2]
    if len(_RECENT) >= RECENT_STATES:
        _RECENT.clear()
    found = _read_seen_cards(state, player)
    _RECENT[key] = (state, stamp, found)
    return found


def _read_seen_cards(state: State[Any], player: int | None) -> dict[int, Seen]:
    found: dict[int, Seen] = {}

    def walk(node: Any, hand: bool) -> None:
        if isinstance(node, dict):
            ref, name = node.get("ref"), node.get("name")
            if isinstance(ref, dict) and ref.get("kind") == Kind.CARD.value and isinstance(name, str):
                found.setdefault(ref["id"], _seen(name, [*node.get("names", {}).values()], hand))
            for value in node.values():
                walk(value, hand)
        elif isinstance(node, list):
            for value in node:
                walk(value, hand)

    scene = state.scene(player).to_json()
    for area in scene["areas"]:  # the hand first: a card listed again elsewhere is still in it
        walk(area, area.get("role") == "hand" and area.get("owner") == player)
    walk(scene, False)
    return found


def _seen(label: str, others: list[str], hand: bool) -> Seen:
    names: list[str] = []
    for name in (label, *others):
        bare = name.rpartition("#")[0].strip() if "#" in name else name
        names += [name.lower(), bare.lower()]
    return Seen(label, tuple(dict.fromkeys(n for n in names if n)), hand)


@dataclass(frozen=True)
class Group:
    """Cards written one after another (``Griffin#40, Harpy#41``): typed in any order."""

    cards: tuple[Seen, ...]


Token = str | Group


def tokens(notation: str, cards: list[Seen]) -> list[Token]:
    """A move's notation as words and groups of cards (each label found in the text)."""
    spans: list[tuple[int, int, Seen]] = []
    for card in cards:
        at = notation.find(card.label)
        while at >= 0 and any(s <= at < e for s, e, _ in spans):
            at = notation.find(card.label, at + 1)
        if at >= 0:
            spans.append((at, at + len(card.label), card))
    out: list[Token] = []
    end = 0
    for start, stop, card in sorted(spans, key=lambda s: s[0]):
        between = words(notation[end:start])
        if out and isinstance(out[-1], Group) and all(w == "," for w in between):
            out[-1] = Group((*out[-1].cards, card))
        else:
            out += [w for w in between if w not in ",:"]
            out.append(Group((card,)))
        end = stop
    out += [w for w in words(notation[end:]) if w not in ",:"]
    return out


def words(text: str) -> list[str]:
    return PUNCTUATION.sub(r" \1 ", text.lower()).split()


@dataclass(frozen=True)
class Reading:
    """The legal moves a typed text fits (best first: its names written out rather than
    begun), and whether it fits them whole or only their start (``use Fire Flask`` for the
    one ``use Fire Flask#61 at Golem#9``)."""

    fits: list[Action]
    whole: bool = True

    def ambiguity(self, text: str, labels: dict[Action, list[str]]) -> str:
        """Why ``text`` names no one move: the cards it could mean."""
        everywhere = set.intersection(*(set(labels[a]) for a in self.fits))
        differ = list(dict.fromkeys(c for a in self.fits for c in labels[a] if c not in everywhere))
        moves = " | ".join(str(a) for a in self.fits[:6]) + (" | ..." if len(self.fits) > 6 else "")
        which = f"; which card: {' or '.join(differ)}? type more of its name or its #id" if differ else ""
        return f"{text.strip()!r} fits {len(self.fits)} moves: {moves}{which}"


def read(state: State[Any], text: str, player: int) -> tuple[Reading, dict[Action, list[str]]]:
    """The legal moves of ``player`` that ``text`` fits, and the card labels of each move."""
    legal = state.legal_actions() if player == state.to_move else []
    seen = seen_cards(state, player)
    typed = [w for w in words(text) if w != ":"]
    labels: dict[Action, list[str]] = {}
    scored: list[tuple[int, int, Action]] = []
    partial: list[tuple[int, int, Action]] = []
    for index, action in enumerate(legal):
        cards = [seen[r.id] for r in action.refs() if r.kind is Kind.CARD and r.id in seen]
        labels[action] = [c.label for c in cards]
        made = tokens(str(action), cards)
        score = fit(typed, made, whole=True)
        if score is not None:
            scored.append((score, index, action))
        elif typed and (score := fit(typed, made, whole=False)) is not None:
            partial.append((score, index, action))
    chosen, whole = (scored, True) if scored else (partial, False)
    best = min((s for s, _, _ in chosen), default=0)
    fits = [a for s, _, a in chosen if s == best]
    if len(fits) > 1 and copies(fits, seen):
        fits = fits[:1]
    return Reading(fits, whole), labels


def copies(fits: list[Action], seen: dict[int, Seen]) -> bool:
    """Whether the moves differ only in which copy of a card in the mover's hand they use
    (``summon Sky Archer#10`` or ``#33``): the same choice, whichever is taken."""
    if len({ID.sub("", str(a)) for a in fits}) != 1:
        return False
    common = set.intersection(*(set(a.refs()) for a in fits))
    return all(r.kind is Kind.CARD and r.id in seen and seen[r.id].in_hand
               for a in fits for r in set(a.refs()) - common)


def fit(typed: list[str], made: list[Token], whole: bool) -> int | None:
    """How loosely ``typed`` fits a move's tokens: the number of names only begun (lower is
    better), or ``None``. ``whole=False``: the typed words may stop before the move's end."""
    best: int | None = None

    def walk(i: int, j: int, score: int) -> None:
        nonlocal best
        if best is not None and score >= best:
            return
        if i == len(typed) and (j == len(made) or not whole):
            best = score
            return
        if j == len(made):
            return
        token = made[j]
        if isinstance(token, str):
            if i < len(typed) and typed[i] == token:
                walk(i + 1, j + 1, score)
            elif i < len(typed) and len(typed[i]) >= 2 and token.startswith(typed[i]):
                walk(i + 1, j + 1, score + 1)  # a word begun: "disc" for "discard"
            if token in FILLERS:
                walk(i, j + 1, score)
            return
        for stop in range(i + 1, len(typed) + 1):
            cost = group_fit(typed[i:stop], token.cards)
            if cost is not None:
                walk(stop, j + 1, score + cost)

    walk(0, 0, 0)
    return best


def group_fit(typed: list[str], cards: tuple[Seen, ...]) -> int | None:
    """How the typed words name exactly ``cards``, in any order: cut at commas when there are
    any, else at every way into as many pieces as there are cards."""
    if "," in typed:
        pieces = " ".join(typed).split(",")
        cuts = [[" ".join(p.split()) for p in pieces]] if len(pieces) == len(cards) else []
    elif len(cards) > MAX_PIECES or len(cards) > len(typed):
        return None
    else:
        cuts = []
        for marks in combinations(range(1, len(typed)), len(cards) - 1):
            edges = (0, *marks, len(typed))
            cuts.append([" ".join(typed[a:b]) for a, b in zip(edges, edges[1:], strict=False)])
    found = [cost for pieces in cuts if (cost := pairing(pieces, cards)) is not None]
    return min(found, default=None)


def pairing(pieces: list[str], cards: tuple[Seen, ...]) -> int | None:
    """The cheapest way to give each piece its own card (``None``: there is none), over the
    sets of cards already given (a few cards: 2**n sets)."""
    costs: dict[int, int] = {0: 0}
    for piece in pieces:
        after: dict[int, int] = {}
        for used, cost in costs.items():
            for k, card in enumerate(cards):
                fits = card.fit(piece) if not used >> k & 1 else None
                if fits is not None:
                    key = used | 1 << k
                    after[key] = min(after.get(key, fits + cost), fits + cost)
        costs = after
    return costs.get((1 << len(cards)) - 1)


def unknown_name(state: State[Any], text: str, player: int) -> str | None:
    """The first name in ``text`` (after its verb) that no card ``player`` can see goes by, nor
    any word of a legal move: what to tell a player whose move names a card they do not have.
    Ids, cells, numbers and the little words are no names; a hidden card has no name in sight,
    so the answer is the same whether or not one is called so."""
    seen = seen_cards(state, player).values()
    moves = {w for a in (state.legal_actions() if player == state.to_move else []) for w in words(str(a))}
    run: list[str] = []
    for word in [*words(text)[1:], ","]:
        if word in FILLERS or word in ",:@" or any(ch.isdigit() or ch == "#" for ch in word):
            name = " ".join(run)
            if name and name not in moves and not any(card.fit(name) is not None for card in seen):
                return name
            run = []
        else:
            run.append(word)
    return None
