"""Triple Triad collections on the server: each account's cards, the hands trading matches
take from them, and the trade, settled in the transaction of the match's last action.

A match *trades* when its game collects cards, its trade rule is not ``none`` and a person
sits at it. A person's hand then comes from their collection less the cards their other
trading matches in progress hold (a hand is reserved from the moment its seat is taken
until the match is over); an AI seat's hand is matched to the person's card by card by
level, and what the AI loses or wins comes from and goes to nowhere, as in the terminal.
The trade moves cards with the game's own ``apply_transfers`` in the same transaction as
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

from ..games.triple_triad import TripleTriad
from ..games.triple_triad.collection import (
    Collection,
    CollectionError,
    apply_transfers,
    deal_hand,
    matching_hand,
    parse_hand,
)
from ..kernel.game import Game
from ..kernel.rng import Rng, derive_seed
from .db import MatchRow, OwnedCards, SeatRow, TradeRow

GAME = TripleTriad.name
DECK_STREAM = 1  # the seed's sub-stream a game draws missing decks from (``new_state``)


class HandProblem(ValueError):
    """A hand a collection cannot give, or a collection refused; the message says why and
    ``status`` is the HTTP status (409: not now, for what the account has done)."""

    def __init__(self, message: str, status: int = 422) -> None:
        super().__init__(message)
        self.status = status


@cache
def standard() -> TripleTriad:
    """The game of the standard cards, the ones collections hold (made once: a game builds
    its tables of actions when made)."""
    return TripleTriad()


def trades(game: Game) -> bool:
    """Whether a match of ``game`` with people at it moves cards between collections."""
    return isinstance(game, TripleTriad) and game.options.trade != "none"


def check_trading(game: TripleTriad, on_timeout: str, absence: str) -> None:
    if game.options.card_file:
        raise HandProblem("collections hold the standard cards: a game of another card file "
                          "cannot trade (set the option trade to none)")
    if on_timeout != "default" or absence != "ai":
        raise HandProblem("a trading match is finished by the game's rules, so a clock plays the "
                          "default (on_timeout=default) and an AI stands in for a player away "
                          "(absence=ai); or set the option trade to none")


def owned(session: Session, account: int, lock: bool = False) -> OwnedCards:
    """The account's collection row (made, with the starter collection, the first time);
    ``lock``: held until the transaction ends (PostgreSQL), so two processes never change
    one collection at once."""
    cards = standard().cards
    make = pg_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert
    session.execute(make(OwnedCards).values(account_id=account, game=GAME,
                                            cards=Collection.starter(cards).to_json(), trades=0,
                                            changed=time.time()).on_conflict_do_nothing())
    query = select(OwnedCards).where(OwnedCards.account_id == account, OwnedCards.game == GAME)
    if lock:
        query = query.with_for_update()
    row = session.scalars(query.execution_options(populate_existing=True)).one()
    return row


def collection_of(game: TripleTriad, row: OwnedCards) -> Collection:
    return Collection.of(game.cards, row.cards)


def held(session: Session, account: int) -> Counter[str]:
    """The cards the account's trading matches in progress hold."""
    rows = session.execute(
        select(MatchRow.id, MatchRow.decks, MatchRow.settings, SeatRow.seat)
        .join(SeatRow, SeatRow.match_id == MatchRow.id)
        .where(SeatRow.account_id == account, SeatRow.kind == "human",
               MatchRow.status.in_(("open", "running")), MatchRow.game == GAME)).all()
    out: Counter[str] = Counter()
    for _match, decks, settings, seat in rows:
        if settings.get("trading") and decks is not None:
            out.update(decks[seat])
    return out


def free_cards(session: Session, game: TripleTriad, account: int) -> Collection:
    """The account's collection less what its trading matches in progress hold."""
    mine = collection_of(game, owned(session, account, lock=True))
    return Collection.of(game.cards, Counter(mine.counts) - held(session, account))


def choose_hand(session: Session, game: TripleTriad, account: int, hand: str | None,
                seed: int) -> list[str]:
    """The hand ``account`` brings: the cards named (``"Geezard, #2, ..."`` or ``auto``, the
    strongest, when none is given), or under Random dealt from the free cards by the seed."""
    free = free_cards(session, game, account)
    try:
        if game.options.random:
            if hand is not None:
                raise HandProblem("with the Random rule the hand is dealt from the collection; "
                                  "send no hand")
            return [c.name for c in deal_hand(free, seed)]
        return [c.name for c in parse_hand(hand or "auto", free)]
    except CollectionError as exc:
        mine = collection_of(game, owned(session, account))
        busy = len(mine) - len(free)
        more = f" ({busy} of your cards are held by your trading matches in progress)" if busy else ""
        raise HandProblem(f"{exc}{more}") from None


