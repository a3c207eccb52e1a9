"""The contract every game of tcgkit keeps, run through the shipped suite (``tcgkit.testing``):
one test per game, example option set and check, the same ``check_game`` a plugin author runs.

The games: tcgkit's five and Brawl (``own_games``) and the N-player fixture game; a game
installed beside tcgkit is its author's to check (``pytest --tcgkit-game NAME``).
"""

from __future__ import annotations

import pytest

from nplayer import HighCard, registered
from own_games import own_games
from tcgkit.testing import cases, check_game

CASES = [
    pytest.param(cls, options, check.name, id=f"{cls.name}-{i}-{check.name}")
    for cls in [*(entry.cls for entry in own_games()), HighCard]
    for i, options, check in cases(cls)
]


@pytest.fixture(autouse=True)
def _fixture_games_registered():
    """Replays find games by name: the fixture games are registered during each test."""
    with registered():
        yield


@pytest.mark.parametrize(("cls", "options", "check"), CASES)
def test_the_game_keeps_the_contract(cls, options, check):
    result = check_game(cls, options=[options], checks=[check], raise_on_failure=False).results[0]
    if result.status == "skipped":
        pytest.skip(result.detail)
    assert result.status == "passed", result.detail
