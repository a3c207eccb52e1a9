"""Save files of ``tcgkit play --save``: signed by the profile, sealed while unfinished.

A save is a JSON object ``{"tcgkit": "save", "format", "game", "match", "engine",
"finished", ..., "mac"}``. While the game goes on, the record (seed, hands, every action,
the AI's own seed) is in ``sealed``: encrypted with a key derived from the profile's secret,
so the file tells the player nothing beyond their view (not the AI's hand or sealed pick,
not the seed that dealt them). Once the game is over the record is written in the clear
under ``record`` (``tcgkit replay`` reads it). Every save carries ``mac``, an HMAC-SHA256
over the rest with the profile's secret: a save this installation did not write (or one
edited since) does not verify, and only a verified save may change a collection.

The cipher is HMAC-SHA256 in counter mode (a keystream from a pseudorandom function, with
a random nonce), followed by the MAC over the ciphertext (encrypt-then-MAC). The sealed text
is padded to a multiple of ``PAD`` bytes so its length says little about its content.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._version import __version__
from ..kernel.errors import ReplayError
from ..kernel.files import read_text_limited
from ..kernel.replay import MatchRecord
from .errors import CliError
from .files import write_json_atomic

FORMAT = 1
PAD = 1024
MAGIC = "save"


@dataclass
class Saved:
    """A save read back: the record, the match id and the AI's seed, and whether this
    profile wrote it (``signed``). ``sealed`` is false for a plain record."""

    record: MatchRecord
    match_id: str
    agent_seed: int | None
    signed: bool
    sealed: bool


def _subkey(key: bytes, purpose: bytes) -> bytes:
    return hmac.new(key, b"tcgkit save " + purpose, hashlib.sha256).digest()


def _keystream_xor(key: bytes, nonce: bytes, data: bytes) -> bytes:
    out = bytearray()
    for block in range(0, len(data), 32):
        pad = hmac.new(key, nonce + block.to_bytes(8, "big"), hashlib.sha256).digest()
        out.extend(a ^ b for a, b in zip(data[block:block + 32], pad, strict=False))
    return bytes(out)


def _canonical(data: dict[str, Any]) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":")).encode()


def _mac(key: bytes, body: dict[str, Any]) -> str:
    return hmac.new(_subkey(key, b"mac"), _canonical(body), hashlib.sha256).hexdigest()


def seal(key: bytes, payload: dict[str, Any]) -> str:
    text = json.dumps(payload, separators=(",", ":")).encode()
    text += b" " * (-len(text) % PAD)
    nonce = secrets.token_bytes(16)
    return base64.b64encode(nonce + _keystream_xor(_subkey(key, b"seal"), nonce, text)).decode()


def unseal(key: bytes, blob: str) -> dict[str, Any]:
    raw = base64.b64decode(blob, validate=True)
    data: dict[str, Any] = json.loads(_keystream_xor(_subkey(key, b"seal"), raw[:16], raw[16:]))
    return data


def save_body(
    key: bytes, record: MatchRecord, match_id: str, agent_seed: int | None, finished: bool
) -> dict[str, Any]:
    """The JSON of a save (``mac`` included)."""
    body: dict[str, Any] = {
        "tcgkit": MAGIC, "format": FORMAT, "game": record.game, "match": match_id,
        "engine": __version__, "finished": finished,
    }
    if finished:
        body["record"] = record.to_json()
    else:
        body["sealed"] = seal(key, {"record": record.to_json(), "agent_seed": agent_seed})
    body["mac"] = _mac(key, body)
    return body


def write_save(
    path: str | Path, key: bytes, record: MatchRecord, match_id: str, agent_seed: int | None,
    finished: bool,
) -> None:
    try:
        write_json_atomic(path, save_body(key, record, match_id, agent_seed, finished), private=True)
    except OSError as exc:
        raise CliError(f"cannot save the game to {path}: {exc.strerror or exc}") from None


def read_save(path: str | Path, key: bytes | None) -> Saved:
    """A save (or a plain replay record) from ``path``; ``key`` is the profile's secret
    (``None``: no profile secret yet, so nothing is signed by it)."""
    try:
        data = json.loads(read_text_limited(path))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return Saved(MatchRecord.load(path), "", None, False, False)  # Record.load says what is wrong
    if not (isinstance(data, dict) and data.get("tcgkit") == MAGIC):
        return Saved(MatchRecord.from_json(data, source=str(path)), "", None, False, False)
    if data.get("format") != FORMAT:
        raise ReplayError(f"{path}: save format {data.get('format')!r} is not {FORMAT}")
    body = {k: v for k, v in data.items() if k != "mac"}
    signed = key is not None and hmac.compare_digest(str(data.get("mac", "")), _mac(key, body))
    match_id = data.get("match")
    if not isinstance(match_id, str):
        raise ReplayError(f"{path}: the save has no match id")
    if "record" in data:
        return Saved(MatchRecord.from_json(data["record"], str(path)), match_id, None, signed, False)
    if not signed or key is None:
        raise ReplayError(
            f"{path}: an unfinished game sealed by another profile (or edited since); "
            "only the profile that saved it can continue it"
        )
    try:
        inner = unseal(key, str(data.get("sealed", "")))
        agent_seed = inner.get("agent_seed")
        record = MatchRecord.from_json(inner.get("record"), str(path))
    except (ValueError, TypeError, AttributeError) as exc:
        raise ReplayError(f"{path}: the sealed part does not open: {exc}") from None
    return Saved(record, match_id, agent_seed if isinstance(agent_seed, int) else None, True, True)
