"""docs/research.md's layout tables are what the code makes: every game section there is
equal to ``python -m tcgkit.envs.layout GAME`` (a game added later may come without one)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("numpy")

import tcgkit  # noqa: E402
from own_games import built_in_games
from tcgkit.envs.layout import tables  # noqa: E402

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"


def sections() -> dict[str, str]:
    text = DOC.read_text(encoding="utf-8")
    tail = text[text.index("## Each game's layout"):]
    parts = tail.split("\n### ")[1:]
    return {part.split("\n", 1)[0]: "### " + part.rstrip("\n") + "\n" for part in parts}


def test_the_documented_layouts_are_the_codes():
    documented = sections()
    assert set(built_in_games()) <= set(documented)
    for name, text in documented.items():
        assert text == tables(tcgkit.load_game(name)), f"docs/research.md: the {name} layout is stale"
