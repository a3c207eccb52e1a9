"""Who made each action: its seat's player (none), or the server for them: ``clock`` (the
decision's default, played when their time ran out) or ``stand_in`` (the AI that plays a
seat whose player is away). Shown wherever the action is.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("made_by", sa.String(16)))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("made_by")
