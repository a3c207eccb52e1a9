"""Streaming a batch's results to a file, one row per game, and resuming a stopped run.

Two formats, chosen by the file's suffix:

- ``.jsonl``: a first line ``{"meta": {...}}`` (game, options, agents, run seed...), then
  one JSON object per game, appended and flushed as each game finishes.
- ``.parquet``: the rows stream to a journal beside it (``NAME.parquet.partial.jsonl``,
  the same format as above); when the run ends the journal becomes the Parquet file (read
  and written in batches, so memory stays flat) and is removed. The run's meta is in the
  Parquet schema's metadata under ``tcgkit``. Parquet needs pyarrow (``tcgkit[report]``).

A killed run leaves the journal (or the ``.jsonl`` file) with every finished game and at
most one torn last line; ``--resume`` drops that line, checks the meta matches, and plays
only the missing games. One run writes a file at a time: the writer holds a lock on the
journal from before it reads it until it is done, and a second run on the same file is
refused. Rows are read by game index, each index once, so a file written twice over still
counts each game once. Game ``i`` depends only on the run's meta and ``i``, so a row can
always be replayed (``replay_row``) and a resumed run equals an uninterrupted one.
"""

from __future__ import annotations

import array
import fcntl
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..kernel.files import remove_stale_temporaries
from .rows import MAX_LINE, check_meta, check_row, parse_line
from .runner import GameResult, SimError, _game, play_game

FORMAT = 1
SUFFIXES = (".jsonl", ".parquet")
# Meta keys that must match for a run to be resumed from a file.
RUN_KEYS = ("format", "game", "options", "agents", "seed", "decks", "facts")
PARQUET_BATCH = 2048


def result_row(result: GameResult) -> dict[str, Any]:
    """One game as a flat row (the file's columns)."""
    return {
        "index": result.index,
        "seed": result.seed,
        "seats": list(result.seats),
        "lineup": list(result.lineup),
        "winner": result.winner,
        "winner_agent": result.winner_agent,
        "scores": [float(s) for s in result.scores],
        "first": result.first,
        "reason": result.reason,
        "actions": result.actions,
        "ranks": list(result.places()),
        "eliminated": list(result.eliminated),
        "measures": json.dumps(result.measures, sort_keys=True),
        "deck": [list(f[0]) for f in result.cards],
        "drawn": [list(f[1]) for f in result.cards],
        "played": [list(f[2]) for f in result.cards],
    }


def row_result(row: dict[str, Any]) -> GameResult:
    """A row read back as the ``GameResult`` it was made from."""
    scores = tuple(int(s) if float(s).is_integer() else s for s in row["scores"])
    deck, drawn, played = row.get("deck") or [], row.get("drawn") or [], row.get("played") or []
    return GameResult(
        index=int(row["index"]), seed=int(row["seed"]), seats=tuple(row["seats"]),
        winner=row["winner"], winner_agent=row["winner_agent"], scores=scores,
        first=row["first"], reason=row["reason"], actions=int(row["actions"]),
        lineup=tuple(row["lineup"]), measures=json.loads(row["measures"]),
        ranks=tuple(row["ranks"]), eliminated=tuple(row["eliminated"]),
        cards=tuple(
            (tuple(d), tuple(w), tuple(p)) for d, w, p in zip(deck, drawn, played, strict=True)
        ),
    )


def replay_row(row: dict[str, Any], meta: dict[str, Any]) -> GameResult:
    """Play the row's game again from the run's meta and its index."""
    game = _game(meta["game"], dict(meta["options"]))
    decks = None if meta.get("decks") is None else [list(d) for d in meta["decks"]]
    return play_game(game, meta["agents"], meta["seed"], int(row["index"]), decks,
                     bool(meta.get("facts")))


def check_path(path: Path) -> None:
    if path.suffix not in SUFFIXES:
        raise SimError(f"--out {path}: the file must end in .parquet or .jsonl")
    if not path.parent.is_dir():
        raise SimError(f"--out {path}: no directory {path.parent}")
    if path.suffix == ".parquet":
        _pyarrow()


def _pyarrow() -> Any:
    try:
        import pyarrow  # type: ignore[import-untyped]
        import pyarrow.parquet  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        raise SimError("Parquet needs pyarrow: pip install 'tcgkit[report]' (or write .jsonl)") from None
    return pyarrow


def journal_of(path: Path) -> Path:
    return path if path.suffix == ".jsonl" else path.with_name(path.name + ".partial.jsonl")


