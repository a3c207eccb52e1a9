"""Rated matches: each account's Glicko-2 rating (``glicko2.py``) per game and player count,
moved once by each rated match it finishes, and the AI levels on the same scale.

- **Rating period: one match.** Like lichess, each rated match is a rating period of its own,
  its players rated from their ratings just before it. A match of more than two players is
  every pair of its players as one game, decided by their places (the outcome's ``ranks``:
  the better place wins, equal places draw), all of a player's pairings rated together in
  that one period, as the paper rates several games of a period.
- **Idle time.** A deviation grows by one rating period for each day without a rated match
  of that game (``PERIOD_SECONDS``, a fraction pro rata), up to a newcomer's 350: an
  established deviation of 50 turns provisional again after about three idle months. The
  growth is applied when the rating is next used or shown; the row keeps the value after
  its last match and when that was.
- **Provisional** while the deviation is above 110 (``PROVISIONAL_RD``), shown ``1523?``.
- **Per player count**: Conflictus with 3 players is another game than with 2, so a rating
  is kept per game and count (a two-player game has one).
- **Who is rated**: a match created ``rated`` seats registered accounts only (no AI seat,
  no guest); a casual match is never rated. A result the server gives (a clock run out,
  an absence) rates as its outcome says, in the transaction that records it.
- **AI levels** (``ai_levels``): the game's shipped ladder (``levels.measured``; Elo scale,
  ``random`` fixed at 1000). Glicko's scale is the same logistic curve (a 400-point gap is
  10:1 odds), so the numbers carry over unchanged and ``random`` stays the anchor at 1000:
  it is the one level whose strength no release changes, and the ladder's intervals are
  already each level's difference from it. The deviation given is the 95% interval's half
  width over 1.96.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..kernel.errors import TcgkitError
from ..kernel.game import Game
from ..kernel.registry import find_game
from .db import Account, MatchRow, RatingChange, RatingRow, SeatRow
from .glicko2 import TAU, Glicko, idle, rate
from .levels import measured
from .refusal import Refusal

PROVISIONAL_RD = 110.0
PERIOD_SECONDS = 24 * 3600.0
"""An idle rating's deviation grows by one rating period a day."""
Z95 = 1.959964
TABLE_ROWS = 1000


def shown(rating: float, rd: float) -> str:
    """A rating as a player reads it: ``1523``, or ``1523?`` while provisional."""
    return f"{round(rating)}{'?' if rd > PROVISIONAL_RD else ''}"


def pairings(ranks: list[int]) -> list[list[tuple[int, float]]]:
    """Each seat's games of a finished match: every other seat with the score against it
    (1 for a better place, 0.5 for the same, 0 for a worse one; place 0 is the best)."""
    return [[(other, 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0)
             for other, theirs in enumerate(ranks) if other != seat]
            for seat, mine in enumerate(ranks)]


def now_of(row: RatingRow | None, now: float) -> Glicko:
    """A rating as it stands at ``now``: its deviation grown by the days since its last
    match; a newcomer's when there is none."""
    if row is None:
        return Glicko()
    return idle(Glicko(row.rating, row.rd, row.sigma), (now - row.updated) / PERIOD_SECONDS)


# -- refusals: a rated match seats accounts only ---------------------------------------------------------
def check_seats(rated: bool, kinds: list[str]) -> None:
    """A new rated match's seats (``me``, ``open``, ``invite``, ``ai``): no AI seat."""
    for number, kind in enumerate(kinds):
        if rated and kind == "ai":
            raise Refusal(422, "invalid", f"seat {number}: a rated match seats accounts only, not an AI; "
                          "make it casual (rated: false) to play against an AI")


def check_account(session: Session, rated: bool, account: int) -> None:
    """An account taking a seat of a rated match (creating or joining it): registered, not
    a guest."""
    if not rated:
        return
    found = session.get(Account, account)
    if found is None or found.guest:
        raise Refusal(403, "forbidden", "a rated match is played by registered accounts; "
                      "a guest signs up first (or plays casual matches)")


