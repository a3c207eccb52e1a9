"""What every HTTP request passes through before a route, and how a refusal is answered:
writes are small JSON (``JsonWrites``), every answer says what a browser may do with it
(``SecurityHeaders``), and a client's fault is logged as one line (``ONE_LINE``).
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi.responses import JSONResponse

from .refusal import Refusal

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
MAX_BODY = 64 * 1024


class JsonWrites:
    """Writes are JSON (no cross-site form can send it) and small: the content type and a
    declared length are checked on the headers, before anything is read, and every body,
    whatever its framing (chunked, or a length that lies), is counted as it streams in and
    refused once past ``MAX_BODY``, so no request holds more than that in memory (an ASGI
    middleware, so the WebSocket passes untouched)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        length = headers.get(b"content-length")
        refused = None
        if scope["method"] not in SAFE_METHODS:
            kind = headers.get(b"content-type", b"").split(b";")[0].strip().lower()
            if kind != b"application/json":
                refused = http_response(Refusal(415, "not_json",
                                                "send JSON (Content-Type: application/json)"))
        if refused is None and length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            refused = too_large()
        if refused is None:
            body, disconnected = await read_body(receive)
            if body is None:
                refused = too_large()
            elif disconnected:
                return
            else:
                await self.app(scope, replay(body, receive), send)
                return
        await refused(scope, receive, send)


class OneLine(logging.Filter):
    """A client's fault the server logs with a traceback (the web server's, for a frame of
    invalid UTF-8) logged as one line: a client cannot fill the log with tracebacks."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and str(record.msg).startswith("Invalid UTF-8"):
            record.exc_info, record.exc_text = None, None
        return True


ONE_LINE = OneLine()


class SecurityHeaders:
    """Every HTTP answer says what a browser may do with it: run and load only this site's
    files (``Content-Security-Policy``), never inside another site's frame, never guess a
    content type, and send no address of ours to other sites."""

    def __init__(self, app: Any, policy: str) -> None:
        self.app = app
        self.headers = [(b"content-security-policy", policy.encode()), (b"x-frame-options", b"DENY"),
                        (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"same-origin")]

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *self.headers]}
            await send(message)

        await self.app(scope, receive, with_headers)


def http_response(refusal: Refusal, headers: dict[str, str] | None = None) -> JSONResponse:
    """What an HTTP client is told of a refusal (the socket's words: ``protocol.Error.of``)."""
    return JSONResponse({"error": refusal.message}, status_code=refusal.status, headers=headers)


def too_large() -> JSONResponse:
    return http_response(Refusal(413, "too_large", f"the body is over {MAX_BODY} bytes"),
                         headers={"connection": "close"})


async def read_body(receive: Any) -> tuple[bytes | None, bool]:
    """The request's whole body, read as it streams: ``None`` once it passes ``MAX_BODY``
    (the rest is never read: the connection is closed after the answer); and whether the
    client went away first."""
    parts: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return b"", True
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > MAX_BODY:
            return None, False
        parts.append(chunk)
        if not message.get("more_body", False):
            return b"".join(parts), False


def replay(body: bytes, receive: Any) -> Any:
    """A ``receive`` that gives the body read once, then waits on the client as before."""
    sent = False

    async def again() -> dict[str, Any]:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return again
