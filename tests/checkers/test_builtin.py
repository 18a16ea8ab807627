"""Built-in checkers and the explanations they give."""

import pytest

from judge.checkers import check_exact, check_float, check_tokens
from judge.checkers.builtin import check_kattis_default
from judge.checkers.kattis_flags import parse_default_flags
from judge.problem.spec import CheckerSpec
from judge.verdicts.verdict import Verdict

TOKENS = CheckerSpec(name="tokens")


def tokens(got: str, expected: str):
    return check_tokens(got.encode(), expected.encode(), TOKENS)


def test_tokens_accepts_free_spacing_trailing_blank_lines_and_crlf():
    assert tokens("possible\r\nimpossible  \n\n\n", "possible\nimpossible\n").verdict is Verdict.AC
    assert tokens("1   2\t3", "1 2 3\n").verdict is Verdict.AC


def test_tokens_wrong_token_is_wa_with_position_and_context():
    result = tokens("possible\npossible\n", "possible\nimpossible\n")
    assert result.verdict is Verdict.WA
    assert "line 2 token 1" in result.message
    assert "expected 'impossible', got 'possible'" in result.message
    assert ">   2 | impossible" in result.details


def test_tokens_same_tokens_other_lines_is_pe():
    result = tokens("1 2\n3\n", "1\n2 3\n")
    assert result.verdict is Verdict.PE
    assert "line 1" in result.message


@pytest.mark.parametrize("space", ["\x1c", "\x1f", "\x85", "\xa0", "\u2028", "\u3000"])
def test_only_ascii_whitespace_separates_tokens(space):
    """Python's split() reads these as space; scanf, Kattis and every answer file do not: the
    output is one wrong token, not the right ones laid out otherwise."""
    result = tokens(f"possible{space}impossible\n", "possible\nimpossible\n")
    assert result.verdict is Verdict.WA, result
    assert "line 1 token 1" in result.message
    assert tokens(f"a{space}b\n", f"a{space}b\n").verdict is Verdict.AC
    # Trailing, they are part of the line's last token, not space at its end.
    assert tokens(f"1 2{space}\n", "1 2\n").verdict is Verdict.WA
    assert check_exact(f"a{space}b\n".encode(), b"a\nb\n", TOKENS).verdict is Verdict.WA


def test_tokens_extra_blank_line_is_pe_with_hint():
    result = tokens("possible\n\nimpossible\n", "possible\nimpossible\n")
    assert result.verdict is Verdict.PE
    assert "extra blank line" in result.message


def test_tokens_missing_blank_line_is_pe_with_hint():
    result = tokens("a\nb\n", "a\n\nb\n")
    assert result.verdict is Verdict.PE
    assert "missing blank line" in result.message


def test_tokens_case_hint():
    result = tokens("Possible\n", "possible\n")
    assert result.verdict is Verdict.WA
    assert "only letter case differs" in result.message


def test_tokens_full_width_hint():
    result = tokens("ｐｏｓｓｉｂｌｅ\n", "possible\n")
    assert result.verdict is Verdict.WA
    assert "full-width" in result.message


def test_tokens_short_and_long_output():
    short = tokens("1\n", "1\n2\n")
    assert short.verdict is Verdict.WA and "ended early" in short.message
    long = tokens("1\n2\n3\n", "1\n2\n")
    assert long.verdict is Verdict.WA and "extra output" in long.message
    empty = tokens("", "1\n")
    assert empty.verdict is Verdict.WA and "0 tokens" in empty.message


def test_exact_allows_only_a_final_newline_difference():
    spec = CheckerSpec(name="exact")
    assert check_exact(b"a b\n", b"a b", spec).verdict is Verdict.AC
    assert check_exact(b"a  b\n", b"a b\n", spec).verdict is Verdict.WA
    assert check_exact(b"a c\n", b"a b\n", spec).verdict is Verdict.WA


def test_float_tolerances():
    spec = CheckerSpec(name="float", abs_tol=1e-3, rel_tol=0.0)
    assert check_float(b"0.3334\n", b"0.3333\n", spec).verdict is Verdict.AC
    assert check_float(b"0.335\n", b"0.3333\n", spec).verdict is Verdict.WA
    relative = CheckerSpec(name="float", abs_tol=0.0, rel_tol=1e-6)
    assert check_float(b"1000000.5\n", b"1000000\n", relative).verdict is Verdict.AC
    assert check_float(b"1000002\n", b"1000000\n", relative).verdict is Verdict.WA
    assert check_float(b"nan\n", b"1\n", spec).verdict is Verdict.WA
    assert check_float(b"x 1.0\n", b"x 1\n", spec).verdict is Verdict.AC
    assert check_float(b"1.0\n2.0\n", b"1 2\n", spec).verdict is Verdict.PE


