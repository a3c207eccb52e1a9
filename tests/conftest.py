"""Every test gets a profile folder of its own (TCGKIT_HOME), so no test reads or writes the
profile of the user who runs the suite (tests that look at the profile use ``home`` in
tests/cli/conftest.py, which points it at a folder they can see)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _own_profile_folder(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("TCGKIT_HOME", str(tmp_path_factory.mktemp("tcgkit-home")))