# -- a finished match --------------------------------------------------------------------------------------
def settle(session: Session, match_id: str, outcome: dict[str, Any] | None) -> None:
    """Rate a rated match that has just ended with ``outcome``, in the transaction that
    records its end. Once only: a match with rows in ``rating_history`` is not rated again
    (and their primary key would refuse a second write)."""
    row = session.get(MatchRow, match_id)
    if row is None or not row.settings.get("rated") or outcome is None:
        return
    if session.scalars(select(RatingChange.match_id).where(RatingChange.match_id == match_id)).first():
        return
    seats = sorted(session.scalars(select(SeatRow).where(SeatRow.match_id == match_id)), key=lambda s: s.seat)
    ranks = list(outcome.get("ranks") or [])
    accounts = [s.account_id for s in seats if s.kind == "human" and s.account_id is not None]
    if len(ranks) != len(seats) or len(accounts) != len(seats):
        return  # not a match between accounts: creation refuses these
    players, now = len(seats), time.time()
    rows = [session.get(RatingRow, (row.game, players, account)) for account in accounts]
    before = [now_of(r, now) for r in rows]
    for seat, games in enumerate(pairings(ranks)):
        after = rate(before[seat], [(before[other], score) for other, score in games], TAU)
        found = rows[seat]
        if found is None:
            found = RatingRow(account_id=accounts[seat], game=row.game, players=players, games=0)
            session.add(found)
        found.rating, found.rd, found.sigma = after.rating, after.rd, after.sigma
        found.games, found.updated = found.games + 1, now
        session.add(RatingChange(
            match_id=match_id, account_id=accounts[seat], game=row.game, players=players,
            score=sum(score for _, score in games), opponents=len(games),
            rating_before=before[seat].rating, rd_before=before[seat].rd,
            rating_after=after.rating, rd_after=after.rd, sigma_after=after.sigma, at=now))


# -- what the API shows ------------------------------------------------------------------------------------
def game_of(name: str, players: str | None) -> tuple[Game, int]:
    """The game a ratings request names (a name or alias) and its player count (the game's
    fewest by default); ``Refusal`` for a game that does not exist or a count it has not."""
    try:
        cls = find_game(name).cls
    except TcgkitError as exc:
        raise Refusal(404, "not_found", str(exc)) from None
    count = cls.min_players if players is None else int(players) if players.isdigit() else -1
    if not cls.min_players <= count <= cls.max_players:
        raise Refusal(422, "invalid", f"players: {cls.name} is played by {cls.min_players} to "
                      f"{cls.max_players}, not {players!r}")
    return cls(), count


def standing(rating: float, rd: float) -> dict[str, Any]:
    return {"rating": round(rating, 1), "rd": round(rd, 1), "provisional": rd > PROVISIONAL_RD,
            "shown": shown(rating, rd)}


def table(session: Session, game: Game, players: int) -> dict[str, Any]:
    """A game's ratings at a player count: its accounts best first (the first ``TABLE_ROWS``),
    and its AI levels."""
    now = time.time()
    # idle time widens a deviation but moves no rating: the stored order is the order shown
    rows = session.execute(select(RatingRow, Account.name).join(Account, Account.id == RatingRow.account_id)
                           .where(RatingRow.game == game.name, RatingRow.players == players)
                           .order_by(RatingRow.rating.desc(), Account.name).limit(TABLE_ROWS)).all()
    out = []
    for found, name in rows:
        current = now_of(found, now)
        out.append({"name": name, **standing(current.rating, current.rd), "games": found.games,
                    "updated": found.updated})
    return {"game": game.name, "title": game.title, "players": players,
            "player_counts": list(range(type(game).min_players, type(game).max_players + 1)),
            "accounts": out, "levels": ai_levels(game, players), "tau": TAU,
            "provisional_rd": PROVISIONAL_RD}


def ai_levels(game: Game, players: int) -> list[dict[str, Any]]:
    """The game's AI levels on the ratings' scale, strongest first, each with its 95% interval
    and the deviation it means; none where no ladder was measured at this player count (the
    shipped ladders are of the default rules, and so of the fewest players)."""
    if players != type(game).min_players:
        return []
    levels = [{"level": level, "rating": float(found["rating"]), "low": found["low"],
               "high": found["high"], "rd": round((found["high"] - found["low"]) / 2 / Z95, 1),
               "games": found["games"], "anchor": found["low"] == found["high"]}
              for level, found in measured(game.name).items()]
    return sorted(levels, key=lambda entry: -entry["rating"])


def account_ratings(session: Session, name: str) -> dict[str, Any]:
    """An account's ratings, each game and player count with its history, newest first."""
    account = session.scalars(select(Account).where(Account.name == name, Account.guest.is_(False))).first()
    if account is None:
        raise Refusal(404, "not_found", f"no account named {name[:40]!r}")
    now = time.time()
    changes = list(session.scalars(select(RatingChange).where(RatingChange.account_id == account.id)
                                   .order_by(RatingChange.at.desc())))
    out = []
    for found in session.scalars(select(RatingRow).where(RatingRow.account_id == account.id)
                                 .order_by(RatingRow.game, RatingRow.players)):
        current = now_of(found, now)
        history = [{"match": c.match_id, "at": c.at, "score": c.score, "opponents": c.opponents,
                    "before": standing(c.rating_before, c.rd_before),
                    "after": standing(c.rating_after, c.rd_after)}
                   for c in changes if c.game == found.game and c.players == found.players]
        out.append({"game": found.game, "players": found.players, **standing(current.rating, current.rd),
                    "games": found.games, "updated": found.updated, "history": history})
    return {"name": account.name, "ratings": out}
