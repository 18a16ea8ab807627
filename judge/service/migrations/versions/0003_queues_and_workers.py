"""fair queues (a priority per submission) and the judging processes' last reports

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

PRACTICE = 20  # judge.service.models.Priority.PRACTICE: what every existing submission was


def upgrade() -> None:
    op.add_column(
        "submissions",
        sa.Column("priority", sa.Integer(), nullable=False, server_default=str(PRACTICE)),
    )
    op.create_index("ix_submissions_queue", "submissions", ["status", "priority", "id"])
    # Whose judging started longest ago (judge.service.scheduling, by user).
    op.create_index("ix_submissions_user_started", "submissions", ["user_id", "started_at"])
    op.create_table(
        "workers",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(128), nullable=False, unique=True),
        sa.Column(
            "user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("host", sa.String(128), nullable=False),
        sa.Column("languages", sa.JSON(), nullable=False),
        sa.Column("sandbox", sa.String(128), nullable=False),
        sa.Column("started_at", sa.DateTime(), nullable=False),
        sa.Column("last_seen", sa.DateTime(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("workers")
    op.drop_index("ix_submissions_user_started", "submissions")
    op.drop_index("ix_submissions_queue", "submissions")
    with op.batch_alter_table("submissions") as batch:
        batch.drop_column("priority")
