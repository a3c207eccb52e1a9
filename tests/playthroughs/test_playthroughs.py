"""Every game plays exactly as its playthrough files record (see scripts/playthroughs.py).

A failure names the file and the first line that differs: the step where play changed. For a
deliberate rules change, regenerate with ``python scripts/playthroughs.py`` in a commit of its
own that says why.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "playthroughs.py"


def _load_script():  # the script is not a package module: load it by path
    spec = importlib.util.spec_from_file_location("playthroughs_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look the module up while it loads
    spec.loader.exec_module(module)
    return module


playthroughs = _load_script()


@pytest.mark.parametrize("spec", playthroughs.PLAYTHROUGHS, ids=lambda spec: spec.name)
def test_play_matches_the_recorded_playthrough(spec) -> None:
    assert spec.path.exists(), f"{spec.path} is missing: run python scripts/playthroughs.py"
    recorded = spec.path.read_text().splitlines()
    diff = playthroughs.first_difference(recorded, playthroughs.generate(spec))
    if diff is not None:
        number, old, new = diff
        pytest.fail(f"{spec.path.name}:{number} differs\n  recorded:    {old}\n  regenerated: {new}")


def test_every_file_has_a_playthrough() -> None:
    known = {spec.path.name for spec in playthroughs.PLAYTHROUGHS}
    files = {path.name for path in playthroughs.FOLDER.glob("*.txt")}
    assert files <= known, f"files no playthrough generates: {sorted(files - known)}"
    assert len(known) == len(playthroughs.PLAYTHROUGHS), "two playthroughs share a file name"


def test_every_game_of_tcgkit_and_example_option_set_is_covered() -> None:
    """tcgkit's games and Brawl; a game installed beside tcgkit has no playthrough here."""
    from own_games import own_games

    for entry in own_games():
        specs = [s for s in playthroughs.PLAYTHROUGHS if s.game == entry.name]
        assert specs, f"{entry.name} has no playthrough"
        covered = [{k: v for k, v in s.options.items() if k != "card_files"} for s in specs]
        for options in entry.cls.example_options:
            assert options in covered, f"{entry.name}: example options {options} have no playthrough"


def test_first_difference_names_the_line() -> None:
    assert playthroughs.first_difference(["a", "b"], ["a", "b"]) is None
    assert playthroughs.first_difference(["a", "b"], ["a", "c"]) == (2, "b", "c")
    assert playthroughs.first_difference(["a"], ["a", "c"]) == (2, "<end of file>", "c")


def test_play_only_keeps_each_step_and_outcome_but_not_the_digests() -> None:
    lines = ["game x", "step player action | legal actions | view digests of p0 spectator",
             "0 p1 Geezard@4 | 45 | a9a42be7 260fbc76", 'outcome {"winner": 1}', "events 1a 2b"]
    assert playthroughs.play_only(lines) == [
        "game x", "step player action | legal actions | view digests of p0 spectator", "0 p1 Geezard@4 | 45",
        'outcome {"winner": 1}']
