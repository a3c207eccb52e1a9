"""In-process server tests: one app on a fresh SQLite file per test, driven by Starlette's
test client. Every test has a time limit (pytest-timeout), so a socket read that never
gets its message fails the test instead of hanging CI."""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server tests need the web extra: pip install -e '.[web]'")

from fastapi.testclient import TestClient  # noqa: E402

from tcgkit.server.accounts import CSRF_HEADER, SESSION_COOKIE  # noqa: E402
from tcgkit.server.app import create_app  # noqa: E402
from tcgkit.server.service import CSP, Settings  # noqa: E402


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/server" in str(item.path) and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(60))


class Player:
    """One person's session on a shared test client: their cookie and CSRF token, sent
    with each request (the client's own cookie jar is emptied after each answer)."""

    def __init__(self, client: TestClient, token: str, csrf: str, account: int) -> None:
        self.client, self.token, self.csrf, self.account = client, token, csrf, account

    @property
    def headers(self) -> dict[str, str]:
        return {"cookie": f"{SESSION_COOKIE}={self.token}", CSRF_HEADER: self.csrf}

    def get(self, url: str, **kwargs: Any) -> Any:
        response = self.client.get(url, headers=self.headers, **kwargs)
        self.client.cookies.clear()
        return response

    def post(self, url: str, body: Any = None, **kwargs: Any) -> Any:
        response = self.client.post(url, json={} if body is None else body, headers=self.headers, **kwargs)
        self.client.cookies.clear()
        return response

    def socket(self, match_id: str, since: int = -1) -> Any:
        return self.client.websocket_connect(f"/api/matches/{match_id}/ws?since={since}",
                                             headers={"cookie": f"{SESSION_COOKIE}={self.token}"})

    def create(self, game: str, options: dict[str, Any] | None = None,
               seats: list[dict[str, Any]] | None = None, **more: Any) -> dict[str, Any]:
        body: dict[str, Any] = {"game": game, "options": options or {}, **more}
        if seats is not None:
            body["seats"] = seats
        response = self.post("/api/matches", body)
        assert response.status_code == 201, response.text
        made: dict[str, Any] = response.json()
        return made


def session_of(client: TestClient, response: Any) -> Player:
    assert response.status_code in (200, 201), response.text
    token = response.cookies[SESSION_COOKIE]
    data = response.json()
    client.cookies.clear()
    return Player(client, token, data["csrf"], data["account"])


def guest(client: TestClient) -> Player:
    return session_of(client, client.post("/api/guest", json={}))


def signed_up(client: TestClient, name: str, password: str = "correct horse") -> Player:
    return session_of(client, client.post("/api/signup", json={"name": name, "password": password}))


def receive(ws: Any) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.receive_text())
    return message


def receive_until(ws: Any, check: Any, limit: int = 200) -> dict[str, Any]:
    """The first message ``check`` accepts (the ones before it skipped)."""
    for _ in range(limit):
        message = receive(ws)
        if check(message):
            return message
    raise AssertionError(f"no fitting message in {limit}")


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.db'}"


def fast(db: str, **more: Any) -> Settings:
    """Settings for tests that play faster than a person (no rate limit in their way)."""
    return Settings(db=db, ai_workers=0, messages_per_second=10_000, message_burst=10_000,
                    accounts_per_minute=60_000, logins_per_minute=60_000, matches_per_minute=60_000,
                    content_security_policy=CSP + "; script-src 'self' 'unsafe-eval'",  # Playwright's waits
                    **more)


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(fast(db))) as made:
        yield made


def same_deals() -> Callable[[], int]:
    """A stand-in for the server's draw of a match's seed that deals each test the same cards in
    every run: a seed from the running test's name and how many matches it has made so far.
    The browser tests play against a live server whose seeds were drawn, so one run in a few
    met a state (a fight's luck, a long element on a small cell) that the next did not; the
    scenes of many deals are checked on purpose instead (test_browser_table.py)."""
    made: Counter[str] = Counter()

    def draw() -> int:
        test = os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" (", 1)[0]
        made[test] += 1
        return int.from_bytes(hashlib.sha256(f"{test} #{made[test]}".encode()).digest()[:8], "big") >> 2

    return draw


@contextmanager
def serving(settings: Settings) -> Iterator[tuple[str, Any]]:
    """The app made from ``settings`` on a real uvicorn server in a thread of this process:
    (its URL, the app), stopped on leaving."""
    import socket
    import threading
    import time

    import uvicorn

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = create_app(settings)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}", app
    finally:
        server.should_exit = True
        thread.join(10)


@pytest.fixture
def live(db: str) -> Iterator[tuple[str, Any]]:
    """The app on a real uvicorn server: (its URL, the app)."""
    with serving(fast(db)) as running:
        yield running
