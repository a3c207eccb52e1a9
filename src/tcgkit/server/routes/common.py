"""What the routes share: the app's ``Server``, the session a request comes from (``Me``),
and the rate limits' refusal."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from .. import accounts
from ..accounts import CSRF_HEADER, SESSION_COOKIE, Who
from ..limits import Limit
from ..middleware import SAFE_METHODS
from ..refusal import Refusal
from ..service import Server


def server_of(request: Request) -> Server:
    server: Server = request.app.state.server
    return server


async def current(request: Request) -> Who:
    """The account of the session cookie; a request that changes something must also carry
    the session's CSRF token in its header."""
    found = await accounts.who(server_of(request).store, request.cookies.get(SESSION_COOKIE))
    if found is None:
        raise Refusal(401, "no_session", accounts.NO_SESSION)
    if request.method not in SAFE_METHODS and request.headers.get(CSRF_HEADER) != found.csrf:
        raise Refusal(403, "forbidden", f"the {CSRF_HEADER} header is missing or does not match the session")
    return found


async def app_server(request: Request) -> Server:
    return server_of(request)  # async: a plain function would be called in a thread


Me = Annotated[Who, Depends(current)]
Serving = Annotated[Server, Depends(app_server)]


def limited(limit: Limit, key: str, what: str) -> None:
    wait = limit.take(key)
    if wait is not None:
        raise Refusal(429, "rate_limited", f"too many {what}: try again in {wait:g} s")


def address_of(request: Request) -> str:
    return request.client.host if request.client is not None else "?"
