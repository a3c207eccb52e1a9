"""The compiled build (docs/speed.md): ``TCGKIT_COMPILE=1 pip install .`` compiles the modules
below with mypyc, from the same typed Python source; without it the package is pure Python.

Everything else about the package is in ``pyproject.toml``. The modules are the games' hot
paths (legal actions, apply, the heuristics), the search and the solver, and the kernel
modules they call per step that no game subclasses. Left out, with the reason:

- ``kernel/actions.py``, ``kernel/game.py``: their classes are the bases of every game's (and
  the tests' games'), and an interpreted class cannot inherit from a compiled one;
- ``kernel/resolution.py``: ``Machine`` and ``AutoForced`` are generic frozen dataclasses, which
  a compiled module cannot create;
- ``kernel/effects.py`` and the games' ``effects.py``: pydantic models (card text is
  compiled once at load, not per step);
- ``kernel/rng.py``: SplitMix64's 64-bit words are beyond a compiled int's fast range, so every
  step of the generator takes the slow path (compiled, a draw took twice as long);
- ``forge_fury/rules.py``: its steps are a few attribute reads and writes of the state, which
  the interpreter specializes and compiled code looks up in full (with it and the generator
  compiled, Forge & Fury's random games ran at 0.77x);
- ``conflictus/host.py``: ``ConflictusState`` takes its functions as methods, and a compiled
  function binds no ``self``.
"""

from __future__ import annotations

import os

from setuptools import setup

COMPILED = [
    "kernel/determinize", "kernel/instances", "kernel/limits",
    "games/triple_triad/rules",
    "games/ff_tcg/rules", "games/ff_tcg/legal", "games/ff_tcg/combat", "games/ff_tcg/turn",
    "games/ff_tcg/host", "games/ff_tcg/machine", "games/ff_tcg/tables",
    "games/conflictus/rules", "games/conflictus/turn", "games/conflictus/legal",
    "games/monster_collection/rules", "games/monster_collection/legal", "games/monster_collection/battle",
    "games/monster_collection/board", "games/monster_collection/forecast",
    "agents/mcts", "agents/simple", "agents/triple_triad_solver", "agents/forge_fury", "agents/ff_tcg",
    "agents/conflictus", "agents/monster_collection",
]


def ext_modules() -> list[object]:
    if os.environ.get("TCGKIT_COMPILE", "") in ("", "0") or os.environ.get("TCGKIT_LISTING_ONLY"):
        return []  # pure Python, or the backend listing requirements (build_backend/)
    from mypyc.build import mypycify

    # multi_file: one C file per module, so the C compiler can build them on every core
    return list(mypycify([f"src/tcgkit/{m}.py" for m in COMPILED], opt_level="3", multi_file=True))


setup(ext_modules=ext_modules(), options={"build_ext": {"parallel": os.cpu_count() or 1}})
