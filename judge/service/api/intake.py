"""Reading a new submission from a request (JSON or multipart) into checked, typed data.

Everything a client can get wrong is refused here, before anything is stored: malformed JSON or
form (400), missing or mistyped fields (422), an unknown problem or language, an empty or binary
source (422), a source over the limit (413). The file name a client sends is only a label: it
is cut to its last component and to safe characters, and never used as a path.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from fastapi import Request
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.datastructures import FormData, UploadFile

from judge.languages.descriptor import Language
from judge.languages.registry import UnknownLanguage, all_languages, language_by_id
from judge.languages.registry import language_for_path
from judge.service.api.errors import ApiError
from judge.service.sessions import CSRF_FIELD

SAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")
MAX_FILENAME = 64
MULTIPART_MAX_FIELDS = 8
# A plain form (the admin's contest form has a few fields per team and problem): many small
# fields, each cheap to read, and the body as a whole is held to the service's max_body.
URLENCODED_MAX_FIELDS = 20_000
FORM_TYPES = frozenset({"multipart/form-data", "application/x-www-form-urlencoded"})


class SubmissionRequest(BaseModel):
    """POST /api/submissions as JSON (multipart takes the same fields, `source` or `file`)."""

    model_config = ConfigDict(extra="forbid")

    problem: str = Field(min_length=1, max_length=64, examples=["sightseeing"])
    language: str | None = Field(
        default=None,
        max_length=16,
        description="a language id (docs/languages.md): python3, pypy3, c, cpp, java, kotlin, "
        "...; default: from the filename's extension (and the problem's default Python)",
    )
    source: str = Field(description="the program's source code (UTF-8 text)")
    filename: str | None = Field(default=None, max_length=255, examples=["sol.py"])
    contest: str | None = Field(
        default=None,
        min_length=1,
        max_length=36,
        description="a contest's id: the submission counts for the user's team in it "
        "(refused before the team's window, practice after it)",
        examples=["flows"],
    )


@dataclass(frozen=True)
class NewSubmission:
    problem: str
    language: Language
    filename: str
    source: bytes
    named: bool = True  # the client named the language; else it came from the file name
    contest: str | None = None  # a contest's id (judge.service.api.contest_entry)

    def for_problem(self, preferences: Mapping[str, str]) -> Language:
        """The language, a file name's choosing the problem's default of its family (`.py`:
        the problem's default Python)."""
        if self.named:
            return self.language
        return language_for_path(Path(self.filename), preferences) or self.language


async def read_submission(request: Request, source_limit: int) -> NewSubmission:
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type == "application/json":
        fields = await _json_fields(request)
    elif content_type == "multipart/form-data":
        fields = await _form_fields(request, source_limit)
    else:
        raise ApiError(415, "send application/json or multipart/form-data")
    try:
        body = SubmissionRequest.model_validate(fields)
    except ValidationError as exc:
        where = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'body'}: {e['msg']}" for e in exc.errors()[:5]
        )
        raise ApiError(422, where) from None
    return _checked(body, source_limit)


async def _json_fields(request: Request) -> dict:
    raw = await request.body()
    try:
        fields = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ApiError(400, f"malformed JSON body: {exc}") from None
    except RecursionError:  # arrays in arrays thousands deep: no submission looks so
        raise ApiError(400, "malformed JSON body: nested too deep") from None
    if not isinstance(fields, dict):
        raise ApiError(422, "the JSON body must be an object")
    return fields


async def read_form(request: Request, source_limit: int) -> FormData:
    """The request's form, parsed once (later calls get the same) within the service's limits."""
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    most = MULTIPART_MAX_FIELDS if content_type == "multipart/form-data" else URLENCODED_MAX_FIELDS
    try:
        return await request.form(max_files=1, max_fields=most, max_part_size=source_limit + 1)
    except ApiError:
        raise
    except Exception as exc:  # noqa: BLE001 - the multipart parser's many ways to refuse
        raise ApiError(400, f"malformed multipart body: {exc}") from None


async def _form_fields(request: Request, source_limit: int) -> dict:
    form = await read_form(request, source_limit)
    fields: dict = {}
    upload: UploadFile | None = None
    for key, value in form.multi_items():
        if isinstance(value, UploadFile):
            if key != "file":
                raise ApiError(422, f"unexpected file field {key!r}: send the source as 'file'")
            upload = value
        elif key == CSRF_FIELD or (key in ("file", "contest") and not value):
            continue  # a page's form sends its token along, "no file chosen" as "", no contest
            # chosen as "" too
        else:
            fields[key] = value
    # A browser sends an empty, nameless file part when no file was chosen.
    if upload is not None and (upload.filename or upload.size):
        if fields.get("source", "").strip():
            raise ApiError(422, "source: both a file and pasted text; send one of them")
        data = await upload.read(source_limit + 1)
        _check_size(len(data), source_limit)
        fields["source"] = _text(data)
        fields.setdefault("filename", upload.filename)
    return fields


def _checked(body: SubmissionRequest, source_limit: int) -> NewSubmission:
    data = body.source.encode("utf-8", errors="surrogatepass")
    _check_size(len(data), source_limit)
    _text(data)
    if not body.source.strip():
        raise ApiError(422, "source: empty")
    filename = safe_filename(body.filename)
    language = _language(body.language, filename)
    if not filename or "." not in filename:
        filename = "solution" + language.extensions[0]
    return NewSubmission(
        body.problem, language, filename, data, named=bool(body.language), contest=body.contest
    )


def _check_size(size: int, limit: int) -> None:
    if size > limit:
        raise ApiError(413, f"source over the limit of {limit} bytes")


def _text(data: bytes) -> str:
    if b"\0" in data:
        raise ApiError(422, "source: binary data (a NUL byte); send the program's text")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ApiError(422, "source: not UTF-8 text") from None


def safe_filename(name: str | None) -> str:
    """The last path component, safe characters only; a label, never a path."""
    if not name:
        return ""
    last = re.split(r"[/\\]", name)[-1]
    cleaned = SAFE_NAME.sub("_", last).lstrip(".")
    return cleaned[:MAX_FILENAME]


def _language(name: str | None, filename: str) -> Language:
    known = ", ".join(language.id for language in all_languages())
    if name:
        try:
            return language_by_id(name)
        except UnknownLanguage:
            raise ApiError(422, f"language: unknown {name!r} (known: {known})") from None
    found = language_for_path(Path(filename)) if "." in filename else None
    if found is None:
        raise ApiError(422, f"language: missing, and not known from the file name "
                            f"(known: {known})")
    return found
