"""Times as the CLICS formats write them: absolute times in RFC 3339, lengths as h:mm:ss(.uuu).

Lengths are kept exactly to the millisecond, which is all the format can say; writing a length
and reading it back gives the same timedelta.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

RELTIME = re.compile(r"^(-?)(\d+):([0-5]\d):([0-5]\d)(?:\.(\d{1,3}))?$")
ABSTIME = re.compile(
    r"^\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:\.\d{1,3})?(?:Z|[+-]\d\d(?::?\d\d)?)$", re.IGNORECASE
)


def parse_reltime(text: str) -> timedelta | None:
    """`5:00:00`, `0:30:00.000`, `-0:01:00`: a length of time; None when it is not one."""
    match = RELTIME.match(text.strip())
    if match is None:
        return None
    sign, hours, minutes, seconds, fraction = match.groups()
    millis = int((fraction or "0").ljust(3, "0"))
    length = timedelta(
        hours=int(hours), minutes=int(minutes), seconds=int(seconds), milliseconds=millis
    )
    return -length if sign else length


def format_reltime(length: timedelta) -> str:
    """The CLICS spelling: hours unbounded, milliseconds only when there are some."""
    sign = "-" if length < timedelta(0) else ""
    millis = abs(length) // timedelta(milliseconds=1)
    seconds, millis = divmod(millis, 1000)
    minutes, seconds = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    text = f"{sign}{hours}:{minutes:02d}:{seconds:02d}"
    return text + (f".{millis:03d}" if millis else "")


def parse_abstime(text: str) -> datetime | None:
    """An RFC 3339 time with its offset, as an aware UTC datetime; None when it is not one
    (a time without an offset is not one: it would mean a different moment on each host)."""
    text = text.strip()
    if not ABSTIME.match(text):
        return None
    try:
        moment = datetime.fromisoformat(text.replace("z", "Z"))
    except ValueError:
        return None
    return moment.astimezone(timezone.utc)


def format_abstime(moment: datetime) -> str:
    text = moment.astimezone(timezone.utc).isoformat(timespec="milliseconds")
    return text.replace(".000+00:00", "Z").replace("+00:00", "Z")
