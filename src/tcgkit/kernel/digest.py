"""A record's digest: SHA-256 over its canonical content, so that a record downloaded from a
match server (or kept anywhere) shows when it was changed or damaged since.

The content is the fields that say what was played and how it ended (``DIGESTED``): the
game, its options, the seed, the decks or starting position, the engine and card data, every
action, who made a move for a player (``made_by``) and the outcome. Not digested: the AI's
``explanations`` (notes beside the game, kept by a local player) and the digest itself.

Canonical JSON: keys sorted, no spaces (``","`` and ``":"``), UTF-8 without escapes, integers
as written (a 62-bit seed stays exact); an absent ``made_by`` is ``{}``, an absent ``decks``,
``position`` or ``outcome`` is ``null``. Each field is hashed on its own, ``{name: hex}``, so
that a mismatch names the field; the record's ``sha256`` is the SHA-256 of those field
hashes' canonical JSON. The digest shows a change, it does not prove who made the record:
anyone can compute one (the server is the authority for what it played).
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from .errors import ReplayError

DIGESTED = ("format", "game", "options", "seed", "decks", "position", "engine", "cards", "actions",
            "made_by", "outcome")
_HEX = re.compile(r"^[0-9a-f]{64}$")


def canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def _sha256(value: Any) -> str:
    return hashlib.sha256(canonical(value)).hexdigest()


def field_hashes(content: dict[str, Any]) -> dict[str, str]:
    """Each digested field's SHA-256 (``content``: a record's fields, as ``asdict`` gives them)."""
    return {name: _sha256(content.get(name)) for name in DIGESTED}


def digest_of(content: dict[str, Any]) -> dict[str, Any]:
    """The digest a record of ``content`` carries: ``{"sha256": hex, "fields": {name: hex}}``."""
    fields = field_hashes(content)
    return {"sha256": _sha256(fields), "fields": fields}


def check_digest(content: dict[str, Any], digest: Any, source: str) -> None:
    """Refuse (``ReplayError``) a record whose content does not hash to its ``digest``,
    naming the fields that changed."""
    if not isinstance(digest, dict) or not _HEX.match(str(digest.get("sha256", ""))):
        raise ReplayError(f"{source}: digest: not {{\"sha256\": 64 hex digits, \"fields\": ...}}")
    stated = digest.get("fields")
    actual = field_hashes(content)
    if stated is not None:
        if not isinstance(stated, dict) or set(stated) != set(DIGESTED):
            raise ReplayError(f"{source}: digest.fields: the fields {', '.join(DIGESTED)}, each a SHA-256")
        changed = [name for name in DIGESTED if stated[name] != actual[name]]
        if changed:
            raise ReplayError(f"{source}: digest mismatch: {', '.join(changed)} changed since the "
                              "record was made (its SHA-256 is not the one the digest gives)")
        if _sha256(stated) != digest["sha256"]:
            raise ReplayError(f"{source}: digest mismatch: digest.sha256 is not the SHA-256 of "
                              "digest.fields (the digest itself was changed)")
    if _sha256(actual) != digest["sha256"]:
        raise ReplayError(f"{source}: digest mismatch: the record's content does not hash to its "
                          "digest.sha256 (it was changed since it was made)")
