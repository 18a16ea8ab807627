import sys

# An interactive submission that sends its interactor one line that never ends.
chunk = "x" * 65536
while True:
    sys.stdout.write(chunk)
