"""``tcgkit replay URL``: a finished match's record fetched from the server it was played on.

The URL is the address a browser shows (``http://HOST/#/replay/ID?seat=S&at=K``, or the
match's own ``#/match/ID``) or an API address (``http://HOST/api/matches/ID/replay``, ``.../record``
or ``/api/matches/ID``); the server's address is what comes before ``#`` or ``/api/``. The
record is fetched anonymously, or signed in as ``--user NAME`` (its password from
TCGKIT_PASSWORD or asked for, as ``tcgkit play --server`` does): a match whose creator closed
it to spectators is given to its players only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlsplit

from .errors import CliError
from .server_session import log_in, server_session

_ID = r"(?P<id>[A-Za-z0-9_-]{1,64})"
_BROWSER = re.compile(rf"^/(?:replay|match)/{_ID}$")  # the part after '#'
_API = re.compile(rf"^(?P<base>.*?)/api/matches/{_ID}(?:/(?:replay|record))?/?$")


@dataclass(frozen=True)
class Link:
    """What a match's address says: the server, the match, and the seat and move it opens at."""

    server: str
    match: str
    seat: int | None = None
    at: int | None = None


def _number(query: dict[str, list[str]], name: str, url: str) -> int | None:
    given = query.get(name)
    if not given:
        return None
    try:
        return int(given[-1])
    except ValueError:
        raise CliError(f"{url}: {name}={given[-1][:20]!r} is not a number") from None


def parse_link(url: str) -> Link:
    """The link's parts; ``CliError`` names what does not fit."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise CliError(f"{url[:200]}: not a match's address (http://HOST/#/replay/ID or "
                       "http://HOST/api/matches/ID/record)")
    origin = f"{parts.scheme}://{parts.netloc}"
    if parts.fragment:
        route, _, query = parts.fragment.partition("?")
        found = _BROWSER.match(route)
        if found is None:
            raise CliError(f"{url[:200]}: #{route[:60]} is not a match's page (#/replay/ID or #/match/ID)")
        base = origin + parts.path.rstrip("/")
    else:
        found = _API.match(parts.path)
        if found is None:
            raise CliError(f"{url[:200]}: no match in the address (/api/matches/ID/record or #/replay/ID)")
        query, base = parts.query, origin + found.group("base")
    asked = parse_qs(query)
    at = _number(asked, "at", url)
    return Link(base, found.group("id"), _number(asked, "seat", url),
                at if at is not None else _number(asked, "version", url))


def fetch_record(link: Link, user: str | None) -> dict[str, Any]:
    """The match's record as the server gives it (its digest is checked when it is read)."""
    with server_session(link.server, needs="a replay by URL",
                        refused=f"match {link.match} at {link.server}: ") as client:
        if user is not None:
            log_in(client, user)
        return client.record(link.match)
