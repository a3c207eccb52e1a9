"""A game installed beside tcgkit (here Duel, a renamed fixture game, with a distribution of its
own made in a temporary folder) is checked by its author with ``pytest -p
tcgkit.testing.pytest_plugin --tcgkit-game duel``,
and leaves tcgkit's own suite and words green; a plugin's catalogue is worked on by
``scripts/words.py --game NAME``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DUEL = '''from nplayer.highcard import HighCard


class Duel(HighCard):
    name = "duel"
    title = "Duel"
    aliases = ()
'''


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A folder holding the package ``tcgkit_duel`` and its distribution's entry point."""
    folder = tmp_path_factory.mktemp("site")
    (folder / "tcgkit_duel").mkdir()
    (folder / "tcgkit_duel" / "__init__.py").write_text(DUEL)
    info = folder / "tcgkit_duel-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tcgkit-duel\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[tcgkit.games]\nduel = tcgkit_duel:Duel\n")
    return folder


def run(*args: str, path: Path, cwd: Path = ROOT, autoload: bool = True) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(path), str(ROOT / "tests"),
                                                        str(ROOT / "tests" / "plugins")])}
    env.pop("PYTEST_XDIST_WORKER", None)
    if not autoload:
        env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env, cwd=cwd,
                          timeout=600)


def test_the_author_runs_the_suite_on_their_game_with_pytest(installed, tmp_path):
    """The plugin named with ``-p`` (entry-point plugins off: it needs none)."""
    checks = ["--tcgkit-check", "games_terminate_with_an_outcome", "--tcgkit-check",
              "events_and_public_fields_after_a_redealt_step"]
    found = run("-m", "pytest", "-p", "tcgkit.testing.pytest_plugin", "--tcgkit-game", "duel", *checks,
                "-p", "no:cacheprovider", "-q", str(tmp_path), path=installed, cwd=tmp_path, autoload=False)
    assert found.returncode == 0, found.stdout + found.stderr
    cases = len(__import__("nplayer").HighCard.example_options) * 2
    assert f"{cases} passed" in found.stdout
    wrong = run("-m", "pytest", "-p", "tcgkit.testing.pytest_plugin", "--tcgkit-game", "duel",
                "--tcgkit-check", "no_such_check", str(tmp_path),
                path=installed, cwd=tmp_path, autoload=False)
    assert wrong.returncode != 0 and "no tcgkit check named no_such_check" in wrong.stderr


def test_check_game_runs_from_a_script(installed, tmp_path):
    script = ("import tcgkit\nfrom tcgkit.testing import check_game\n"
              "print(check_game(tcgkit.find_game('duel').cls, checks=['games_terminate_with_an_outcome']))\n")
    done = run("-c", script, path=installed, cwd=tmp_path)
    sets = len(__import__("nplayer").HighCard.example_options)
    assert done.returncode == 0 and f"duel: {sets} passed, 0 failed, 0 skipped" in done.stdout, done.stderr


def test_tcgkits_own_suite_leaves_an_installed_game_to_its_author(installed):
    covered = run("-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", "-q",
                  "tests/playthroughs/test_playthroughs.py::test_every_game_of_tcgkit_and_example_option_set_is_covered",
                  path=installed)
    assert covered.returncode == 0, covered.stdout
    listed = run("-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", "--collect-only",
                 "tests/conformance", "tests/sim/test_cards_played.py", path=installed)
    assert listed.returncode == 0 and "brawl-0-" in listed.stdout, listed.stdout[-2000:]
    assert "duel" not in listed.stdout
    words = run("scripts/words.py", "check", path=installed)
    assert words.returncode == 0, words.stdout


def test_the_words_tooling_works_on_a_plugins_catalogue(installed, tmp_path):
    plugins = tmp_path / "plugins"
    shutil.copytree(ROOT / "tests" / "plugins", plugins)
    script = str(ROOT / "scripts" / "words.py")
    before = run(script, "check", "--game", "brawl", path=plugins)
    missing = "tcgkit_brawl/locale/pt/LC_MESSAGES/messages.po: missing"
    assert before.returncode == 1 and missing in before.stdout
    made = run(script, "update", "--game", "brawl", path=plugins)
    assert made.returncode == 0, made.stderr
    assert (plugins / "tcgkit_brawl" / "locale" / "messages.pot").is_file()
    after = run(script, "check", "--game", "brawl", path=plugins)
    assert after.returncode == 1 and "(zh): " in after.stdout and "is not translated" in after.stdout
    unknown = run(script, "check", "--game", "chess", path=plugins)
    assert unknown.returncode == 1 and "no game named 'chess'" in unknown.stderr


def test_tcgkit_testing_needs_no_pytest(installed, tmp_path):
    """``check_game`` from a script in a Python where pytest cannot be imported."""
    script = ("import sys\nsys.modules['pytest'] = None\n"
              "import tcgkit\nfrom tcgkit.testing import check_game\n"
              "duel = tcgkit.find_game('duel').cls\n"
              "print(check_game(duel, options=[{}], checks=['notation_and_json_round_trip']))\n")
    done = run("-c", script, path=installed, cwd=tmp_path)
    assert done.returncode == 0 and "duel: 1 passed" in done.stdout, done.stderr
