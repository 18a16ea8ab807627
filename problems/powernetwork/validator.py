"""Input validator for POJ 1459 Power Network.

The input is 1..10 data sets, each `n np nc m`, m links `(u,v)z`, np stations `(u)z` and nc
consumers `(u)z`. Items are separated by runs of spaces, tabs and newlines; no white space
inside an item; numbers are plain decimals. The file ends with a newline.
Exit 0 if valid; otherwise print one line naming the data set, the line and what was
expected, and exit 1.
"""

import re
import sys

MAX_SETS = 10
MAX_NODES = 100
MAX_LINK = 1000
MAX_POWER = 10000
# Nine digits at most, so that int() never sees a huge string.
NUMBER = r"(0|[1-9][0-9]{0,8})"
PATTERNS = {
    "integer": re.compile(NUMBER),
    "link `(u,v)z`": re.compile(rf"\({NUMBER},{NUMBER}\){NUMBER}"),
    "doublet `(u)z`": re.compile(rf"\({NUMBER}\){NUMBER}"),
}


class Invalid(Exception):
    pass


class Items:
    """The white-space separated items of the input with their line numbers."""

    def __init__(self, text):
        self.items = []
        line = 1
        last = 0
        for match in re.finditer(r"[^ \t\n]+", text):
            line += text.count("\n", last, match.start())
            last = match.start()
            self.items.append((match.group(), line))
        self.end_line = max(1, text.count("\n"))  # the last line: the text ends with a newline
        self.pos = 0
        self.data_set = 0

    def more(self):
        return self.pos < len(self.items)

    def fail(self, line, message):
        raise Invalid(f"data set {self.data_set}, line {line}: {message}")

    def take(self, kind, what):
        """The numbers of the next item, which must be of the given kind."""
        if not self.more():
            self.fail(self.end_line, f"expected {what} as {kind}, found the end of input")
        token, line = self.items[self.pos]
        match = PATTERNS[kind].fullmatch(token)
        if not match:
            self.fail(line, f"expected {what} as {kind}, found {token[:40]!r}")
        self.pos += 1
        return [int(group) for group in match.groups()], line


def check_range(items, value, low, high, line, name):
    if not low <= value <= high:
        items.fail(line, f"expected {low} <= {name} <= {high}, found {value}")


def check_header(items):
    header = []
    for name in ("n", "np", "nc", "m"):
        (value,), line = items.take("integer", name)
        header.append((value, line))
    (n, line_n), (np, line_np), (nc, line_nc), (m, line_m) = header
    check_range(items, n, 0, MAX_NODES, line_n, "n")
    check_range(items, np, 0, n, line_np, "np")
    check_range(items, nc, 0, n, line_nc, "nc")
    check_range(items, m, 0, n * n, line_m, "m (n*n)")
    return n, np, nc, m


def check_links(items, n, m):
    for k in range(1, m + 1):
        (u, v, z), line = items.take("link `(u,v)z`", f"link {k} of {m}")
        check_range(items, u, 0, n - 1, line, f"u of link {k}")
        check_range(items, v, 0, n - 1, line, f"v of link {k}")
        check_range(items, z, 0, MAX_LINK, line, f"z of link {k}")


def check_nodes(items, n, count, role):
    seen = set()
    for k in range(1, count + 1):
        (u, z), line = items.take("doublet `(u)z`", f"{role} {k} of {count}")
        check_range(items, u, 0, n - 1, line, f"node of {role} {k}")
        check_range(items, z, 0, MAX_POWER, line, f"z of {role} {k}")
        if u in seen:
            items.fail(line, f"node {u} is listed twice as a {role}")
        seen.add(u)


def check_data_set(items):
    n, np, nc, m = check_header(items)
    check_links(items, n, m)
    check_nodes(items, n, np, "power station")
    check_nodes(items, n, nc, "consumer")


def decode(data):
    if not data:
        raise Invalid("data set 1, line 1: expected `n np nc m`, found an empty file")
    try:
        text = data.decode("ascii")
    except UnicodeDecodeError:
        raise Invalid("the input is not plain ASCII text") from None
    if not text.endswith("\n"):
        raise Invalid(f"line {text.count(chr(10)) + 1}: the input must end with a newline")
    return text


def validate(data):
    items = Items(decode(data))
    if not items.more():
        raise Invalid("data set 1, line 1: expected `n np nc m`, found only white space")
    while items.more():
        items.data_set += 1
        if items.data_set > MAX_SETS:
            line = items.items[items.pos][1]
            items.fail(line, f"expected the end of input: at most {MAX_SETS} data sets")
        check_data_set(items)


def main():
    try:
        validate(sys.stdin.buffer.read())
    except Invalid as error:
        print(error)
        sys.exit(1)


if __name__ == "__main__":
    main()
