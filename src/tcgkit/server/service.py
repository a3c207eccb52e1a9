"""The server's matches: made from any registered game's options, seated, started, and
brought back after a restart by replaying what was committed.

Nothing here names a game: a match is a game name and options (checked by the game itself),
so a game registered tomorrow is served with no change here.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from .._version import __version__
from ..kernel.about import choice_key, choices, option_key
from ..kernel.collecting import collection_rules
from ..kernel.errors import TcgkitError
from ..kernel.game import Game, State
from ..kernel.registry import find_game, list_games
from ..kernel.rng import Rng
from ..kernel.words import Words
from . import accounts, ai, collection, ratings, turns
from .client_words import LOBBY, PLAYERS
from .clock import Rules
from .cluster import CHANNEL, Cluster, notify_sql
from .db import Account, ActionRow, MatchRow, SavedDeck, SeatRow
from .levels import LEVELS, SAME_AS, about_key, measured, name_key, strength_order
from .limits import Limit
from .match_hooks import Follower, Placement
from .protocol import Error
from .refusal import Refusal
from .room import Connection, Room, Seat
from .spectators import MAX_DELAY
from .store import Store

log = logging.getLogger("tcgkit.server")


class SeatSpec(BaseModel):
    """``me`` (the creator sits here), ``open`` (anyone may join), ``invite`` (the account
    ``name`` may join), ``ai`` (an agent at ``level``)."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["me", "open", "invite", "ai"]
    level: str | None = Field(default=None, max_length=40)
    name: str | None = Field(default=None, max_length=40)
    deck: str | None = Field(default=None, max_length=40)  # "me": the creator's saved deck
    # "me" in a trading Triple Triad match: five cards of the creator's collection
    # ("Geezard, #2, ..."), or "auto" (the strongest free five, also when none is given)
    hand: str | None = Field(default=None, max_length=400)


class DeckRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64)
    name: str = Field(min_length=1, max_length=40)
    options: dict[str, Any] = Field(default_factory=dict)
    cards: list[str] = Field(max_length=500)


class ProfileImport(BaseModel):
    """What ``tcgkit account import`` sends of a local profile: its collections by game
    (the terminal's profile.json keeps one, Triple Triad's), never its secret."""

    model_config = ConfigDict(extra="forbid")
    collections: dict[str, dict[str, Any]] = Field(max_length=8)


class NewMatch(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] | None = None  # default: me, then AI seats at "greedy"
    spectators: bool = True
    rules: Rules = Field(default_factory=Rules)  # the clock and what absence does
    rated: bool = False  # rated (``ratings.py``): accounts only, no AI seat, no guest
    # moves a spectator is kept behind while the match runs (``spectators.py``)
    spectator_delay: int = Field(default=0, ge=0, le=MAX_DELAY)


# The pages run and load this site's files only, never inside another site's frame.
CSP = ("default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")


@dataclass
class Settings:
    """How the server runs: its database, its AI processes (0: one thread, for tests) and
    its limits on what one client may do."""

    db: str
    ai_workers: int = 1
    max_message: int = 16 * 1024  # bytes of one WebSocket message
    messages_per_second: float = 30.0  # far above a person's pace; bots may be given more
    message_burst: int = 60
    connections_per_account: int = 8
    spectators_per_address: int = 16  # sockets without a session, from one IP address
    secure_cookies: bool = False
    room_idle: float = 60.0  # seconds a room nothing happens in stays loaded (``Server.sweep``)
    sweep_every: float = 10.0
    accounts_per_minute: float = 6.0  # guests and sign-ups from one address (a burst of 20)
    logins_per_minute: float = 10.0  # from one address (a burst of 20)
    matches_per_minute: float = 6.0  # new matches and rematches of one account (a burst of 20)
    burst: int = 20
    content_security_policy: str = CSP


class Limits:
    """The buckets of the limits ``Settings`` sets (``limits.py``)."""

    def __init__(self, settings: Settings) -> None:
        self.accounts = Limit(settings.accounts_per_minute, settings.burst)
        self.logins = Limit(settings.logins_per_minute, settings.burst)
        self.matches = Limit(settings.matches_per_minute, settings.burst)


