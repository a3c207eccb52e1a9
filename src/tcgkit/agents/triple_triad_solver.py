"""An exact solver for Triple Triad positions with both hands known, and the ``perfect`` agent.

The solver plays the game's own capture rules (Same, Plus, Combo, Same Wall, Elemental,
``own_cards_match``, ``combo_from_basic``, ``clamp``; the tests check it against plain
minimax over ``TripleTriadState``) on a compact copy of the position: cards are
renumbered by *kind* (the distinct cards of the position) and the whole board is one
integer, 5 bits a cell (kind and owner), plus player 0's count of each kind both players
hold. That integer keys the transposition table ((lower, upper) bounds and the best move).
A move's Same / Plus / basic flips depend only on its neighbours' bits, so they are
cached per (mover, kind, cell); Combo chains are followed on the integer. Negamax with
fail-soft alpha-beta; moves ordered by the table's move, then the cards they flip at
once, then a history count; the last two plies are played inline, without the table.

The value is the result of the single game on the board: the score (cards owned on the
board plus in hand) when the board is full. Sudden Death restarts and trades are not
part of it. ``mode="wdl"`` searches the narrow window around a draw and tells only win,
draw or loss, in fewer nodes than ``exact`` for one best move and about as many with
``every`` (each move is then tested against the same draw line; the README's "Solving"
gives the measured figures, ``benchmarks/bench_solver.py`` measures them). By default
one best move is found; ``every=True`` proves every root move against the value, which
costs one more search per move.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from ..games.triple_triad import TripleTriad
from ..games.triple_triad.actions import Place, Take
from ..games.triple_triad.rules import BOARD, CELLS, TripleTriadState
from ..kernel.actions import Action
from ..kernel.errors import TcgkitError
from ..kernel.game import Game, State
from ..kernel.rng import Rng
from .base import make_agent, register_agent

ADJACENT, WALL_SIDES = BOARD.touching, BOARD.walls  # the board's tables, read in the search's loops

GAME = "triple-triad"
MODES = ("exact", "wdl")
TABLE_MIN_EMPTY = 3  # positions with fewer empty cells skip the table: cheaper to search
ORDER_MIN_EMPTY = 3  # ... and with fewer, in plain order
BIG = 100


class NotAPlacement(TcgkitError, ValueError):
    """A position the solver cannot search: no card to place (a trade pick, or the end)."""


@dataclass
class Solution:
    """What ``solve`` found for the player to move.

    ``value``: in ``exact`` mode the mover's final score (0..10, the rival has
    ``10 - value``); in ``wdl`` mode 1, 0 or -1 for a win, draw or loss.
    ``best``: one optimal placement, or with ``every=True`` every one (for ``wdl``: the
    moves that keep the result).
    """

    mode: str
    mover: int
    value: int
    best: list[Place]
    nodes: int
    seconds: float
    moves: int = 0  # distinct legal placements at the root
    every: bool = False  # ``best`` lists every best move (else one)
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def scores(self) -> tuple[int, int] | None:
        """Final scores (player 0, player 1) in exact mode."""
        if self.mode != "exact":
            return None
        mine, theirs = self.value, 10 - self.value
        return (mine, theirs) if self.mover == 0 else (theirs, mine)

    @property
    def result(self) -> str:
        """``win`` / ``draw`` / ``loss`` for the mover."""
        sign = self.value if self.mode == "wdl" else (self.value > 5) - (self.value < 5)
        return ("loss", "draw", "win")[sign + 1]


class Solver:
    """Solves positions of one ``TripleTriad`` game; ``solve`` may be called repeatedly."""

    def __init__(self, game: TripleTriad) -> None:
        self.game = game

    def solve(
        self, state: TripleTriadState, mode: str = "exact", rng: Rng | None = None, *,
        every: bool = False,
    ) -> Solution:
        """The value and one best move (``every``: every best move); see ``solve``."""
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, got {mode!r}")
        if not state.decisions or state.decisions[-1].kind != "place":
            what = "the game is over" if not state.decisions else "the winner picks a trade card"
            raise NotAPlacement(
                f"nothing to solve: {what}; the solver needs a position with a card to place"
            )
        return _Search(self.game, state).run(mode, rng, every)


def solve(
    state: TripleTriadState, mode: str = "exact", rng: Rng | None = None, *, every: bool = False
) -> Solution:
    """Solve ``state`` (a placement decision); see ``Solution``.

    By default one best move is returned, which is much faster than every one: the root
    moves are ordered by the cards they flip at once, and the first move reaching the best
    value is the one. With ``rng`` the moves are shuffled by it first (the sort is stable),
    so the tie-break is seeded and uniform among the best moves that flip as many cards at
    once. ``every=True`` lists every best move (one more null-window search per move)."""
    return Solver(state.game).solve(state, mode, rng, every=every)


def solve_read(state: State[Any], mode: str = "exact", *, every: bool = False) -> Solution:
    """``solve`` for a position read by a front end that names no game (``tcgkit solve``);
    ``NotAPlacement`` when it is not a Triple Triad position."""
    if not isinstance(state, TripleTriadState):
        raise NotAPlacement(f"the solver reads {GAME} positions, not {state.game.name}")
    return solve(state, mode, every=every)


def _cells_of(mask: int) -> tuple[int, ...]:
    return tuple(c for c in range(CELLS) if mask >> c & 1)


EMPTY_OF = [_cells_of(mask) for mask in range(1 << CELLS)]  # empty-cell mask -> the cells
BIT = [1 << (5 * c) for c in range(CELLS)]  # a cell's owner bit in the key
# The key bits of a cell's neighbours: what a placement's Same / Plus / basic flips read.
NEAR = [sum(31 << (5 * n) for _, n, _ in ADJACENT[c]) for c in range(CELLS)]


class _Search:
    """One search: the position's kinds, tables and the recursive negamax.

    The position is one integer key: 5 bits a cell (``2 * (kind + 1) + owner``, 0 when
    empty) and, above them, player 0's count of each kind both players hold. A move's
    Same / Plus / basic flips depend only on the neighbours' bits, so they are cached per
    (mover, kind, cell) by ``key & NEAR[cell]``; Combo chains are followed on the key.
    """

    def __init__(self, game: TripleTriad, state: TripleTriadState) -> None:
        opts = game.options
        self.game = game
        self.mover = state.decisions[-1].player
        ids = sorted(set(state.hands[0]) | set(state.hands[1]) | {c for c in state.board if c >= 0})
        self.kinds = ids
        kind_of = {c: k for k, c in enumerate(ids)}
        self.printed = [game.values[c] for c in ids]
        elements = state.elements
        card_elements = [game.card_elements[c] for c in ids]

        def adjusted(k: int, cell: int) -> tuple[int, ...]:
            cell_element = elements[cell]
            if not cell_element:
                return self.printed[k]
            delta = 1 if card_elements[k] == cell_element else -1
            out = []
            for v in self.printed[k]:
                v += delta
                if opts.clamp:
                    v = min(10, max(1, v))
                out.append(v)
            return tuple(out)

        # attack[k][cell][side]: kind k's value on ``side`` when it stands on ``cell``
        self.attack = [[adjusted(k, cell) for cell in range(CELLS)] for k in range(len(ids))]
        self.counts = [[0] * len(ids) for _ in (0, 1)]
        for p in (0, 1):
            for c in state.hands[p]:
                self.counts[p][kind_of[c]] += 1
        shared = [k for k in range(len(ids)) if self.counts[0][k] and self.counts[1][k]]
        self.hand_code = [0] * len(ids)
        for j, k in enumerate(shared):
            self.hand_code[k] = 1 << (5 * CELLS + 3 * j)
        key = 0
        for cell in range(CELLS):
            if state.board[cell] >= 0:
                key += (2 * (kind_of[state.board[cell]] + 1) + state.owner[cell]) << (5 * cell)
        for k in shared:
            key += self.counts[0][k] * self.hand_code[k]
        self.key = key
        self.empty_mask = sum(1 << c for c in range(CELLS) if state.board[c] < 0)
        # add[mover][k][cell]: what placing kind k on cell adds to the key
        self.add = [
            [
                [((2 * (k + 1) + p) << (5 * c)) - (self.hand_code[k] if p == 0 else 0)
                 for c in range(CELLS)]
                for k in range(len(ids))
            ]
            for p in (0, 1)
        ]
        self.cache: list[list[list[dict[int, tuple[int, int, tuple[int, ...]]]]]] = [
            [[{} for _ in range(CELLS)] for _ in ids] for _ in (0, 1)
        ]
        # the same dictionaries by mover, then kind * 9 + cell
        self.flat_cache = [[d for per_kind in per_mover for d in per_kind] for per_mover in self.cache]
        self.same = opts.same
        self.plus = opts.plus
        self.same_wall = opts.same_wall
        self.combo = opts.combo
        self.combo_from_basic = opts.combo_from_basic
        self.own_match = opts.own_cards_match
        self.table: dict[int, list[int]] = {}
        # history[mover][kind * 9 + cell]: how often (weighted by depth) the move cut off
        self.history = [[0] * (len(ids) * CELLS) for _ in (0, 1)]
        self.nodes = 0
        self.score0 = state.owner.count(0) + len(state.hands[0])

    # -- the rules, on kinds -------------------------------------------------------------
    def flips(self, key: int, k: int, cell: int, mover: int) -> tuple[int, int]:
        """(xor of the owner bits that flip, number of flips) when ``mover`` puts kind
        ``k`` on ``cell`` of position ``key``."""
        cache = self.cache[mover][k][cell]
        near = key & NEAR[cell]
        hit = cache.get(near)
        if hit is None:
            hit = cache[near] = self._local(near, k, cell, mover)
        xor, count, chain = hit
        if not chain:
            return xor, count
        # Combo: each chained card flips its rival neighbours by the basic rule, and on.
        attack = self.attack
        key ^= xor
        queue = list(chain)
        for c in queue:
            values = attack[((key >> (5 * c)) & 31) // 2 - 1][c]
            for side, n, opp in ADJACENT[c]:
                f = (key >> (5 * n)) & 31
                if f and (f & 1) != mover and values[side] > attack[f // 2 - 1][n][opp]:
                    key ^= BIT[n]
                    xor ^= BIT[n]
                    count += 1
                    queue.append(n)
        return xor, count

    def _local(self, near: int, k: int, cell: int, mover: int) -> tuple[int, int, tuple[int, ...]]:
        """Same / Plus / basic flips from the neighbours' bits, and the cells that chain.

        Mirrors ``TripleTriadState._place`` and ``_same_plus`` (the tests compare them)."""
        printed, attack = self.printed, self.attack
        placed = printed[k]
        mine = attack[k][cell]
        # occupied neighbours: cell, is it the rival's, printed match values, beaten?
        cells: list[int] = []
        rivals: list[bool] = []
        mine_printed: list[int] = []
        theirs_printed: list[int] = []
        beaten: list[bool] = []
        for side, n, opp in ADJACENT[cell]:
            f = (near >> (5 * n)) & 31
            if f:
                other = (f >> 1) - 1
                rival = (f & 1) != mover
                if not rival and not self.own_match:
                    continue  # the literal rule: own cards take no part in Same / Plus
                cells.append(n)
                rivals.append(rival)
                mine_printed.append(placed[side])
                theirs_printed.append(printed[other][opp])
                beaten.append(rival and mine[side] > attack[other][n][opp])
        special: list[int] = []
        if cells and (self.same or self.plus) and True in rivals:
            count = len(cells)
            same_ok = False
            if self.same:
                hits = 0
                for i in range(count):
                    if mine_printed[i] == theirs_printed[i]:
                        hits += 1
                if hits == 1 and self.same_wall:
                    for side in WALL_SIDES[cell]:
                        if placed[side] == 10:
                            hits += 1
                same_ok = hits >= 2
            if self.plus and count >= 2:
                sums = [mine_printed[i] + theirs_printed[i] for i in range(count)]
                special = [
                    cells[i] for i in range(count)
                    if rivals[i] and (
                        (same_ok and mine_printed[i] == theirs_printed[i]) or sums.count(sums[i]) >= 2
                    )
                ]
            elif same_ok:
                special = [
                    cells[i] for i in range(count)
                    if rivals[i] and mine_printed[i] == theirs_printed[i]
                ]
        basic = [cells[i] for i in range(len(cells)) if beaten[i] and cells[i] not in special]
        chain: tuple[int, ...] = ()
        if special and self.combo:
            chain = tuple(special + basic) if self.combo_from_basic else tuple(special)
        xor = 0
        for n in special:
            xor ^= BIT[n]
        for n in basic:
            xor ^= BIT[n]
        return xor, len(special) + len(basic), chain

    # -- search --------------------------------------------------------------------------
    def negamax(
        self, key: int, mover: int, empty: int, score0: int, alpha: int, beta: int
    ) -> int:
        """The final score difference (mover minus rival), fail-soft within (alpha, beta).

        ``empty`` is the mask of empty cells, ``score0`` player 0's score now."""
        self.nodes += 1
        cells = EMPTY_OF[empty]
        counts = self.counts[mover]
        flips = self.flips
        sign = 1 if mover == 0 else -1
        if len(cells) == 1:  # the last card: no choice
            count = flips(key, counts.index(1), cells[0], mover)[1]
            return sign * (2 * (score0 + sign * count) - 10)
        caches = self.flat_cache[mover]
        if len(cells) == 2:
            return self._two(key, mover, cells, score0, beta)
        table = self.table if len(cells) >= TABLE_MIN_EMPTY else None
        hint = -1
        if table is not None:
            entry = table.get(key)
            if entry is not None:
                lo, hi, hint = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
        add = self.add[mover]
        rival = 1 - mover
        history = self.history[mover]
        moves = []
        for k, n in enumerate(counts):
            if n:
                for cell in cells:
                    hit = caches[k * CELLS + cell].get(key & NEAR[cell])
                    if hit is None or hit[2]:
                        xor, count = flips(key, k, cell, mover)
                    else:
                        xor, count = hit[0], hit[1]
                    m = k * CELLS + cell
                    moves.append(
                        (-BIG if m == hint else -count, -history[m], k, cell, xor, count)
                    )
        if len(cells) >= ORDER_MIN_EMPTY:
            moves.sort()
        best = -BIG
        best_move = -1
        a = alpha
        negamax = self.negamax
        two = len(cells) == 3
        for _, _, k, cell, xor, count in moves:
            counts[k] -= 1
            if two:  # the child has two empty cells: no table, no ordering
                value = -self._two(
                    (key + add[k][cell]) ^ xor, rival, EMPTY_OF[empty ^ (1 << cell)],
                    score0 + sign * count, -a,
                )
            else:
                value = -negamax(
                    (key + add[k][cell]) ^ xor, rival, empty ^ (1 << cell), score0 + sign * count,
                    -beta, -a,
                )
            counts[k] += 1
            if value > best:
                best = value
                best_move = k * CELLS + cell
                if value > a:
                    a = value
                    if a >= beta:
                        history[best_move] += 1 << len(cells)
                        break
        if table is not None:
            entry = table.get(key)
            lo, hi = (entry[0], entry[1]) if entry is not None else (-BIG, BIG)
            if best <= alpha:
                hi = min(hi, best)
            elif best >= beta:
                lo = max(lo, best)
            else:
                lo = hi = best
            table[key] = [lo, hi, best_move]
        return best

    def _two(self, key: int, mover: int, cells: tuple[int, ...], score0: int, beta: int) -> int:
        """A position with two empty cells: each move, then the rival's last card."""
        self.nodes += 1
        counts = self.counts[mover]
        flips = self.flips
        sign = 1 if mover == 0 else -1
        caches = self.flat_cache[mover]
        rival = 1 - mover
        last = self.counts[rival].index(1)
        rival_caches = self.flat_cache[rival]
        add = self.add[mover]
        best = -BIG
        for k, n in enumerate(counts):
            if not n:
                continue
            for cell in cells:
                hit = caches[k * CELLS + cell].get(key & NEAR[cell])
                if hit is None or hit[2]:
                    xor, count = flips(key, k, cell, mover)
                else:
                    xor, count = hit[0], hit[1]
                child = (key + add[k][cell]) ^ xor
                other = cells[0] if cell != cells[0] else cells[1]
                hit = rival_caches[last * CELLS + other].get(child & NEAR[other])
                if hit is None or hit[2]:
                    count -= flips(child, last, other, rival)[1]
                else:
                    count -= hit[1]
                value = sign * (2 * (score0 + sign * count) - 10)
                if value > best:
                    best = value
                    if best >= beta:
                        return best
        return best

    def run(self, mode: str, rng: Rng | None = None, every: bool = False) -> Solution:
        start = time.perf_counter()
        mover, key, empty = self.mover, self.key, self.empty_mask
        counts = self.counts[mover]
        moves = []
        for k, n in enumerate(counts):
            if n:
                for cell in EMPTY_OF[empty]:
                    xor, count = self.flips(key, k, cell, mover)
                    moves.append((-count, k, cell, xor, count))
        if rng is None:
            moves.sort()
        else:
            rng.shuffle(moves)
            moves.sort(key=lambda m: m[0])
        low, high = (-1, 1) if mode == "wdl" else (-BIG, BIG)
        sign = 1 if mover == 0 else -1
        rival = 1 - mover

        def value_of(move: tuple[int, int, int, int, int], alpha: int, beta: int) -> int:
            """The move's score difference for the mover, fail-soft within (alpha, beta)."""
            _, k, cell, xor, count = move
            child_empty = empty ^ (1 << cell)
            if not child_empty:
                return sign * (2 * (self.score0 + sign * count) - 10)
            counts[k] -= 1
            value = -self.negamax(
                (key + self.add[mover][k][cell]) ^ xor, rival, child_empty,
                self.score0 + sign * count, -beta, -alpha,
            )
            counts[k] += 1
            return value

        # 1. The value and a first best move: later moves only have to beat the best so far.
        top = 1 if mode == "wdl" else 10
        best_value = -BIG
        first = moves[0]
        for move in moves:
            if best_value >= top:
                break
            value = value_of(move, max(low, best_value), high)
            if value > best_value:
                best_value, first = value, move
        best = [first]
        if every:
            # 2. Every other best move: one null-window test each against the known value.
            if mode == "wdl":
                window = (0, 1) if best_value > 0 else (-1, 0) if best_value == 0 else None
            else:
                window = (best_value - 1, best_value)
            for move in moves:
                if move is not first and (window is None or value_of(move, *window) >= window[1]):
                    best.append(move)
        if mode == "wdl":
            best_value = (best_value > 0) - (best_value < 0)
        table = self.game.place_actions
        places = [table[self.kinds[k]][cell] for _, k, cell, _, _ in best]
        places.sort(key=lambda p: (p.cell, p.card))
        value = best_value if mode == "wdl" else (best_value + 10) // 2
        return Solution(
            mode, mover, value, places, self.nodes, time.perf_counter() - start, len(moves),
            every, {"table_entries": len(self.table)},
        )


