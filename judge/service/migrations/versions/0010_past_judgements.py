"""past judgements: a contest submission's judgements that a later attempt replaced, kept for
the CLICS judgements endpoint and event feed

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "past_judgements",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "submission_id",
            sa.Integer(),
            sa.ForeignKey("submissions.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.DateTime(), nullable=False),
        sa.Column("finished_at", sa.DateTime(), nullable=False),
        sa.Column("verdict", sa.String(8), nullable=False),
        sa.Column("score", sa.Float(), nullable=True),
        sa.Column("max_time_ms", sa.Float(), nullable=True),
        sa.Column("tests", sa.JSON(), nullable=False),
        sa.UniqueConstraint("submission_id", "attempt"),
    )


def downgrade() -> None:
    op.drop_table("past_judgements")
