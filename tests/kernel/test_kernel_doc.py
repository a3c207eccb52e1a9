"""docs/kernel.md shows a whole game as code: the copy on the page is the fixture the tests play."""

from __future__ import annotations

import re
from pathlib import Path

import tcgkit.kernel

ROOT = Path(__file__).resolve().parents[2]


def whole_game_on_the_page() -> str:
    page = (ROOT / "docs" / "kernel.md").read_text(encoding="utf-8")
    section = page.split("## A whole game: High Card", 1)[1]
    return section.split("```python\n", 1)[1].split("```\n", 1)[0]


def test_the_whole_game_on_the_page_is_the_one_the_tests_play():
    fixture = ROOT / "tests" / "nplayer" / "highcard.py"
    assert whole_game_on_the_page() == fixture.read_text(encoding="utf-8")


def test_every_kernel_name_the_page_imports_is_exported():
    code = whole_game_on_the_page()
    imported = re.search(r"from tcgkit\.kernel import \(([^)]*)\)", code)
    assert imported is not None
    names = [name.strip() for name in imported.group(1).split(",") if name.strip()]
    assert names and all(name in tcgkit.kernel.__all__ for name in names), names
    assert "from tcgkit.kernel." not in code  # nothing from a kernel module the docs do not name
