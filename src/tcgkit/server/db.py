"""The server's tables (SQLAlchemy 2). Their history is ``migrations/``; a change here comes
with a new revision there."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, Float, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class Account(Base):
    """A player: a registered name with an argon2 hash, or a guest (no name, no password).
    ``language``: the one its pages are shown in on any browser (``None``: the browser's)."""

    __tablename__ = "accounts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str | None] = mapped_column(String(40), unique=True)
    password: Mapped[str | None] = mapped_column(String(200))
    guest: Mapped[bool] = mapped_column(Boolean, default=False)
    created: Mapped[float] = mapped_column(Float)
    language: Mapped[str | None] = mapped_column(String(8), nullable=True)


class LoginSession(Base):
    """A session cookie's SHA-256 (the cookie itself is never stored) and its CSRF token."""

    __tablename__ = "sessions"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    csrf: Mapped[str] = mapped_column(String(64))
    created: Mapped[float] = mapped_column(Float)


class MatchRow(Base):
    """A match: what replays it (game, options, seed, decks, the engine and card data it was
    played with) and how it was set up (``settings``: spectators, clock, absence). The seed
    never leaves the server while the match goes on."""

    __tablename__ = "matches"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    decks: Mapped[list[list[str]] | None] = mapped_column(JSON, nullable=True)
    engine: Mapped[str] = mapped_column(String(40))
    cards: Mapped[str] = mapped_column(String(80))
    status: Mapped[str] = mapped_column(String(16), index=True)  # open, running, over, broken, cancelled
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    created: Mapped[float] = mapped_column(Float)
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), nullable=True)
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    problem: Mapped[str | None] = mapped_column(Text, nullable=True)  # why a match is broken


class SeatRow(Base):
    """One seat: ``open`` (anyone may join), ``invited`` (one account may), ``human`` (taken)
    or ``ai`` (an agent at ``level``)."""

    __tablename__ = "seats"
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), nullable=True)
    level: Mapped[str | None] = mapped_column(String(40), nullable=True)


class ActionRow(Base):
    """The action that made version ``number`` of a match, by ``seat``, as notation. The
    primary key makes an action land once: a second write of the same number fails."""

    __tablename__ = "actions"
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    notation: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)
    clock: Mapped[list[float] | None] = mapped_column(JSON, nullable=True)  # each seat's bank after it
    # None: the seat's player; else the server made it for them (``room.MADE_BY``)
    made_by: Mapped[str | None] = mapped_column(String(16), nullable=True)


class SavedDeck(Base):
    """A deck an account saved for ``game`` under ``options`` (a mode changes what is legal),
    checked by the game's own deck rules when saved."""

    __tablename__ = "decks"
    __table_args__ = (UniqueConstraint("account_id", "game", "name"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    game: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    cards: Mapped[list[str]] = mapped_column(JSON)
    saved: Mapped[float] = mapped_column(Float)


class OwnedCards(Base):
    """An account's collection of a game whose hands come from one (Triple Triad): card name
    -> copies. ``trades`` counts the trades applied to it; ``imported`` is when a local
    profile's collection was brought in (once, before any trade). An account with no row
    owns the game's starter collection."""

    __tablename__ = "collections"
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    cards: Mapped[dict[str, int]] = mapped_column(JSON)
    trades: Mapped[int] = mapped_column(Integer, default=0)
    imported: Mapped[float | None] = mapped_column(Float, nullable=True)
    changed: Mapped[float] = mapped_column(Float)


class TradeRow(Base):
    """A finished match's trade, written in the transaction of its last action: the primary
    key lets a match trade once. ``moved`` lists ``[card, from seat, to seat]``; ``problem``
    says why nothing moved, if so."""

    __tablename__ = "trades"
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    moved: Mapped[list[list[Any]]] = mapped_column(JSON)
    problem: Mapped[str | None] = mapped_column(Text, nullable=True)
    at: Mapped[float] = mapped_column(Float)


class RatingRow(Base):
    """An account's Glicko-2 rating in one game at one player count (``ratings.py``): as it
    stood after its last rated match ``updated`` (the deviation shown grows from there)."""

    __tablename__ = "ratings"
    # the key leads with the game: a game's table is read by it
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    players: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True,
                                            index=True)
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    updated: Mapped[float] = mapped_column(Float)


class RatingChange(Base):
    """What one rated match did to one account's rating, written in the match's last
    transaction: the primary key lets a match rate each account once. ``score``: the points
    it took from its pairings (``ratings.pairings``), out of ``opponents``."""

    __tablename__ = "rating_history"
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True,
                                            index=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    score: Mapped[float] = mapped_column(Float)
    opponents: Mapped[int] = mapped_column(Integer)
    rating_before: Mapped[float] = mapped_column(Float)
    rd_before: Mapped[float] = mapped_column(Float)
    rating_after: Mapped[float] = mapped_column(Float)
    rd_after: Mapped[float] = mapped_column(Float)
    sigma_after: Mapped[float] = mapped_column(Float)
    at: Mapped[float] = mapped_column(Float)


class TurnRow(Base):
    """Whose decision a running match waits for (``turns.py``), written with each action:
    the lobby's "your turn" list without loading a match, and when that decision opened (a
    correspondence clock keeps its deadline across a restart). ``account_id``: the person
    to move (``None``: an AI, or nobody once the match is over)."""

    __tablename__ = "turns"
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), nullable=True, index=True)
    since: Mapped[float] = mapped_column(Float)  # epoch seconds the decision opened


class EventRow(Base):
    """A Swiss or round-robin event (``events.py``): its game and options (``size`` players a
    table), its format and rounds, the AI level that fills empty seats, what a bye is (``ai``:
    a seat at a table filled up by AI; ``win``: a win without a game) and the seed its
    pairings and matches are drawn from (kept from everyone until it is over)."""

    __tablename__ = "events"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    size: Mapped[int] = mapped_column(Integer)
    format: Mapped[str] = mapped_column(String(16))  # swiss, round_robin
    rounds: Mapped[int] = mapped_column(Integer)  # a round-robin's: set when it starts
    level: Mapped[str] = mapped_column(String(40))
    bye: Mapped[str] = mapped_column(String(8))
    seed: Mapped[int] = mapped_column(BigInteger)
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)  # its matches' clock and absence rules
    status: Mapped[str] = mapped_column(String(16), index=True)  # open, running, over
    owner_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    created: Mapped[float] = mapped_column(Float)


class EventEntrant(Base):
    __tablename__ = "event_entrants"
    event_id: Mapped[str] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    joined: Mapped[float] = mapped_column(Float)


class EventMatch(Base):
    """A table of an event's round and the match played at it, written in the transaction that
    creates the match: the primary key lets a table be paired once."""

    __tablename__ = "event_matches"
    event_id: Mapped[str] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), primary_key=True)
    round: Mapped[int] = mapped_column(Integer, primary_key=True)  # from 0
    table: Mapped[int] = mapped_column(Integer, primary_key=True)  # from 0
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), unique=True)