def _read_journal(journal: Path) -> tuple[dict[str, Any], Iterator[dict[str, Any]], int]:
    """The journal's meta, its rows (each checked, ``rows.py``), and the byte length of its
    complete lines."""
    with journal.open("rb") as f:
        first = f.readline(MAX_LINE + 1)
        try:
            meta = parse_line(first, f"{journal} line 1")["meta"]
        except (ValueError, KeyError, TypeError):
            raise SimError(f"{journal}: not a tcgkit results file (no meta line)") from None
        check_meta(meta, f"{journal} line 1")
        good = f.tell() if first.endswith(b"\n") else 0
        for line in f:
            if not line.endswith(b"\n"):
                break  # torn by a kill mid-write
            try:
                json.loads(line)
            except (ValueError, RecursionError):
                break
            good += len(line)
    return meta, _rows(journal, len(meta["agents"])), good


def _rows(journal: Path, agents: int) -> Iterator[dict[str, Any]]:
    with journal.open("rb") as f:
        f.readline()
        for number, line in enumerate(f, start=2):
            if not line.endswith(b"\n"):
                return
            where = f"{journal} line {number}"
            try:
                data = parse_line(line, where)
            except ValueError:
                return  # torn: a kill mid-write
            yield check_row(data, where, agents)


def read_meta(path: Path) -> dict[str, Any]:
    if path.suffix == ".parquet":
        pq = _pyarrow().parquet
        try:
            raw = (pq.read_schema(path).metadata or {}).get(b"tcgkit")
        except (OSError, ValueError) as exc:
            raise SimError(f"{path}: not a readable Parquet file ({exc})") from None
        if raw is None:
            raise SimError(f"{path}: no tcgkit meta in this Parquet file")
        return check_meta(parse_line(raw, f"{path} meta"), f"{path} meta")
    return _read_journal(path)[0]


def iter_rows(path: Path) -> Iterator[dict[str, Any]]:
    """Every game's row of a results file, batch by batch (never the whole file at once),
    each game index once (the first row of it)."""
    if path.suffix == ".parquet":
        pq = _pyarrow().parquet
        agents = len(read_meta(path)["agents"])
        rows: Iterator[dict[str, Any]] = (
            check_row(row, f"{path} row {number}", agents) for number, row in enumerate(
                (row for batch in pq.ParquetFile(path).iter_batches(batch_size=PARQUET_BATCH)
                 for row in batch.to_pylist()), start=1))
    else:
        rows = _read_journal(path)[1]
    yield from once(rows)


