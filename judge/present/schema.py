"""The result document: one typed definition of what `judge submit --json` prints.

The service returns the same document for a submission, with its id, user, status and times
added (judge.service.documents). Both directions live here: a `Report` becomes a document, and a
document read back from JSON (a result that travelled over HTTP) becomes a `Report` again, so
that a remote result renders exactly like a local one. The schema is documented in docs/json.md.
"""

from __future__ import annotations

import signal as signals
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from judge.judging.runner import CaseResult, Report
from judge.sandbox.api import SandboxInfo
from judge.judging.scoring import CaseShare, GroupResult
from judge.problem.spec import Limits, MemoryBasis
from judge.verdicts.verdict import Verdict

JSON_SCHEMA_VERSION = 1

VerdictName = Literal["AC", "PA", "PE", "WA", "TLE", "MLE", "OLE", "RE", "CE", "JE"]


class Document(BaseModel):
    """Frozen like the dataclasses it mirrors; unknown keys are refused, not dropped."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class LimitsDocument(Document):
    time_ms: int
    memory_kb: int
    output_kb: int
    wall_ms: int
    memory_basis: Literal["net", "gross"]

    @classmethod
    def from_limits(cls, limits: Limits) -> LimitsDocument:
        return cls(
            time_ms=limits.time_ms,
            memory_kb=limits.memory_kb,
            output_kb=limits.output_kb,
            wall_ms=limits.wall_ms,
            memory_basis=limits.memory_basis.value,
        )

    def to_limits(self) -> Limits:
        return Limits(
            time_ms=self.time_ms,
            memory_kb=self.memory_kb,
            output_kb=self.output_kb,
            wall_ms=self.wall_ms,
            memory_basis=MemoryBasis(self.memory_basis),
        )


class CaseDocument(Document):
    name: str
    group: str
    verdict: VerdictName
    time_ms: float  # CPU time (user + sys) of the process tree
    wall_ms: float
    memory_kb: int  # the figure the limit applies to
    memory_gross_kb: int
    exit_code: int | None
    signal: str | None  # e.g. "SIGSEGV"
    message: str  # one line: why the verdict
    details: str | None  # several lines: context, hints
    stderr: str | None = None  # what the program wrote on stderr (head and tail), any verdict
    reruns: int | None = 0  # runs after the first: out of time near the limit (None: hidden)
    # Scored problems: the share of the test's value earned (1 AC, 0 rejected, between for PA).
    fraction: float | None = None

    @classmethod
    def from_case(cls, case: CaseResult, scored: bool = False) -> CaseDocument:
        return cls(
            name=case.name,
            group=case.group,
            verdict=case.verdict.value,
            time_ms=case.time_ms,
            wall_ms=case.wall_ms,
            memory_kb=case.memory_kb,
            memory_gross_kb=case.memory_gross_kb,
            exit_code=case.exit_code,
            signal=signal_name(case.signal),
            message=case.message,
            details=case.details or None,
            stderr=case.stderr or None,
            reruns=case.reruns,
            fraction=CaseShare(case.verdict, case.fraction).earned if scored else None,
        )

    def to_case(self) -> CaseResult:
        return CaseResult(
            name=self.name,
            group=self.group,
            verdict=Verdict(self.verdict),
            time_ms=self.time_ms,
            wall_ms=self.wall_ms,
            memory_kb=self.memory_kb,
            memory_gross_kb=self.memory_gross_kb,
            exit_code=self.exit_code,
            signal=signal_number(self.signal),
            message=self.message,
            details=self.details or "",
            stderr=self.stderr or "",
            reruns=self.reruns or 0,
            fraction=self.fraction if self.verdict == Verdict.PA.value else None,
        )


class GroupDocument(Document):
    name: str
    verdict: VerdictName | None  # its first test that is not AC; None: none judged
    tests: int  # tests in the group
    judged: int  # of them judged
    score: float | None  # None for a pass/fail problem
    max_score: float | None
    skipped: str | None  # why tests were not judged

    @classmethod
    def from_group(cls, group: GroupResult) -> GroupDocument:
        return cls(
            name=group.name,
            verdict=group.verdict.value if group.verdict else None,
            tests=group.tests,
            judged=group.judged,
            score=group.score,
            max_score=group.max_score,
            skipped=group.skipped or None,
        )

    def to_group(self) -> GroupResult:
        return GroupResult(
            name=self.name,
            verdict=Verdict(self.verdict) if self.verdict else None,
            tests=self.tests,
            judged=self.judged,
            score=self.score,
            max_score=self.max_score,
            skipped=self.skipped or "",
        )


class SandboxDocument(Document):
    """What ran the submission and which isolation guarantees held."""

    kind: str  # jail (fork server) | plain (no isolation)
    isolated: bool
    guarantees: tuple[str, ...]
    missing: tuple[str, ...]
    reason: str
    cgroup_version: int | None = None  # 1 or 2: the cgroups that measure and cap its runs

    @classmethod
    def from_info(cls, info: SandboxInfo) -> SandboxDocument:
        return cls(
            kind=info.kind,
            isolated=info.isolated,
            guarantees=info.guarantees,
            missing=info.missing,
            reason=info.reason,
            cgroup_version=info.cgroup_version,
        )

    def to_info(self) -> SandboxInfo:
        return SandboxInfo(
            kind=self.kind,
            guarantees=self.guarantees,
            missing=self.missing,
            reason=self.reason,
            cgroup_version=self.cgroup_version,
        )


class ReportDocument(Document):
    # "schema" in JSON; BaseModel has a `schema` method of its own, hence the alias.
    schema_version: int = Field(JSON_SCHEMA_VERSION, alias="schema")
    problem: str
    solution: str
    language: str
    verdict: VerdictName
    limits: LimitsDocument
    baseline_kb: int
    max_time_ms: float
    max_memory_kb: int
    compile_message: str | None
    total_tests: int  # judged and skipped
    skipped_tests: int
    skipped: tuple[str, ...]  # tests not run (--fail-fast)
    score: float | None = None  # scored problems: the sum of the groups' scores
    max_score: float | None = None
    groups: tuple[GroupDocument, ...] = ()
    sandbox: SandboxDocument
    tests: tuple[CaseDocument, ...]

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    @classmethod
    def from_report(cls, report: Report) -> ReportDocument:
        return cls(
            problem=report.problem_id,
            solution=report.solution,
            language=report.language,
            verdict=report.verdict.value,
            limits=LimitsDocument.from_limits(report.limits),
            baseline_kb=report.baseline_kb,
            max_time_ms=report.max_time_ms,
            max_memory_kb=report.max_memory_kb,
            compile_message=report.compile_message or None,
            total_tests=len(report.tests) + len(report.skipped),
            skipped_tests=len(report.skipped),
            skipped=report.skipped,
            score=report.score,
            max_score=report.max_score,
            groups=tuple(GroupDocument.from_group(group) for group in report.groups),
            sandbox=SandboxDocument.from_info(report.sandbox),
            tests=tuple(
                CaseDocument.from_case(case, report.max_score is not None) for case in report.tests
            ),
        )

    def to_report(self, title: str = "") -> Report:
        return Report(
            problem_id=self.problem,
            problem_title=title,
            solution=self.solution,
            language=self.language,
            limits=self.limits.to_limits(),
            baseline_kb=self.baseline_kb,
            verdict=Verdict(self.verdict),
            tests=tuple(case.to_case() for case in self.tests),
            sandbox=self.sandbox.to_info(),
            compile_message=self.compile_message or "",
            skipped=self.skipped,
            groups=tuple(group.to_group() for group in self.groups),
            score=self.score,
            max_score=self.max_score,
        )

    def to_dict(self) -> dict:
        """The JSON-ready dict, keys in the order docs/json.md shows them."""
        return self.model_dump(mode="json", by_alias=True)


def signal_name(number: int | None) -> str | None:
    if number is None:
        return None
    try:
        return signals.Signals(number).name
    except ValueError:
        return str(number)


def signal_number(name: str | None) -> int | None:
    if name is None:
        return None
    if name.isdigit():
        return int(name)
    try:
        return int(signals.Signals[name])
    except KeyError:
        return None
