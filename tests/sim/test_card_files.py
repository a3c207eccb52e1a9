"""A sim job carries the card files its options name by hash, so a worker in another process
(spawned, or on Ray) that was never given them plays the same games."""

from __future__ import annotations

import dataclasses

import pytest

from tcgkit.kernel import card_files
from tcgkit.kernel.card_files import UnknownCardFile
from tcgkit.sim import runner
from tcgkit.sim.runner import play_job_games, prepare

HEADER = "number,name,level,top,right,bottom,left,element\n"


def test_a_job_carries_its_card_files_to_a_fresh_worker(tmp_path, monkeypatch):
    path = tmp_path / "mine.csv"
    path.write_text(HEADER + "".join(f"{n},Card {n},1,{n},{n},{n},{n},\n" for n in range(1, 11)))
    ref = card_files.add_card_file(path)
    job = prepare("triple-triad", {"card_file": ref}, ["greedy", "random"], seed=3)
    assert [f.ref for f in job.card_files] == [ref]
    here = play_job_games(job, [0, 1])
    try:
        # a worker process that was never given the file, with no game built yet
        card_files.forget()
        monkeypatch.setattr(runner, "_GAMES", {})
        with pytest.raises(UnknownCardFile):
            play_job_games(dataclasses.replace(job, card_files=()), [0])
        assert play_job_games(job, [0, 1]) == here
    finally:
        card_files.forget()
