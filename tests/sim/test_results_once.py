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


ROW = {"index": 0, "seed": 5, "seats": ["random", "random"], "lineup": [0, 1], "winner": 0,
       "winner_agent": "random", "scores": [6.0, 4.0], "first": 0, "reason": "full", "actions": 9,
       "ranks": [0, 1], "eliminated": [], "measures": "{}", "deck": [[], []], "drawn": [[], []],
       "played": [[], []]}


def write(path, *rows, meta=None):
    meta = meta or {"format": 1, **META}
    path.write_text("\n".join(json.dumps(x) for x in [{"meta": meta}, *rows]) + "\n")


def test_rows_are_read_by_index_once(tmp_path):
    out = tmp_path / "r.jsonl"
    write(out, *({**ROW, "index": i % 3, "actions": i} for i in range(7)))
    assert [(r["index"], r["actions"]) for r in iter_rows(out)] == [(0, 0), (1, 1), (2, 2)]


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


@pytest.mark.parametrize(("change", "says"), [
    (lambda r: {}, "line 2: not a tcgkit results row: index: Field required"),
    (lambda r: {**r, "index": None}, "line 2: not a tcgkit results row: index"),
    (lambda r: [r], "line 2: not a tcgkit results row"),
    (lambda r: {**r, "actions": float("inf")}, "line 2: not a tcgkit results row: actions"),
    (lambda r: {**r, "lineup": [0, 5]}, "line 2: lineup: names agent 5, the run has 2"),
    (lambda r: {**r, "lineup": [0] * 20000}, "line 2: not a tcgkit results row: lineup"),  # no hang
    (lambda r: {**r, "measures": "[1, 2]"}, "line 2: not a tcgkit results row: measures"),
    (lambda r: {**r, "measures": json.dumps({"rounds": [1]})}, "measures"),
    (lambda r: {**r, "deck": "[" * 100_000}, "line 2: not a tcgkit results row: deck"),
])
def test_a_wrong_shaped_row_names_the_file_line_and_field(tmp_path, change, says):
    out = tmp_path / "r.jsonl"
    write(out, change(ROW))
    with pytest.raises(SimError, match=re_escape(says)):
        list(iter_rows(out))
    with pytest.raises(SimError, match=re_escape(says)):  # --resume reads the rows the same way
        ResultWriter(out, META, 10, resume=True)


def test_deep_nesting_and_a_string_meta_are_refused_in_one_line(tmp_path):
    out = tmp_path / "r.jsonl"
    out.write_text(json.dumps({"meta": META}) + "\n" + "[" * 100_000 + "]" * 100_000 + "\n")
    with pytest.raises(SimError, match="line 2: the line nests deeper than 40 levels"):
        list(iter_rows(out))
    out.write_text(json.dumps({"meta": "tt"}) + "\n")
    with pytest.raises(SimError, match="line 1: not a tcgkit results file: meta"):
        list(iter_rows(out))


def re_escape(text):
    import re

    return re.escape(text)


def test_results_name_a_card_file_by_hash_and_not_by_the_path_typed(tmp_path):
    from typer.testing import CliRunner

    from tcgkit.cli.app import app
    from tcgkit.kernel import card_files

    folder = tmp_path / "private folder"
    folder.mkdir()
    cards = folder / "mine.csv"
    cards.write_text("number,name,level,top,right,bottom,left,element\n"
                     + "".join(f"{n},Card {n},1,{n % 9 + 1},1,1,1,\n" for n in range(1, 11)))
    out = tmp_path / "r.jsonl"
    result = CliRunner().invoke(app, ["sim", "tt", "-n", "2", "-w", "1", "--rules", f"same,card_file={cards}",
                                      "--out", str(out), "--json"])
    card_files.forget()
    assert result.exit_code == 0, result.output
    text = out.read_text() + result.stdout
    assert "private folder" not in text and str(tmp_path) not in text.replace(str(out), "")
    meta = json.loads(out.read_text().splitlines()[0])["meta"]
    assert meta["rules"].startswith("same,card_file=sha256:")


def test_an_interrupted_streamed_run_says_resume_goes_on(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from tcgkit.cli import sim_command
    from tcgkit.cli.app import app

    def stopped(*args, **kwargs):
        raise KeyboardInterrupt
        yield

    monkeypatch.setattr(sim_command, "iter_results", stopped)
    out = tmp_path / "r.jsonl"
    result = CliRunner().invoke(app, ["sim", "tt", "-n", "5", "-w", "1", "--out", str(out)])
    assert result.exit_code == 130
    assert "interrupted after 0 of 5 games" in result.output and "--resume plays the rest" in result.output
