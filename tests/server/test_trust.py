"""Issue 38, online play that cannot be abused: each finding of the attack on the match server,
shown fixed (consent for every match, bounded requests, a supervised AI, limits, sessions that
end, no move made silently for a player)."""

from __future__ import annotations

import asyncio
import json
import socket
from typing import Any
from urllib.parse import urlparse

from tcgkit.server.app import MAX_BODY, JsonWrites


def test_a_chunked_body_is_refused_once_past_the_limit_without_reading_the_rest(
        live: tuple[str, Any]) -> None:
    url, _app = live
    where = urlparse(url)
    chunk = b"x" * 16384
    sent = 0
    with socket.create_connection((where.hostname, where.port), timeout=10) as raw:
        raw.sendall(b"POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    b"Transfer-Encoding: chunked\r\n\r\n")
        raw.settimeout(0.05)
        answer = b""
        while sent < 50 * 1024 * 1024 and not answer:
            try:
                raw.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                sent += len(chunk)
                answer = raw.recv(4096)
            except TimeoutError:
                continue
            except (BrokenPipeError, ConnectionResetError):
                break
        raw.settimeout(10)
        if not answer:
            answer = raw.recv(4096)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert sent < 4 * MAX_BODY  # answered as soon as the limit was passed


def test_the_body_limit_counts_what_streams_in_whatever_the_headers_say() -> None:
    reached: list[str] = []
    received = 0

    async def app(scope: Any, receive: Any, send: Any) -> None:
        reached.append(scope["path"])

    async def endless() -> dict[str, Any]:  # a client that never stops sending
        nonlocal received
        received += 1
        return {"type": "http.request", "body": b"x" * 1000, "more_body": True}

    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    for headers in ([(b"content-type", b"application/json")],
                    [(b"content-type", b"application/json"), (b"content-length", b"10")]):
        received = 0
        scope = {"type": "http", "method": "POST", "path": "/api/login", "headers": headers}
        asyncio.run(JsonWrites(app)(scope, endless, send))
        assert received == MAX_BODY // 1000 + 1  # read up to the limit, not one message more
        assert sent[-2]["status"] == 413 and b"over" in sent[-1]["body"]
    assert reached == []


def test_a_body_within_the_limit_still_reaches_the_route(client: Any) -> None:
    response = client.post("/api/signup", content=iter([b'{"name": "alice", ',
                                                        b'"password": "correct horse"}']),
                           headers={"content-type": "application/json"})
    assert response.status_code == 201, response.text
    assert json.loads(response.text)["account"] > 0
