"""JSON files written whole or not at all (the kernel's atomic write), and no file replaced
unasked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..kernel.files import write_text_atomic

FORCE_HELP = "Replace the file if it exists."


def not_replacing(path: Path | None, force: bool, option: str) -> str | None:
    """Why writing ``path`` would replace a file the user did not ask to replace (``None``:
    it may be written): a command writes over an existing file only with ``--force``."""
    if path is None or force or not path.exists():
        return None
    return f"{option} {path}: the file exists; add --force to replace it"


def write_json_atomic(path: str | Path, data: Any, private: bool = False) -> None:
    """Write ``data`` as JSON to ``path`` so a crash leaves the old file or the new one;
    ``private``: mode 0600 (the profile, saves)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomic(path, json.dumps(data, indent=1) + "\n", private)
