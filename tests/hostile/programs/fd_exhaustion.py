handles = []
try:
    while True:
        handles.append(open("/dev/null"))
except OSError:
    pass
print(len(handles))
