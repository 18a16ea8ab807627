"""python -I -S -B judge/sandbox/forkserver REQUEST_FD REPLY_FD: see the package's docstring.

The package is imported as the top-level package `forkserver`, from its parent folder: the
server needs nothing of the judge, and so imports none of it.
"""

import os
import sys

sys.path[0] = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from forkserver.server import main  # noqa: E402 - the path above makes the package importable

main()
