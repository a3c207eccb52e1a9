"""Card files the user names on the command line, turned into the content hashes games take.

``--rules card_file=PATH`` (and ``card_files=A;B``) and ``--card-file PATH`` are the only
ways a path reaches tcgkit: the CLI reads the file (size-limited), makes it resolvable by its
hash (``kernel/card_files.py``) and passes the hash on, so options, records, saves and
positions carry ``sha256:<hex>`` and never a path. A copy of every such file is kept under
``cards/`` in the profile's data folder, named by its hash, so a saved game or a record made
with it resumes and replays on this machine without naming the file again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..kernel import card_files
from .profile import profile_dir

CARD_FILE_OPTIONS = ("card_file", "card_files")
BUNDLED = "bundled"  # Forge & Fury's name for its shipped collection in card_files
CARD_FILE_HELP = (
    "A card file a record, save or position names by its content hash (sha256:...); "
    "may be repeated. Files given to 'play' with --rules card_file=PATH are kept in the "
    "profile's data folder and need not be named again."
)


def store_folder() -> Path:
    """Where the copies of the card files named on this machine are kept (by hash)."""
    return profile_dir() / "cards"


def use_store() -> None:
    """Resolve card file hashes also among the kept copies (every command starts so)."""
    card_files.keep_copies_in(store_folder())


def give(path: str | Path) -> str:
    """Read the card file at ``path`` (``CardDataError`` when it cannot be) and make its hash
    resolvable; its reference. A copy is kept once a game parses it as a card file (never a
    file that fails to); one that cannot be written (a read-only data folder) only means the
    file must be named again later."""
    card_file = card_files.read_card_file(path)
    card_files.add(card_file)
    card_files.keep_when_parsed(card_file)
    return card_file.ref


def give_all(paths: Sequence[Path] | None) -> None:
    """``--card-file PATH`` (repeatable): files a record, save or position may name."""
    for path in paths or ():
        give(path)


def _as_ref(value: str) -> str:
    return value if value == BUNDLED or card_files.is_ref(value) else give(value)


def with_card_paths(parse: Callable[[str], dict[str, Any]]) -> Callable[[str], dict[str, Any]]:
    """A ``--rules`` parser whose ``card_file`` / ``card_files`` values are paths to read
    (or hashes, or ``bundled``), passed on as hashes."""

    def parse_rules(text: str) -> dict[str, Any]:
        values = parse(text)
        for key in CARD_FILE_OPTIONS:
            value = values.get(key)
            if isinstance(value, str) and value.lower() not in ("none", "null"):
                values[key] = _as_ref(value)
            elif isinstance(value, tuple | list):
                values[key] = tuple(_as_ref(str(item)) for item in value)
        return values

    return parse_rules
