"""around the contest: clarifications, balloons runners have brought, and rejudgings judged
apart (a rejudging's copy of a submission is a submission with `rejudging_id` set)

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
    op.create_table(
        "clarifications",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "contest_id", sa.String(36), sa.ForeignKey("contests.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("from_team_id", sa.String(36), nullable=True),
        sa.Column("to_team_id", sa.String(36), nullable=True),
        sa.Column("problem", sa.String(64), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("reply_to_id", sa.Integer(), sa.ForeignKey("clarifications.id"), nullable=True),
        sa.Column(
            "user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="SET NULL"),
            nullable=True,
        ),
        sa.Column("sent_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_clarifications_contest", "clarifications", ["contest_id", "id"])
    op.create_table(
        "balloons_done",
        sa.Column(
            "submission_id", sa.Integer(), sa.ForeignKey("submissions.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column(
            "user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="SET NULL"),
            nullable=True,
        ),
        sa.Column("done_at", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "rejudgings",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="SET NULL"),
            nullable=True,
        ),
        sa.Column("reason", sa.String(255), nullable=False),
        sa.Column(
            "state",
            sa.Enum("open", "applied", "cancelled", name="rejudging_state", native_enum=False,
                    create_constraint=True, length=16),
            nullable=False,
        ),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("closed_at", sa.DateTime(), nullable=True),
    )
    op.create_table(
        "rejudging_items",
        sa.Column(
            "rejudging_id", sa.Integer(), sa.ForeignKey("rejudgings.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column(
            "submission_id", sa.Integer(), sa.ForeignKey("submissions.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("copy_id", sa.Integer(), nullable=False),
        sa.Column("old_verdict", sa.String(8), nullable=True),
        # Set while the rejudging is open: one open rejudging per submission.
        sa.Column("open_submission_id", sa.Integer(), nullable=True, unique=True),
    )
    op.add_column("submissions", sa.Column("rejudging_id", sa.Integer(), nullable=True))
    op.create_index("ix_submissions_rejudging", "submissions", ["rejudging_id"])


def downgrade() -> None:
    op.drop_index("ix_submissions_rejudging", "submissions")
    with op.batch_alter_table("submissions") as batch:
        batch.drop_column("rejudging_id")
    op.drop_table("rejudging_items")
    op.drop_table("rejudgings")
    op.drop_table("balloons_done")
    op.drop_index("ix_clarifications_contest", "clarifications")
    op.drop_table("clarifications")
