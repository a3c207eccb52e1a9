"""The application factory: ``create_app(Settings(db=...))`` builds a FastAPI app with its own
server state (no module-level state: two apps in one process share nothing).

HTTP, JSON only: ``/api/guest``, ``/api/signup``, ``/api/login``, ``/api/logout``, ``/api/me``
and ``/api/me/language`` (the account's language);
``/api/games`` (every game with its options' JSON Schema); ``/api/matches`` (list, create),
``/api/matches/{id}`` (describe), ``.../join`` (also how an invitation is accepted),
``.../decline`` (an invitation refused), ``.../leave``, ``.../rematch`` (an invitation to the
same people), ``.../record``;
``/api/decks`` (saved decks), ``/api/collection`` (the account's Triple Triad cards) and
``/api/collection/import`` (a local profile's); ``/api/protocol`` (the WebSocket messages'
JSON Schema). The match itself is the WebSocket ``/api/matches/{id}/ws?since=V``
(``protocol.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Header, Query, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from ..kernel.words import Words
from . import accounts
from .accounts import CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, Who
from .client_words import FOLDER as WORDS_FOLDER
from .client_words import LOBBY
from .languages import chosen_language
from .limits import Bucket, Limit
from .protocol import (
    Act,
    AskHint,
    AskUndo,
    Claim,
    Error,
    Ping,
    Pong,
    Sync,
    parse_client,
    protocol_schema,
)
from .refusal import Refusal
from .room import Connection, Room
from .service import DeckRequest, NewMatch, ProfileImport, Server, Settings, game_listing
from .web import mount_client

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
MAX_BODY = 64 * 1024


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=40)
    password: str = Field(max_length=accounts.MAX_PASSWORD)


class JoinRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int | None = Field(default=None, ge=0, le=3)
    deck: str | None = Field(default=None, max_length=40)  # one of the joiner's saved decks
    hand: str | None = Field(default=None, max_length=400)  # a trading match: cards of the collection


class RematchRequest(BaseModel):
    """The asker's stake in the rematch (the others choose theirs when they accept)."""

    model_config = ConfigDict(extra="forbid")
    deck: str | None = Field(default=None, max_length=40)
    hand: str | None = Field(default=None, max_length=400)


class LanguageChoice(BaseModel):
    model_config = ConfigDict(extra="forbid")
    language: str | None = Field(max_length=16)  # None: the browser's own


class DeckName(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64)
    name: str = Field(max_length=40)


def server_of(request: Request) -> Server:
    server: Server = request.app.state.server
    return server


async def current(request: Request) -> Who:
    """The account of the session cookie; a request that changes something must also carry
    the session's CSRF token in its header."""
    server = server_of(request)
    found = await accounts.who(server.store, request.cookies.get(SESSION_COOKIE))
    if found is None:
        raise Refusal(401, "no_session", accounts.NO_SESSION)
    if request.method not in SAFE_METHODS and request.headers.get(CSRF_HEADER) != found.csrf:
        raise Refusal(403, "forbidden", f"the {CSRF_HEADER} header is missing or does not match the session")
    return found


Me = Annotated[Who, Depends(current)]


def set_session(response: Response, token: str, csrf: str, secure: bool) -> None:
    response.set_cookie(SESSION_COOKIE, token, httponly=True, samesite="strict", secure=secure,
                        max_age=int(accounts.SESSION_SECONDS), path="/")
    response.set_cookie(CSRF_COOKIE, csrf, httponly=False, samesite="strict", secure=secure,
                        max_age=int(accounts.SESSION_SECONDS), path="/")


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