def game_listing(words: Words | None = None) -> list[dict[str, Any]]:
    """Every registered game with its options' JSON Schema (``players`` among them when the
    game's count varies) and the AI levels its seats may have (``ai_levels``: what each
    does; ``level_names``: its name to show), the words (and the options' titles and
    descriptions) in ``words``' language (the lobby's: ``client_words.LOBBY``), English by
    default."""
    words = words or Words(LOBBY)
    out = []
    for entry in list_games():
        cls = entry.cls
        schema = cls.Options.model_json_schema()
        if cls.variable_players():
            schema.setdefault("properties", {})["players"] = {
                "type": "integer", "minimum": cls.min_players, "maximum": cls.max_players,
                "default": cls.min_players, "title": PLAYERS}
        translate_options(cls.name, schema, words)
        levels = ai.levels(cls())
        out.append({"name": cls.name, "title": cls.title, "summary": words.word(entry.summary),
                    "min_players": cls.min_players, "max_players": cls.max_players, "options": schema,
                    "ai_levels": {level: words.word(about) for level, about in levels.items()},
                    "level_names": {level: level_name(level, words) for level in levels},
                    "levels": level_list(levels, words, measured(cls.name))})
    return out


def level_name(level: str, words: Words) -> str:
    """A level's name for a player (``Beginner``); an alias (``ismcts``) is its level's."""
    shown = SAME_AS.get(level, level)
    found = words.get(name_key(shown)) if shown in LEVELS else None
    return found.text if found is not None else words.word(level)


