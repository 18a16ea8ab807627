"""The shrinker on its own: pure predicates, no processes."""

from judge.setter.shrink import shrink


def counted(data: bytes) -> bool:
    """Valid when the first line is n and exactly n lines of one integer follow."""
    lines = data.decode().split("\n")[:-1]
    return bool(lines) and lines[0].isdigit() and len(lines) == int(lines[0]) + 1


def test_counted_format_shrinks_to_the_single_offending_line():
    data = b"6\n3\n18\n25\n4\n31\n9\n"

    def fails(candidate: bytes) -> bool:
        numbers = [int(t) for t in candidate.split()[1:]]
        return counted(candidate) and any(n > 20 for n in numbers)

    result = shrink(data, fails)
    assert result.data == b"1\n21\n"
    assert result.complete and result.steps > 0


def test_format_without_a_count_line_can_lose_its_first_lines():
    data = b"1 2\n3 4\n5 60\n7 8\n"

    def fails(candidate: bytes) -> bool:
        lines = candidate.decode().split("\n")[:-1]
        pairs = [line.split() for line in lines]
        return all(len(p) == 2 for p in pairs) and any(int(a) + int(b) > 50 for a, b in pairs)

    assert shrink(data, fails).data == b"0 51\n"


def test_an_input_that_cannot_shrink_is_returned_as_it_is():
    assert shrink(b"5\n", lambda candidate: candidate == b"5\n").data == b"5\n"
