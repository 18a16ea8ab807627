"""Statements between formats: LaTeX and Markdown, and the samples a statement shows.

This project's statement.md is Markdown with the title on top and the samples in it. Kattis and
Polygon statements are LaTeX (Kattis also Markdown) without samples, which the judging system
adds. Conversions use pandoc when it is installed (run through the sandbox like every other
program); the packages' own macros (\\problemname, \\illustration, the Input and Output
environments) are rewritten into plain LaTeX first.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass

from judge.sandbox.api import ResourceLimits, RunRequest, Sandbox

PANDOC = "pandoc"
# address_space_kb: pandoc is a GHC program, whose runtime refuses to start under an
# RLIMIT_AS below about 17 GB with the stack a run is given: on a host without a memory cgroup
# (a normal user's judge) the default room made every conversion fail.
PANDOC_LIMITS = ResourceLimits(cpu_ms=30_000, wall_ms=60_000, memory_kb=2_000_000, output_kb=8192,
                               address_space_kb=32 * 1024 * 1024)
SAMPLE_MARK = "JUDGESAMPLEPLACEHOLDER"
SECTION_ENVIRONMENTS = ("Input", "Output", "Interaction", "Scoring")


@dataclass(frozen=True)
class Sample:
    name: str
    input: bytes
    answer: bytes
    interaction: str | None = None  # the `.interaction` log of an interactive sample


def latex_to_markdown(tex: str, sandbox: Sandbox) -> str | None:
    """Markdown from a LaTeX statement body, or None when pandoc is missing or fails."""
    options = ("--from=latex", "--to=commonmark_x-attributes", "--shift-heading-level-by=1")
    converted = _pandoc(options, _plain_latex(tex), sandbox)
    return None if converted is None else converted.replace(SAMPLE_MARK, "{{remainingsamples}}")


def html_to_markdown(html: str, sandbox: Sandbox) -> str | None:
    """Markdown from an HTML statement (the Code Jam archive's packages have them), or None.
    Their formulas are TeX between dollars, for MathJax: kept as math."""
    options = (
        "--from=html+tex_math_dollars",
        "--to=commonmark_x-attributes-raw_html",
        "--shift-heading-level-by=1",
    )
    return _pandoc(options, html, sandbox)


def _pandoc(options: tuple[str, ...], text: str, sandbox: Sandbox) -> str | None:
    if shutil.which(PANDOC) is None:
        return None
    request = RunRequest(
        argv=(PANDOC, *options, "--wrap=preserve"),
        limits=PANDOC_LIMITS,
        stdin_bytes=text.encode(),
        isolate=False,
    )
    result = sandbox.run(request)
    return result.stdout.decode(errors="replace") if result.ok else None


def _plain_latex(tex: str) -> str:
    """The package's statement macros in plain LaTeX that pandoc understands."""
    tex = _drop_command(tex, "problemname")
    for name in SECTION_ENVIRONMENTS:
        tex = tex.replace(f"\\begin{{{name}}}", f"\\section*{{{name}}}")
        tex = tex.replace(f"\\end{{{name}}}", "")
    tex = re.sub(
        r"\\illustration\s*\{[^{}]*\}\s*\{([^{}]*)\}\s*\{([^{}]*)\}",
        r"\\begin{figure}\\includegraphics{\1}\\caption{\2}\\end{figure}",
        tex,
    )
    return re.sub(r"\\(nextsample|remainingsamples)\b", SAMPLE_MARK, tex)


def _drop_command(tex: str, name: str) -> str:
    """Remove `\\name{...}` with its (possibly nested) braces."""
    start = tex.find(f"\\{name}{{")
    while start >= 0:
        depth, end = 0, start + len(name) + 1
        while end < len(tex):
            depth += {"{": 1, "}": -1}.get(tex[end], 0)
            end += 1
            if depth == 0:
                break
        tex = tex[:start] + tex[end:]
        start = tex.find(f"\\{name}{{")
    return tex


def with_samples(title: str, body: str, samples: list[Sample]) -> str:
    """A statement.md: the title, the body, and the samples in a section of their own.

    The samples go under "## Sample" (or "## Samples") as input and output code blocks, which
    `judge verify` compares with the tests sample-1, sample-2, ... byte for byte. The packages'
    {{nextsample}} markers are dropped. Samples that a code block cannot hold exactly (no final
    newline) go under "## Examples", and interactions under "## Example interaction".
    """
    body = re.sub(r"\{\{(nextsample|remainingsamples)\}\}", "", body).strip()
    if samples:
        body += "\n\n" + _heading(samples) + "\n\n"
        body += "\n\n".join(render_sample(k, sample) for k, sample in enumerate(samples, 1))
    if body.splitlines()[:1] != [f"# {title}"]:
        body = f"# {title}\n\n{body}"
    return body.rstrip() + "\n"


def _heading(samples: list[Sample]) -> str:
    if any(sample.interaction is not None for sample in samples):
        return "## Example interaction" + ("s" if len(samples) > 1 else "")
    if not all(_exact(sample.input) and _exact(sample.answer) for sample in samples):
        return "## Examples"
    return "## Sample" + ("s" if len(samples) > 1 else "")


def _exact(data: bytes) -> bool:
    """Whether a code block shows `data` byte for byte: empty, or lines each ending in \\n."""
    text = data.decode(errors="replace")
    return not text or (text.endswith("\n") and "\r" not in text and "```" not in text)


def render_sample(number: int, sample: Sample) -> str:
    if sample.interaction is not None:
        return f"Interaction {number} (`<` the judge writes, `>` the program):\n\n" + _block(
            sample.interaction.encode()
        )
    return (
        f"Input {number}:\n\n{_block(sample.input)}\n\nOutput {number}:\n\n{_block(sample.answer)}"
    )


def _block(data: bytes) -> str:
    text = data.decode(errors="replace")
    fence = "````" if "```" in text else "```"
    return f"{fence}\n{text}{'' if not text or text.endswith(chr(10)) else chr(10)}{fence}"


def relink_assets(markdown: str, assets: list[str], folder: str) -> str:
    """Point the statement's links to its images and files at their new home under `folder`."""
    for name in sorted(assets, key=len, reverse=True):
        markdown = markdown.replace(f"]({name})", f"]({folder}/{name})")
        markdown = markdown.replace(f'src="{name}"', f'src="{folder}/{name}"')
    return markdown


SAMPLE_HEADING = re.compile(r"^##\s+Samples?\b", re.IGNORECASE)
SAMPLE_LABEL = re.compile(r"^(Sample\s+)?(Input|Output)(\s+\d+)?:\s*$", re.IGNORECASE)


def without_title_and_sample_data(markdown: str) -> str:
    """A statement body as Kattis wants it: no title (the system adds it) and no sample data
    (the system adds the samples); the explanations around the samples stay."""
    lines = markdown.splitlines()
    if lines and lines[0].startswith("# "):
        lines = lines[1:]
    kept, in_samples, fence = [], False, ""
    for line in lines:
        if line.startswith("## "):
            in_samples = bool(SAMPLE_HEADING.match(line))
        if in_samples and (fence or line.startswith("```")):
            if not fence:
                fence = line[: len(line) - len(line.lstrip("`"))]
            elif line.strip() == fence:
                fence = ""
            continue
        if in_samples and SAMPLE_LABEL.match(line.strip()):
            continue
        kept.append(line)
    return re.sub(r"\n{3,}", "\n\n", "\n".join(kept)).strip() + "\n"


def markdown_to_latex(markdown: str, sandbox: Sandbox) -> str | None:
    """A LaTeX statement body from Markdown, or None when pandoc is missing or fails."""
    options = ("--from=markdown-auto_identifiers", "--to=latex", "--shift-heading-level-by=-1")
    latex = _pandoc(options, markdown, sandbox)
    # Kattis statements use unnumbered sections (Input, Output, ...).
    return None if latex is None else re.sub(r"\\((sub)*section)\{", r"\\\1*{", latex)


def plain_latex(markdown: str) -> str:
    """Without pandoc: the Markdown's paragraphs as LaTeX text, special characters escaped."""
    special = {c: "\\" + c for c in "#$%&_{}"}
    special |= {"\\": "\\textbackslash{}", "~": "\\textasciitilde{}", "^": "\\textasciicircum{}"}
    return "".join(special.get(c, c) for c in markdown)
