"""users, submissions and progress

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

ROLES = ("admin", "setter", "contestant", "worker")
STATUSES = ("queued", "judging", "done", "failed")


def _enum(values, name):
    return sa.Enum(*values, name=name, native_enum=False, create_constraint=True, length=16)


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False, unique=True),
        sa.Column("role", _enum(ROLES, "role"), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "submissions",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("problem", sa.String(64), nullable=False),
        sa.Column("language", sa.String(16), nullable=False),
        sa.Column("filename", sa.String(128), nullable=False),
        sa.Column("source", sa.LargeBinary(), nullable=False),
        sa.Column("status", _enum(STATUSES, "status"), nullable=False),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("verdict", sa.String(8), nullable=True),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("judging_ms", sa.Float(), nullable=True),
        sa.Column("package", sa.String(64), nullable=True),
        sa.Column("worker", sa.String(128), nullable=True),
        sa.Column("submitted_at", sa.DateTime(), nullable=False),
        sa.Column("queued_at", sa.DateTime(), nullable=False),
        sa.Column("started_at", sa.DateTime(), nullable=True),
        sa.Column("lease_until", sa.DateTime(), nullable=True),
        sa.Column("finished_at", sa.DateTime(), nullable=True),
    )
    op.create_index("ix_submissions_user_submitted", "submissions", ["user_id", "submitted_at"])
    op.create_index("ix_submissions_status", "submissions", ["status"])
    op.create_index("ix_submissions_problem", "submissions", ["problem"])
    op.create_table(
        "progress",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "submission_id",
            sa.Integer(),
            sa.ForeignKey("submissions.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("case", sa.JSON(), nullable=False),
        sa.UniqueConstraint("submission_id", "attempt", "position"),
    )


def downgrade() -> None:
    op.drop_table("progress")
    op.drop_index("ix_submissions_problem", "submissions")
    op.drop_index("ix_submissions_status", "submissions")
    op.drop_index("ix_submissions_user_submitted", "submissions")
    op.drop_table("submissions")
    op.drop_table("users")
