"""Events: Swiss and round-robin events, their entrants, and the match played at each table of
each round (one row per table, so a table is paired once).

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "events",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("size", sa.Integer, nullable=False),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("level", sa.String(40), nullable=False),
        sa.Column("bye", sa.String(8), nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("rules", sa.JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False, index=True),
        sa.Column("owner_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "event_entrants",
        sa.Column("event_id", sa.String(32), sa.ForeignKey("events.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("joined", sa.Float, nullable=False),
    )
    op.create_table(
        "event_matches",
        sa.Column("event_id", sa.String(32), sa.ForeignKey("events.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("table", sa.Integer, primary_key=True),
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), nullable=False,
                  unique=True),
    )


def downgrade() -> None:
    op.drop_table("event_matches")
    op.drop_table("event_entrants")
    op.drop_table("events")
