import sys

line = b"x" * 1023 + b"\n"
while True:
    sys.stdout.buffer.write(line)
