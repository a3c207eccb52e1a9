"""Clocks: each action keeps the seats' banks it left, so a restarted server resumes them.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("clock", sa.JSON))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("clock")
