"""contest boards: a contest's thaw and finalization; a submission's score and group scores
as plain columns, so that a board reads them without its result documents

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("contests", sa.Column("thawed_at", sa.DateTime(), nullable=True))
    op.add_column("contests", sa.Column("finalized_at", sa.DateTime(), nullable=True))
    op.add_column("submissions", sa.Column("score", sa.Float(), nullable=True))
    op.add_column("submissions", sa.Column("group_scores", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("submissions") as batch:
        batch.drop_column("group_scores")
        batch.drop_column("score")
    with op.batch_alter_table("contests") as batch:
        batch.drop_column("finalized_at")
        batch.drop_column("thawed_at")
