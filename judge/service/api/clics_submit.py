"""POST /api/contests/{id}/submissions, as the CLICS Contest API has it: `problem_id`,
`language_id`, the files as a base64 zip, `entry_point`; a team submits as itself, an admin on
behalf of a team (`team_id`). It goes through the service's own intake: the same checks, rate
limit and contest window (judge.service.api.submissions.accept_submission).
"""

from __future__ import annotations

import base64
import binascii
import io
import json
import zipfile

from fastapi import Request
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from sqlalchemy import select
from starlette.concurrency import run_in_threadpool

from judge.languages.registry import UnknownLanguage, language_by_id
from judge.service.api.deps import Services
from judge.service.api.errors import ApiError
from judge.service.api.intake import NewSubmission, safe_filename
from judge.service.api.submissions import accept_submission
from judge.service.models import Role, TeamMember, User


class FileRef(BaseModel):
    model_config = ConfigDict(extra="allow")
    data: str = Field(description="a zip of the submission's files, base64")
    mime: str | None = None


class ClicsSubmission(BaseModel):
    model_config = ConfigDict(extra="allow")  # id, time, ...: the spec's, not taken here
    problem_id: str = Field(min_length=1, max_length=64)
    language_id: str = Field(min_length=1, max_length=16)
    files: list[FileRef] = Field(min_length=1, max_length=1)
    entry_point: str | None = None
    team_id: str | None = None


async def submit_to_contest(request: Request, parts: Services, user: User | None,
                            contest_id: str) -> int:
    """Store the submission and queue it; its id."""
    if user is None:
        raise ApiError(401, "submitting needs an account", {"WWW-Authenticate": "Basic"})
    raw = await request.body()
    try:
        body = ClicsSubmission.model_validate(json.loads(raw))
    except (ValueError, UnicodeDecodeError) as exc:
        if isinstance(exc, ValidationError):
            where = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}"
                              for e in exc.errors()[:5])
            raise ApiError(400, where) from None
        raise ApiError(400, f"malformed JSON body: {exc}") from None
    try:
        language = language_by_id(body.language_id)
    except UnknownLanguage:
        raise ApiError(400, f"language_id: unknown {body.language_id!r}") from None
    filename, source = _one_file(body.files[0].data, parts.settings.source_limit)
    submitter = await run_in_threadpool(_submitter, parts, user, contest_id, body.team_id)
    new = NewSubmission(body.problem_id, language, filename, source, named=True,
                        contest=contest_id)
    job = await run_in_threadpool(accept_submission, parts, submitter, new)
    return job.submission_id


def _submitter(parts: Services, user: User, contest_id: str, team_id: str | None) -> User:
    """Who the submission is stored as: the user, or for an admin naming a team, a member of
    the team (the intake then checks the team's window as for the team itself)."""
    with parts.database.session() as session:
        own = session.get(TeamMember, (contest_id, user.id))
        if team_id is None or (own is not None and own.team_id == team_id):
            return user
        if user.role is not Role.ADMIN:
            raise ApiError(403, f"{user.name} may submit only for its own team")
        member = session.scalar(
            select(TeamMember).where(TeamMember.contest_id == contest_id,
                                     TeamMember.team_id == team_id).limit(1))
        if member is None:
            raise ApiError(400, f"team_id: no team {team_id!r} with an account in contest "
                                f"{contest_id!r}")
        found = session.get(User, member.user_id)
        session.expunge(found)
        return found


def _one_file(data: str, limit: int) -> tuple[str, bytes]:
    """The zip's one source file: this judge judges single-file programs."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(base64.b64decode(data, validate=True)))
        members = [info for info in archive.infolist() if not info.is_dir()]
    except (binascii.Error, ValueError, zipfile.BadZipFile) as exc:
        raise ApiError(400, f"files: not a base64 zip ({exc})") from None
    if len(members) != 1:
        raise ApiError(400, f"files: the zip holds {len(members)} files; send exactly one")
    if members[0].file_size > limit:
        raise ApiError(413, f"source over the limit of {limit} bytes")
    source = archive.read(members[0])
    if b"\0" in source:
        raise ApiError(400, "files: binary data (a NUL byte); send the program's text")
    try:
        source.decode("utf-8")
    except UnicodeDecodeError:
        raise ApiError(400, "files: not UTF-8 text") from None
    if not source.strip():
        raise ApiError(400, "files: an empty source")
    return safe_filename(members[0].filename) or "solution" + language_ext(members[0]), source


def language_ext(info: zipfile.ZipInfo) -> str:
    return "." + info.filename.rsplit(".", 1)[-1] if "." in info.filename else ""
