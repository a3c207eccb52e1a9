"""Collections on the server (Triple Triad's): each account's cards, the hands trading matches
take from them, and the trade, settled in the transaction of the match's last action. What
they hold and move is decided by the game's collection rules (``Game.collection()``); the
tables here only store it.

A match *trades* when its game collects cards, its trade rule is not ``none`` and a person
sits at it. A person's hand then comes from their collection less the cards their other
trading matches in progress hold (a hand is reserved from the moment its seat is taken
until the match is over); an AI seat's hand is matched to the person's card by card by
level, and what the AI loses or wins comes from and goes to nowhere, as in the terminal.
The trade moves cards by the game's own rules (``settle``) in the same transaction as
the match's last action and a ``trades`` row whose key is the match: a result is committed
with its trade or not at all, and a match trades once.

A trading match is always finished by the game's rules (a clock plays the default, an AI
stands in for a person away), so no result of the server's can skip a trade.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Any

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from ..kernel import registry
from ..kernel.collecting import CollectionError, Owned, collection_rules
from ..kernel.game import Game
from ..kernel.rng import Rng, derive_seed
from .db import MatchRow, OwnedCards, SeatRow, TradeRow
from .refusal import Refusal

DECK_STREAM = 1  # the seed's sub-stream a game draws missing decks from (``new_state``)


@cache
def standard() -> Game:
    """The game whose collections accounts keep (the registered game that collects cards),
    of the standard cards, the ones collections hold (made once: a game builds its tables of
    actions when made)."""
    game = registry.collecting_game()
    if game is None:
        raise CollectionError("no installed game keeps card collections")
    return game


def trades(game: Game) -> bool:
    """Whether a match of ``game`` with people at it moves cards between collections."""
    rules = game.collection()
    return rules is not None and rules.trades


def check_trading(game: Game, on_timeout: str, absence: str) -> None:
    if not collection_rules(game).standard:
        raise Refusal(422, "invalid", "collections hold the standard cards: a game of another card "
                      "file cannot trade (set the option trade to none)")
    if on_timeout != "default" or absence != "ai":
        raise Refusal(422, "invalid", "a trading match is finished by the game's rules, so a clock "
                      "plays the default (on_timeout=default) and an AI stands in for a player away "
                      "(absence=ai); or set the option trade to none")


def owned(session: Session, account: int, lock: bool = False) -> OwnedCards:
    """The account's collection row (made, with the starter collection, the first time);
    ``lock``: held until the transaction ends (PostgreSQL), so two processes never change
    one collection at once."""
    game = standard()
    make = pg_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert
    session.execute(make(OwnedCards).values(account_id=account, game=game.name,
                                            cards=collection_rules(game).starter().to_json(), trades=0,
                                            changed=time.time()).on_conflict_do_nothing())
    query = select(OwnedCards).where(OwnedCards.account_id == account, OwnedCards.game == game.name)
    if lock:
        query = query.with_for_update()
    row = session.scalars(query.execution_options(populate_existing=True)).one()
    return row


def collection_of(game: Game, row: OwnedCards) -> Owned:
    return collection_rules(game).owned(row.cards)


def held(session: Session, account: int) -> Counter[str]:
    """The cards the account's trading matches in progress hold."""
    rows = session.execute(
        select(MatchRow.id, MatchRow.decks, MatchRow.settings, SeatRow.seat)
        .join(SeatRow, SeatRow.match_id == MatchRow.id)
        .where(SeatRow.account_id == account, SeatRow.kind == "human",
               MatchRow.status.in_(("open", "running")), MatchRow.game == standard().name)).all()
    out: Counter[str] = Counter()
    for _match, decks, settings, seat in rows:
        if settings.get("trading") and decks is not None:
            out.update(decks[seat])
    return out


def free_cards(session: Session, game: Game, account: int) -> Owned:
    """The account's collection less what its trading matches in progress hold."""
    mine = collection_of(game, owned(session, account, lock=True))
    return collection_rules(game).owned(Counter(mine.counts) - held(session, account))


