"""Card files named by their content, never by their path.

A card file is read once, size-limited (``files.read_bytes_limited``), and from then on
known by its *reference* ``sha256:<64 hex digits>``, the SHA-256 of its bytes. Options,
records, saves and positions carry references, so they neither depend on nor tell where a
file was on the writer's machine, and a record cannot make tcgkit open a file: a ``Game``
never opens a path given as text. A reference is resolved only among

- the files given to this process (``add_card_file``: the CLI's ``--card-file PATH`` and
  ``--rules card_file=PATH``; in Python a ``pathlib.Path`` option value, ``read_paths``),
- the game's shipped files (``shipped_card_file``),
- the content-addressed copies in the folder ``keep_copies_in`` names (the CLI's is
  ``cards/`` in the profile's data folder), each checked against its hash when read.

Parsed card sets are cached by the hashes of their files (``parsed``): a rewritten file is a
new file with a new hash, read and parsed anew.
"""

from __future__ import annotations

import hashlib
import re
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path, PurePath
from typing import Any, TypeVar, cast

from .errors import CardDataError
from .files import decode_text, read_bytes_limited, write_bytes_atomic

PREFIX = "sha256:"
REF_FORM = "sha256:<64 hex digits>"
_REF = re.compile(r"sha256:[0-9a-f]{64}")
CACHE_SIZE = 64  # parsed card sets kept (a card sweep makes one per grid point)

T = TypeVar("T")


class UnknownCardFile(CardDataError):
    """A reference that matches no card file given to this process, shipped, or stored."""


@dataclass(frozen=True)
class CardFile:
    """One card file's bytes, with the name messages use for it (the path as the user gave
    it on this machine, or the shipped file's place in the package)."""

    name: str
    data: bytes
    digest: str  # SHA-256 of ``data``, hex

    @staticmethod
    def of(name: str, data: bytes) -> CardFile:
        return CardFile(name, data, hashlib.sha256(data).hexdigest())

    @property
    def ref(self) -> str:
        return PREFIX + self.digest

    def text(self) -> str:
        """The UTF-8 text without a byte-order mark; ``CardDataError`` when it is not UTF-8."""
        try:
            return decode_text(self.data)
        except UnicodeDecodeError:
            raise CardDataError(f"{self.name}: the card file is not UTF-8 text") from None


_GIVEN: dict[str, CardFile] = {}  # digest -> a file given to this process
_STORE: list[Path] = []  # the folder of kept copies, when one is set
_PARSED: OrderedDict[tuple[str, tuple[str, ...]], Any] = OrderedDict()
_TO_KEEP: set[str] = set()  # digests to copy into the store once they parse as card files


def read_card_file(path: str | PurePath) -> CardFile:
    """The file at ``path``, read once and size-limited; ``CardDataError`` when it cannot be."""
    try:
        data = read_bytes_limited(str(path))
    except OSError as exc:
        raise CardDataError(f"{path}: cannot read the card file: {exc.strerror}") from None
    return CardFile.of(str(path), data)


def add(card_file: CardFile) -> str:
    """Make ``card_file`` resolvable in this process; its reference."""
    _GIVEN[card_file.digest] = card_file
    return card_file.ref


def add_card_file(path: str | PurePath) -> str:
    """Read the card file at ``path`` (a file the user names) and make it resolvable; its
    reference, what options, records and positions carry."""
    return add(read_card_file(path))


def keep_copies_in(folder: str | Path | None) -> None:
    """Resolve references also among the copies ``keep_copy`` writes in ``folder`` (the
    one such folder; ``None``: none)."""
    _STORE[:] = [] if folder is None else [Path(folder)]


def keep_copy(card_file: CardFile) -> None:
    """A content-addressed copy of ``card_file`` in the ``keep_copies_in`` folder (named by
    its digest, mode 0600), so a record naming it resolves later without the original; a
    copy edited since is written anew. Raises ``OSError``; does nothing without a folder."""
    for folder in _STORE:
        target = folder / card_file.digest
        if _stored(target, card_file.digest) is None:
            folder.mkdir(parents=True, exist_ok=True)
            write_bytes_atomic(target, card_file.data, private=True)


def keep_when_parsed(card_file: CardFile) -> None:
    """Keep a copy of ``card_file`` (``keep_copy``) once a game has parsed it as a card file,
    never before: a file named by mistake (a private key, ``/proc/self/environ``) is refused
    without leaving a copy behind. A copy that cannot be written is skipped."""
    _TO_KEEP.add(card_file.digest)


def _keep_parsed(files: Sequence[CardFile]) -> None:
    for card_file in files:
        if card_file.digest in _TO_KEEP:
            _TO_KEEP.discard(card_file.digest)
            try:
                keep_copy(card_file)
            except OSError:
                continue  # a read-only data folder: the file must be named again later


def forget() -> None:
    """Forget every given file, the copies' folder and the parsed sets (tests; a process
    that serves several users between them)."""
    _GIVEN.clear()
    _STORE.clear()
    _PARSED.clear()
    _TO_KEEP.clear()


