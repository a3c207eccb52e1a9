"""The package's build backend: setuptools', with the compiled build's one extra need.

``TCGKIT_COMPILE=1 pip install .`` compiles the hot modules (``setup.py``) with mypyc, which
comes with mypy: this backend asks for it in the isolated build environment only then, so the
default pure-Python install needs no compiler and no mypy. A compiled editable install is
refused: its extension modules would lie in ``src/`` and shadow every later edit of the
Python source they were compiled from.
"""

from __future__ import annotations

import os

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403 - every hook not redefined here is setuptools'

MYPY = "mypy==2.4.1"  # pinned: the compiled code is what this version of mypyc writes


def compiling() -> bool:
    return os.environ.get("TCGKIT_COMPILE", "") not in ("", "0")


def get_requires_for_build_wheel(config_settings: dict[str, object] | None = None) -> list[str]:
    if not compiling():
        return build_meta.get_requires_for_build_wheel(config_settings)
    # setuptools runs setup.py to list its own needs, before mypy is there: say so to it
    os.environ["TCGKIT_LISTING_REQUIREMENTS"] = "1"
    try:
        return [*build_meta.get_requires_for_build_wheel(config_settings), MYPY]
    finally:
        del os.environ["TCGKIT_LISTING_REQUIREMENTS"]


def get_requires_for_build_editable(config_settings: dict[str, object] | None = None) -> list[str]:
    if compiling():
        raise SystemExit("TCGKIT_COMPILE=1: the compiled build is installed with `pip install .`, "
                         "not `pip install -e .` (its modules would shadow the source you edit)")
    return build_meta.get_requires_for_build_editable(config_settings)
