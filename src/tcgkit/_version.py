from __future__ import annotations

import importlib.machinery
from pathlib import Path

__version__ = "0.1.0"


def compiled_modules() -> list[str]:
    """The modules of this install that run compiled (``TCGKIT_COMPILE=1 pip install .``,
    docs/speed.md): their extension module lies beside the source and is imported first."""
    root = Path(__file__).parent
    suffixes = sorted(importlib.machinery.EXTENSION_SUFFIXES, key=len, reverse=True)  # ".so" last
    found = []
    for path in root.rglob("*"):
        suffix = next((s for s in suffixes if path.name.endswith(s)), None)
        if suffix is not None:
            folders = path.relative_to(root).parent.parts
            found.append(".".join(("tcgkit", *folders, path.name[: -len(suffix)])))
    return sorted(found)


def build() -> str:
    """How this install runs: ``pure Python``, or how many modules are compiled."""
    compiled = compiled_modules()
    return f"compiled with mypyc: {len(compiled)} modules" if compiled else "pure Python"
