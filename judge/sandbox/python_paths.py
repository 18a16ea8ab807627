"""What of the host's Python installations an isolated run sees: the standard library of each
interpreter in its minimal root, and no third-party package.

The minimal root shows the system's folders and the judge's interpreter whole, and with them
every package installed there (numpy, yaml, ... in site-packages or Debian's dist-packages, and
the wheels pip is installed from): `-I -S` leaves them off sys.path, but a program could put
them back. The folders listed here are shown to a run as empty, read-only folders, so that a
Python submission may import the standard library and nothing else, on every host.
"""

from __future__ import annotations

import glob
import os
import sys

# Where packages that are not the standard library live, under a prefix (/usr, /usr/local, an
# interpreter's own such as pyenv's).
PACKAGE_FOLDERS = (
    "lib/python3*/site-packages",
    "lib/python3*/dist-packages",
    "lib/python3/dist-packages",
    "lib/python3*/ensurepip/_bundled",  # pip's and setuptools' wheels
    "share/python-wheels",  # Debian's wheels of pip and setuptools
)


def hidden_package_folders(prefixes: tuple[str, ...] = ()) -> list[str]:
    """The third-party package folders of the system's and the judge's interpreters (and of
    `prefixes`): real folders only, named by their resolved paths, so that no link in them
    leads a mount elsewhere."""
    found = set()
    for prefix in {"/usr", "/usr/local", sys.base_prefix, *prefixes}:
        for pattern in PACKAGE_FOLDERS:
            for path in glob.glob(os.path.join(prefix, pattern)):
                real = os.path.realpath(path)
                if os.path.isdir(real) and real == os.path.abspath(path):
                    found.add(real)
    return sorted(found)
