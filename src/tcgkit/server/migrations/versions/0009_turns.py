"""Turns: whose decision each running match waits for and since when, written with each
action, so the lobby lists the matches where it is an account's turn without loading them,
and a correspondence clock keeps its deadline across a restart.

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "turns",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id")),
        sa.Column("since", sa.Float, nullable=False),
    )
    op.create_index("ix_turns_account_id", "turns", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_turns_account_id", "turns")
    op.drop_table("turns")