def level_list(levels: dict[str, str], words: Words,
               ratings: dict[str, dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """The levels weakest first, each ``{level, name, about, engine, same_as, rating}``: the
    value a seat takes, its name and line for a player, what the engine does (the lobby's
    "Advanced"), each alias of one (``ismcts``), and its measured rating from the game's
    ladder (``levels.measured``; ``None`` where none was measured)."""
    ratings = ratings or {}
    out = []
    for level in strength_order(list(levels)):
        about = words.get(about_key(level)) if level in LEVELS else None
        aliases = sorted(alias for alias, same in SAME_AS.items() if same == level and alias in levels)
        out.append({"level": level, "name": level_name(level, words),
                    "about": about.text if about is not None else words.word(levels[level]),
                    "engine": words.word(levels[level]), "same_as": aliases,
                    "rating": ratings.get(level)})
    return out


def translate_options(game: str, schema: dict[str, Any], words: Words) -> None:
    """An options schema's titles and descriptions in ``words``' language, where the lobby's
    catalogue has them (a plugin's game keeps its own), and each fixed value's words as
    ``x-choices`` (value: words), for the lobby to show instead of the engine's value."""
    for field, prop in schema.get("properties", {}).items():
        key = option_key(game, field)
        for part, suffix in (("title", ""), ("description", ".about")):
            message = words.get(key + suffix)
            if part in prop and message is not None:
                prop[part] = message.text
        said = {value: words.get(choice_key(game, field, value)) for value in choices(prop)}
        if said:
            prop["x-choices"] = {value: message.text if message is not None else value
                                 for value, message in said.items()}


def check_game(name: str, options: dict[str, Any]) -> Game:
    """The game ``name`` with ``options``, checked by the game: ``Refusal`` names what is
    wrong (an unknown game, an unknown option, a value out of range, a card file named by
    anything but a shipped file's content hash)."""
    try:
        find_game(name)
    except TcgkitError as exc:
        raise Refusal(404, "not_found", str(exc)) from None
    try:
        game = ai.game_of(name, options)
        game.new_state(0)  # options that pass the model but cannot start a game (a card file)
    except TcgkitError as exc:
        raise Refusal(422, "invalid", str(exc)) from None
    return game


def public_match(row: MatchRow, seats: list[SeatRow], names: dict[int, str]) -> dict[str, Any]:
    """What anyone may know of a match: no seed, no decks."""
    return {
        "id": row.id, "game": row.game, "options": row.options, "status": row.status,
        "spectators": bool(row.settings.get("spectators", True)), "created": row.created,
        "rematch_of": row.rematch_of, "outcome": row.outcome, "problem": row.problem,
        "rules": row.settings.get("rules", {}), "trading": bool(row.settings.get("trading")),
        "rated": bool(row.settings.get("rated")),
        "spectator_delay": int(row.settings.get("spectator_delay", 0)),
        "seats": [{"seat": s.seat, "kind": s.kind, "level": s.level,
                   "name": names.get(s.account_id) if s.account_id is not None else None}
                  for s in sorted(seats, key=lambda s: s.seat)],
    }


def find_deck(session: Session, account: int, game: str, name: str) -> SavedDeck | None:
    found: SavedDeck | None = session.scalars(select(SavedDeck).where(
        SavedDeck.account_id == account, SavedDeck.game == game, SavedDeck.name == name)).first()
    return found


def deck_json(row: SavedDeck) -> dict[str, Any]:
    return {"game": row.game, "name": row.name, "options": row.options, "cards": row.cards}


def account_names(session: Session, ids: set[int]) -> dict[int, str]:
    rows = session.scalars(select(Account).where(Account.id.in_(ids))).all() if ids else []
    return {a.id: a.name or f"guest-{a.id}" for a in rows}


@dataclass(frozen=True)
class Trade:
    """What a trading match's settlement needs: its hands and whose collections they are."""

    game: Game
    decks: list[list[str]]
    people: dict[int, int]  # seat -> account


Loaded = tuple[MatchRow, list[SeatRow], dict[int, str], list[tuple[int, int, str, str | None]],
               list[float] | None]


def draw_seed() -> int:
    """A new match's seed. The server draws it and keeps it: it deals every hand and orders
    every deck, so no player chooses or sees it (the browser tests replace this function to deal
    each test the same cards in every run)."""
    return secrets.randbits(62)


def with_deck(session: Session, game: Game, seed: int, decks: list[list[str]] | None, seat: int,
              account: int, name: str) -> list[list[str]]:
    """The match's decks with ``seat`` playing ``account``'s saved deck ``name`` (checked
    again under this match's options); the seats without one keep decks drawn by the seed."""
    saved = find_deck(session, account, game.name, name)
    if saved is None:
        raise Refusal(404, "not_found", f"you have no saved {game.name} deck named {name!r}")
    if type(game).collects_cards:
        raise Refusal(422, "invalid", f"{game.title} hands come from a collection, not from a saved deck")
    drawn = [list(d) for d in decks] if decks is not None else game.sample_decks(Rng(seed))
    if len(drawn) != game.num_players:
        raise Refusal(422, "invalid", f"{game.title} with these options deals every player from one "
                      "shared deck")
    problems = game.validate_deck(saved.cards)
    if problems:
        raise Refusal(422, "invalid",
                      f"the deck {name!r} is not legal in this match: " + "; ".join(problems[:5]))
    drawn[seat] = list(saved.cards)
    return drawn


def trading_match(game: Game, rules: Rules, people: list[bool], hands: bool) -> bool:
    """Whether a new match trades (a game's trade rule and a person at it), checked
    for what trading needs; a hand named for a match that trades nothing is refused."""
    if not (collection.trades(game) and any(people)):
        if hands:
            raise Refusal(422, "invalid", "this match trades nothing: its hands are dealt by the seed")
        return False
    collection.check_trading(game, rules.on_timeout or "default", rules.absence or "ai")
    return True


def with_hand(session: Session, game: Game, seed: int, decks: list[list[str]] | None, kinds: list[str],
              seat: int, account: int, hand: str | None) -> list[list[str]]:
    """The decks of a trading match once ``account`` takes ``seat`` with ``hand`` from its
    collection (``Refusal`` when the collection cannot give it)."""
    try:
        chosen = collection.choose_hand(session, game, account, hand, seed)
    except Refusal as refusal:
        raise refusal.prefixed(f"seat {seat}: ") from None
    return collection.seat_decks(game, seed, decks, kinds, seat, chosen)


class MatchJournal:
    """A room's writes: each action with the clocks it left (and the result when it ends
    the game) in one transaction; a result the server gives."""

    def __init__(self, store: Store, match_id: str, trade: Trade | None = None) -> None:
        self.store, self.match_id, self.trade = store, match_id, trade
        self.people: dict[int, int] = {}  # seat -> account of each person (``turns.record``)
        self.ended: Callable[[str], None] = lambda _match: None  # told once the result is committed

    async def action(self, number: int, seat: int, notation: str, state: State[Any],
                     banks: list[float] | None, note: dict[str, Any] | None,
                     made_by: str | None = None) -> None:
        match_id, over, trade = self.match_id, state.is_terminal, self.trade
        outcome = state.outcome.to_json() if over and state.outcome is not None else None

        def work(session: Session) -> None:
            session.add(ActionRow(match_id=match_id, number=number, seat=seat, notation=notation,
                                  at=time.time(), clock=banks, made_by=made_by))
            if over:
                session.execute(update(MatchRow).where(MatchRow.id == match_id)
                                .values(status="over", outcome=outcome))
                if trade is not None and outcome is not None:
                    moved = collection_rules(trade.game).transfers(outcome)
                    collection.settle(session, trade.game, match_id, trade.decks, trade.people, moved)
                ratings.settle(session, match_id, outcome)
            turns.record(session, match_id, state, number, self.people)
            tell(session, note, number)

        await self.store.write(work)
        if over:
            self.ended(match_id)

    async def end(self, outcome: dict[str, Any], note: dict[str, Any] | None) -> None:
        match_id = self.match_id

        def work(session: Session) -> None:
            session.execute(update(MatchRow).where(MatchRow.id == match_id)
                            .values(status="over", outcome=outcome))
            ratings.settle(session, match_id, outcome)
            turns.ended(session, match_id)
            tell(session, note, None)

        await self.store.write(work)
        self.ended(match_id)

    async def take_back(self, after: int) -> None:
        match_id = self.match_id

        def work(session: Session) -> None:
            session.execute(delete(ActionRow).where(ActionRow.match_id == match_id,
                                                    ActionRow.number > after))

        await self.store.write(work)


def tell(session: Session, note: dict[str, Any] | None, version: int | None) -> None:
    """Notify the other processes in this transaction: they hear of it once it is committed."""
    if note is not None:
        payload = json.dumps({**note, "version": version})
        session.execute(notify_sql(), {"channel": CHANNEL, "payload": payload})


def trade_of(row: MatchRow, seats: list[Seat], game: Game) -> Trade | None:
    if not row.settings.get("trading") or row.decks is None:
        return None
    return Trade(game, row.decks, {n: s.account for n, s in enumerate(seats)
                                   if s.kind == "human" and s.account is not None})


class Server:
    """The matches of one server process: their rows, and a live room for each running one."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store = Store(settings.db)
        self.pool: Any = None
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.cluster: Cluster | None = None
        self.listings: dict[str, bytes] = {}  # GET /api/games as sent, by language
        self.hashing = accounts.Hashing()
        self._sweeper: asyncio.Task[None] | None = None
        self.limits = Limits(settings)
        self.followers: list[Follower] = []  # added by ``app.create_app``

    async def start(self) -> None:
        await asyncio.to_thread(self.store.start)
        self.pool = ai.make_pool(self.settings.ai_workers)
        if self.store.dialect == "postgresql":
            self.cluster = Cluster(self)
            await self.cluster.start()
        running = await self.store.read(
            lambda s: list(s.scalars(select(MatchRow.id).where(MatchRow.status == "running")).all()))
        for match_id in running:
            try:
                await self.room(match_id)
            except Refusal:  # marked broken (and logged): the other matches go on
                continue
        for follower in self.followers:
            await follower.catch_up()
        # What start-up made (modules, game and card tables, the matches resumed) lives as long
        # as the process: frozen, a full collection no longer walks it. On the 2-core machine
        # measured, a full collection otherwise stopped the event loop for up to a second.
        gc.collect()
        gc.freeze()
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_now_and_then())

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        for follower in self.followers:
            await follower.stop()
        if self.cluster is not None:
            await self.cluster.stop()
        for room in list(self.rooms.values()):
            await room.close()
        self.rooms.clear()
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
        self.hashing.shutdown()
        await asyncio.to_thread(self.store.stop)

    # -- the lobby --------------------------------------------------------------------------------
    async def create(self, request: NewMatch, creator: int, rematch_of: str | None = None,
                     invited_ids: dict[int, int] | None = None, placement: Placement | None = None) -> str:
        """A new match; ``invited_ids`` (a rematch): the seats invited by account, guests
        included (an ``invite`` seat of the request names a registered account);
        ``placement``: the server seats the players itself (an event's table)."""
        invited_ids = invited_ids or (placement.accounts if placement is not None else {})
        game = check_game(request.game, request.options)
        specs = request.seats or [SeatSpec(kind="me")] + [
            SeatSpec(kind="ai", level="greedy") for _ in range(game.num_players - 1)]
        if len(specs) != game.num_players:
            raise Refusal(422, "invalid", f"{game.name} with these options has {game.num_players} seats, "
                          f"{len(specs)} were given")
        if sum(s.kind == "me" for s in specs) > 1:
            raise Refusal(422, "invalid", "the creator takes at most one seat")
        known = ai.levels(game)
        if request.rules.stand_in not in known:
            raise Refusal(422, "invalid", f"rules.stand_in: no AI level {request.rules.stand_in!r} for "
                          f"{game.name}; known: {', '.join(known)}")
        for number, spec in enumerate(specs):
            if spec.kind == "ai" and (spec.level or "greedy") not in known:
                raise Refusal(422, "invalid", f"seat {number}: no AI level {spec.level!r} for {game.name}; "
                              f"known: {', '.join(known)}")
            if spec.kind == "invite" and not spec.name and number not in invited_ids:
                raise Refusal(422, "invalid", f"seat {number}: an invited seat names the account invited")
        invited = {str(s.name) for n, s in enumerate(specs) if s.kind == "invite" and n not in invited_ids}
        match_id = secrets.token_hex(16)
        seed = draw_seed() if placement is None else placement.seed
        options = game.options_json()
        # Only the creator and the AI are seated at once: anyone else accepts a seat by joining.
        status = "running" if placement or all(s.kind in ("me", "ai") for s in specs) else "open"
        mine = next((n for n, s in enumerate(specs) if s.kind == "me" and s.deck), None)
        trading = trading_match(game, request.rules, [s.kind != "ai" for s in specs],
                                any(s.hand is not None for s in specs))
        kinds = ["ai" if s.kind == "ai" else "human" for s in specs]
        ratings.check_seats(request.rated, [s.kind for s in specs])
        rules = request.rules.settled(people=kinds.count("human"), trading=trading)

        def work(session: Session) -> None:
            ratings.check_account(session, request.rated, creator)
            decks = None if mine is None else with_deck(session, game, seed, None, mine, creator,
                                                        str(specs[mine].deck))
            if trading:  # the creator's stake; each other player chooses theirs on joining
                for number in (n for n, s in enumerate(specs) if s.kind == "me"):
                    decks = with_hand(session, game, seed, decks, kinds, number, creator, specs[number].hand)
            accounts = {a.name: a.id for a in session.scalars(
                select(Account).where(Account.name.in_(invited), Account.guest.is_(False)))}
            for name in invited - set(accounts):
                raise Refusal(404, "not_found", f"no account named {name!r} to invite")
            session.add(MatchRow(
                id=match_id, game=game.name, options=options, seed=seed, decks=decks,
                engine=__version__, cards=game.card_data_hash(), status=status,
                settings={"spectators": request.spectators, "rules": rules.model_dump(),
                          "trading": trading, "rated": request.rated,
                          "spectator_delay": request.spectator_delay},
                created=time.time(),
                owner_id=creator, rematch_of=rematch_of))
            session.flush()
            for number, spec in enumerate(specs):
                if spec.kind == "me":
                    session.add(SeatRow(match_id=match_id, seat=number, kind="human", account_id=creator))
                elif spec.kind == "ai":
                    session.add(SeatRow(match_id=match_id, seat=number, kind="ai",
                                        level=spec.level or "greedy"))
                elif spec.kind == "invite":
                    session.add(SeatRow(match_id=match_id, seat=number,
                                        kind="human" if placement else "invited",
                                        account_id=invited_ids.get(number) or accounts[str(spec.name)]))
                else:
                    session.add(SeatRow(match_id=match_id, seat=number, kind="open"))
            if placement is not None:
                placement.link(session, match_id)

        await self.store.write(work)
        if status == "running":
            await self.room(match_id)
        return match_id

    # -- saved decks ---------------------------------------------------------------------------------
    async def save_deck(self, account: int, request: DeckRequest) -> dict[str, Any]:
        """Save (or replace) a deck of this account, checked by the game's own deck rules."""
        game = check_game(request.game, request.options)
        problems = game.validate_deck(request.cards)
        if problems:
            raise Refusal(422, "invalid", f"{game.name} deck {request.name!r}: " + "; ".join(problems[:10]))
        options = game.options_json()

        def work(session: Session) -> dict[str, Any]:
            row = find_deck(session, account, game.name, request.name)
            if row is None:
                row = SavedDeck(account_id=account, game=game.name, name=request.name)
                session.add(row)
            row.options, row.cards, row.saved = options, list(request.cards), time.time()
            return deck_json(row)

        return await self.store.write(work)

    async def decks(self, account: int) -> list[dict[str, Any]]:
        mine = (select(SavedDeck).where(SavedDeck.account_id == account)
                .order_by(SavedDeck.game, SavedDeck.name))
        return await self.store.read(lambda s: [deck_json(d) for d in s.scalars(mine)])

    async def delete_deck(self, account: int, game: str, name: str) -> None:
        def work(session: Session) -> None:
            row = find_deck(session, account, game, name)
            if row is None:
                raise Refusal(404, "not_found", f"you have no saved {game} deck named {name!r}")
            session.delete(row)

        await self.store.write(work)

    # -- the collection of the game that keeps one (Triple Triad) ------------------------------------
    async def collection(self, account: int) -> dict[str, Any]:
        game = collection.standard()
        return await self.store.write(lambda s: collection.collection_json(s, game, account))

    async def import_profile(self, account: int, request: ProfileImport) -> dict[str, Any]:
        """A local profile's collection in place of this account's starter one (once, before
        any trade), checked by the game's collection rules."""
        game = collection.standard()
        unknown = sorted(set(request.collections) - {game.name})
        if unknown:
            raise Refusal(422, "invalid", f"collections: no game collects cards but {game.name}, not "
                          f"{', '.join(repr(u[:40]) for u in unknown)}")
        cards = request.collections.get(game.name)
        if cards is None:
            raise Refusal(422, "invalid", f"collections: the profile has no {game.name} collection")

        def work(session: Session) -> dict[str, Any]:
            collection.import_collection(session, game, account, cards)
            return collection.collection_json(session, game, account)

        return await self.store.write(work)

    async def exists(self, match_id: str) -> bool:
        return await self.store.read(lambda s: s.get(MatchRow, match_id) is not None)

    async def describe(self, match_id: str) -> dict[str, Any]:
        def work(session: Session) -> dict[str, Any]:
            row = session.get(MatchRow, match_id)
            if row is None:
                raise Refusal(404, "not_found", f"no match {match_id!r}")
            seats = list(session.scalars(select(SeatRow).where(SeatRow.match_id == match_id)))
            return public_match(row, seats, account_names(session, {s.account_id for s in seats
                                                                    if s.account_id is not None}))

        return await self.store.read(work)

    async def listing(self, status: str | None) -> list[dict[str, Any]]:
        wanted = ("open", "running") if status is None else (status,)

        def work(session: Session) -> list[dict[str, Any]]:
            rows = list(session.scalars(select(MatchRow).where(MatchRow.status.in_(wanted))
                                        .order_by(MatchRow.created.desc()).limit(200)))
            seats = list(session.scalars(select(SeatRow).where(SeatRow.match_id.in_([r.id for r in rows]))))
            names = account_names(session, {s.account_id for s in seats if s.account_id is not None})
            return [public_match(r, [s for s in seats if s.match_id == r.id], names) for r in rows]

        return await self.store.read(work)

    async def join(self, match_id: str, account: int, seat: int | None, deck: str | None = None,
                   hand: str | None = None) -> int:
        """Take an open seat (or the one this account was invited to), with one of this
        account's saved decks if named (or, in a trading match, a hand from its collection);
        the match starts once no seat is left to fill."""

        def work(session: Session) -> tuple[int, bool]:
            row = session.get(MatchRow, match_id)
            if row is None:
                raise Refusal(404, "not_found", f"no match {match_id!r}")
            seats = sorted(session.scalars(select(SeatRow).where(SeatRow.match_id == match_id)),
                           key=lambda s: s.seat)
            mine = [s.seat for s in seats if s.account_id == account and s.kind == "human"]
            if mine:
                return mine[0], False
            if row.status != "open":
                raise Refusal(409, "conflict", f"the match is {row.status}: no seat to join")
            free = [s for s in seats if s.kind == "open" or (s.kind == "invited" and s.account_id == account)]
            if seat is not None:
                free = [s for s in free if s.seat == seat]
            if not free:
                raise Refusal(409, "conflict", "no seat for you in this match" if seat is None
                              else f"seat {seat} is not open to you")
            taken = free[0]
            ratings.check_account(session, bool(row.settings.get("rated")), account)
            game = ai.game_of(row.game, row.options)
            if deck is not None:
                row.decks = with_deck(session, game, row.seed, row.decks, taken.seat, account, deck)
            if row.settings.get("trading"):
                row.decks = with_hand(session, game, row.seed, row.decks,
                                      ["ai" if s.kind == "ai" else "human" for s in seats], taken.seat,
                                      account, hand)
            elif hand is not None:
                raise Refusal(422, "invalid", "this match trades nothing: its hands are dealt by the seed")
            taken.kind, taken.account_id = "human", account
            starts = all(s.kind in ("human", "ai") for s in seats)
            if starts:
                row.status = "running"
            return taken.seat, starts

        number, starts = await self.store.write(work)
        if starts:
            await self.room(match_id)
        return number

    async def leave(self, match_id: str, account: int) -> None:
        """Give up a seat before the match starts (a running match keeps its players)."""

        def work(session: Session) -> None:
            row = session.get(MatchRow, match_id)
            if row is None:
                raise Refusal(404, "not_found", f"no match {match_id!r}")
            if row.status != "open":
                raise Refusal(409, "conflict",
                              f"the match is {row.status}: a seat is left only before the start")
            seats = list(session.scalars(select(SeatRow).where(SeatRow.match_id == match_id,
                                                                SeatRow.account_id == account,
                                                                SeatRow.kind == "human")))
            if not seats:
                raise Refusal(409, "conflict", "you hold no seat in this match (an invitation is declined)")
            for seat in seats:
                seat.kind, seat.account_id = "open", None

        await self.store.write(work)

    async def decline(self, match_id: str, account: int) -> None:
        """Say no to an invitation: the match, made for the people invited, is cancelled (and
        a trading match's hands held for it are free again)."""

        def work(session: Session) -> None:
            row = session.get(MatchRow, match_id)
            if row is None:
                raise Refusal(404, "not_found", f"no match {match_id!r}")
            invited = session.scalars(select(SeatRow).where(
                SeatRow.match_id == match_id, SeatRow.account_id == account,
                SeatRow.kind == "invited")).first()
            if invited is None:
                raise Refusal(409, "conflict", "you have no invitation to this match")
            if row.status != "open":
                raise Refusal(409, "conflict",
                              f"the match is {row.status}: an invitation is declined before the start")
            row.status = "cancelled"
            row.problem = f"seat {invited.seat} declined the invitation"

        await self.store.write(work)

    async def rematch(self, match_id: str, account: int, hand: str | None = None,
                      deck: str | None = None) -> str:
        """A new match of the same game, options and rules (a new seed), once this one is
        over: the asker sits (with ``hand`` or ``deck`` if named), each other person of the
        match is invited to their old seat and accepts it by joining with their own stake;
        it starts once they all have."""

        def work(session: Session) -> tuple[MatchRow, list[SeatRow]]:
            row = session.get(MatchRow, match_id)
            if row is None:
                raise Refusal(404, "not_found", f"no match {match_id!r}")
            seats = sorted(session.scalars(select(SeatRow).where(SeatRow.match_id == match_id)),
                           key=lambda s: s.seat)
            if account not in {s.account_id for s in seats}:
                raise Refusal(403, "forbidden", "only a player of the match may ask for a rematch")
            if row.status != "over":
                raise Refusal(409, "conflict",
                              f"the match is {row.status}: a rematch follows a finished match")
            return row, seats

        row, seats = await self.store.read(work)
        request = NewMatch(game=row.game, options=row.options,
                           seats=[SeatSpec(kind="ai", level=s.level) if s.kind == "ai"
                                  else SeatSpec(kind="me", hand=hand, deck=deck) if s.account_id == account
                                  else SeatSpec(kind="invite") for s in seats],
                           spectators=bool(row.settings.get("spectators", True)),
                           rules=Rules.model_validate(row.settings.get("rules", {})),
                           rated=bool(row.settings.get("rated")),
                           spectator_delay=int(row.settings.get("spectator_delay", 0)))
        others = {s.seat: s.account_id for s in seats
                  if s.kind != "ai" and s.account_id is not None and s.account_id != account}
        return await self.create(request, account, rematch_of=match_id, invited_ids=others)

    # -- live rooms ----------------------------------------------------------------------------
    async def _sweep_now_and_then(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_every)
            try:
                await self.sweep()
            except Exception:
                log.exception("dropping idle rooms failed")

    def sessions_ended(self, hashes: list[str]) -> None:
        """Close the sockets opened with these sessions (logged out, or ended by newer ones)."""
        if hashes:
            self._sign_out(lambda conn: conn.session in hashes)

    def _sign_out(self, ended: Callable[[Connection], bool]) -> None:
        text = Error(code="signed_out", message="your session has ended: log in again").model_dump_json()
        for room in self.rooms.values():
            for conn in list(room.presence.connections):
                if ended(conn):
                    conn.push(text)
                    conn.close()

    async def sweep(self) -> None:
        """Drop the rooms nothing has happened in for ``room_idle`` seconds and nothing will
        until a client comes (``Room.quiet``: a finished match nobody watches, a match waiting
        for players who are away): the database holds them, and ``room`` loads one again
        when it is asked for."""
        wall = time.time()
        self._sign_out(lambda conn: conn.expires is not None and conn.expires < wall)
        now = time.monotonic()
        for match_id, room in list(self.rooms.items()):
            if not room.quiet():
                room.quiet_since = None
                continue
            if room.quiet_since is None:
                room.quiet_since = now
            if now - room.quiet_since < self.settings.room_idle:
                continue
            del self.rooms[match_id]
            self._loading.pop(match_id, None)
            room.dropped = True
            await room.close()
            if self.cluster is not None and room.replication.owner:
                await self.cluster.release(match_id)
        for follower in self.followers:
            await follower.catch_up()

    async def room(self, match_id: str) -> Room | None:
        """The live room of a running or finished match (rebuilt from the database the first
        time it is asked for); ``None`` when the match has not started."""
        if match_id in self.rooms:
            return self.rooms[match_id]
        lock = self._loading.setdefault(match_id, asyncio.Lock())
        async with lock:
            if match_id in self.rooms:
                return self.rooms[match_id]
            room = await self._load(match_id)
            if room is None:
                return None
            self.rooms[match_id] = room
            if self.cluster is not None:
                room.replication.peers = self.cluster
                room.replication.owner = await self.cluster.try_own(match_id)
            await turns.resume(self.store, room)
            if room.replication.owner:
                room.begin()
            return room

    async def _load(self, match_id: str) -> Room | None:
        def work(session: Session) -> Loaded | None:
            row = session.get(MatchRow, match_id)
            if row is None or row.status in ("open", "cancelled"):
                return None
            seats = sorted(session.scalars(select(SeatRow).where(SeatRow.match_id == match_id)),
                           key=lambda s: s.seat)
            names = account_names(session, {s.account_id for s in seats if s.account_id is not None})
            rows = list(session.scalars(
                select(ActionRow).where(ActionRow.match_id == match_id).order_by(ActionRow.number)))
            actions = [(a.number, a.seat, a.notation, a.made_by) for a in rows]
            banks = next((a.clock for a in reversed(rows) if a.clock is not None), None)
            return row, seats, names, actions, banks

        found = await self.store.read(work)
        if found is None:
            return None
        row, seat_rows, names, actions, banks = found
        seats = [Seat(s.kind, s.account_id, s.level, names.get(s.account_id) if s.account_id else None)
                 for s in seat_rows]
        ended = row.outcome if row.status == "over" else None
        journal = MatchJournal(self.store, match_id)
        try:
            room = await asyncio.to_thread(Room.rebuild, match_id, row.game, row.options, row.seed,
                                           row.decks, row.cards, seats, row.settings, actions,
                                           journal, self.pool, banks, ended)
        except TcgkitError as exc:
            # The details (an action's notation, a sealed pick's card) stay in the server's log:
            # what everyone may read says only that the history does not replay.
            log.error("match %s does not replay: %s", match_id, exc)
            problem = (f"its {len(actions)} actions do not replay on this server (engine {__version__}, "
                       f"card data {row.cards})")
            await self.store.write(lambda s: s.execute(
                update(MatchRow).where(MatchRow.id == match_id).values(status="broken", problem=problem)))
            raise Refusal(409, "broken", f"the match cannot be resumed: {problem}") from None
        journal.trade = trade_of(row, seats, room.game)
        journal.people = turns.people_of(seats)
        journal.ended = self.match_ended
        room.ai_seats.maker = row.owner_id
        return room

    def match_ended(self, match_id: str) -> None:
        for follower in self.followers:
            follower.match_ended(match_id)

    def seat_of(self, room: Room, account: int) -> int | None:
        for number, seat in enumerate(room.seats):
            if seat.kind == "human" and seat.account == account:
                return number
        return None
