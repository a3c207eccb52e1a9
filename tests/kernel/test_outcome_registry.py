import pytest

import tcgkit
from tcgkit.kernel import Outcome, UnknownGame, find_game, register


def test_outcome_ranks_players_and_detects_draws():
    win = Outcome.from_scores([6, 4], "board full")
    assert (win.winner, win.ranks, win.is_draw) == (0, (0, 1), False)
    assert win.returns() == (1.0, -1.0)
    draw = Outcome.from_scores([5, 5], "board full")
    assert draw.winner is None and draw.ranks == (0, 0) and draw.returns() == (0.0, 0.0)
    three = Outcome.from_scores([3, 9, 3, 1], "end")
    assert three.winner == 1 and three.ranks == (1, 0, 1, 3)
    shared = Outcome.from_scores([7, 7, 2], "end")
    assert shared.winner is None and shared.ranks == (0, 0, 2)


def test_games_are_found_by_name_and_alias_in_any_spelling():
    assert find_game("Triple Triad").name == "triple-triad"
    assert find_game("TT").name == "triple-triad"
    assert find_game("triple_triad").cls is tcgkit.load_game("tt").__class__
    assert "triple-triad" in [e.name for e in tcgkit.list_games()]


def test_unknown_names_and_clashing_aliases_are_refused():
    with pytest.raises(UnknownGame, match="known games: .*triple-triad"):
        find_game("uno")
    cls = find_game("tt").cls

    class Other(cls):
        name = "other-game"

    with pytest.raises(ValueError, match="taken by triple-triad"):
        register(Other, aliases=("tt",))
