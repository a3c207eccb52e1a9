"""Grids: the board a game plays on, its cells numbered 0 .. rows * cols - 1 row by row from
the top left, with every table a rule asks for computed once.

``Grid(rows, cols)`` gives coordinates, the four sides of each cell (top, right, bottom, left;
``OFF`` past the edge), orthogonal and all-around neighbours, ranges (walk through free cells,
fly over anything, leap two cells in a line), and rotation for a seat that sees the board
from another side (a quarter turn is 1; the seat across the table is 2). A ``GRID`` zone of a
declared state (``kernel/state.py``) lies on one; scenes say how to rotate it for each seat.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import IntEnum
from functools import cache

OFF = -1
"""Past the board's edge (a wall)."""


class Side(IntEnum):
    TOP = 0
    RIGHT = 1
    BOTTOM = 2
    LEFT = 3

    @property
    def opposite(self) -> Side:
        return Side(self ^ 2)


STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # (row, column) of a step to each side
AROUND = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


@dataclass(frozen=True)
class Grid:
    """A ``rows`` x ``cols`` board. Its tables are tuples indexed by cell."""

    rows: int
    cols: int
    sides: tuple[tuple[int, int, int, int], ...] = field(init=False, repr=False, compare=False)
    """Per cell, the neighbour on each side (``Side`` order) or ``OFF``."""
    orthogonal: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    around: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    """Per cell, its neighbours in the eight directions, in reading order."""
    touching: tuple[tuple[tuple[int, int, int], ...], ...] = field(init=False, repr=False, compare=False)
    """Per cell, (side, neighbour, the neighbour's side facing back) for each neighbour."""
    walls: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    """Per cell, its sides that face the board's edge."""

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise ValueError(f"a grid needs at least one row and one column, not {self.rows}x{self.cols}")
        sides = tuple(tuple(self._step(c, dr, dc) for dr, dc in STEPS) for c in range(self.size))
        set_ = object.__setattr__
        set_(self, "sides", sides)
        set_(self, "orthogonal", tuple(tuple(n for n in s if n != OFF) for s in sides))
        set_(self, "around", tuple(tuple(n for dr, dc in AROUND if (n := self._step(c, dr, dc)) != OFF)
                                   for c in range(self.size)))
        set_(self, "touching", tuple(tuple((side, n, side ^ 2) for side, n in enumerate(s) if n != OFF)
                                     for s in sides))
        set_(self, "walls", tuple(tuple(side for side, n in enumerate(s) if n == OFF) for s in sides))

    @property
    def size(self) -> int:
        return self.rows * self.cols

    def cell(self, row: int, col: int) -> int:
        """The cell at ``row``, ``col`` (0-based from the top left); ``ValueError`` off the board."""
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise ValueError(f"({row}, {col}) is off a {self.rows}x{self.cols} board")
        return row * self.cols + col

    def coords(self, cell: int) -> tuple[int, int]:
        """(row, column) of ``cell``."""
        if not 0 <= cell < self.size:
            raise ValueError(f"cell {cell} is off a {self.rows}x{self.cols} board (cells 0..{self.size - 1})")
        return divmod(cell, self.cols)

    def _step(self, cell: int, dr: int, dc: int) -> int:
        row, col = divmod(cell, self.cols)
        row, col = row + dr, col + dc
        return row * self.cols + col if 0 <= row < self.rows and 0 <= col < self.cols else OFF

    def distance(self, a: int, b: int) -> int:
        """Orthogonal steps from ``a`` to ``b`` (ignoring what lies between)."""
        (r1, c1), (r2, c2) = self.coords(a), self.coords(b)
        return abs(r1 - r2) + abs(c1 - c2)

    # -- ranges -----------------------------------------------------------------------------
    def walk(self, start: int, steps: int, free: Callable[[int], bool] = lambda cell: True) -> list[int]:
        """Cells reached in 1 .. ``steps`` orthogonal steps through cells that are ``free``
        (a cell that is not free can be neither entered nor passed), nearest first."""
        reached, frontier, out = {start}, [start], []
        for _ in range(steps):
            following = []
            for cell in frontier:
                for n in self.orthogonal[cell]:
                    if n not in reached and free(n):
                        reached.add(n)
                        following.append(n)
            out += sorted(following)
            frontier = following
        return out

    def fly(self, start: int, steps: int) -> list[int]:
        """Cells within ``steps`` orthogonal steps, over anything in between, nearest first."""
        return sorted((c for c in range(self.size) if 0 < self.distance(start, c) <= steps),
                      key=lambda c: (self.distance(start, c), c))

    def leap(self, start: int, length: int = 2) -> list[int]:
        """Cells exactly ``length`` cells away in a straight line (jumping what lies between)."""
        row, col = self.coords(start)
        out = []
        for dr, dc in STEPS:
            r, c = row + dr * length, col + dc * length
            if 0 <= r < self.rows and 0 <= c < self.cols:
                out.append(r * self.cols + c)
        return sorted(out)

    def line(self, start: int, side: Side) -> list[int]:
        """The cells from ``start`` (not included) to the edge toward ``side``."""
        out, cell = [], self.sides[start][side]
        while cell != OFF:
            out.append(cell)
            cell = self.sides[cell][side]
        return out

    # -- seats ------------------------------------------------------------------------------
    def rotate(self, cell: int, turns: int) -> int:
        """Where ``cell`` appears to a seat that sees the board ``turns`` quarter turns
        clockwise from the top (2: the seat across the table sees it upside down)."""
        return _rotation(self.rows, self.cols, turns % 4)[cell]

    def seen_from(self, turns: int) -> list[list[int]]:
        """The board's cells row by row as that seat sees them, top left first."""
        turns %= 4
        rows, cols = (self.cols, self.rows) if turns % 2 else (self.rows, self.cols)
        shown = [[OFF] * cols for _ in range(rows)]
        for cell, at in enumerate(_rotation(self.rows, self.cols, turns)):
            r, c = divmod(at, cols)
            shown[r][c] = cell
        return shown

    def numbered(self, cells: Iterable[int], first: int = 1) -> dict[int, int]:
        """Numbers for ``cells`` in the order given (a territory numbered from its seat)."""
        return {cell: number for number, cell in enumerate(cells, first)}


@cache
def _rotation(rows: int, cols: int, turns: int) -> tuple[int, ...]:
    """Cell -> its place (row by row) in the rotated board, made once per shape and turn (a
    quarter turn of an oblong board shows ``cols`` rows of ``rows`` cells)."""
    out = []
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        if turns == 0:
            out.append(r * cols + c)
        elif turns == 1:  # clockwise: row r becomes column rows - 1 - r
            out.append(c * rows + (rows - 1 - r))
        elif turns == 2:
            out.append((rows - 1 - r) * cols + (cols - 1 - c))
        else:
            out.append((cols - 1 - c) * rows + r)
    return tuple(out)