def once(rows: Iterator[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """``rows`` without a second row of a game index already seen (a bit a game: flat)."""
    seen = bytearray()
    for row in rows:
        index = row.get("index") if isinstance(row, dict) else None
        if type(index) is int and index >= 0:
            byte, bit = divmod(index, 8)
            if byte >= len(seen):
                seen.extend(bytes(byte + 1 - len(seen)))
            if seen[byte] >> bit & 1:
                continue
            seen[byte] |= 1 << bit
        yield row


class ResultWriter:
    """Appends rows to the run's file as games finish; ``done`` marks games already there."""

    def __init__(self, path: Path, meta: dict[str, Any], games: int, resume: bool) -> None:
        check_path(path)
        self.path, self.games = path, games
        self.meta = {"format": FORMAT, **meta}
        self.journal = journal_of(path)
        self.done = bytearray()  # a bit per game up to the highest in the file: never per game asked
        self.count = 0
        exists = self.journal.exists() or (path.suffix == ".parquet" and path.exists())
        if exists and not resume:
            raise SimError(f"{path} exists: pass --resume to continue that run, or remove it")
        self.lock = self._lock()
        remove_stale_temporaries(path)  # a Parquet file half written by a run killed then
        try:
            if resume and exists:
                self._resume()
            else:
                self.journal.write_text(json.dumps({"meta": self.meta}) + "\n", encoding="utf-8")
            self.out: Any = self.journal.open("ab")
        except BaseException:
            self._unlock()
            raise

    def _lock(self) -> int:
        """An exclusive lock on the journal (made empty if it is not there yet), held until
        ``close``; another run holding it is refused at once, before anything is read."""
        fd = os.open(self.journal, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise SimError(f"another run is writing {self.path} now; wait for it to finish "
                           "(then --resume adds what it left), or write another file") from None
        return fd

    def _unlock(self) -> None:
        if self.lock >= 0:
            os.close(self.lock)  # closing the descriptor releases the lock
            self.lock = -1

    def _resume(self) -> None:
        if self.journal.exists():
            meta, rows, good = _read_journal(self.journal)
            os.truncate(self.journal, good)
        else:  # a finished Parquet file: make it a journal again to add games to it
            meta, rows = read_meta(self.path), iter_rows(self.path)
            with self.journal.open("w", encoding="utf-8") as f:
                f.write(json.dumps({"meta": meta}) + "\n")
                for row in rows:
                    f.write(json.dumps(row) + "\n")
            self.path.unlink()
            rows = _rows(self.journal, len(meta["agents"]))
        for key in RUN_KEYS:
            if meta.get(key) != self.meta.get(key):
                raise SimError(f"cannot resume {self.path}: it was a run with {key} "
                               f"{meta.get(key)!r}, this one has {self.meta.get(key)!r}")
        for row in rows:
            index = int(row["index"])
            if not 0 <= index < self.games:
                raise SimError(f"cannot resume {self.path}: it holds game {index}, "
                               f"beyond the {self.games} games asked for")
            if not self._mark(index):
                self.count += 1

    def _mark(self, index: int) -> bool:
        """Mark game ``index`` done; whether it was already."""
        byte, bit = divmod(index, 8)
        if byte >= len(self.done):
            self.done.extend(bytes(byte + 1 - len(self.done)))
        was = bool(self.done[byte] >> bit & 1)
        self.done[byte] |= 1 << bit
        return was

    def _is_done(self, index: int) -> bool:
        byte, bit = divmod(index, 8)
        return byte < len(self.done) and bool(self.done[byte] >> bit & 1)

    def missing(self) -> Iterator[int]:
        """The games still to play, in order, made as they are taken (``missing_count`` of them)."""
        return (i for i in range(self.games) if not self._is_done(i))

    @property
    def missing_count(self) -> int:
        return self.games - self.count

    def write(self, result: GameResult) -> None:
        assert self.out is not None
        self.out.write((json.dumps(result_row(result)) + "\n").encode())
        self.out.flush()
        if not self._mark(result.index):
            self.count += 1

    def close(self) -> None:
        """Flush; for Parquet, turn the finished journal into the Parquet file."""
        if self.out is not None:
            self.out.close()
            self.out = None
        try:
            if self.path.suffix == ".parquet" and self.count == self.games:
                write_parquet(self.journal, self.path, self.meta)
                self.journal.unlink()
        finally:
            self._unlock()

    def __enter__(self) -> ResultWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.out is not None:
            self.out.close()
            self.out = None
        self._unlock()


def schema(meta: dict[str, Any]) -> Any:
    pa = _pyarrow()
    names = pa.list_(pa.list_(pa.string()))
    return pa.schema([
        ("index", pa.int64()), ("seed", pa.uint64()), ("seats", pa.list_(pa.string())),
        ("lineup", pa.list_(pa.int64())), ("winner", pa.int64()), ("winner_agent", pa.string()),
        ("scores", pa.list_(pa.float64())), ("first", pa.int64()), ("reason", pa.string()),
        ("actions", pa.int64()), ("ranks", pa.list_(pa.int64())),
        ("eliminated", pa.list_(pa.int64())), ("measures", pa.string()),
        ("deck", names), ("drawn", names), ("played", names),
    ], metadata={"tcgkit": json.dumps(meta)})


def write_parquet(journal: Path, path: Path, meta: dict[str, Any]) -> None:
    """The journal's rows, sorted by game index, as Parquet (batch by batch)."""
    pa = _pyarrow()
    pq = pa.parquet
    sch = schema(meta)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    # Rows arrive in completion order; an index -> offset table (8 bytes a game) sorts them.
    offsets = _offsets(journal)
    try:
        with journal.open("rb") as src, pq.ParquetWriter(tmp, sch) as writer:
            batch: list[dict[str, Any]] = []
            for offset in offsets:
                src.seek(offset)
                batch.append(json.loads(src.readline()))
                if len(batch) == PARQUET_BATCH:
                    writer.write_batch(pa.RecordBatch.from_pylist(batch, schema=sch))
                    batch = []
            if batch:
                writer.write_batch(pa.RecordBatch.from_pylist(batch, schema=sch))
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def _offsets(journal: Path) -> list[int]:
    index_of = array.array("q")
    with journal.open("rb") as f:
        f.readline()
        while True:
            offset = f.tell()
            line = f.readline()
            if not line.endswith(b"\n"):
                break
            index = int(json.loads(line)["index"])
            if index >= len(index_of):
                index_of.extend([-1] * (index + 1 - len(index_of)))
            index_of[index] = offset
    return [o for o in index_of if o >= 0]
