"""A small Python client of the match server: HTTP for accounts and the lobby, a WebSocket
per match. It needs httpx and websockets only (no server code), so bots, tests and
``tcgkit play --server`` share it.

    client = Client("http://127.0.0.1:8000")
    client.guest()
    match = client.create("triple-triad", seats=[{"kind": "me"}, {"kind": "ai", "level": "greedy"}])
    with client.connect(match["id"]) as table:
        while table.scene["outcome"] is None:
            if table.my_turn:
                table.act(table.scene["moves"][0]["notation"])
            else:
                table.receive()

A ``Table`` keeps the last scene and version it was sent (its cursor). When the connection
drops (a server restart), ``receive`` connects again from the cursor and goes on: the server
sends only what came after it.
"""

from __future__ import annotations

import contextlib
import json
import time
from types import TracebackType
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus
from websockets.sync.client import ClientConnection, connect

UNREACHABLE = (OSError, httpx.TransportError, InvalidHandshake)
"""What a server that is down or not there raises."""
SESSION_COOKIE = "tcgkit_session"
CSRF_HEADER = "x-csrf-token"


class ServerError(Exception):
    """The server refused a request; ``status`` is the HTTP status (0: over the socket,
    ``code`` then says why: stale, illegal, not_your_turn...)."""

    def __init__(self, status: int, message: str, code: str = "", data: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.data = status, code, data or {}


class Client:
    def __init__(self, url: str, timeout: float = 10.0) -> None:
        self.url = url.rstrip("/")
        self.http = httpx.Client(base_url=self.url, timeout=timeout)
        self.timeout = timeout
        self.csrf = ""

    def close(self) -> None:
        self.http.close()

    # -- HTTP ---------------------------------------------------------------------------------------
    def _answer(self, response: httpx.Response) -> Any:
        try:
            data = response.json()
        except ValueError:
            data = {"error": response.text[:200]}
        if response.status_code >= 400:
            message = data.get("error") if isinstance(data, dict) else None
            raise ServerError(response.status_code, str(message or data))
        return data

    def get(self, path: str) -> Any:
        return self._answer(self.http.get(path))

    def post(self, path: str, body: Any = None) -> Any:
        return self._answer(self.http.post(path, json={} if body is None else body,
                                           headers={CSRF_HEADER: self.csrf}))

    def _session(self, path: str, body: Any) -> dict[str, Any]:
        data: dict[str, Any] = self.post(path, body)
        self.csrf = data["csrf"]
        return data

    def guest(self) -> dict[str, Any]:
        return self._session("/api/guest", {})

    def sign_up(self, name: str, password: str) -> dict[str, Any]:
        return self._session("/api/signup", {"name": name, "password": password})

    def log_in(self, name: str, password: str) -> dict[str, Any]:
        return self._session("/api/login", {"name": name, "password": password})

    def me(self) -> dict[str, Any]:
        data: dict[str, Any] = self.get("/api/me")
        return data

    def games(self) -> list[dict[str, Any]]:
        data: list[dict[str, Any]] = self.get("/api/games")
        return data

    def matches(self, status: str | None = None) -> list[dict[str, Any]]:
        data: list[dict[str, Any]] = self.get("/api/matches" + (f"?status={status}" if status else ""))
        return data

    def create(self, game: str, options: dict[str, Any] | None = None,
               seats: list[dict[str, Any]] | None = None, spectators: bool = True,
               rules: dict[str, Any] | None = None) -> dict[str, Any]:
        """A new match; ``rules``: its clock and what absence does (``clock.Rules``)."""
        body: dict[str, Any] = {"game": game, "options": options or {}, "spectators": spectators}
        if seats is not None:
            body["seats"] = seats
        if rules is not None:
            body["rules"] = rules
        data: dict[str, Any] = self.post("/api/matches", body)
        return data

    def describe(self, match_id: str) -> dict[str, Any]:
        data: dict[str, Any] = self.get(f"/api/matches/{match_id}")
        return data

    def join(self, match_id: str, seat: int | None = None, hand: str | None = None) -> dict[str, Any]:
        """Take a seat; ``hand``: in a trading Triple Triad match, five cards of this account's
        collection ("Geezard, #2, ..." or "auto")."""
        body: dict[str, Any] = {"seat": seat} if hand is None else {"seat": seat, "hand": hand}
        data: dict[str, Any] = self.post(f"/api/matches/{match_id}/join", body)
        return data

    def collection(self) -> dict[str, Any]:
        """This account's Triple Triad collection: ``cards``, the ones ``held`` by its
        trading matches in progress, its ``trades``."""
        data: dict[str, Any] = self.get("/api/collection")
        return data

    def import_profile(self, collections: dict[str, dict[str, int]]) -> dict[str, Any]:
        data: dict[str, Any] = self.post("/api/collection/import", {"collections": collections})
        return data

    def leave(self, match_id: str) -> dict[str, Any]:
        data: dict[str, Any] = self.post(f"/api/matches/{match_id}/leave")
        return data

    def rematch(self, match_id: str) -> dict[str, Any]:
        data: dict[str, Any] = self.post(f"/api/matches/{match_id}/rematch")
        return data

    def record(self, match_id: str) -> dict[str, Any]:
        data: dict[str, Any] = self.get(f"/api/matches/{match_id}/record")
        return data

    def replay(self, match_id: str, seat: int | None = None, at: int | None = None) -> dict[str, Any]:
        """A finished match's table after ``at`` moves (``None``: the end) as ``seat`` saw it
        (``None``: a spectator), and its move list (``server/replays.py``)."""
        asked = {k: v for k, v in (("seat", seat), ("at", at)) if v is not None}
        data: dict[str, Any] = self._answer(self.http.get(f"/api/matches/{match_id}/replay", params=asked))
        return data

    def wait_started(self, match_id: str, seconds: float = 60.0) -> dict[str, Any]:
        """The match once its seats are all taken."""
        deadline = time.monotonic() + seconds
        while True:
            found = self.describe(match_id)
            if found["status"] != "open" or time.monotonic() > deadline:
                return found
            time.sleep(0.25)

    def connect(self, match_id: str, since: int = -1) -> Table:
        return Table(self, match_id, since)

    # -- ratings ----------------------------------------------------------------------------------
    def create_rated(self, game: str, seats: list[dict[str, Any]], options: dict[str, Any] | None = None,
                     rules: dict[str, Any] | None = None) -> dict[str, Any]:
        """A rated match: every seat an account's (``me``, ``open``, ``invite``), no guest."""
        body: dict[str, Any] = {"game": game, "options": options or {}, "seats": seats, "rated": True}
        if rules is not None:
            body["rules"] = rules
        data: dict[str, Any] = self.post("/api/matches", body)
        return data

    def ratings(self, game: str, players: int | None = None) -> dict[str, Any]:
        """A game's ratings table at a player count: its accounts and its AI levels."""
        data: dict[str, Any] = self.get(f"/api/ratings/{game}" + (f"?players={players}" if players else ""))
        return data

    def account_ratings(self, name: str) -> dict[str, Any]:
        """An account's ratings by game and player count, each with its history."""
        data: dict[str, Any] = self.get(f"/api/accounts/{name}/ratings")
        return data

    # -- watching ---------------------------------------------------------------------------------
    def live(self) -> list[dict[str, Any]]:
        """The running matches open to spectators, each with the ``move`` a spectator sees."""
        data: list[dict[str, Any]] = self.get("/api/live")
        return data

    def turns(self) -> list[dict[str, Any]]:
        """The running matches waiting for this account's decision, the longest waiting first."""
        data: list[dict[str, Any]] = self.get("/api/turns")
        return data

    # -- events (``/api/events``) ------------------------------------------------------------------
    def events(self) -> list[dict[str, Any]]:
        data: list[dict[str, Any]] = self.get("/api/events")
        return data

    def create_event(self, name: str, game: str, options: dict[str, Any] | None = None,
                     **more: Any) -> dict[str, Any]:
        """A new event; ``more``: ``players``, ``format`` (``swiss``, ``round_robin``),
        ``rounds``, ``level``, ``bye`` (``ai``, ``win``), ``seed``, ``rules``."""
        data: dict[str, Any] = self.post("/api/events", {"name": name, "game": game,
                                                         "options": options or {}, **more})
        return data

    def event(self, event_id: str) -> dict[str, Any]:
        data: dict[str, Any] = self.get(f"/api/events/{event_id}")
        return data

    def join_event(self, event_id: str) -> dict[str, Any]:
        data: dict[str, Any] = self.post(f"/api/events/{event_id}/join")
        return data

    def leave_event(self, event_id: str) -> dict[str, Any]:
        data: dict[str, Any] = self.post(f"/api/events/{event_id}/leave")
        return data

    def start_event(self, event_id: str) -> dict[str, Any]:
        data: dict[str, Any] = self.post(f"/api/events/{event_id}/start")
        return data

    def pair_event(self, event_id: str) -> dict[str, Any]:
        data: dict[str, Any] = self.post(f"/api/events/{event_id}/pair")
        return data

class Table:
    """One match's socket, as one seat (or a spectator) sees it."""

    def __init__(self, client: Client, match_id: str, since: int = -1, reconnect_for: float = 30.0) -> None:
        self.client, self.match_id = client, match_id
        self.cursor = since
        self.reconnect_for = reconnect_for
        self.seat: int | None = None
        self.scene: dict[str, Any] = {}
        self.steps: list[dict[str, Any]] = []  # every step received, in order
        self.seats: list[dict[str, Any]] = []
        self.welcome: dict[str, Any] = {}
        self.ended: dict[str, Any] | None = None
        self.clocks: list[dict[str, Any]] = []
        self._tags = 0
        self._ws: ClientConnection | None = None
        self._stack = contextlib.ExitStack()
        self._open()

    def __enter__(self) -> Table:
        return self

    def __exit__(self, *exc: type[BaseException] | BaseException | TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        if self._ws is not None:
            self._stack.close()
            self._ws = None

    @property
    def version(self) -> int:
        return self.cursor

    @property
    def my_turn(self) -> bool:
        pending = self.scene.get("pending")
        return (pending is not None and self.seat is not None and pending["player"] == self.seat
                and not self.over)

    @property
    def over(self) -> bool:
        """The game ended by its rules, or the server ended it (a clock, an absence)."""
        return self.scene.get("outcome") is not None or self.ended is not None

    def _url(self) -> str:
        base = self.client.url.replace("http://", "ws://", 1).replace("https://", "wss://", 1)
        return f"{base}/api/matches/{self.match_id}/ws?since={self.cursor}"

    def _open(self) -> None:
        cookie = self.client.http.cookies.get(SESSION_COOKIE)
        headers = {"Cookie": f"{SESSION_COOKIE}={cookie}"} if cookie else {}
        self._stack = contextlib.ExitStack()
        opening = connect(self._url(), additional_headers=headers, open_timeout=self.client.timeout,
                          max_size=8 * 1024 * 1024)
        self._ws = self._stack.enter_context(opening)
        first = self._read(self.client.timeout)
        if first["type"] == "error":
            self.close()
            raise ServerError(0, first["message"], first["code"], first)
        self.welcome = first
        self._take(first)

    def _reopen(self) -> None:
        """Connect again from the cursor, for up to ``reconnect_for`` seconds (a restart)."""
        self.close()
        deadline = time.monotonic() + self.reconnect_for
        while True:
            try:
                self._open()
                return
            except (OSError, InvalidHandshake, InvalidStatus, ConnectionClosed, TimeoutError):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def _read(self, timeout: float) -> dict[str, Any]:
        assert self._ws is not None
        message: dict[str, Any] = json.loads(self._ws.recv(timeout=timeout))
        return message

    def _take(self, message: dict[str, Any]) -> None:
        if message["type"] == "seats":  # presence only: the scene and cursor stay
            self.seats, self.ended = message["seats"], message.get("ended")
            self.clocks = message.get("clocks") or []
            return
        if message["type"] in ("welcome", "update") or message.get("scene") is not None:
            if message["type"] == "welcome":
                self.seat = message["seat"]
            self.steps.extend(message.get("steps") or [])
            self.scene = message["scene"]
            self.cursor = message["version"]
            if message.get("seats"):
                self.seats = message["seats"]
            self.ended = message.get("ended")
            self.clocks = message.get("clocks") or []

    def receive(self, timeout: float | None = None) -> dict[str, Any]:
        """The next message (scene, version and steps kept); after a dropped connection,
        the first message of the new one."""
        try:
            message = self._read(self.client.timeout if timeout is None else timeout)
        except ConnectionClosed:
            self._reopen()
            return self.welcome
        self._take(message)
        return message

    def act(self, action: str, timeout: float | None = None) -> dict[str, Any]:
        """Play ``action`` at the version last seen; the answer (the update acknowledging
        it) or ``ServerError`` with the server's code. A connection lost on the way is
        opened again: if the action was committed, the cursor shows it; else it is sent again."""
        self._tags += 1
        tag = f"a{self._tags}"
        version = self.cursor
        while True:
            try:
                assert self._ws is not None
                self._ws.send(json.dumps({"type": "act", "version": version, "action": action, "tag": tag}))
                while True:
                    message = self._read(self.client.timeout if timeout is None else timeout)
                    self._take(message)
                    if message.get("ack") == tag:
                        return message
                    if message["type"] == "error" and message.get("tag") in (tag, None):
                        # untagged: refused before it was read (too many messages, too large)
                        raise ServerError(0, message["message"], message["code"], message)
            except ConnectionClosed:
                self._reopen()
                if self.cursor > version:  # it was played before the server went down
                    return self.welcome

    def ping(self) -> None:
        assert self._ws is not None
        self._ws.send(json.dumps({"type": "ping"}))

