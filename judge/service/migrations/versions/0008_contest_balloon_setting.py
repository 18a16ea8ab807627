"""contest settings: whether submissions sent during the freeze make balloons (DOMjudge's
show_balloons_postfreeze, off by default)

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
    op.add_column(
        "contests",
        sa.Column(
            "balloons_after_freeze", sa.Boolean(), nullable=False, server_default=sa.false()
        ),
    )


def downgrade() -> None:
    with op.batch_alter_table("contests") as batch:
        batch.drop_column("balloons_after_freeze")
