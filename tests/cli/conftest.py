"""Fixtures for the CLI tests: an isolated profile folder (TCGKIT_HOME) and a runner."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from tcgkit.cli.app import app


@pytest.fixture
def home(tmp_path, monkeypatch):
    """An empty profile folder (TCGKIT_HOME)."""
    folder = tmp_path / "home"
    monkeypatch.setenv("TCGKIT_HOME", str(folder))
    return folder


@pytest.fixture
def run(home):
    """``run("play", "tt", ..., input="...")`` -> the CliRunner result."""
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None):
        return runner.invoke(app, list(args), input=input)

    return invoke
