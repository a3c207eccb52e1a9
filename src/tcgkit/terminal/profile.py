"""The local player profile: card collections, one per game, in a JSON file.

The file is ``profile.json`` in the platform's user data folder (``TCGKIT_HOME``
overrides the folder). It is written atomically; a corrupt file is reported with its
name and left untouched (``tcgkit collection --reset`` moves it aside to a backup).

Besides the collections it keeps what makes a trade trustworthy: a per-profile ``secret``
that signs and seals the saves this installation writes (see ``saves.py``), the
``pending`` matches (for each trading match, written before it starts, a digest keyed with
the secret of its seed, hands, seat and opponents: what the settlement checks, and nothing a
look at the file could read the AI's hand from) and the ``settled`` match ids, whose trades
were applied in the same write as the collection, so a trade changes the collection exactly
once. The file is written 0600: it holds the secret. Keys this version does not know are kept
as they were.

The collections, ``pending`` and ``settled`` are signed together (``signature``: an HMAC with
the secret), so a count edited by hand, or a settled match put back as pending, is refused
when the file is read, and nothing is written. A profile without a signature (one that an
older version wrote) is taken only while it holds nothing a trade made: no pending or settled
match and starter collections; it is signed at its next write.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import hmac
import json
import os
import secrets
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from ..kernel import registry
from ..kernel.collecting import CollectionError, Owned, collection_rules
from ..kernel.files import read_text_limited
from ..kernel.game import Game
from .errors import CliError
from .files import write_json_atomic

FORMAT = 1
FILE_NAME = "profile.json"
KNOWN = ("format", "collections", "secret", "pending", "settled", "signature")


def collecting_game() -> Game:
    """The game whose collection the profile keeps: the registered game that collects cards
    (one today), under its default options."""
    game = registry.collecting_game()
    if game is None:
        raise CliError("no installed game keeps a card collection")
    return game


def profile_dir() -> Path:
    home = os.environ.get("TCGKIT_HOME")
    return Path(home) if home else platformdirs.user_data_path("tcgkit")


def profile_path() -> Path:
    return profile_dir() / FILE_NAME


@dataclass
class Profile:
    path: Path
    collections: dict[str, dict[str, int]] = field(default_factory=dict)
    secret: str = ""
    pending: dict[str, dict[str, Any]] = field(default_factory=dict)
    settled: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)  # keys of a newer version, kept
    signed: bool = True  # False: read from an unsigned file (an older version's)

    def collection(self, game: Game) -> Owned:
        """The player's collection for ``game``; a new player gets the starter collection."""
        rules = collection_rules(game)
        raw = self.collections.get(game.name)
        starter = rules.starter()
        if raw is None:
            return starter
        try:
            mine = rules.owned(raw)
        except CollectionError as exc:
            raise corrupt(self.path, f"{game.name}: {exc}") from None
        if not self.signed and mine.counts != starter.counts:
            raise tampered(self.path, f"its {game.name} collection is not signed, and only "
                                      "the starter collection may be")
        return mine

    def free_cards(self, game: Game) -> Owned:
        """The collection less the hands that trading matches still in progress hold (each
        match reserves its hand from its start until it is settled)."""
        held = Counter(name for match in self.pending.values() if match.get("game") == game.name
                       for name in match.get("hand", ()) if isinstance(name, str))
        mine = self.collection(game)
        return collection_rules(game).owned(Counter(mine.counts) - held)

    def set_collection(self, game: Game, collection: Owned) -> None:
        self.collections[game.name] = collection.to_json()

    def key(self) -> bytes:
        """The secret that signs and seals this installation's saves and this file; made (and
        saved) on first use."""
        if not self.secret:
            self.secret = secrets.token_hex(32)
            self.save()
        return bytes.fromhex(self.secret)

    def signature(self) -> str:
        """The HMAC, keyed with the secret, of everything a trade changes."""
        return signature(bytes.fromhex(self.secret), self.collections, self.pending, self.settled)

    def match_digest(self, game: str, seed: int, decks: Any, seat: int, opponents: Any) -> str:
        """What a pending trading match keeps: an HMAC of everything the settlement checks,
        keyed with the profile's secret (a bare hash of a 31-bit seed could be searched)."""
        text = json.dumps([game, seed, decks, seat, opponents], sort_keys=True, separators=(",", ":"))
        return hmac.new(self.key(), b"tcgkit match " + text.encode(), hashlib.sha256).hexdigest()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {**self.extra, "format": FORMAT, "collections": self.collections}
        if self.secret:
            data["secret"] = self.secret
        if self.pending:
            data["pending"] = self.pending
        if self.settled:
            data["settled"] = self.settled
        if self.secret:
            data["signature"] = self.signature()
        return data

    def save(self) -> None:
        if not self.secret:  # every file this version writes is signed
            self.secret = secrets.token_hex(32)
        try:
            write_json_atomic(self.path, self.to_json(), private=True)
        except OSError as exc:
            raise CliError(f"cannot write the profile {self.path}: {exc.strerror or exc}") from None


