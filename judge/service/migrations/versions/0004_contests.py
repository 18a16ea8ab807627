"""contests: the contest, its problems, organizations, groups, teams and accounts, the users
on each team; submissions name their contest and team, and whether they came after the window

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def _contest_id() -> sa.Column:
    return sa.Column(
        "contest_id",
        sa.String(36),
        sa.ForeignKey("contests.id", ondelete="CASCADE"),
        primary_key=True,
    )


def upgrade() -> None:
    op.create_table(
        "contests",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("name", sa.String(255), nullable=False),
        sa.Column("formal_name", sa.String(255), nullable=True),
        sa.Column("start_time", sa.DateTime(), nullable=True),
        sa.Column("duration_ms", sa.BigInteger(), nullable=False),
        sa.Column("freeze_ms", sa.BigInteger(), nullable=True),
        sa.Column("penalty_time", sa.Integer(), nullable=False),
        sa.Column("scoreboard_type", sa.String(16), nullable=False),
        sa.Column("score_mode", sa.String(16), nullable=False),
        sa.Column("time_tiebreak", sa.Boolean(), nullable=False),
        sa.Column("team_duration_ms", sa.BigInteger(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "contest_problems",
        _contest_id(),
        sa.Column("problem", sa.String(64), primary_key=True),
        sa.Column("label", sa.String(16), nullable=False),
        sa.Column("ordinal", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(255), nullable=True),
        sa.Column("color", sa.String(64), nullable=True),
        sa.Column("rgb", sa.String(7), nullable=True),
        sa.UniqueConstraint("contest_id", "label"),
    )
    op.create_table(
        "contest_organizations",
        _contest_id(),
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(255), nullable=False),
        sa.Column("formal_name", sa.String(255), nullable=True),
        sa.Column("country", sa.String(3), nullable=True),
    )
    op.create_table(
        "contest_groups",
        _contest_id(),
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(255), nullable=False),
        sa.Column("hidden", sa.Boolean(), nullable=False),
    )
    op.create_table(
        "contest_teams",
        _contest_id(),
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(255), nullable=False),
        sa.Column("display_name", sa.String(255), nullable=True),
        sa.Column("organization_id", sa.String(36), nullable=True),
        sa.Column("group_ids", sa.JSON(), nullable=False),
        sa.Column("hidden", sa.Boolean(), nullable=False),
        sa.Column("extra_time_ms", sa.BigInteger(), nullable=False),
        sa.Column("started_at", sa.DateTime(), nullable=True),
    )
    op.create_table(
        "contest_accounts",
        _contest_id(),
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("username", sa.String(64), nullable=False),
        sa.Column("type", sa.String(16), nullable=False),
        sa.Column("team_id", sa.String(36), nullable=True),
        sa.Column("name", sa.String(255), nullable=True),
    )
    op.create_table(
        "contest_team_members",
        sa.Column("contest_id", sa.String(36), primary_key=True),
        sa.Column(
            "user_id",
            sa.Integer(),
            sa.ForeignKey("users.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("team_id", sa.String(36), nullable=False),
        sa.ForeignKeyConstraint(
            ["contest_id", "team_id"],
            ["contest_teams.contest_id", "contest_teams.id"],
            ondelete="CASCADE",
        ),
    )
    op.create_index(
        "ix_contest_team_members_team", "contest_team_members", ["contest_id", "team_id"]
    )
    # Plain columns, no foreign key (as verify_run_id: SQLite would rebuild the table).
    op.add_column("submissions", sa.Column("contest_id", sa.String(36), nullable=True))
    op.add_column("submissions", sa.Column("team_id", sa.String(36), nullable=True))
    op.add_column(
        "submissions",
        sa.Column("practice", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.create_index("ix_submissions_contest", "submissions", ["contest_id", "team_id"])


def downgrade() -> None:
    op.drop_index("ix_submissions_contest", "submissions")
    with op.batch_alter_table("submissions") as batch:
        batch.drop_column("practice")
        batch.drop_column("team_id")
        batch.drop_column("contest_id")
    op.drop_index("ix_contest_team_members_team", "contest_team_members")
    for table in [
        "contest_team_members",
        "contest_accounts",
        "contest_teams",
        "contest_groups",
        "contest_organizations",
        "contest_problems",
        "contests",
    ]:
        op.drop_table(table)
