"""The lobby's two lists beyond its open matches, each one query with no room loaded:

- the live matches anyone may watch (``spectators`` on), each with its move number as a
  spectator sees it (behind by the match's ``spectator_delay``) and its delay;
- the running matches where it is one account's turn (``turns.py``), the longest waiting
  first, each with when the decision opened and, under a decision clock, its deadline.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from .db import ActionRow, MatchRow, SeatRow, TurnRow
from .service import account_names, public_match
from .store import Store

LISTED = 100  # the most matches a list holds


def with_seats(session: Session, rows: list[MatchRow]) -> list[dict[str, Any]]:
    seats = list(session.scalars(select(SeatRow).where(SeatRow.match_id.in_([r.id for r in rows]))))
    names = account_names(session, {s.account_id for s in seats if s.account_id is not None})
    return [public_match(r, [s for s in seats if s.match_id == r.id], names) for r in rows]


async def live(store: Store) -> list[dict[str, Any]]:
    """The running matches open to spectators, newest first, each with ``move`` (the version
    a spectator is shown now)."""

    def work(session: Session) -> list[dict[str, Any]]:
        running = session.scalars(select(MatchRow).where(MatchRow.status == "running")
                                  .order_by(MatchRow.created.desc()).limit(4 * LISTED))
        rows = [r for r in running if r.settings.get("spectators", True)][:LISTED]
        counted = session.execute(
            select(ActionRow.match_id, func.max(ActionRow.number))
            .where(ActionRow.match_id.in_([r.id for r in rows])).group_by(ActionRow.match_id))
        moves = {match_id: number for match_id, number in counted}
        out = with_seats(session, rows)
        for match in out:
            match["move"] = max(0, (moves.get(match["id"]) or 0) - match["spectator_delay"])
        return out

    return await store.read(work)


async def your_turn(store: Store, account: int) -> list[dict[str, Any]]:
    """The running matches waiting for ``account``'s decision, the longest waiting first,
    each with ``move`` (its version), ``since`` and ``deadline`` (epoch seconds; ``None``
    but under a decision clock)."""

    def work(session: Session) -> list[dict[str, Any]]:
        found = session.execute(
            select(MatchRow, TurnRow).join(TurnRow, TurnRow.match_id == MatchRow.id)
            .where(TurnRow.account_id == account, MatchRow.status == "running")
            .order_by(TurnRow.since).limit(LISTED)).all()
        out = with_seats(session, [row for row, _turn in found])
        for match, (_row, turn) in zip(out, found, strict=True):
            rules = match["rules"]
            timed = rules.get("clock") == "decision"
            match.update(move=turn.version, seat=turn.seat, since=turn.since,
                         deadline=turn.since + float(rules.get("seconds", 0)) if timed else None)
        return out

    return await store.read(work)