def is_ref(value: object) -> bool:
    return isinstance(value, str) and _REF.fullmatch(value) is not None


def read_paths(value: object) -> object:
    """An option value with every ``pathlib.Path`` in it (alone, or in a list or tuple) read
    as a card file and replaced by its reference: how Python callers name their files
    (``Game(card_file=Path("my.csv"))``). Text never is a path: records, positions and
    JSON cannot hold a ``Path``, so they cannot make a game open a file."""
    if isinstance(value, PurePath):
        return add_card_file(value)
    if isinstance(value, list | tuple) and any(isinstance(item, PurePath) for item in value):
        return tuple(read_paths(item) for item in value)
    return value


def ref_option(value: object, names: Sequence[str] = ()) -> object:
    """An option value naming a card file, as an options model's ``mode="before"``
    validator sees it: a reference, or one of ``names`` (Forge & Fury's ``bundled``).
    Any other text, a path above all, is a ``ValueError``."""
    if is_ref(value) or (isinstance(value, str) and value in names):
        return value
    if not isinstance(value, str):
        return value  # the model's own type check says what is wrong
    shown = value if len(value) <= 40 else value[:37] + "..."
    also = "".join(f" or {name!r}" for name in names)
    raise ValueError(
        f"a card file is named by its content hash, {REF_FORM}{also}, never by a path (a "
        f"record or position holding a path is refused; name the file itself with --rules "
        f"card_file=PATH or --card-file PATH); got {shown!r}"
    )


def ref_options(values: object, names: Sequence[str] = ()) -> object:
    """``ref_option`` over a list or tuple of card files."""
    if isinstance(values, list | tuple):
        return tuple(ref_option(value, names) for value in values)
    return values


@cache
def shipped_card_file(package: str, *parts: str) -> CardFile:
    """A card file shipped inside ``package`` (``data/...``), read once."""
    data = resources.files(package).joinpath(*parts).read_bytes()
    short = package.rsplit(".", 1)[-1]
    return CardFile.of("/".join((short, *parts)), data)


def resolve_card_file(ref: str, shipped: Iterable[CardFile] = ()) -> CardFile:
    """The card file ``ref`` names: one given to this process, one of ``shipped``, or a
    stored copy. ``UnknownCardFile`` names the hash and says how to give the file."""
    if not is_ref(ref):
        raise CardDataError(f"{str(ref)[:40]!r} is not a card file reference ({REF_FORM})")
    digest = ref[len(PREFIX):]
    found = _GIVEN.get(digest)
    if found is not None:
        return found
    for card_file in shipped:
        if card_file.digest == digest:
            return card_file
    for folder in _STORE:
        stored = _stored(folder / digest, digest)
        if stored is not None:
            return stored
    given = "; ".join(f"{f.name} is sha256:{f.digest[:12]}..." for f in list(_GIVEN.values())[-3:])
    raise UnknownCardFile(
        f"no card file here has the content hash {ref} (neither a shipped one nor one given): "
        f"give that file with --card-file PATH" + (f" (given: {given})" if given else "")
    )


def _stored(path: Path, digest: str) -> CardFile | None:
    """A kept copy, when it is there and still has its hash (an edited copy is not used)."""
    try:
        card_file = CardFile.of(path.name, read_bytes_limited(path))
    except OSError:
        return None
    return card_file if card_file.digest == digest else None


def label(ref: str) -> str:
    """How a view names the card file ``ref``: the file's name here and a short hash
    (``my_cards.csv sha256:3f44ac42``), or the short hash alone."""
    short = ref[:len(PREFIX) + 8]
    if not is_ref(ref):
        return ref
    found = _GIVEN.get(ref[len(PREFIX):])
    return f"{Path(found.name).name} {short}" if found is not None else short


def referenced(options: dict[str, Any]) -> tuple[CardFile, ...]:
    """The card files that ``options``' values reference and that this process can resolve
    from what it was given or stored (what a worker in another process needs to be sent)."""
    refs: list[str] = []
    for value in options.values():
        for item in value if isinstance(value, list | tuple) else (value,):
            if is_ref(item):
                refs.append(item)
    out = []
    for ref in refs:
        try:
            out.append(resolve_card_file(ref))
        except UnknownCardFile:
            continue  # a shipped file: every process has it
    return tuple(out)


def parsed(kind: str, files: Sequence[CardFile], parse: Callable[[tuple[CardFile, ...]], T]) -> T:
    """``parse(files)``, cached by ``kind`` (the loader) and the files' hashes."""
    key = (kind, tuple(f.digest for f in files))
    if key in _PARSED:
        _PARSED.move_to_end(key)
        return cast(T, _PARSED[key])
    value = parse(tuple(files))
    _keep_parsed(files)
    _PARSED[key] = value
    if len(_PARSED) > CACHE_SIZE:
        _PARSED.popitem(last=False)
    return value