@contextlib.contextmanager
def profile_lock() -> Iterator[None]:
    """One command at a time reads, changes and writes the profile: an exclusive lock on a
    file beside it, waited for (each holder keeps it for one read and one write). A folder
    that cannot be written has no lock, and no write to make either."""
    folder = profile_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(folder / f".{FILE_NAME}.lock", os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def signature(key: bytes, collections: Any, pending: Any, settled: Any) -> str:
    text = json.dumps([collections, pending, settled], sort_keys=True, separators=(",", ":"))
    return hmac.new(key, b"tcgkit profile " + text.encode(), hashlib.sha256).hexdigest()


def tampered(path: Path, why: str) -> CliError:
    return CliError(
        f"profile {path} was changed outside tcgkit ({why}): it is signed by this installation, "
        "so it was not used and nothing was written; put the file back as it was, or run "
        "'tcgkit collection --reset' to start again (the file is kept as a .bak backup)"
    )


def corrupt(path: Path, why: str) -> CliError:
    return CliError(
        f"profile {path} is corrupt ({why}); fix it, or run 'tcgkit collection --reset' "
        "to start again (the old file is kept as a .bak backup)"
    )


def _parse(path: Path, text: str) -> Profile:
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        raise corrupt(path, f"not JSON: line {exc.lineno}: {exc.msg}") from None
    except (ValueError, RecursionError):
        raise corrupt(path, "a number too long or nesting too deep") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise corrupt(path, f"expected a JSON object with \"format\": {FORMAT}")
    collections = data.get("collections")
    if not isinstance(collections, dict) or not all(
        isinstance(c, dict) for c in collections.values()
    ):
        raise corrupt(path, "'collections' should map game names to {card: count}")
    secret = data.get("secret", "")
    if not isinstance(secret, str) or (secret and not _is_hex(secret, 64)):
        raise corrupt(path, "'secret' should be 64 hexadecimal digits")
    pending = data.get("pending", {})
    if not isinstance(pending, dict) or not all(isinstance(m, dict) for m in pending.values()):
        raise corrupt(path, "'pending' should map match ids to matches")
    settled = data.get("settled", [])
    if not isinstance(settled, list) or not all(isinstance(m, str) for m in settled):
        raise corrupt(path, "'settled' should be a list of match ids")
    extra = {k: v for k, v in data.items() if k not in KNOWN}
    signed = _check_signature(path, data.get("signature"), secret, collections, pending, settled)
    return Profile(path, collections, secret, pending, settled, extra, signed)


def _check_signature(path: Path, given: Any, secret: str, collections: Any, pending: Any,
                     settled: Any) -> bool:
    """Whether the file is signed (it verified); an unsigned file may hold no trade's work."""
    if given is None:
        if pending or settled:
            raise tampered(path, "it holds trading matches but no signature")
        return False
    if not isinstance(given, str) or not _is_hex(given, 64) or not secret:
        raise tampered(path, "'signature' should be 64 hexadecimal digits beside a 'secret'")
    if not hmac.compare_digest(given, signature(bytes.fromhex(secret), collections, pending, settled)):
        raise tampered(path, "its collections or matches do not match their signature")
    return True


def _is_hex(text: str, length: int) -> bool:
    return len(text) == length and all(c in "0123456789abcdef" for c in text)


def load_profile(path: Path | None = None) -> Profile:
    """The profile at ``path`` (default: the user's), or a new one if there is no file yet."""
    path = path or profile_path()
    try:
        text = read_text_limited(path)
    except FileNotFoundError:
        return Profile(path)
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(f"cannot read the profile {path}: {getattr(exc, 'strerror', exc)}") from None
    return _parse(path, text)


def backup_path(path: Path) -> Path:
    """A backup name beside ``path`` that no earlier backup holds: .bak, .2.bak, ..."""
    candidate = path.with_name(path.name + ".bak")
    number = 2
    while candidate.exists():
        candidate = path.with_name(f"{path.name}.{number}.bak")
        number += 1
    return candidate


def reset_profile(game: Game, *, confirmed: bool) -> tuple[Profile, Path | None]:
    """A fresh starter collection for ``game``. The old file is always kept as a new backup;
    a valid profile is replaced only when ``confirmed`` (its other games, its secret and its
    ledger of settled trades are kept)."""
    path = profile_path()
    try:
        profile = load_profile(path)
        mine = profile.collection(game)
    except CliError:
        profile = Profile(path)
    else:
        if not confirmed:
            raise CliError(
                f"--reset replaces your collection of {len(mine)} cards with the starter one; "
                "add --yes to do it (the current profile is kept as a backup)"
            )
    moved = None
    if path.exists():
        moved = backup_path(path)
        try:
            os.replace(path, moved)
        except OSError as exc:
            raise CliError(f"cannot back up the profile {path}: {exc.strerror or exc}") from None
    profile.set_collection(game, collection_rules(game).starter())
    profile.save()
    return profile, moved
