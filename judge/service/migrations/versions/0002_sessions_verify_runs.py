"""browser sessions, and verify runs judged through the queue

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
    op.create_table(
        "verify_runs",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("problem", sa.String(64), nullable=False),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("started_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_verify_runs_problem", "verify_runs", ["problem"])
    op.create_table(
        "web_sessions",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("secret_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_web_sessions_user", "web_sessions", ["user_id"])
    # Plain columns, no foreign key: SQLite adds one only by rebuilding the table, and dropping
    # the old one would cascade into `progress` (models.Submission says the same).
    op.add_column("submissions", sa.Column("verify_run_id", sa.Integer(), nullable=True))
    op.add_column("submissions", sa.Column("expected", sa.String(8), nullable=True))
    op.create_index("ix_submissions_verify_run", "submissions", ["verify_run_id"])


def downgrade() -> None:
    op.drop_index("ix_submissions_verify_run", "submissions")
    with op.batch_alter_table("submissions") as batch:
        batch.drop_column("expected")
        batch.drop_column("verify_run_id")
    op.drop_index("ix_web_sessions_user", "web_sessions")
    op.drop_table("web_sessions")
    op.drop_index("ix_verify_runs_problem", "verify_runs")
    op.drop_table("verify_runs")