def choose_hand(session: Session, game: Game, account: int, hand: str | None,
                seed: int) -> list[str]:
    """The hand ``account`` brings: the cards named (``"Geezard, #2, ..."`` or ``auto``, the
    strongest, when none is given), or under Random dealt from the free cards by the seed."""
    free, rules = free_cards(session, game, account), collection_rules(game)
    try:
        if rules.dealt:
            if hand is not None:
                raise Refusal(422, "invalid", "with the Random rule the hand is dealt from the "
                              "collection; send no hand")
            return rules.deal(free, seed)
        return rules.choose(free, hand)
    except CollectionError as exc:
        mine = collection_of(game, owned(session, account))
        busy = len(mine) - len(free)
        more = f" ({busy} of your cards are held by your trading matches in progress)" if busy else ""
        raise Refusal(422, "invalid", f"{exc}{more}") from None


def seat_decks(game: Game, seed: int, decks: list[list[str]] | None, kinds: Sequence[str],
               seat: int, hand: list[str]) -> list[list[str]]:
    """The match's decks once ``seat`` brings ``hand``: an AI seat's hand matched to it."""
    drawn = decks if decks is not None else game.sample_decks(Rng(derive_seed(seed, DECK_STREAM)))
    out = [list(d) for d in drawn]
    out[seat] = list(hand)
    for other, kind in enumerate(kinds):
        if kind == "ai":
            out[other] = collection_rules(game).opponent_hand(hand, seed)
    return out


def settle(session: Session, game: Game, match_id: str, decks: list[list[str]],
           people: dict[int, int], transfers: list[Any]) -> TradeRow:
    """Move the traded cards between the collections of ``people`` (seat -> account); an AI
    seat's collection is its hand. A second settlement of one match fails on the ledger's
    key, and with it the transaction."""
    rows = {seat: owned(session, account, lock=True) for seat, account in sorted(people.items())}
    rules = collection_rules(game)
    collections = [collection_of(game, rows[seat]) if seat in rows else rules.owned(deck)
                   for seat, deck in enumerate(decks)]
    problem = None
    try:
        after = rules.settle(collections, transfers)
    except CollectionError as exc:  # a hand no longer held: cannot happen while hands are reserved
        problem, after = str(exc), collections
    now = time.time()
    if problem is None and transfers:
        for seat, row in rows.items():
            if after[seat].counts != collections[seat].counts:
                row.cards, row.trades, row.changed = after[seat].to_json(), row.trades + 1, now
    trade = TradeRow(match_id=match_id, moved=[list(t) for t in transfers] if problem is None else [],
                     problem=problem, at=now)
    session.add(trade)
    session.flush()
    return trade


def collection_json(session: Session, game: Game, account: int) -> dict[str, Any]:
    row = owned(session, account)
    mine = collection_of(game, row)
    busy = held(session, account)
    return {"game": game.name, "total": len(mine), "cards": mine.to_json(), "held": dict(busy),
            "trades": row.trades, "imported": row.imported}


def import_collection(session: Session, game: Game, account: int, cards: dict[str, Any]) -> None:
    """Replace a new account's starter collection with a local profile's, checked by the
    game's collection rules, which say what a local profile can hold (``import_problem``);
    once, and only before any trade (an import never undoes one)."""
    rules = collection_rules(game)
    try:
        brought = rules.owned(cards)
    except CollectionError as exc:
        raise Refusal(422, "invalid", f"the profile's collection is refused: {exc}") from None
    problem = rules.import_problem(cards)
    if problem is not None:
        raise Refusal(422, "invalid", f"the profile's collection is refused: {problem}")
    if len(brought) < rules.hand_size:
        raise Refusal(422, "invalid", f"the profile's collection has {len(brought)} cards; "
                      f"a hand needs {rules.hand_size}")
    row = owned(session, account, lock=True)
    if row.imported is not None:
        raise Refusal(409, "conflict", "this account already imported a profile's collection")
    if row.trades:
        raise Refusal(409, "conflict", f"this account's collection has been in {row.trades} trade(s): "
                      "an import would undo them")
    if held(session, account):
        raise Refusal(409, "conflict", "a trading match in progress holds cards of this collection: "
                      "finish it first")
    row.cards, row.imported, row.changed = brought.to_json(), time.time(), time.time()