def seat_decks(game: TripleTriad, seed: int, decks: list[list[str]] | None, kinds: Sequence[str],
               seat: int, hand: list[str]) -> list[list[str]]:
    """The match's decks once ``seat`` brings ``hand``: an AI seat's hand matched to it."""
    drawn = decks if decks is not None else game.sample_decks(Rng(derive_seed(seed, DECK_STREAM)))
    out = [list(d) for d in drawn]
    out[seat] = list(hand)
    cards = [card for name in hand if (card := game.cards.find(name)) is not None]
    for other, kind in enumerate(kinds):
        if kind == "ai":
            out[other] = [c.name for c in matching_hand(game.cards, cards, seed)]
    return out


def settle(session: Session, game: TripleTriad, match_id: str, decks: list[list[str]],
           people: dict[int, int], transfers: list[Any]) -> TradeRow:
    """Move the traded cards between the collections of ``people`` (seat -> account); an AI
    seat's collection is its hand. A second settlement of one match fails on the ledger's
    key, and with it the transaction."""
    rows = {seat: owned(session, account, lock=True) for seat, account in sorted(people.items())}
    collections = [collection_of(game, rows[seat]) if seat in rows else Collection.of(game.cards, deck)
                   for seat, deck in enumerate(decks)]
    problem = None
    try:
        after = apply_transfers(collections, transfers)
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


def collection_json(session: Session, game: TripleTriad, account: int) -> dict[str, Any]:
    row = owned(session, account)
    mine = collection_of(game, row)
    busy = held(session, account)
    return {"game": GAME, "total": len(mine), "cards": mine.to_json(), "held": dict(busy),
            "trades": row.trades, "imported": row.imported}


def import_problem(game: TripleTriad, cards: dict[str, Any]) -> str | None:
    """What a local profile could not hold, if anything: a card named under two spellings
    (one entry a card), or a card above the starter's levels: the terminal trades only
    against the AI, whose hand matches the player's level by level, so a profile that began
    with the starter collection wins only cards of the starter's levels."""
    spellings: dict[str, list[str]] = {}
    for name in cards:
        found = game.cards.find(str(name))
        if found is not None:
            spellings.setdefault(found.name, []).append(str(name))
    twice = {card: names for card, names in spellings.items() if len(names) > 1}
    if twice:
        named, names = next(iter(twice.items()))
        return (f"{named} is named {len(names)} times ({', '.join(repr(n[:40]) for n in names[:6])}): "
                "name each card once")
    top = max(c.level for c in Collection.starter(game.cards).card_list())
    beyond = [card for name in spellings if (card := game.cards.find(name)) is not None and card.level > top]
    if beyond:
        listed = ", ".join(f"{c.name} (level {c.level})" for c in beyond[:8])
        more = f" and {len(beyond) - 8} more" if len(beyond) > 8 else ""
        return (f"a local profile wins only cards of levels 1 to {top} (the AI's hand matches "
                f"yours level by level), not {listed}{more}")
    return None


def import_collection(session: Session, game: TripleTriad, account: int, cards: dict[str, Any]) -> None:
    """Replace a new account's starter collection with a local profile's, checked by the
    game's collection rules and against what a local profile can hold (``import_problem``);
    once, and only before any trade (an import never undoes one)."""
    try:
        brought = Collection.of(game.cards, cards)
    except CollectionError as exc:
        raise HandProblem(f"the profile's collection is refused: {exc}") from None
    problem = import_problem(game, cards)
    if problem is not None:
        raise HandProblem(f"the profile's collection is refused: {problem}")
    if len(brought) < 5:
        raise HandProblem(f"the profile's collection has {len(brought)} cards; a hand needs 5")
    row = owned(session, account, lock=True)
    if row.imported is not None:
        raise HandProblem("this account already imported a profile's collection", 409)
    if row.trades:
        raise HandProblem(f"this account's collection has been in {row.trades} trade(s): an import "
                          "would undo them", 409)
    if held(session, account):
        raise HandProblem("a trading match in progress holds cards of this collection: finish it "
                          "first", 409)
    row.cards, row.imported, row.changed = brought.to_json(), time.time(), time.time()
