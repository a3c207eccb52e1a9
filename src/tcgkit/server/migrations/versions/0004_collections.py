"""Collections: each account's Triple Triad cards, and the ledger of the trades applied to
them (one row per match, so a match trades once).

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "collections",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("cards", sa.JSON, nullable=False),
        sa.Column("trades", sa.Integer, nullable=False),
        sa.Column("imported", sa.Float),
        sa.Column("changed", sa.Float, nullable=False),
    )
    op.create_table(
        "trades",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("moved", sa.JSON, nullable=False),
        sa.Column("problem", sa.Text),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("trades")
    op.drop_table("collections")
