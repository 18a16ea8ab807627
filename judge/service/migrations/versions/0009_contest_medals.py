"""contest medals: how many places get each medal, for the Contest API's awards

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
    op.add_column("contests", sa.Column("medals", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("contests") as batch:
        batch.drop_column("medals")