VOTE_FROM = 6  # empty cells at most when the hidden-hand vote starts: a solve is then ~0.1 s
WORLDS = 8  # sampled rival hands a vote solves


class PerfectAgent:
    """Plays a best move by exact search (seeded tie-break among the best moves, see
    ``solve``: uniform among those that flip as many cards at once).

    With Open (or whenever the view shows both hands) it is perfect for the single game
    on the board (Sudden Death and trades aside). Without Open it does not peek: once at
    most ``VOTE_FROM`` cells are empty it solves ``WORLDS`` rival hands sampled by
    ``Game.determinize`` and plays the move best in most of them; before that, when a single
    solve takes seconds, it searches as ``hard`` does. (It solved one sampled hand alone
    before, and the ladder put it below ``hard``: one guess of five hidden cards is often
    wrong.) A trade pick takes the card of the highest level.
    """

    name = "perfect"

    def __init__(self, game: Game) -> None:
        if not isinstance(game, TripleTriad):
            raise ValueError(f"the perfect agent plays triple-triad, not {game.name}")
        self.game = game
        self.solver = Solver(game)
        self.search = make_agent("hard", game)
        self.last: Solution | None = None

    def act(self, view: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        if isinstance(legal_actions[0], Take):
            cards = self.game.cards
            top = max(cards[a.card].level for a in legal_actions)  # type: ignore[attr-defined]
            return rng.choice(
                [a for a in legal_actions if cards[a.card].level == top]  # type: ignore[attr-defined]
            )
        legal = {(a.card, a.cell): a for a in legal_actions if isinstance(a, Place)}
        rival_hand = view["zones"][f"hand{1 - view['viewer']}"]
        if "cards" in rival_hand:  # both hands known: one exact solve is the truth
            state = self.game.determinize(view, rng)
            assert isinstance(state, TripleTriadState)
            solution = self.solver.solve(state, "exact", rng)
            self.last = solution
            best = [legal[p.card, p.cell] for p in solution.best if (p.card, p.cell) in legal]
            return rng.choice(best or legal_actions)
        if view["zones"]["board"]["cards"].count(None) > VOTE_FROM:
            return self.search.act(view, legal_actions, rng)
        votes = dict.fromkeys(legal, 0)
        for _ in range(WORLDS):
            world = self.game.determinize(view, rng)
            assert isinstance(world, TripleTriadState)
            self.last = self.solver.solve(world, "exact", every=True)
            for place in self.last.best:
                if (place.card, place.cell) in votes:
                    votes[place.card, place.cell] += 1
        most = max(votes.values())
        return rng.choice([legal[key] for key, count in votes.items() if count == most])


register_agent(
    "perfect", "exact search (alpha-beta); without Open, votes over sampled rival hands", GAME
)(PerfectAgent)
