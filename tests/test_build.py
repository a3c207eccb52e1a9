"""``tcgkit --version`` says whether this install is pure Python or the compiled build, by
the extension modules that lie in the package (docs/speed.md)."""

from __future__ import annotations

import ast
import importlib.machinery
import os
import shutil
from pathlib import Path

import pytest

import tcgkit
from own_games import built_in_games
from tcgkit import _version
from tcgkit.agents import agent_names, make_agent
from tcgkit.kernel.registry import load_game
from tcgkit.kernel.rng import Rng


def test_an_extension_module_in_the_package_counts_as_compiled(tmp_path, monkeypatch):
    root = tmp_path / "tcgkit"
    (root / "games" / "triple_triad").mkdir(parents=True)
    shutil.copy(_version.__file__, root / "_version.py")
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    (root / "games" / "triple_triad" / "rules.py").write_text("")
    monkeypatch.setattr(_version, "__file__", str(root / "_version.py"))
    assert _version.compiled_modules() == [] and _version.build() == "pure Python"
    (root / "games" / "triple_triad" / f"rules{suffix}").write_bytes(b"")
    (root / f"_helpers{suffix}").write_bytes(b"")
    assert _version.compiled_modules() == ["tcgkit._helpers", "tcgkit.games.triple_triad.rules"]
    assert _version.build() == "compiled with mypyc: 2 modules"


def test_this_install_says_what_it_runs():
    """A pure-Python checkout has no extension module; the compiled build's has one for each
    module setup.py lists, no other, and those are the ones imported."""
    compiled = _version.compiled_modules()
    package = Path(tcgkit.__file__).parent
    if not compiled:
        assert _version.build() == "pure Python"
        return
    import tcgkit.games.triple_triad.rules as rules

    listed = ast.parse((Path(__file__).parents[1] / "setup.py").read_text())
    (names,) = [node.value for node in ast.walk(listed) if isinstance(node, ast.Assign)
                and getattr(node.targets[0], "id", "") == "COMPILED"]
    assert compiled == sorted("tcgkit." + name.value.replace("/", ".") for name in names.elts)
    assert Path(rules.__file__).parent == package / "games" / "triple_triad"
    assert not rules.__file__.endswith(".py")


def backend(monkeypatch):
    """The package's build backend (build_backend/tcgkit_build.py), run from the checkout."""
    root = Path(__file__).parents[1]
    monkeypatch.chdir(root)
    monkeypatch.syspath_prepend(str(root / "build_backend"))
    import tcgkit_build

    return tcgkit_build


def test_the_build_asks_for_mypy_only_when_compiling(monkeypatch):
    build = backend(monkeypatch)
    listing = []

    def setuptools_needs(config_settings=None):  # setuptools' own hook runs setup.py: seen here
        listing.append(os.environ.get("TCGKIT_LISTING_ONLY"))
        return ["wheel"]

    monkeypatch.setattr(build.build_meta, "get_requires_for_build_wheel", setuptools_needs)
    monkeypatch.delenv("TCGKIT_COMPILE", raising=False)
    assert build.get_requires_for_build_wheel() == ["wheel"]
    monkeypatch.setenv("TCGKIT_COMPILE", "1")
    needs = build.get_requires_for_build_wheel()
    assert needs[:2] == ["wheel", build.MYPY] and any(r.startswith("pydantic") for r in needs)
    assert listing == [None, "1"] and "TCGKIT_LISTING_ONLY" not in os.environ  # set while listing only


def test_a_compiled_editable_install_is_refused_by_name(monkeypatch):
    build = backend(monkeypatch)
    monkeypatch.setenv("TCGKIT_COMPILE", "1")
    with pytest.raises(SystemExit, match="not `pip install -e .`"):
        build.get_requires_for_build_editable()


@pytest.mark.parametrize("game_name", built_in_games())
def test_every_ai_level_moves_and_explains_in_this_build(game_name):
    """The compiled build runs the agents' modules compiled, where a value of another type
    than declared is an error the pure build never raises (a sum of floats read as an int
    stopped Forge & Fury's levels there once): every level of every game makes a few moves,
    and explains one when it can, in whichever build runs the suite."""
    game = load_game(game_name)
    for level in agent_names(game_name):
        agent, state, rng = make_agent(level, game), game.new_state(7), Rng(7)
        for _ in range(3):
            player = state.to_move
            assert player is not None
            view, legal = state.view(player), state.legal_actions()
            explain = getattr(agent, "explain", None)
            if explain is not None:
                explain(view, legal, rng.clone())
            move = agent.act(view, legal, rng)
            assert move in legal, f"{level}: {move}"
            state.apply(move, player)
            if state.is_terminal:
                break
