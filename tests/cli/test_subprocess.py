"""The real command in a child process: piped standard input, exit codes, no traceback."""

from __future__ import annotations

import os
import subprocess
import sys

from .helpers import plan_vs_ai, saved_record


def tcgkit(*args: str, home, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TCGKIT_HOME": str(home)}
    return subprocess.run(
        [sys.executable, "-m", "tcgkit.cli", *args], input=stdin, capture_output=True,
        text=True, env=env, timeout=60,
    )


def test_a_piped_game_plays_to_the_end_and_saves(tmp_path):
    plan = plan_vs_ai(5)
    save = tmp_path / "game.json"
    done = tcgkit("play", "tt", "--seed", "5", "--hand", "auto", "--save", str(save),
                  home=tmp_path, stdin=plan.lines())
    assert done.returncode == 0, done.stderr
    assert "Result:" in done.stdout
    assert "\x1b[" not in done.stdout
    assert saved_record(save).actions == plan.match.actions


def test_errors_are_one_line_with_exit_codes(tmp_path):
    unknown = tcgkit("play", "chess", home=tmp_path)
    assert unknown.returncode == 2
    assert unknown.stderr.startswith("tcgkit: error: no game named 'chess'")
    assert len(unknown.stderr.splitlines()) == 1
    unreadable = tcgkit("replay", str(tmp_path / "missing.json"), home=tmp_path)
    assert unreadable.returncode == 1
    assert "Traceback" not in unreadable.stderr
