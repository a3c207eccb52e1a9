"""Issue 28: one writer per results file, and each game counted once however often a file
holds its row."""

from __future__ import annotations

import json

import pytest

from tcgkit.sim.results import ResultWriter, iter_rows
from tcgkit.sim.runner import SimError

META = {"game": "triple-triad", "options": {}, "agents": ["random", "random"], "seed": 1,
        "decks": None, "facts": True}


def test_a_second_run_on_a_file_being_written_is_refused(tmp_path):
    out = tmp_path / "r.jsonl"
    with ResultWriter(out, META, 10, resume=False):
        before = out.read_bytes()
        with pytest.raises(SimError, match="another run is writing"):
            ResultWriter(out, META, 10, resume=True)
        assert out.read_bytes() == before
    with ResultWriter(out, META, 10, resume=True) as again:  # once the first is done: fine
        assert again.count == 0


def test_rows_are_read_by_index_once(tmp_path):
    out = tmp_path / "r.jsonl"
    rows = [{"index": i % 3, "n": i} for i in range(7)]
    out.write_text("\n".join(json.dumps(x) for x in [{"meta": META}, *rows]) + "\n")
    assert [(r["index"], r["n"]) for r in iter_rows(out)] == [(0, 0), (1, 1), (2, 2)]


def test_the_temporary_of_a_parquet_write_killed_midway_is_removed_by_the_next_run(tmp_path):
    pytest.importorskip("pyarrow")
    out = tmp_path / "r.parquet"
    dead = tmp_path / ".r.parquet.999999999.tmp"  # no process has that id
    dead.write_bytes(b"PAR1" + bytes(1000))
    with ResultWriter(out, META, 1, resume=False):
        assert not dead.exists()


def test_a_run_of_any_length_takes_no_memory_per_game_asked(tmp_path):
    import itertools
    import tracemalloc

    tracemalloc.start()
    writer = ResultWriter(tmp_path / "r.jsonl", META, 10**11, resume=False)
    first = list(itertools.islice(writer.missing(), 3))
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    writer.__exit__(None, None, None)
    assert first == [0, 1, 2] and writer.missing_count == 10**11 and size < 1_000_000


@pytest.mark.parametrize(("games", "says"), [
    ("100000000000", "without --out would keep every game in memory"),
    ("9223372036854775808", "at most"),
])
def test_sim_refuses_a_count_it_cannot_hold_in_one_line(games, says):
    from typer.testing import CliRunner

    from tcgkit.cli.app import app

    result = CliRunner().invoke(app, ["sim", "tt", "--games", games])
    assert result.exit_code == 2 and says in result.output
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output
