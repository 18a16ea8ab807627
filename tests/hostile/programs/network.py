import socket
import sys

port = int(sys.stdin.read())
try:
    socket.create_connection(("127.0.0.1", port), timeout=1).sendall(b"leak")
    print("connected")
except OSError as exc:
    print("refused:", exc)
