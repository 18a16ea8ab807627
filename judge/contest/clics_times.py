"""Times as the CLICS Contest API (2023-06) writes them.

Absolute times are RFC 3339 with milliseconds and a zone (`2026-12-04T10:00:00.000Z`), contest
times and lengths are `(-)h:mm:ss.uuu`. The spec asks that the optional `.uuu` be either always or
never written, so it is always written. Seconds as numbers (time limits, run times) are whole
milliseconds, which the schemas check with `multipleOf: 0.001`.
"""

from __future__ import annotations

from datetime import datetime, timedelta

_MS = timedelta(milliseconds=1)


def abstime(moment: datetime) -> str:
    """`moment` in its own zone; UTC is written `Z`. A naive datetime is a bug upstream."""
    offset = moment.utcoffset()
    if offset is None:
        raise ValueError(f"a CLICS time needs a zone: {moment!r}")
    base = moment.strftime("%Y-%m-%dT%H:%M:%S") + f".{moment.microsecond // 1000:03d}"
    if not offset:
        return base + "Z"
    sign = "-" if offset < timedelta(0) else "+"
    minutes = abs(offset) // timedelta(minutes=1)
    return f"{base}{sign}{minutes // 60:02d}:{minutes % 60:02d}"


def abstime_or_none(moment: datetime | None) -> str | None:
    return None if moment is None else abstime(moment)


def reltime(length: timedelta) -> str:
    """`(-)h:mm:ss.uuu`, milliseconds cut toward zero: less than a millisecond before the start
    is 0:00:00.000, never a negative zero."""
    millis = abs(length) // _MS
    hours, rest = divmod(millis, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    seconds, millis_left = divmod(rest, 1000)
    sign = "-" if length < timedelta(0) and millis else ""
    return f"{sign}{hours}:{minutes:02d}:{seconds:02d}.{millis_left:03d}"


def seconds(value: float) -> float | int:
    """Seconds rounded to whole milliseconds; whole seconds stay integers (`2`, not `2.0`)."""
    rounded = round(value, 3)
    return int(rounded) if rounded == int(rounded) else rounded


def contest_time(start: datetime | None, moment: datetime) -> str:
    """`moment` relative to the contest's start. Before a start is scheduled, nothing is relative
    to anything: the spec leaves it open, and 0:00:00.000 says "no contest time yet"."""
    return reltime(moment - start) if start is not None else reltime(timedelta(0))
