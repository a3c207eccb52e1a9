"""The battlefield (戰場) on the kernel's grid: 3 columns x 4 rows, seat 0 at the bottom.

Each territory (領土) is its player's two rows, numbered from that seat: front 1-2-3, back
4-5-6 left to right, the HQ (本陣) at 5 (RULES-NOTES A5). Seat 1 sees the board turned half
round, so its 1 faces seat 0's 3. Ranges (R70, A5): walk (步行) the orthogonal cross, fly
(飛行) all eight neighbours, long fly (長距離飛行) fly plus the cells two away orthogonally.
"""

from __future__ import annotations

from ...kernel.board import Grid

GRID = Grid(4, 3)
CELLS = GRID.size
TURNS = {0: 0, 1: 2}  # how far each seat turns the board to see it from its side


def territory(cell: int) -> int:
    """Whose territory ``cell`` lies in."""
    return 0 if cell >= 6 else 1


def number(cell: int) -> int:
    """The cell's number 1-6 as the owner of its territory counts it: that seat sees its
    territory as the bottom two rows, front 1-2-3 then back 4-5-6, left to right."""
    row, col = divmod(GRID.rotate(cell, TURNS[territory(cell)]), 3)
    return (1 if row == 2 else 4) + col


def cell_of(player: int, own: bool, n: int) -> int:
    """The cell ``player`` calls ``n`` (``E{n}`` when not ``own``)."""
    owner = player if own else 1 - player
    return next(c for c in range(CELLS) if territory(c) == owner and number(c) == n)


def label(player: int, cell: int) -> str:
    """``player``'s name for ``cell``: ``1``-``6`` in their territory, ``E1``-``E6`` in the enemy's."""
    n = number(cell)
    return str(n) if territory(cell) == player else f"E{n}"


HQ = (cell_of(0, True, 5), cell_of(1, True, 5))  # each player's HQ cell


def reach(cell: int, march: str, has_terrain: list[bool] | None = None) -> tuple[int, ...]:
    """The cells a creature on ``cell`` may march to by its march type (before what lies
    there is checked). ``has_terrain``: a long-fly leap needs a terrain between."""
    if march == "walk":
        return GRID.orthogonal[cell]
    if march == "fly":
        return GRID.around[cell]
    leaps = GRID.leap(cell, 2)
    if has_terrain is not None:
        leaps = [c for c in leaps if has_terrain[(c + cell) // 2]]
    return tuple(sorted({*GRID.around[cell], *leaps}))
