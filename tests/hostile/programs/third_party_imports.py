import glob
import json
import sys

# -I -S leaves the installed packages off sys.path: put back every folder of packages there is
# and try the usual ones.
for pattern in ("/usr/lib/python3*/*-packages", "/usr/local/lib/python3*/*-packages",
                f"{sys.base_prefix}/lib/python3*/site-packages", "/usr/share/python-wheels/*",
                f"{sys.base_prefix}/lib/python3*/ensurepip/_bundled/*"):
    sys.path.extend(glob.glob(pattern))
imported = {}
for name in ("numpy", "yaml", "sortedcontainers", "pip", "setuptools", "json", "fractions"):
    try:
        __import__(name)
        imported[name] = True
    except ImportError:
        imported[name] = False
print(json.dumps(imported))
