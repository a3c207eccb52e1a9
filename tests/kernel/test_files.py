"""Bounded reads and atomic writes: no file fills memory, no killed writer leaves litter."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from tcgkit.kernel.files import FileTooLarge, NotAFile, read_text_limited, write_text_atomic


def test_a_writer_killed_mid_write_leaves_a_temporary_the_next_write_removes(tmp_path):
    target = tmp_path / "game.json"
    # a writer that dies (SIGKILL) after creating its temporary, before the rename
    code = (
        "import os, signal, tcgkit.kernel.files as f\n"
        "f.os.replace = lambda *a: os.kill(os.getpid(), signal.SIGKILL)\n"
        f"f.write_text_atomic({str(target)!r}, 'x')\n"
    )
    done = subprocess.run([sys.executable, "-c", code])
    assert done.returncode == -signal.SIGKILL
    assert len(list(tmp_path.glob(".game.json.*.tmp"))) == 1
    write_text_atomic(target, "whole")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    assert target.read_text() == "whole"


def test_a_live_writers_temporary_is_left_alone(tmp_path):
    target = tmp_path / "game.json"
    parent = os.getppid()  # alive for the whole test
    theirs = tmp_path / f".game.json.{parent}.tmp"
    theirs.write_text("in progress")
    write_text_atomic(target, "mine")
    assert theirs.exists()


def test_devices_pipes_and_folders_are_not_read(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)  # reading it would wait for a writer forever
    for path in ("/dev/zero", fifo, tmp_path):
        with pytest.raises(NotAFile, match="not a regular file"):
            read_text_limited(path)


def test_reads_stop_at_the_size_limit(tmp_path):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 2048)
    with pytest.raises(FileTooLarge):
        read_text_limited(big, limit=1024)
    assert read_text_limited(big, limit=4096) == " " * 2048


def test_a_byte_order_mark_is_dropped(tmp_path):
    path = tmp_path / "record.json"
    path.write_bytes("\ufeff{}".encode())
    assert read_text_limited(path) == "{}"
