import json
import os

# data.txt was placed in the run's /box by the judge: a file of the judge's uid. Can the run
# change it in place (its contents, its mode, its owner)?
tried = {}
for name, attempt in (
    ("append", lambda: open("data.txt", "a").write("tampered")),
    ("chmod", lambda: os.chmod("data.txt", 0o666)),
    ("chown", lambda: os.chown("data.txt", os.getuid(), os.getgid())),
):
    try:
        attempt()
        tried[name] = "done"
    except OSError as exc:
        tried[name] = type(exc).__name__
info = os.stat("data.txt")
print(json.dumps({"tried": tried, "owner": info.st_uid, "uid": os.getuid()}))
