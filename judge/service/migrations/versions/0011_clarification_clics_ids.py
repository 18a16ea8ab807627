"""clarification clics ids: the id a CLICS admin chose for a clarification put with it

Revision ID: 0011
Revises: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("clarifications") as table:
        table.add_column(sa.Column("clics_id", sa.String(36), nullable=True))
    op.create_index("ix_clarifications_clics_id", "clarifications", ["contest_id", "clics_id"],
                    unique=True)


def downgrade() -> None:
    op.drop_index("ix_clarifications_clics_id", "clarifications")
    with op.batch_alter_table("clarifications") as table:
        table.drop_column("clics_id")
