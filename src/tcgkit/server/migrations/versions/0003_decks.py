"""Saved decks: each account's decks for any game, checked by the game's deck rules.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "decks",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("cards", sa.JSON, nullable=False),
        sa.Column("saved", sa.Float, nullable=False),
        sa.UniqueConstraint("account_id", "game", "name"),
    )


def downgrade() -> None:
    op.drop_table("decks")
