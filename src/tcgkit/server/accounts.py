"""Accounts and sessions: argon2 password hashes, guests, and the session cookie.

A session is a random token in an HttpOnly, SameSite=Strict cookie; the database keeps only
its SHA-256. Each session has a CSRF token, sent in a second cookie the page may read and
required back in the ``X-CSRF-Token`` header of every request that changes something, so
another site can neither read nor forge it. Requests that change something must also be
JSON (a form posted from another site cannot be).

A session ends when its account logs out, ``SESSION_SECONDS`` after it began, or when the
account has begun ``MAX_SESSIONS`` newer ones; the server then closes its sockets.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..kernel.words import LANGUAGES
from .db import Account, LoginSession
from .refusal import Refusal
from .store import Store

SESSION_COOKIE = "tcgkit_session"
CSRF_COOKIE = "tcgkit_csrf"
CSRF_HEADER = "x-csrf-token"
NO_SESSION = "no session: sign up, log in, or start a guest session (POST /api/guest)"
NAME = re.compile(r"[A-Za-z0-9_-]{3,40}")
MIN_PASSWORD, MAX_PASSWORD = 8, 200
SESSION_SECONDS = 30 * 86400  # a session's life, as its cookie's
MAX_SESSIONS = 10  # live sessions per account: a new one ends the oldest past this
HASHER = PasswordHasher()
T = TypeVar("T")


class Hashing:
    """Password hashes made and checked in threads of their own (argon2 is built to be slow):
    a flood of log-ins waits here, never in the threads every session lookup and database
    read share; past ``waiting`` at once, more are refused at once (503)."""

    def __init__(self, threads: int = 2, waiting: int = 32) -> None:
        self.executor = ThreadPoolExecutor(threads, thread_name_prefix="tcgkit-hash")
        self.waiting, self.busy = waiting, 0

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        if self.busy >= self.waiting:
            raise Refusal(503, "busy", "too many log-ins and sign-ups at once: try again in a moment")
        self.busy += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.executor, work, *args)
        finally:
            self.busy -= 1

    def shutdown(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)


@dataclass(frozen=True)
class Who:
    """The account a request comes from, and its session's CSRF token."""

    account: int
    name: str | None
    guest: bool
    csrf: str
    language: str | None = None
    session: str = ""  # the session's token hash
    expires: float = 0.0  # when it ends (epoch seconds)

    @property
    def label(self) -> str:
        return self.name or f"guest-{self.account}"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def check_name(name: str) -> str:
    if not NAME.fullmatch(name):
        raise Refusal(422, "invalid", "a name is 3 to 40 letters, digits, '-' or '_'")
    return name


def check_password(password: str) -> str:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise Refusal(422, "invalid", f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    return password


async def new_session(store: Store, account: int) -> tuple[str, str, list[str]]:
    """A new session for ``account``: (cookie token, CSRF token, the hashes of the sessions
    it ended: the account's oldest past ``MAX_SESSIONS``). Sessions past their time go."""
    token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)

    def work(session: Session) -> list[str]:
        now = time.time()
        session.execute(delete(LoginSession).where(LoginSession.created < now - SESSION_SECONDS))
        session.add(LoginSession(token_hash=token_hash(token), account_id=account, csrf=csrf, created=now))
        session.flush()
        older = session.scalars(select(LoginSession.token_hash).where(LoginSession.account_id == account)
                                .order_by(LoginSession.created.desc()).offset(MAX_SESSIONS)).all()
        if older:
            session.execute(delete(LoginSession).where(LoginSession.token_hash.in_(older)))
        return list(older)

    ended = await store.write(work)
    return token, csrf, ended


async def guest(store: Store) -> int:
    def work(session: Session) -> int:
        row = Account(name=None, password=None, guest=True, created=time.time())
        session.add(row)
        session.flush()
        return row.id

    return await store.write(work)


async def sign_up(store: Store, hashing: Hashing, name: str, password: str) -> int:
    check_name(name)
    hashed = await hashing.run(HASHER.hash, check_password(password))

    def work(session: Session) -> int:
        row = Account(name=name, password=hashed, guest=False, created=time.time())
        session.add(row)
        session.flush()
        return row.id

    try:
        return await store.write(work)
    except IntegrityError:
        raise Refusal(422, "invalid", f"the name {name!r} is taken") from None


async def log_in(store: Store, hashing: Hashing, name: str, password: str) -> int:
    def find(session: Session) -> tuple[int, str | None] | None:
        row = session.scalars(select(Account).where(Account.name == name)).first()
        return None if row is None else (row.id, row.password)

    found = await store.read(find)
    stored = found[1] if found else None
    try:  # a missing name costs a hash too, so timing tells nothing
        await hashing.run(HASHER.verify, stored or DUMMY, password[:MAX_PASSWORD])
    except (VerificationError, InvalidHashError):
        raise Refusal(401, "wrong_login", "wrong name or password") from None
    if found is None or stored is None:
        raise Refusal(401, "wrong_login", "wrong name or password")
    return found[0]


DUMMY = HASHER.hash("not a password of anyone")


async def who(store: Store, token: str | None) -> Who | None:
    if not token or len(token) > 100:
        return None

    def work(session: Session) -> Who | None:
        row = session.get(LoginSession, token_hash(token))
        if row is None or row.created + SESSION_SECONDS < time.time():
            return None
        account = session.get(Account, row.account_id)
        if account is None:
            return None
        return Who(account.id, account.name, account.guest, row.csrf, account.language, row.token_hash,
                   row.created + SESSION_SECONDS)

    return await store.read(work)


async def set_language(store: Store, account: int, language: str | None) -> None:
    """Keep ``language`` (one of ``LANGUAGES``, or ``None``: the browser's own) for a
    registered account; a guest has no account to keep it (its browser keeps its choice)."""
    if language is not None and language not in LANGUAGES:
        raise Refusal(422, "invalid",
                      f"language {language[:16]!r}: choose one of {', '.join(LANGUAGES)}, or null")

    def work(session: Session) -> None:
        row = session.get(Account, account)
        if row is None or row.guest:
            raise Refusal(403, "forbidden", "a guest's language is its browser's: sign up to keep one")
        row.language = language

    await store.write(work)


async def end_session(store: Store, token: str) -> None:
    def work(session: Session) -> None:
        row = session.get(LoginSession, token_hash(token))
        if row is not None:
            session.delete(row)

    await store.write(work)
