"""pyproject.toml describes the package as it is (issue 11, point 17)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from tcgkit.kernel.registry import list_games

PROJECT = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())["project"]


def test_the_description_names_the_games_it_has():
    for entry in list_games():
        if not entry.cls.__module__.startswith("tcgkit.games."):
            continue  # a test game registered by the tests
        assert entry.cls.title in PROJECT["description"]


def test_no_empty_extras_and_an_spdx_licence():
    assert all(PROJECT["optional-dependencies"].values())
    assert isinstance(PROJECT["license"], str)
