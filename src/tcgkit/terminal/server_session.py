"""A terminal command's conversation with a match server, in one place: the client (which
needs the web extra), logging in, and the server's refusals and silence as one-line errors.
``play --server``, ``replay URL`` and ``account import`` talk to a server through it."""

from __future__ import annotations

import getpass
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from .errors import CliError

if TYPE_CHECKING:
    from ..server.client import Client


@contextmanager
def server_session(url: str, *, needs: str, refused: str = "") -> Iterator[Client]:
    """A client of the server at ``url``, closed afterwards. ``needs`` names what asked for
    the web extra when it is missing; ``refused`` begins the line of a refusal (what was
    asked for: "match 12 at URL: ")."""
    try:
        from ..server.client import UNREACHABLE, Client, ServerError
    except ImportError as exc:
        raise CliError(f"{needs} needs the web extra ({exc.name} is missing): "
                       "pip install 'tcgkit[web]'") from None
    client = Client(url)
    try:
        yield client
    except ServerError as exc:
        raise CliError(f"{refused}the server refused: {exc}") from None
    except UNREACHABLE as exc:
        raise CliError(f"cannot reach the server at {url}: {exc}") from None
    finally:
        client.close()


def log_in(client: Client, user: str) -> None:
    """Log ``user`` in, the password from TCGKIT_PASSWORD or asked for without echo."""
    password = os.environ.get("TCGKIT_PASSWORD") or getpass.getpass(f"Password for {user}: ")
    client.log_in(user, password)
