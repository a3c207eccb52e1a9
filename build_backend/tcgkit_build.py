"""The package's build backend: setuptools', with the compiled build's one extra need.

``TCGKIT_COMPILE=1 pip install .`` compiles the hot modules (``setup.py``) with mypyc, which
comes with mypy and reads the types of what those modules import: this backend asks for mypy
and the package's own dependencies in the isolated build environment only then, so the
default pure-Python install needs no compiler and no mypy. A compiled editable install is
refused: its extension modules would lie in ``src/`` and shadow every later edit of the
Python source they were compiled from.
"""

from __future__ import annotations

import os
import shutil
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403 - every hook not redefined here is setuptools'

MYPY = "mypy==2.4.1"  # pinned: the compiled code is what this version of mypyc writes


def compiling() -> bool:
    return os.environ.get("TCGKIT_COMPILE", "") not in ("", "0")


@contextmanager
def listing_only() -> Iterator[None]:
    """setuptools runs setup.py to list requirements and metadata: no compiling then (mypy
    may not even be installed yet)."""
    os.environ["TCGKIT_LISTING_ONLY"] = "1"
    try:
        yield
    finally:
        del os.environ["TCGKIT_LISTING_ONLY"]


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    if not compiling():
        return build_meta.get_requires_for_build_wheel(config_settings)
    project = tomllib.loads(Path("pyproject.toml").read_text())["project"]
    with listing_only():
        return [*build_meta.get_requires_for_build_wheel(config_settings), MYPY, *project["dependencies"]]


def prepare_metadata_for_build_wheel(metadata_directory: str,
                                     config_settings: dict[str, Any] | None = None) -> str:
    with listing_only():
        prepare: Callable[..., str] = build_meta.prepare_metadata_for_build_wheel
        return prepare(metadata_directory, config_settings)


def build_wheel(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                metadata_directory: str | None = None) -> str:
    if compiling():  # setuptools keeps build/ between builds: a module no longer compiled would stay
        shutil.rmtree("build", ignore_errors=True)
    return build_meta.build_wheel(wheel_directory, config_settings, metadata_directory)


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    if compiling():
        raise SystemExit("TCGKIT_COMPILE=1: the compiled build is installed with `pip install .`, "
                         "not `pip install -e .` (its modules would shadow the source you edit)")
    return build_meta.get_requires_for_build_editable(config_settings)
