"""Files read with a size limit, and written whole or not at all.

Reading: every file that comes from outside (records, saves, card files, decks, the
profile) is read through ``read_text_limited``, so ``/dev/zero`` or a huge file is refused
by size instead of filling memory, and a UTF-8 byte-order mark is dropped.

Writing: a temporary file beside the target, then a rename. The temporary's name carries
the writer's process id, so a writer killed mid-write leaves a file the next write of the
same target recognises (its process is gone) and removes.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

MAX_FILE_BYTES = 16 * 1024 * 1024
"""The largest file tcgkit reads (a 1,200-action record is about 30 KB)."""
BOM = "\ufeff"


class NotAFile(OSError):
    """A path that is not a regular file (a device such as /dev/zero, a pipe, a folder)."""


class FileTooLarge(OSError):
    """A file over the size limit (an ``OSError``, so callers report it like any read error)."""


def read_bytes_limited(path: str | Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of ``path``. Raises ``OSError``: ``NotAFile`` for a device, pipe or folder
    (which a record naming it could otherwise make us read forever or wait on),
    ``FileTooLarge`` past ``limit`` bytes."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise NotAFile(0, "not a regular file", str(path))
    with open(path, "rb") as source:
        data = source.read(limit + 1)
    if len(data) > limit:
        raise FileTooLarge(0, f"the file is larger than {limit // (1024 * 1024)} MB", str(path))
    return data


def read_text_limited(path: str | Path, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of ``path`` without a leading byte-order mark. Raises ``OSError``
    (see ``read_bytes_limited``) or ``UnicodeDecodeError``."""
    return decode_text(read_bytes_limited(path, limit))


def decode_text(data: bytes) -> str:
    """UTF-8 ``data`` without a leading byte-order mark; raises ``UnicodeDecodeError``."""
    text = data.decode("utf-8")
    return text[1:] if text.startswith(BOM) else text


def write_text_atomic(path: str | Path, text: str, private: bool = False) -> None:
    """Write ``text`` to ``path`` so that a crash leaves the old file or the new one, never
    half of either. Keeps an existing file's permissions; ``private``: readable and writable
    by its owner only (0600), whatever they were. Raises ``OSError``."""
    write_bytes_atomic(path, text.encode("utf-8"), private)


def write_bytes_atomic(path: str | Path, data: bytes, private: bool = False) -> None:
    """``write_text_atomic`` for bytes."""
    path = Path(path)
    remove_stale_temporaries(path)
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.chmod(temp, 0o600 if private else _mode_for(path))
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def remove_stale_temporaries(path: Path) -> None:
    """Remove the temporaries of ``path`` left by writers that were killed mid-write."""
    try:
        siblings = list(path.parent.glob(f".{_glob_escape(path.name)}.*.tmp"))
    except OSError:
        return
    for temp in siblings:
        pid = temp.name[len(path.name) + 2:-len(".tmp")]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            temp.unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists but belongs to someone else
        return True
    return True


def _glob_escape(name: str) -> str:
    return "".join(f"[{c}]" if c in "*?[" else c for c in name)


def _mode_for(path: Path) -> int:
    """The file's current permissions, or what a plain ``open`` would give a new file."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
