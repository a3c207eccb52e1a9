"""The conformance suite, shipped: run it on any game class.

    from tcgkit.testing import check_game
    report = check_game(MyGame)        # raises ConformanceError naming each failed check
    print(report)

or from pytest (``pip install 'tcgkit[testing]'``): ``pytest -p tcgkit.testing.pytest_plugin
--tcgkit-game NAME`` runs every check on the installed game ``NAME`` as tests of their own.
tcgkit's own games go through the same checks (tests/conformance). Nothing here needs pytest.
See docs/testing.md.
"""

from .play import Failure, Skipped, play_random, positions, walk
from .suite import BY_NAME, CHECKS, Check, ConformanceError, Report, Result, cases, check_game

__all__ = ["BY_NAME", "CHECKS", "Check", "ConformanceError", "Failure", "Report", "Result", "Skipped",
           "cases", "check_game", "play_random", "positions", "walk"]
