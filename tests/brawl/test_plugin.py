"""A game in a package of its own joins tcgkit through its ``tcgkit.games`` entry point: Brawl
(``tests/plugins/tcgkit_brawl``, its distribution ``tcgkit_brawl-1.0.dist-info``) is listed,
played, simulated and replayed by ``tcgkit`` without any edit to tcgkit; a broken plugin is
named and leaves the other games alone."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import distribution
from pathlib import Path

from tcgkit_brawl import Brawl

import tcgkit
from tcgkit.kernel.registry import GROUP

PLUGINS = Path(__file__).resolve().parents[1] / "plugins"


def tcgkit_cli(*args: str, path: Path | str = PLUGINS, cwd: Path | None = None,
               given: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(path), "TCGKIT_HOME": str((cwd or Path.cwd()) / "home")}
    return subprocess.run([sys.executable, "-m", "tcgkit", *args], capture_output=True, text=True, env=env,
                          cwd=cwd, input=given, timeout=300)


def test_the_distribution_declares_the_entry_point_and_the_registry_finds_it():
    points = [p for p in distribution("tcgkit-brawl").entry_points if p.group == GROUP]
    assert [(p.name, p.value) for p in points] == [("brawl", "tcgkit_brawl:Brawl")]
    entry = tcgkit.find_game("brawl")
    assert entry.cls is Brawl and entry.summary == Brawl.summary
    assert "brawl" in [e.name for e in tcgkit.list_games()]


def test_tcgkit_lists_plays_and_simulates_the_plugin_game(tmp_path):
    listed = tcgkit_cli("games", "--no-color", cwd=tmp_path)
    assert listed.returncode == 0 and "brawl" in listed.stdout and "triple-triad" in listed.stdout
    record = tmp_path / "brawl.json"
    moves = "end\npass\n" * 300  # the person never casts: "end" on their turn, "pass" to a spell
    played = tcgkit_cli("play", "brawl", "--seat", "human,greedy,greedy", "--seed", "3", "--no-color",
                        "--save", str(record), cwd=tmp_path, given=moves)
    assert played.returncode == 0, played.stderr
    assert "Result:" in played.stdout and "life" in played.stdout  # drawn from Brawl's own scene
    replayed = tcgkit_cli("replay", str(record), "--no-color", cwd=tmp_path)
    assert replayed.returncode == 0 and "Result:" in replayed.stdout, replayed.stderr
    simulated = tcgkit_cli("sim", "brawl", "--games", "6", "--agents", "random,greedy,random",
                           "--workers", "1", cwd=tmp_path)
    assert simulated.returncode == 0, simulated.stderr


def test_without_the_plugin_on_the_path_there_is_no_brawl(tmp_path):
    result = tcgkit_cli("play", "brawl", path="", cwd=tmp_path)
    assert result.returncode != 0 and "no game named 'brawl'" in result.stderr


def test_a_broken_plugin_is_named_and_the_other_games_still_play(tmp_path):
    info = tmp_path / "broken_game-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-game\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[tcgkit.games]\nbroken = no_such_module:Game\n")
    listed = tcgkit_cli("games", "--no-color", path=tmp_path, cwd=tmp_path)
    assert listed.returncode == 0 and "triple-triad" in listed.stdout
    assert "the game 'broken' could not be loaded (ModuleNotFoundError" in listed.stderr
    asked = tcgkit_cli("play", "broken", path=tmp_path, cwd=tmp_path)
    assert asked.returncode != 0 and "could not be loaded: ModuleNotFoundError" in asked.stderr
