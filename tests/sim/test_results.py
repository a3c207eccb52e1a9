"""Streamed results: one row per game as games finish, resume after a kill, exact replays."""

from __future__ import annotations

import fcntl
import importlib.util
import json
import os
import signal
import subprocess
import sys
import time

import pytest
import typer
from typer.testing import CliRunner

from tcgkit.cli.sim_command import sim
from tcgkit.sim.results import iter_rows, journal_of, read_meta, replay_row, result_row, row_result

app = typer.Typer()
app.command()(sim)


def run(*args: str):
    return CliRunner().invoke(app, list(args))


# CI installs the report extra (.ci/run); a checkout without pyarrow skips the Parquet cases.
PARQUET = pytest.param(".parquet", marks=pytest.mark.skipif(
    importlib.util.find_spec("pyarrow") is None, reason="the report extra (pyarrow) is not installed"))


def rows(path):
    return sorted(iter_rows(path), key=lambda r: r["index"])


@pytest.mark.parametrize("suffix", [".jsonl", PARQUET])
def test_every_row_replays_exactly_and_holds_the_card_facts(tmp_path, suffix):
    out = tmp_path / f"r{suffix}"
    result = run("forge-fury", "-n", "6", "--out", str(out), "-w", "1", "--seed", "4", "--json")
    assert result.exit_code == 0, result.output
    assert not journal_of(out).exists() or suffix == ".jsonl"
    meta = read_meta(out)
    assert meta["game"] == "forge-fury" and meta["agents"] == ["greedy", "random"]
    got = rows(out)
    assert [r["index"] for r in got] == list(range(6))
    for row in got:
        assert result_row(replay_row(row, meta)) == row
        assert row_result(row) == replay_row(row, meta)
        for deck, drawn, played in zip(row["deck"], row["drawn"], row["played"], strict=True):
            assert set(played) <= set(drawn) <= set(deck) and played
    assert json.loads(result.stdout)["games"] == 6


def test_the_summary_from_the_file_equals_the_in_memory_one(tmp_path):
    base = ("tt", "-n", "40", "--seed", "2", "--json", "-w", "2")
    plain = json.loads(run(*base).stdout)
    streamed = json.loads(run(*base, "--out", str(tmp_path / "r.jsonl")).stdout)
    assert streamed["cards"]  # a streamed run records the card facts: its per-card lines too
    for data in (plain, streamed):
        for key in ("seconds", "out", "decks", "cards"):
            data.pop(key, None)
    assert streamed == plain


def _kill_midway(out, games: int) -> None:
    """Start a run in its own process group and kill the group (SIGKILL: the run and its pool
    workers, as killing a terminal's job does) once part of it is written."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "tcgkit.cli", "sim", "tt", "-n", str(games), "--seed", "8",
         "-w", "2", "--out", str(out), "--json"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )
    journal = journal_of(out)
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline and proc.poll() is None:
            if journal.exists() and journal.read_bytes().count(b"\n") > 50:
                break
            time.sleep(0.05)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    _wait_for_the_lock(journal)


def _wait_for_the_lock(journal) -> None:
    """Until the killed group's last process is gone: its pool workers were forked holding the
    journal's lock and may outlive the run's own process by a moment on a loaded machine, and
    until they do a resume is rightly refused as "another run is writing"."""
    deadline = time.monotonic() + 30
    while journal.exists() and time.monotonic() < deadline:
        fd = os.open(journal, os.O_RDWR)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except OSError:
            time.sleep(0.05)
        finally:
            os.close(fd)


@pytest.mark.parametrize("suffix", [".jsonl", PARQUET])
def test_a_killed_run_resumes_without_repeating_or_losing_a_game(tmp_path, suffix):
    games = 1500
    out = tmp_path / f"r{suffix}"
    _kill_midway(out, games)
    journal = journal_of(out)
    written = journal.read_bytes()
    assert not out.exists() or suffix == ".jsonl"
    finished = written.count(b"\n") - 1
    assert 0 < finished < games, "the run was to be killed midway"
    with journal.open("ab") as f:  # as if killed mid-write
        f.write(b'{"index": 7, "seed"')
    refused = run("tt", "-n", str(games), "--seed", "8", "--out", str(out))
    assert refused.exit_code == 2 and "pass --resume" in refused.output
    resumed = run("tt", "-n", str(games), "--seed", "8", "--out", str(out), "--resume", "--json")
    assert resumed.exit_code == 0, resumed.output
    assert json.loads(resumed.stdout)["resumed"] == finished
    fresh = tmp_path / f"fresh{suffix}"
    assert run("tt", "-n", str(games), "--seed", "8", "--out", str(fresh), "-w", "1").exit_code == 0
    assert rows(out) == rows(fresh)


def test_resume_refuses_a_file_of_another_run(tmp_path):
    out = tmp_path / "r.jsonl"
    assert run("tt", "-n", "4", "--out", str(out), "-w", "1").exit_code == 0
    other = run("tt", "-n", "4", "--seed", "1", "--out", str(out), "--resume")
    assert other.exit_code == 2
    assert "it was a run with seed 0, this one has 1" in other.output
    fewer = run("tt", "-n", "2", "--out", str(out), "--resume")
    assert fewer.exit_code == 2 and "beyond the 2 games asked for" in fewer.output
    done = run("tt", "-n", "4", "--out", str(out), "--resume", "--json")
    assert done.exit_code == 0 and json.loads(done.stdout)["games"] == 4


@pytest.mark.parametrize("args, message", [
    (("--out", "r.csv"), "must end in .parquet or .jsonl"),
    (("--resume",), "--resume continues the run in --out FILE"),
    (("--out", "no/such/dir/r.jsonl"), "no directory"),
    (("--backend", "spark"), "no backend named 'spark'"),
])
def test_bad_streaming_options_are_one_line_errors(tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    result = run("tt", "-n", "2", *args)
    assert result.exit_code == 2 and message in result.output
