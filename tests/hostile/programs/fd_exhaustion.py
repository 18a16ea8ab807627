handles = []
try:
    while True:
        handles.append(open("/dev/null"))  # noqa: SIM115 - kept open on purpose
except OSError:
    pass
print(len(handles))