def kattis_default(got: str, expected: str, *args: str):
    spec = CheckerSpec(name="kattis-default", args=args)
    return check_kattis_default(got.encode(), expected.encode(), spec)


def test_kattis_default_ignores_case_and_layout_and_never_says_pe():
    assert kattis_default("POSSIBLE\n\n  impossible", "possible\nimpossible\n").verdict is (
        Verdict.AC
    )
    assert kattis_default("1 2\n3\n", "1\n2 3\n").verdict is Verdict.AC
    result = kattis_default("1 2\n", "1 2 3\n")
    assert result.verdict is Verdict.WA and "ended early" in result.message


def test_kattis_default_flags_case_and_space_change_sensitive():
    assert kattis_default("Yes\n", "yes\n", "case_sensitive").verdict is Verdict.WA
    assert kattis_default("yes\n", "yes\n", "case_sensitive").verdict is Verdict.AC
    strict = ("space_change_sensitive",)
    assert kattis_default("1  2\n", "1 2\n", *strict).verdict is Verdict.WA
    assert kattis_default("1 2", "1 2\n", *strict).verdict is Verdict.WA
    assert kattis_default("1 2\n", "1 2\n", *strict).verdict is Verdict.AC


def test_kattis_default_float_tolerances():
    assert kattis_default("0.30000001\n", "0.3\n").verdict is Verdict.WA  # no tolerance: strings
    assert kattis_default("3.14000000e-2\n", "0.0314\n", "float_tolerance", "1e-9").verdict is (
        Verdict.AC
    )
    absolute = ("float_absolute_tolerance", "0.5")
    assert kattis_default("10.4 x\n", "10 X\n", *absolute).verdict is Verdict.AC
    assert kattis_default("10.6\n", "10\n", *absolute).verdict is Verdict.WA
    relative = ("float_relative_tolerance", "0.1")
    assert kattis_default("105\n", "100\n", *relative).verdict is Verdict.AC
    assert kattis_default("abc\n", "100\n", *relative).verdict is Verdict.WA
    assert kattis_default("nan\n", "100\n", *relative).verdict is Verdict.WA


@pytest.mark.parametrize(
    "args, fragment",
    [
        (("float_tolerance",), "needs a number"),
        (("float_tolerance", "x"), "needs a number after it, got 'x'"),
        (("float_tolerance", "-1"), "non-negative"),
        (("case_sensitive", "case_sensitive"), "given twice"),
        (("float_tolerance", "1", "float_absolute_tolerance", "1"), "cannot be combined"),
        (("ignore_case",), "unknown flag 'ignore_case'"),
    ],
)
def test_kattis_default_flags_are_checked(args, fragment):
    with pytest.raises(ValueError, match=fragment):
        parse_default_flags(args)


def _binary_pair() -> tuple[bytes, bytes]:
    """Two 300-byte outputs of bytes that are not UTF-8, differing only at byte 251."""
    answer = bytes(0x80 + (i * 7) % 0x7F for i in range(300))
    output = answer[:251] + bytes([answer[251] ^ 0x01]) + answer[252:]
    return output, answer


@pytest.mark.parametrize(
    ("check", "spec"),
    [
        (check_kattis_default, CheckerSpec(name="kattis-default")),
        (check_tokens, TOKENS),
        (check_float, CheckerSpec(name="float", abs_tol=1e-6, rel_tol=1e-6)),
        (check_exact, CheckerSpec(name="exact")),
    ],
)
def test_tokens_are_compared_as_bytes_never_after_a_lossy_decode(check, spec):
    output, answer = _binary_pair()
    result = check(output, answer, spec)
    assert result.verdict is Verdict.WA
    # the report shows the differing byte and can be written anywhere as UTF-8
    (result.message + result.details).encode("utf-8")
    assert check(answer, answer, spec).verdict is Verdict.AC
    assert check(answer + b"\n", answer, spec).verdict is Verdict.AC