def create_app(settings: Settings) -> FastAPI:
    server = Server(settings)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        logging.getLogger("uvicorn.error").addFilter(ONE_LINE)
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    # No /openapi.json: the API is documented (README, /api/protocol), not offered for probing.
    app = FastAPI(title="tcgkit", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.server = server
    app.add_middleware(JsonWrites)
    app.add_middleware(SecurityHeaders, policy=settings.content_security_policy)

    @app.exception_handler(Refusal)
    async def refused(_request: Request, refusal: Refusal) -> JSONResponse:
        return http_response(refusal)

    # -- accounts ----------------------------------------------------------------------------------
    async def session_response(account: int, status: int = 200) -> JSONResponse:
        token, csrf, ended = await accounts.new_session(server.store, account)
        server.sessions_ended(ended)
        response = JSONResponse({"account": account, "csrf": csrf}, status_code=status)
        set_session(response, token, csrf, settings.secure_cookies)
        return response

    def limited(limit: Limit, key: str, what: str) -> None:
        wait = limit.take(key)
        if wait is not None:
            raise Refusal(429, "rate_limited", f"too many {what}: try again in {wait:g} s")

    def address_of(request: Request) -> str:
        return request.client.host if request.client is not None else "?"

    @app.post("/api/guest")
    async def new_guest(request: Request) -> JSONResponse:
        limited(server.limits.accounts, address_of(request), "new accounts from your address")
        return await session_response(await accounts.guest(server.store), 201)

    @app.post("/api/signup")
    async def sign_up(request: Request, body: Credentials) -> JSONResponse:
        limited(server.limits.accounts, address_of(request), "new accounts from your address")
        account = await accounts.sign_up(server.store, server.hashing, body.name, body.password)
        return await session_response(account, 201)

    @app.post("/api/login")
    async def log_in(request: Request, body: Credentials) -> JSONResponse:
        limited(server.limits.logins, address_of(request), "log-ins from your address")
        account = await accounts.log_in(server.store, server.hashing, body.name, body.password)
        return await session_response(account)

    @app.post("/api/logout")
    async def log_out(request: Request, _who: Me) -> JSONResponse:
        await accounts.end_session(server.store, request.cookies[SESSION_COOKIE])
        server.sessions_ended([_who.session])  # its sockets play no more
        response = JSONResponse({"ok": True})
        response.delete_cookie(SESSION_COOKIE, path="/")
        response.delete_cookie(CSRF_COOKIE, path="/")
        return response

    @app.get("/api/me")
    async def me(who: Me) -> dict[str, Any]:
        return {"account": who.account, "name": who.label, "guest": who.guest, "language": who.language}

    @app.post("/api/me/language")
    async def choose_language(body: LanguageChoice, who: Me) -> dict[str, Any]:
        """The account's language, shown on any browser it logs in from (a guest's is its
        browser's: refused)."""
        if who.guest:
            raise Refusal(403, "forbidden", "a guest's language is its browser's: sign up to keep one")
        await accounts.set_language(server.store, who.account, body.language)
        return {"language": body.language}

    # -- saved decks ------------------------------------------------------------------------------------
    @app.get("/api/decks")
    async def decks(who: Me) -> list[dict[str, Any]]:
        return await server.decks(who.account)

    @app.post("/api/decks")
    async def save_deck(body: DeckRequest, who: Me) -> dict[str, Any]:
        return await server.save_deck(who.account, body)

    @app.post("/api/decks/delete")
    async def delete_deck(body: DeckName, who: Me) -> dict[str, Any]:
        await server.delete_deck(who.account, body.game, body.name)
        return {"ok": True}

    # -- the Triple Triad collection ----------------------------------------------------------------
    @app.get("/api/collection")
    async def owned_cards(who: Me) -> dict[str, Any]:
        return await server.collection(who.account)

    @app.post("/api/collection/import")
    async def import_profile(body: ProfileImport, who: Me) -> dict[str, Any]:
        if who.guest:
            raise Refusal(403, "forbidden",
                          "a guest's cards last as long as its session: sign up, then import")
        return await server.import_profile(who.account, body)

    # -- the lobby ------------------------------------------------------------------------------------
    @app.get("/api/games")
    async def games(lang: str | None = Query(None, max_length=16),
                    accept_language: str | None = Header(None, max_length=1000)) -> Response:
        """The games, their summaries and AI levels in the language asked (as ``/api/words``)."""
        chosen = chosen_language(lang, accept_language)
        listing = server.listings.get(chosen)
        if listing is None:  # made once per language: the games do not change while serving
            words = Words(LOBBY, chosen, (WORDS_FOLDER,))
            listing = server.listings[chosen] = json.dumps(game_listing(words)).encode()
        return Response(listing, media_type="application/json")

    @app.get("/api/protocol")
    async def protocol() -> dict[str, Any]:
        return protocol_schema()

    @app.get("/api/matches")
    async def matches(status: str | None = None) -> list[dict[str, Any]]:
        if status not in (None, "open", "running", "over"):
            raise Refusal(422, "invalid", f"status: open, running or over, not {status[:20]!r}")
        return await server.listing(status)

    @app.post("/api/matches", status_code=201)
    async def create(body: NewMatch, who: Me) -> dict[str, Any]:
        limited(server.limits.matches, str(who.account), "new matches")
        return await server.describe(await server.create(body, who.account))

    @app.get("/api/matches/{match_id}")
    async def describe(match_id: str) -> dict[str, Any]:
        return await server.describe(match_id[:64])

    @app.post("/api/matches/{match_id}/join")
    async def join(match_id: str, body: JoinRequest, who: Me) -> dict[str, Any]:
        seat = await server.join(match_id[:64], who.account, body.seat, body.deck, body.hand)
        return {"seat": seat, **await server.describe(match_id)}

    @app.post("/api/matches/{match_id}/leave")
    async def leave(match_id: str, who: Me) -> dict[str, Any]:
        await server.leave(match_id[:64], who.account)
        return await server.describe(match_id)

    @app.post("/api/matches/{match_id}/decline")
    async def decline(match_id: str, who: Me) -> dict[str, Any]:
        await server.decline(match_id[:64], who.account)
        return await server.describe(match_id[:64])

    @app.post("/api/matches/{match_id}/rematch", status_code=201)
    async def rematch(match_id: str, body: RematchRequest, who: Me) -> dict[str, Any]:
        limited(server.limits.matches, str(who.account), "new matches")
        return await server.describe(await server.rematch(match_id[:64], who.account, body.hand, body.deck))

    @app.get("/api/matches/{match_id}/record")
    async def record(match_id: str, who: Me) -> dict[str, Any]:
        return await server.record(match_id[:64], who.account)

    # -- the match --------------------------------------------------------------------------------
    @app.websocket("/api/matches/{match_id}/ws")
    async def play(websocket: WebSocket, match_id: str, since: int = -1) -> None:
        await serve_socket(server, websocket, match_id[:64], since)

    mount_client(app)  # the browser table at /, after every API route
    return app


async def refuse_socket(websocket: WebSocket, refusal: Refusal) -> None:
    await websocket.accept()
    await websocket.send_text(Error.of(refusal).model_dump_json())
    await websocket.close(code=1008)


async def serve_socket(server: Server, websocket: WebSocket, match_id: str, since: int) -> None:
    origin, host = websocket.headers.get("origin"), websocket.headers.get("host")
    if origin is not None and origin.split("://", 1)[-1] != host:  # another site's page
        await refuse_socket(websocket, Refusal(403, "origin",
                                               f"connections from {origin[:80]} are not accepted"))
        return
    who = await accounts.who(server.store, websocket.cookies.get(SESSION_COOKIE))
    try:
        room = await server.room(match_id)
    except Refusal as refusal:  # the match does not replay
        await refuse_socket(websocket, refusal)
        return
    if room is None:
        known = await server.exists(match_id)
        await refuse_socket(websocket, Refusal(409, "not_started", "the match has not started: its seats "
                                               "are not all taken") if known
                            else Refusal(404, "unknown_match", f"no match {match_id!r}"))
        return
    seat = None if who is None else server.seat_of(room, who.account)
    if seat is None and not room.settings.get("spectators", True):
        await refuse_socket(websocket, Refusal(403, "spectator", "this match allows no spectators"))
        return
    account = None if who is None else who.account
    address = websocket.client.host if websocket.client is not None else None
    limit = server.settings.connections_per_account
    if account is not None and sum(c.account == account for r in server.rooms.values()
                                   for c in r.connections) >= limit:
        await refuse_socket(websocket, Refusal(429, "rate_limited",
                                               f"at most {limit} connections per account"))
        return
    anonymous = server.settings.spectators_per_address
    if account is None and sum(c.account is None and c.address == address for r in server.rooms.values()
                               for c in r.connections) >= anonymous:
        await refuse_socket(websocket, Refusal(429, "rate_limited", f"at most {anonymous} spectators "
                                               "without a session from one address: sign in or start "
                                               "a guest session"))
        return
    await websocket.accept()
    if room.dropped:  # unloaded meanwhile (``Server.sweep``): the match as loaded again
        room = await server.room(match_id) or room
    conn = Connection(seat, account, websocket.send_text, address=address,
                      session=None if who is None else who.session,
                      expires=None if who is None else who.expires)
    loop = asyncio.get_running_loop()
    pump = loop.create_task(conn.pump())
    room.join(conn, since)
    reader = loop.create_task(read_messages(server, room, conn, websocket))
    try:
        await asyncio.wait({pump, reader}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        room.leave(conn)
        reader.cancel()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(pump, 2)  # what was queued goes out first
        pump.cancel()
        with contextlib.suppress(Exception):  # dropped by the server (too slow, flooding)
            await websocket.close(code=1008)


async def read_messages(server: Server, room: Room, conn: Connection, websocket: WebSocket) -> None:
    settings = server.settings
    bucket = Bucket(settings.messages_per_second, settings.message_burst)
    while not conn.closed:
        try:
            message = await websocket.receive()
        except WebSocketDisconnect:
            return
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        if not bucket.take():
            if bucket.refused > settings.message_burst:  # it does not stop: cut off
                conn.push(Error.of(Refusal(429, "rate_limited", "too many messages: disconnected"))
                          .model_dump_json())
                conn.close()
                return
            conn.push(Error.of(Refusal(429, "rate_limited", f"at most {settings.messages_per_second:g} "
                                       "messages a second: this one was dropped")).model_dump_json())
            continue
        try:
            if text is None:
                raise Refusal(400, "bad_message", "send text frames holding JSON")
            if len(text) > settings.max_message:
                raise Refusal(413, "too_large", f"a message is at most {settings.max_message} bytes")
            await handle(server, room, conn, text)
        except Refusal as refusal:
            conn.push(Error.of(refusal).model_dump_json())


async def handle(server: Server, room: Room, conn: Connection, text: str) -> None:
    """Do what the client's message asks; a ``Refusal`` says why it was not done."""
    message = parse_client(text)
    if isinstance(message, Ping):
        conn.push(Pong().model_dump_json())
    elif isinstance(message, Sync):
        conn.cursor = message.since
        conn.push(room.update(conn))
        conn.cursor = room.state.version
    elif isinstance(message, Act):
        if conn.viewer is None:
            raise Refusal(403, "spectator", "a spectator holds no seat and cannot act", tag=message.tag)
        if not room.owner and server.cluster is not None:  # another process plays it
            await server.cluster.forward(room, conn, "act", version=message.version, action=message.action,
                                         tag=message.tag)
            return
        await room.act(conn.viewer, message.version, message.action, conn, message.tag)
    elif isinstance(message, Claim):
        if conn.viewer is None:
            raise Refusal(403, "spectator", "a spectator holds no seat and claims nothing")
        if not room.owner and server.cluster is not None:
            await server.cluster.forward(room, conn, "claim", seat=message.seat)
            return
        await room.claim(conn.viewer, message.seat)
    elif isinstance(message, AskHint | AskUndo):
        await assist_request(room, conn, message)


async def assist_request(room: Room, conn: Connection, message: AskHint | AskUndo) -> None:
    """A hint (to the asking seat only) or an undo (every viewer is sent the match again)."""
    if conn.viewer is None:
        raise Refusal(403, "spectator", "a spectator holds no seat: it has no move to hint or take back")
    if isinstance(message, AskHint):
        conn.push((await room.hint(conn.viewer, message.version)).model_dump_json())
    else:
        await room.undo(conn.viewer, message.version)
