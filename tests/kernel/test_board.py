"""The board: coordinates, sides, neighbours, ranges and each seat's rotation."""

import pytest

from tcgkit.kernel.board import OFF, Grid, Side

TT = Grid(3, 3)
OBLONG = Grid(2, 3)  # 0 1 2 / 3 4 5


def test_cells_are_numbered_row_by_row_from_the_top_left():
    assert [TT.cell(r, c) for r in range(3) for c in range(3)] == list(range(9))
    assert OBLONG.coords(4) == (1, 1) and OBLONG.size == 6


@pytest.mark.parametrize("call, message", [
    (lambda: TT.cell(3, 0), r"\(3, 0\) is off a 3x3 board"),
    (lambda: TT.coords(9), r"cell 9 is off a 3x3 board \(cells 0..8\)"),
    (lambda: Grid(0, 3), "at least one row and one column"),
])
def test_off_the_board_is_an_error_that_says_where(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_sides_face_neighbours_or_the_wall():
    assert TT.sides[4] == (1, 5, 7, 3)
    assert TT.sides[0] == (OFF, 1, 3, OFF) and TT.walls[0] == (Side.TOP, Side.LEFT)
    assert TT.walls[4] == () and Side.RIGHT.opposite is Side.LEFT
    # each neighbour comes with the side of it that faces back
    assert TT.touching[0] == ((Side.RIGHT, 1, Side.LEFT), (Side.BOTTOM, 3, Side.TOP))


def test_orthogonal_and_all_around_neighbours():
    assert TT.orthogonal[4] == (1, 5, 7, 3)
    assert TT.around[4] == (0, 1, 2, 3, 5, 6, 7, 8)
    assert TT.around[0] == (1, 3, 4) and OBLONG.around[2] == (1, 4, 5)


def test_a_walk_goes_round_what_blocks_it_and_flying_passes_over():
    board = Grid(3, 3)
    blocked = {1, 4}
    assert board.walk(0, 1, lambda c: c not in blocked) == [3]
    assert board.walk(0, 2, lambda c: c not in blocked) == [3, 6]
    assert board.walk(0, 4, lambda c: c not in blocked) == [3, 6, 7, 8]
    assert board.walk(0, 2) == [1, 3, 2, 4, 6]
    assert board.fly(0, 1) == [1, 3] and board.fly(0, 2) == [1, 3, 2, 4, 6]


def test_a_leap_lands_two_cells_away_in_a_line():
    assert TT.leap(0) == [2, 6] and TT.leap(4) == []
    assert Grid(5, 5).leap(12) == [2, 10, 14, 22]


def test_a_line_runs_to_the_edge_and_distance_counts_steps():
    assert TT.line(0, Side.RIGHT) == [1, 2] and TT.line(2, Side.RIGHT) == []
    assert TT.distance(0, 8) == 4 and OBLONG.distance(2, 3) == 3


def test_each_seat_sees_the_board_turned_toward_it():
    assert OBLONG.seen_from(0) == [[0, 1, 2], [3, 4, 5]]
    assert OBLONG.seen_from(1) == [[3, 0], [4, 1], [5, 2]]  # a quarter turn clockwise
    assert OBLONG.seen_from(2) == [[5, 4, 3], [2, 1, 0]]  # the seat across the table
    assert OBLONG.seen_from(3) == [[2, 5], [1, 4], [0, 3]]
    assert OBLONG.seen_from(4) == OBLONG.seen_from(0)
    for turns in range(4):  # every cell shows once, where rotate says it does
        shown = OBLONG.seen_from(turns)
        width = len(shown[0])
        assert sorted(c for row in shown for c in row) == list(range(6))
        assert all(shown[divmod(OBLONG.rotate(c, turns), width)[0]][OBLONG.rotate(c, turns) % width] == c
                   for c in range(6))


def test_a_territory_is_numbered_from_its_seat():
    assert TT.numbered([6, 7, 8]) == {6: 1, 7: 2, 8: 3}
    assert TT.numbered(TT.seen_from(2)[0], first=0) == {8: 0, 7: 1, 6: 2}
