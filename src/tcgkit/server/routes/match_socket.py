"""A match's WebSocket: who may connect (same-site pages, the seats' players, spectators
where the match allows them, within the connection limits), then each client message read,
rate-limited and done by the room; a refusal is an ``Error`` frame and the socket stays open.
The messages are ``protocol.py``'s."""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import WebSocket, WebSocketDisconnect

from .. import accounts
from ..accounts import SESSION_COOKIE
from ..limits import Bucket
from ..protocol import Act, AskHint, AskUndo, Claim, Error, Ping, Pong, Sync, parse_client
from ..refusal import Refusal
from ..room import Connection, Room
from ..service import Server


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
                                   for c in r.presence.connections) >= limit:
        await refuse_socket(websocket, Refusal(429, "rate_limited",
                                               f"at most {limit} connections per account"))
        return
    anonymous = server.settings.spectators_per_address
    if account is None and sum(c.account is None and c.address == address for r in server.rooms.values()
                               for c in r.presence.connections) >= anonymous:
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
        conn.cursor = room.shown_version(conn.viewer)
    elif isinstance(message, Act):
        if conn.viewer is None:
            raise Refusal(403, "spectator", "a spectator holds no seat and cannot act", tag=message.tag)
        if not room.replication.owner and server.cluster is not None:  # another process plays it
            await server.cluster.forward(room, conn, "act", version=message.version, action=message.action,
                                         tag=message.tag)
            return
        await room.act(conn.viewer, message.version, message.action, conn, message.tag)
    elif isinstance(message, Claim):
        if conn.viewer is None:
            raise Refusal(403, "spectator", "a spectator holds no seat and claims nothing")
        if not room.replication.owner and server.cluster is not None:
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
