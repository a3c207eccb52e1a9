"""Accounts and sessions: ``/api/guest``, ``/api/signup``, ``/api/login``, ``/api/logout``,
``/api/me`` and ``/api/me/language`` (the account's language)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from .. import accounts
from ..accounts import CSRF_COOKIE, SESSION_COOKIE
from ..refusal import Refusal
from ..service import Server
from .common import Me, Serving, address_of, limited

router = APIRouter(prefix="/api")


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=40)
    password: str = Field(max_length=accounts.MAX_PASSWORD)


class LanguageChoice(BaseModel):
    model_config = ConfigDict(extra="forbid")
    language: str | None = Field(max_length=16)  # None: the browser's own


def set_session(response: Response, token: str, csrf: str, secure: bool) -> None:
    response.set_cookie(SESSION_COOKIE, token, httponly=True, samesite="strict", secure=secure,
                        max_age=int(accounts.SESSION_SECONDS), path="/")
    response.set_cookie(CSRF_COOKIE, csrf, httponly=False, samesite="strict", secure=secure,
                        max_age=int(accounts.SESSION_SECONDS), path="/")


async def session_response(server: Server, account: int, status: int = 200) -> JSONResponse:
    """A new session for ``account``, its cookies set (the sessions it ends lose their sockets)."""
    token, csrf, ended = await accounts.new_session(server.store, account)
    server.sessions_ended(ended)
    response = JSONResponse({"account": account, "csrf": csrf}, status_code=status)
    set_session(response, token, csrf, server.settings.secure_cookies)
    return response


@router.post("/guest")
async def new_guest(request: Request, server: Serving) -> JSONResponse:
    limited(server.limits.accounts, address_of(request), "new accounts from your address")
    return await session_response(server, await accounts.guest(server.store), 201)


@router.post("/signup")
async def sign_up(request: Request, body: Credentials, server: Serving) -> JSONResponse:
    limited(server.limits.accounts, address_of(request), "new accounts from your address")
    account = await accounts.sign_up(server.store, server.hashing, body.name, body.password)
    return await session_response(server, account, 201)


@router.post("/login")
async def log_in(request: Request, body: Credentials, server: Serving) -> JSONResponse:
    limited(server.limits.logins, address_of(request), "log-ins from your address")
    account = await accounts.log_in(server.store, server.hashing, body.name, body.password)
    return await session_response(server, account)


@router.post("/logout")
async def log_out(request: Request, who: Me, server: Serving) -> JSONResponse:
    await accounts.end_session(server.store, request.cookies[SESSION_COOKIE])
    server.sessions_ended([who.session])  # its sockets play no more
    response = JSONResponse({"ok": True})
    response.delete_cookie(SESSION_COOKIE, path="/")
    response.delete_cookie(CSRF_COOKIE, path="/")
    return response


@router.get("/me")
async def me(who: Me) -> dict[str, Any]:
    return {"account": who.account, "name": who.label, "guest": who.guest, "language": who.language}


@router.post("/me/language")
async def choose_language(body: LanguageChoice, who: Me, server: Serving) -> dict[str, Any]:
    """The account's language, shown on any browser it logs in from (a guest's is its
    browser's: refused)."""
    if who.guest:
        raise Refusal(403, "forbidden", "a guest's language is its browser's: sign up to keep one")
    await accounts.set_language(server.store, who.account, body.language)
    return {"language": body.language}
