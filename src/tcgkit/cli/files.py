"""JSON files written whole or not at all (the kernel's atomic write)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..kernel.files import write_text_atomic


def write_json_atomic(path: str | Path, data: Any, private: bool = False) -> None:
    """Write ``data`` as JSON to ``path`` so a crash leaves the old file or the new one;
    ``private``: mode 0600 (the profile, saves)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomic(path, json.dumps(data, indent=1) + "\n", private)
