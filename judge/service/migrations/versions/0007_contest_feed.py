"""contest feed: the CLICS event feed's events kept per contest and view, and a package
account's password as a salted hash (HTTP basic auth)

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "contest_accounts", sa.Column("password_hash", sa.String(255), nullable=True)
    )
    op.create_table(
        "contest_events",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "contest_id",
            sa.String(36),
            sa.ForeignKey("contests.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("view", sa.String(48), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("type", sa.String(32), nullable=False),
        sa.Column("object_id", sa.String(64), nullable=True),
        sa.Column("data", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("contest_id", "view", "position"),
    )


def downgrade() -> None:
    op.drop_table("contest_events")
    with op.batch_alter_table("contest_accounts") as batch:
        batch.drop_column("password_hash")
